/** What calendar sync (modules/calendar-sync) reads of bookings and rooms, through calendar.service.ts. */
import { asc, eq } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { roomBookings, rooms } from '../../db/schema-rooms.ts';

/** A booking's seed, organiser, room, status and slot. */
export async function bookingFacts(db: TTx, bookingId: string) {
  const [row] = await db
    .select({
      id: roomBookings.id,
      seedId: roomBookings.seedId,
      organizerId: roomBookings.organizerId,
      roomId: roomBookings.roomId,
      status: roomBookings.status,
      startsAt: roomBookings.startsAt,
      endsAt: roomBookings.endsAt,
    })
    .from(roomBookings)
    .where(eq(roomBookings.id, bookingId));
  return row;
}

/** The seed of a room (a calendar invitation names the room only). */
export async function roomSeed(db: TTx, roomId: string): Promise<string | undefined> {
  const [row] = await db.select({ seedId: rooms.seedId }).from(rooms).where(eq(rooms.id, roomId));
  return row?.seedId;
}

export const roomsOfSeed = (db: TTx, seedId: string) =>
  db.select({ id: rooms.id, name: rooms.name }).from(rooms).where(eq(rooms.seedId, seedId)).orderBy(asc(rooms.name));
