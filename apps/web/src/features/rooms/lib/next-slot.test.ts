import { describe, expect, it } from 'vitest';
import type { TBooking, TRoom } from '@suite/shared/schemas/rooms';
import { nextFreeSlot } from './next-slot';

const room = { id: 'r1', name: '포커스룸 A', active: true, openMinute: 480, closeMinute: 1320, weekdays: [1, 2, 3, 4, 5] } as unknown as TRoom;
const booking = (start: string, end: string) => ({ id: start, roomId: 'r1', status: 'confirmed', startsAt: start, endsAt: end }) as unknown as TBooking;

describe('the default time of a new booking', () => {
  it('is inside the room hours, not the next quarter hour of the night (issue 17: 01:20 pre-filled 01:30)', () => {
    // 2026-11-23 is a Monday.
    expect(nextFreeSlot(room, [], '2026-11-23', 80)).toEqual({ date: '2026-11-23', start: 480, end: 540 });
  });

  it('skips bookings and closed days, and rounds up to the step', () => {
    const bookings = [booking('2026-11-23T00:00:00.000Z', '2026-11-23T02:00:00.000Z')]; // 09:00–11:00 in Seoul
    expect(nextFreeSlot(room, bookings, '2026-11-23', 530)).toEqual({ date: '2026-11-23', start: 660, end: 720 });
    expect(nextFreeSlot(room, [], '2026-11-23', 1301)).toEqual({ date: '2026-11-24', start: 480, end: 540 });
    expect(nextFreeSlot(room, [], '2026-11-28', 600)).toEqual({ date: '2026-11-30', start: 480, end: 540 }); // Saturday → Monday
  });
});
