import type { TBooking, TRoom } from '@suite/shared/schemas/rooms';
import { addDays, seoulDate, seoulMinute, STEP_MIN, weekday } from './seoul';

/**
 * The first slot of `length` minutes the room allows (a weekday it opens, inside its hours) and no live booking of
 * the room overlaps, from `fromMinute` of `date` on, looking up to two weeks ahead. Bookings outside what was loaded
 * are unknown here (the server still refuses a conflict); the hours always hold.
 */
export function nextFreeSlot(
  room: TRoom,
  bookings: TBooking[],
  date: string,
  fromMinute: number,
  length = 60,
): { date: string; start: number; end: number } | null {
  const live = bookings.filter((b) => b.roomId === room.id && (b.status === 'confirmed' || b.status === 'checked_in'));
  for (let i = 0; i < 14; i += 1) {
    const day = addDays(date, i);
    if (!room.weekdays.includes(weekday(day))) continue;
    const taken = live
      .filter((b) => seoulDate(b.startsAt) === day)
      .map((b) => [seoulMinute(b.startsAt), seoulDate(b.endsAt) === day ? seoulMinute(b.endsAt) : 1440] as const);
    const first = Math.max(room.openMinute, i === 0 ? Math.ceil(fromMinute / STEP_MIN) * STEP_MIN : 0);
    const size = Math.min(length, room.closeMinute - room.openMinute);
    for (let s = first; s + size <= room.closeMinute; s += STEP_MIN) {
      const clash = taken.find(([a, b]) => a < s + size && s < b);
      if (!clash) return { date: day, start: s, end: s + size };
      s = Math.max(s, Math.ceil(clash[1] / STEP_MIN) * STEP_MIN - STEP_MIN);
    }
  }
  return null;
}
