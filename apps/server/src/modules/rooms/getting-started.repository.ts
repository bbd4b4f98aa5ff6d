import { eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { roomBookings, rooms } from '../../db/schema-rooms.ts';

/** Whether the seed has a room and a booking (the help centre's getting-started checklist, issue 33). */
export async function roomFacts(db: TDb, seedId: string): Promise<{ room: boolean; booking: boolean }> {
  const [room] = await db
    .select({ one: sql<number>`1` })
    .from(rooms)
    .where(eq(rooms.seedId, seedId))
    .limit(1);
  const [booking] = await db
    .select({ one: sql<number>`1` })
    .from(roomBookings)
    .where(eq(roomBookings.seedId, seedId))
    .limit(1);
  return { room: Boolean(room), booking: Boolean(booking) };
}
