/** One-off closed days of a seed's rooms (issue 37): the only Drizzle code for room_closed_days. */
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { roomClosedDays } from '../../db/schema-rooms.ts';
import type { TTx } from '../../db/client.ts';

export type TClosedDayRow = typeof roomClosedDays.$inferSelect;

/** Closed days with from ≤ date ≤ to (YYYY-MM-DD, compared as text). */
export async function listClosedDays(db: TTx, seedId: string, from: string, to: string): Promise<TClosedDayRow[]> {
  return db
    .select()
    .from(roomClosedDays)
    .where(and(eq(roomClosedDays.seedId, seedId), gte(roomClosedDays.date, from), lte(roomClosedDays.date, to)))
    .orderBy(asc(roomClosedDays.date));
}

export async function insertClosedDay(db: TTx, values: { seedId: string; date: string; name: string; createdById: string }): Promise<TClosedDayRow> {
  const [row] = await db.insert(roomClosedDays).values(values).returning();
  return row!;
}

export async function deleteClosedDay(db: TTx, seedId: string, date: string): Promise<TClosedDayRow | undefined> {
  const [row] = await db
    .delete(roomClosedDays)
    .where(and(eq(roomClosedDays.seedId, seedId), eq(roomClosedDays.date, date)))
    .returning();
  return row;
}
