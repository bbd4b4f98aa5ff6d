/** Formatting for the traffic, spend and seed parts (Korean units, Seoul time). */
import type { TTrafficWindow } from '@suite/shared/schemas/traffic';

const clock = new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const dayHour = new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', month: 'numeric', day: 'numeric', hour: '2-digit', hourCycle: 'h23' });

/** A chart point's time: 14:05 within the hour's window, 11. 27. 14시 across a day or a week. */
export const pointLabel = (iso: string, window: TTrafficWindow) => (window === '1h' ? clock.format(new Date(iso)) : dayHour.format(new Date(iso)));

export const count = (n: number) => n.toLocaleString('ko-KR');

/** 3.4ms, 120ms, 1.2초; – when nothing was measured. */
export function ms(v: number | null): string {
  if (v === null) return '–';
  if (v >= 1000) return `${(v / 1000).toFixed(1)}초`;
  return `${v < 10 ? v.toFixed(1) : Math.round(v).toLocaleString('ko-KR')}ms`;
}

/** 12.5 %; – without a denominator. */
export const percent = (ratio: number | null) => (ratio === null ? '–' : `${(ratio * 100).toFixed(ratio < 0.1 && ratio > 0 ? 2 : 1)}%`);
