import { MAX_SERIES_OCCURRENCES } from '@suite/shared';
import { addDays } from './seoul';

/**
 * The Seoul dates of a series starting on `date`, every day or week up to `until` (inclusive) — the same walk the
 * server does, without its cap, so the dialog can say beforehand which dates the cap leaves out.
 */
export function seriesDates(date: string, freq: 'daily' | 'weekly', until: string, limit = 800): string[] {
  const step = freq === 'daily' ? 1 : 7;
  const list: string[] = [];
  for (let d = date; d <= until && list.length < limit; d = addDays(d, step)) list.push(d);
  return list;
}

/** The dates of a series the server will not book because of the cap (empty when it fits). */
export function beyondCap(date: string, freq: 'daily' | 'weekly', until: string): { total: number; lastBooked: string; left: string[] } {
  const all = seriesDates(date, freq, until);
  return { total: all.length, lastBooked: all[Math.min(all.length, MAX_SERIES_OCCURRENCES) - 1] ?? date, left: all.slice(MAX_SERIES_OCCURRENCES) };
}
