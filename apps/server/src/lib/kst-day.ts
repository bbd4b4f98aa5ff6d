const KST_OFFSET_MS = 9 * 3_600_000;

/** 'YYYY-MM-DD' of an instant in Asia/Seoul (UTC+9, no daylight saving). */
let lastDay = { from: 0, to: -1, day: '' };
export function kstDay(at: Date): string {
  // Every response asks; the answer changes once a day, so the day's bounds are kept (no Date built per request).
  const t = at.getTime();
  if (t >= lastDay.from && t < lastDay.to) return lastDay.day;
  const day = new Date(t + KST_OFFSET_MS).toISOString().slice(0, 10);
  const from = Date.parse(`${day}T00:00:00Z`) - KST_OFFSET_MS;
  lastDay = { from, to: from + 86_400_000, day };
  return day;
}
