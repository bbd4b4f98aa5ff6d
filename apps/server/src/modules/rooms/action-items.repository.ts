/** The decisions and action items read from bookings' minutes (issue 37). */
import { and, eq } from 'drizzle-orm';
import { roomMinutesItems, type TMinutesAction } from '../../db/schema-rooms-door.ts';
import type { TTx } from '../../db/client.ts';

export type TMinutesItemsRow = typeof roomMinutesItems.$inferSelect;

export async function findItems(db: TTx, bookingId: string, minutesHash?: string): Promise<TMinutesItemsRow | undefined> {
  const [row] = await db
    .select()
    .from(roomMinutesItems)
    .where(and(eq(roomMinutesItems.bookingId, bookingId), minutesHash ? eq(roomMinutesItems.minutesHash, minutesHash) : undefined))
    .limit(1);
  return row;
}

export async function saveItems(
  db: TTx,
  bookingId: string,
  seedId: string,
  values: { decisions: string[]; actions: TMinutesAction[]; source: string; minutesHash: string; updatedAt: Date },
): Promise<void> {
  await db
    .insert(roomMinutesItems)
    .values({ bookingId, seedId, ...values })
    .onConflictDoUpdate({ target: roomMinutesItems.bookingId, set: values });
}

export async function deleteItems(db: TTx, bookingId: string): Promise<void> {
  await db.delete(roomMinutesItems).where(eq(roomMinutesItems.bookingId, bookingId));
}
