import { describe, expect, it } from 'vitest';
import { formatSlot, occurrences, seoulParts, withinHours } from './booking-time.ts';

const room = { openMinute: 480, closeMinute: 1320, weekdays: [1, 2, 3, 4, 5] };
/** 2026-11-23 is a Monday; 10:00 in Seoul is 01:00 UTC. */
const seoul = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+09:00`);

describe('Asia/Seoul booking times', () => {
  it('reads the local date, weekday and minute', () => {
    expect(seoulParts(new Date('2026-11-22T15:30:00Z'))).toEqual({ date: '2026-11-23', weekday: 1, minute: 30 });
  });

  it('accepts a slot inside the bookable hours of a bookable day only', () => {
    expect(withinHours(room, seoul('2026-11-23', '08:00'), seoul('2026-11-23', '22:00'))).toBe(true);
    expect(withinHours(room, seoul('2026-11-23', '07:45'), seoul('2026-11-23', '09:00'))).toBe(false);
    expect(withinHours(room, seoul('2026-11-23', '21:30'), seoul('2026-11-23', '22:15'))).toBe(false);
    expect(withinHours(room, seoul('2026-11-22', '10:00'), seoul('2026-11-22', '11:00'))).toBe(false);
    const allDay = { openMinute: 0, closeMinute: 1440, weekdays: [1, 2, 3, 4, 5, 6, 7] };
    expect(withinHours(allDay, seoul('2026-11-22', '23:45'), seoul('2026-11-23', '00:00'))).toBe(true);
    expect(withinHours(allDay, seoul('2026-11-22', '23:45'), seoul('2026-11-23', '00:15'))).toBe(false);
  });

  it('expands weekly and daily series up to the end date, inclusive, at the same local time', () => {
    const weekly = occurrences(seoul('2026-11-23', '10:00'), seoul('2026-11-23', '10:30'), { freq: 'weekly', until: '2026-12-14' });
    expect(weekly.leftOut).toEqual([]);
    expect(weekly.slots.map((o) => formatSlot(o.start, o.end))).toEqual([
      '2026-11-23(월) 10:00–10:30',
      '2026-11-30(월) 10:00–10:30',
      '2026-12-07(월) 10:00–10:30',
      '2026-12-14(월) 10:00–10:30',
    ]);
    // Past the cap: 100 booked (2026-11-23 … 2027-03-02), the remaining dates up to the end date reported, not dropped.
    const daily = occurrences(seoul('2026-11-23', '10:00'), seoul('2026-11-23', '10:30'), { freq: 'daily', until: '2027-03-05' });
    expect(daily.slots).toHaveLength(100);
    expect(formatSlot(daily.slots[99]!.start, daily.slots[99]!.end)).toBe('2027-03-02(화) 10:00–10:30');
    expect(daily.leftOut).toEqual(['2027-03-03', '2027-03-04', '2027-03-05']);
  });
});
