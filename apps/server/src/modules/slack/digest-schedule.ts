/**
 * When a channel's digest is due (decision 087). Times are Asia/Seoul (UTC+9, no daylight saving). A daily digest at
 * 18:00 covers the 24 hours up to 18:00; a weekly one on Friday 17:00 covers the 7 days up to then. A slot is sent
 * at or after its time by the first run of the `slack.digests` schedule (every minute), at most GRACE_MS late (an
 * instance that was down longer skips it rather than post a stale recap), and never for a slot that passed before
 * the schedule was saved (setting "매일 18:00" at 18:05 starts tomorrow).
 */
const SEOUL_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;
export const GRACE_MS = 3_600_000;

export type TDigestSchedule = { frequency: 'daily' | 'weekly' | 'off'; weekday: number; minuteOfDay: number };
export type TSlot = { key: string; start: Date; end: Date };

/** The Seoul calendar date (YYYY-MM-DD) of an instant. */
export const seoulDate = (d: Date) => new Date(d.getTime() + SEOUL_MS).toISOString().slice(0, 10);

/** The latest scheduled time at or before `now`, with the period it closes; null when the digest is off. */
export function latestSlot(s: TDigestSchedule, now: Date): TSlot | null {
  if (s.frequency === 'off') return null;
  const local = now.getTime() + SEOUL_MS;
  const dayStart = local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
  let at = dayStart + s.minuteOfDay * 60_000;
  if (at > local) at -= DAY_MS;
  if (s.frequency === 'weekly') {
    // 1970-01-01 was a Thursday (4).
    const weekday = (Math.floor(at / DAY_MS) + 4) % 7;
    at -= ((weekday - s.weekday + 7) % 7) * DAY_MS;
  }
  const end = new Date(at - SEOUL_MS);
  const span = s.frequency === 'daily' ? DAY_MS : 7 * DAY_MS;
  return { key: `${s.frequency === 'daily' ? 'd' : 'w'}:${seoulDate(end)}`, start: new Date(end.getTime() - span), end };
}

/** The slot due now, if any (see the module comment). */
export function dueSlot(s: TDigestSchedule & { updatedAt: Date }, now: Date): TSlot | null {
  const slot = latestSlot(s, now);
  if (!slot) return null;
  if (now.getTime() - slot.end.getTime() >= GRACE_MS) return null;
  if (slot.end.getTime() < s.updatedAt.getTime()) return null;
  return slot;
}

/** The next scheduled time after `now` (the console shows it). */
export function nextSlotAt(s: TDigestSchedule, now: Date): Date | null {
  const span = s.frequency === 'daily' ? DAY_MS : 7 * DAY_MS;
  const slot = latestSlot(s, now);
  return slot ? new Date(slot.end.getTime() + span) : null;
}

/** '11월 28일 (금) 18:00' in Seoul. */
export function seoulLabel(d: Date): string {
  const l = new Date(d.getTime() + SEOUL_MS);
  const wd = ['일', '월', '화', '수', '목', '금', '토'][l.getUTCDay()];
  return `${l.getUTCMonth() + 1}월 ${l.getUTCDate()}일 (${wd}) ${String(l.getUTCHours()).padStart(2, '0')}:${String(l.getUTCMinutes()).padStart(2, '0')}`;
}
