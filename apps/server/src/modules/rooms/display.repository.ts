/** Room displays (tablets by the door) and the rooms' QR check-in codes (issue 37). */
import { and, desc, eq, sql } from 'drizzle-orm';
import { roomCheckInCodes, roomDisplays } from '../../db/schema-rooms-door.ts';
import { rooms } from '../../db/schema-rooms.ts';
import type { TTx } from '../../db/client.ts';

export type TDisplayRow = typeof roomDisplays.$inferSelect;

/** A display by its token's hash. */
export async function displayByHash(db: TTx, tokenHash: string) {
  const [row] = await db.select({ d: roomDisplays }).from(roomDisplays).where(eq(roomDisplays.tokenHash, tokenHash)).limit(1);
  return row;
}

export async function insertDisplay(db: TTx, values: typeof roomDisplays.$inferInsert): Promise<TDisplayRow> {
  const [row] = await db.insert(roomDisplays).values(values).returning();
  return row!;
}

export async function listDisplays(db: TTx, seedId: string) {
  return db
    .select({ d: roomDisplays, roomName: rooms.name })
    .from(roomDisplays)
    .innerJoin(rooms, eq(rooms.id, roomDisplays.roomId))
    .where(eq(roomDisplays.seedId, seedId))
    .orderBy(desc(roomDisplays.createdAt));
}

export async function findDisplay(db: TTx, seedId: string, id: string) {
  const [row] = await db
    .select({ d: roomDisplays, roomName: rooms.name })
    .from(roomDisplays)
    .innerJoin(rooms, eq(rooms.id, roomDisplays.roomId))
    .where(and(eq(roomDisplays.seedId, seedId), eq(roomDisplays.id, id)))
    .limit(1);
  return row;
}

export async function revokeDisplay(db: TTx, seedId: string, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(roomDisplays)
    .set({ revokedAt: at })
    .where(and(eq(roomDisplays.seedId, seedId), eq(roomDisplays.id, id), sql`${roomDisplays.revokedAt} is null`))
    .returning({ id: roomDisplays.id });
  return rows.length === 1;
}

/** Marks a display as seen, at most once a minute (the page polls every 30 s). */
export async function touchDisplay(db: TTx, id: string, at: Date): Promise<void> {
  await db
    .update(roomDisplays)
    .set({ lastSeenAt: at })
    .where(and(eq(roomDisplays.id, id), sql`(${roomDisplays.lastSeenAt} is null or ${roomDisplays.lastSeenAt} < ${new Date(at.getTime() - 60_000)})`));
}

export async function findCheckInCode(db: TTx, roomId: string) {
  const [row] = await db.select().from(roomCheckInCodes).where(eq(roomCheckInCodes.roomId, roomId)).limit(1);
  return row;
}

/** The room's code: the stored one, or `fresh` stored now (two first readers agree on one: insert … do nothing). */
export async function ensureCheckInCode(db: TTx, roomId: string, seedId: string, fresh: string, at: Date) {
  await db.insert(roomCheckInCodes).values({ roomId, seedId, code: fresh, rotatedAt: at }).onConflictDoNothing();
  return (await findCheckInCode(db, roomId))!;
}

export async function rotateCheckInCode(db: TTx, roomId: string, seedId: string, code: string, at: Date) {
  const [row] = await db
    .insert(roomCheckInCodes)
    .values({ roomId, seedId, code, rotatedAt: at })
    .onConflictDoUpdate({ target: roomCheckInCodes.roomId, set: { code, rotatedAt: at } })
    .returning();
  return row!;
}

/** A room by id alone (the QR link names no seed); membership is checked by the caller. */
export async function roomById(db: TTx, roomId: string) {
  const [row] = await db.select().from(rooms).where(eq(rooms.id, roomId)).limit(1);
  return row;
}
