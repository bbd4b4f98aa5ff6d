/**
 * Office hours of a bot (issue 29), in Asia/Seoul (UTC+9 all year, no daylight saving): open on the chosen ISO
 * weekdays between opensAt and closesAt, closed on Korean public holidays unless the bot opts in. Pure functions.
 */
import { koChatbotHandoff } from '@suite/shared/messages/ko-chatbot-handoff';
import type { TOfficeHours } from '@suite/shared/schemas/chatbot-handoff';
import { holidaysOn, isoWeekday } from '../../lib/korean-holidays.ts';

const w = koChatbotHandoff.when;
const KST_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;
/** How far ahead the next opening is looked for (a bot open one weekday, after 설 연휴, still finds it). */
const LOOKAHEAD_DAYS = 21;

/** Without a saved row: 월–금 09:00–18:00, closed on public holidays. */
export const DEFAULT_HOURS: TOfficeHours = { weekdays: [1, 2, 3, 4, 5], opensAt: '09:00', closesAt: '18:00', openOnHolidays: false };

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** Seoul's date (YYYY-MM-DD) and minutes since its midnight at `at`. */
function seoul(at: Date): { date: string; minutes: number } {
  const local = new Date(at.getTime() + KST_MS);
  return { date: local.toISOString().slice(0, 10), minutes: local.getUTCHours() * 60 + local.getUTCMinutes() };
}
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** A public holiday (outside the computed years 2000–2050: none). */
function isHoliday(date: string): boolean {
  try {
    return holidaysOn(date).length > 0;
  } catch {
    return false;
  }
}

/** Whether the bot's team works on that Seoul date at all. */
function workday(hours: TOfficeHours, date: string): boolean {
  return hours.weekdays.includes(isoWeekday(date)) && (hours.openOnHolidays || !isHoliday(date));
}

export function isOpen(hours: TOfficeHours, at: Date): boolean {
  const { date, minutes } = seoul(at);
  return workday(hours, date) && minutes >= minutesOf(hours.opensAt) && minutes < minutesOf(hours.closesAt);
}

/** The next opening strictly after `at` (when open now: the next day's), or null when none within three weeks. */
export function nextOpening(hours: TOfficeHours, at: Date): Date | null {
  const { date, minutes } = seoul(at);
  const opens = minutesOf(hours.opensAt);
  for (let i = 0; i <= LOOKAHEAD_DAYS; i++) {
    const d = addDays(date, i);
    if (i === 0 && minutes >= opens) continue;
    if (workday(hours, d)) return new Date(Date.parse(`${d}T${hours.opensAt}:00Z`) - KST_MS);
  }
  return null;
}

/** '오늘 오후 2시', '내일 오전 9시', '월요일 오전 9시 30분' (within the week), else '10월 5일 월요일 오전 9시'. */
export function openingText(opening: Date, at: Date): string {
  const from = seoul(at).date;
  const to = seoul(opening);
  const days = Math.round((Date.parse(`${to.date}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
  const time = w.time(Math.floor(to.minutes / 60), to.minutes % 60);
  const weekday = w.weekdays[isoWeekday(to.date) - 1]!;
  const day = days === 0 ? w.today : days === 1 ? w.tomorrow : days < 7 ? weekday : w.date(Number(to.date.slice(5, 7)), Number(to.date.slice(8, 10)), weekday);
  return `${day} ${time}`;
}
