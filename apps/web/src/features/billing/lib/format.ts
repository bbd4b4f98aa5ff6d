import { ko, type TMeter } from '@suite/shared';

const monthDay = new Intl.DateTimeFormat('ko-KR', { month: 'long', day: 'numeric', timeZone: 'Asia/Seoul' });
const fullDate = new Intl.DateTimeFormat('ko-KR', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Asia/Seoul' });
const count = new Intl.NumberFormat('ko-KR');
const decimal = new Intl.NumberFormat('ko-KR', { maximumFractionDigits: 1 });

/** 2026-12-01T… → '12월 1일' (Korean time). */
export const koMonthDay = (iso: string) => monthDay.format(new Date(iso));
/** 2026-12-01T… → '2026년 12월 1일' (Korean time). */
export const koFullDate = (iso: string) => fullDate.format(new Date(iso));

const kstParts = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', timeZone: 'Asia/Seoul' });
/** The Korean (KST) month a moment falls in, as its first and last day: ['11월 1일', '11월 30일']. */
export function kstMonthDays(at: Date): [string, string] {
  const parts = kstParts.formatToParts(at);
  const year = Number(parts.find((p) => p.type === 'year')?.value);
  const month = Number(parts.find((p) => p.type === 'month')?.value);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return [`${month}월 1일`, `${month}월 ${last}일`];
}

/** A period's last day: its end is the next period's start, so the day shown is the one just before it. */
export const lastDayOf = (endIso: string, format: (iso: string) => string = koMonthDay) => format(new Date(new Date(endIso).getTime() - 1).toISOString());

const MB = 1_000_000;
const GB = 1_000 * MB;

/** Bytes in decimal MB below 1 GB, else GB (as the plans state their volumes). */
export function bytes(n: number): string {
  if (n >= GB) return `${decimal.format(n / GB)} GB`;
  return `${decimal.format(n / MB)} MB`;
}

/** A meter's figure with its unit: '12,345회', '3개', stored knowledge as MB/GB. */
export function meterValue(meter: TMeter, n: number): string {
  if (meter === 'knowledge.bytes') return bytes(n);
  const unit = ko.billing.meters[meter].unit;
  return unit === '토큰' ? `${count.format(n)} ${unit}` : `${count.format(n)}${unit}`;
}

/** '2028-12' or '2028-12-31' → '2028년 12월'; anything else as it came. */
export function cardExpiry(value: string): string {
  const m = /^(\d{4})-(\d{2})/.exec(value);
  return m ? `${m[1]}년 ${Number(m[2])}월` : value;
}
