/**
 * Times of the service. Stored as timestamptz (UTC instants); shown and checked in Asia/Seoul, which has kept UTC+9
 * without daylight saving since 1988, so a fixed offset is exact and adding 24 h keeps the local time of day.
 */
import { ko } from '@suite/shared';
import { MAX_SERIES_OCCURRENCES, type TRecurrence } from '@suite/shared/schemas/rooms';

const OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;

export type TSeoulParts = { date: string; weekday: number; minute: number };

/** Local date (YYYY-MM-DD), ISO weekday (1 = Monday … 7 = Sunday) and minute of the day in Asia/Seoul. */
export function seoulParts(d: Date): TSeoulParts {
  const l = new Date(d.getTime() + OFFSET_MS);
  const dow = l.getUTCDay();
  return { date: l.toISOString().slice(0, 10), weekday: dow === 0 ? 7 : dow, minute: l.getUTCHours() * 60 + l.getUTCMinutes() };
}

const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** '2026-11-23(월) 10:00–11:00' in Asia/Seoul. */
export function formatSlot(start: Date, end: Date): string {
  const s = seoulParts(start);
  const endMinute = s.minute + Math.round((end.getTime() - start.getTime()) / 60_000);
  const dow = ko.rooms.ui.weekdayNames[s.weekday - 1];
  const e = seoulParts(end);
  return `${s.date}(${dow}) ${hhmm(s.minute)}–${endMinute <= 1440 ? hhmm(endMinute) : `${e.date} ${hhmm(e.minute)}`}`;
}

export function formatHours(room: { openMinute: number; closeMinute: number; weekdays: number[] }): string {
  const names = ko.rooms.ui.weekdayNames;
  const days = [...room.weekdays]
    .sort()
    .map((d) => names[d - 1])
    .join('·');
  return `${days} ${hhmm(room.openMinute)}–${hhmm(room.closeMinute)}`;
}

/** Whether [start, end) lies within one bookable day of the room, in Asia/Seoul. */
export function withinHours(room: { openMinute: number; closeMinute: number; weekdays: number[] }, start: Date, end: Date): boolean {
  const s = seoulParts(start);
  const e = seoulParts(new Date(end.getTime() - 1));
  if (s.date !== e.date || !room.weekdays.includes(s.weekday)) return false;
  const endMinute = s.minute + Math.round((end.getTime() - start.getTime()) / 60_000);
  return s.minute >= room.openMinute && endMinute <= room.closeMinute;
}

/**
 * The occurrences of a request: itself, then every day or week until the end date (inclusive, Seoul), at most
 * MAX_SERIES_OCCURRENCES; `leftOut` lists the Seoul dates past that cap (the until date is at most 366 days away).
 */
export function occurrences(start: Date, end: Date, recurrence: TRecurrence | undefined): { slots: { start: Date; end: Date }[]; leftOut: string[] } {
  const slots = [{ start, end }];
  const leftOut: string[] = [];
  if (!recurrence) return { slots, leftOut };
  const step = recurrence.freq === 'daily' ? DAY_MS : 7 * DAY_MS;
  for (let i = 1; ; i++) {
    const s = new Date(start.getTime() + i * step);
    const date = seoulParts(s).date;
    if (date > recurrence.until) break;
    if (slots.length < MAX_SERIES_OCCURRENCES) slots.push({ start: s, end: new Date(end.getTime() + i * step) });
    else leftOut.push(date);
  }
  return { slots, leftOut };
}

/** The Seoul date of an instant plus `days`, as YYYY-MM-DD (for the recurrence end-date range check). */
export function seoulDatePlus(d: Date, days: number): string {
  return seoulParts(new Date(d.getTime() + days * DAY_MS)).date;
}
