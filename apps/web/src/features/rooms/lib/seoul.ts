import { ko } from '@suite/shared';

/** Asia/Seoul times for the booking screens (UTC+9, no daylight saving since 1988: a fixed offset is exact). */
const OFFSET = 9 * 3_600_000;
export const DAY = 86_400_000;
export const STEP_MIN = 15;

/** Today's date in Seoul, YYYY-MM-DD. */
export function seoulToday(now = Date.now()): string {
  return new Date(now + OFFSET).toISOString().slice(0, 10);
}

/** The instant of `date` (YYYY-MM-DD, Seoul) at `minute` after midnight. */
export function seoulInstant(date: string, minute = 0): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - OFFSET + minute * 60_000);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** Minute of the day in Seoul. */
export function seoulMinute(d: Date | string): number {
  const l = new Date(new Date(d).getTime() + OFFSET);
  return l.getUTCHours() * 60 + l.getUTCMinutes();
}

export function seoulDate(d: Date | string): string {
  return new Date(new Date(d).getTime() + OFFSET).toISOString().slice(0, 10);
}

/** ISO weekday 1–7 of a Seoul date. */
export function weekday(date: string): number {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

export const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

export function dateLabel(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return ko.rooms.ui.dateLabel(d.getUTCMonth() + 1, d.getUTCDate(), ko.rooms.ui.weekdayNames[weekday(date) - 1] ?? '');
}

export function slotLabel(startsAt: string, endsAt: string): string {
  const end = seoulMinute(endsAt);
  return `${dateLabel(seoulDate(startsAt))} ${hhmm(seoulMinute(startsAt))}–${hhmm(end === 0 ? 1440 : end)}`;
}

export function mondayOf(date: string): string {
  return addDays(date, 1 - weekday(date));
}
