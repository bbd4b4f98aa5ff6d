/** The finder: active rooms with enough seats and the wanted equipment, bookable and free for the whole slot. */
import type { TRoom } from '@suite/shared/schemas/rooms';
import { seoulParts, withinHours } from './booking-time.ts';
import { closedDates } from './holidays.service.ts';
import * as brepo from './bookings.repository.ts';
import * as rrepo from './rooms.repository.ts';
import { memberSeed, type TActor } from './bookings.service.ts';
import type { TRoomsDeps } from './rooms.deps.ts';
import { toApiRoom } from './rooms.service.ts';

export async function freeRooms(
  deps: TRoomsDeps,
  actor: TActor,
  seedId: string,
  q: { from: string; to: string; capacity?: number | undefined; equipment?: string | undefined },
): Promise<TRoom[]> {
  await memberSeed(deps, seedId, actor.id);
  const from = new Date(q.from);
  const to = new Date(q.to);
  const wanted = (q.equipment ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const [all, busy] = await Promise.all([rrepo.listRooms(deps.db, seedId), brepo.listBookings(deps.db, seedId, { from, to })]);
  // A holiday or closed day leaves only the rooms that opt in (issue 37).
  const day = seoulParts(from).date;
  const closedDay = (await closedDates(deps.db, seedId, { openOnHolidays: false }, [day])).has(day);
  const busyRooms = new Set(busy.filter((b) => b.status === 'confirmed' || b.status === 'checked_in').map((b) => b.room_id));
  return all
    .filter((r) => r.active && (r.openOnHolidays || !closedDay) && !busyRooms.has(r.id) && r.capacity >= (q.capacity ?? 1) && withinHours(r, from, to))
    .filter((r) => wanted.every((w) => r.equipment.some((e) => e.toLowerCase().includes(w))))
    .map(toApiRoom);
}
