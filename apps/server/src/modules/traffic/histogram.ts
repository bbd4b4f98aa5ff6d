/**
 * Latency histograms in the fixed buckets of the traffic store (db/schema-traffic.ts): counts per bucket add up across
 * minutes, routes and instances, so a percentile over any set of rows is read from their summed buckets.
 */
import { LATENCY_BOUNDS_MS } from './traffic.repository.ts';

export const BUCKETS = LATENCY_BOUNDS_MS.length + 1;

/** The bucket of a latency: the first whose upper bound is at or above it; the last one for anything slower. */
export function bucketOf(ms: number): number {
  let lo = 0;
  let hi: number = LATENCY_BOUNDS_MS.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ms <= LATENCY_BOUNDS_MS[mid]!) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The q-quantile (0 < q ≤ 1) of the latencies counted in `counts`, in milliseconds, or null when nothing was counted.
 * Interpolated linearly inside the bucket it falls in (as Prometheus' histogram_quantile does); the last bucket has no
 * upper bound, so it ends at `maxMs`, the slowest latency seen. The result is within the bucket's bounds, never beyond.
 */
export function percentile(counts: readonly number[], q: number, maxMs: number): number | null {
  let total = 0;
  for (const c of counts) total += c;
  if (!total) return null;
  const rank = q * total;
  let seen = 0;
  for (let i = 0; i < counts.length; i++) {
    const c = counts[i] ?? 0;
    if (!c) continue;
    if (seen + c >= rank) {
      const lower = i === 0 ? 0 : LATENCY_BOUNDS_MS[i - 1]!;
      const upper = i < LATENCY_BOUNDS_MS.length ? Math.min(LATENCY_BOUNDS_MS[i]!, Math.max(maxMs, lower)) : Math.max(maxMs, lower);
      const value = lower + ((upper - lower) * (rank - seen)) / c;
      return Math.round(value * 10) / 10;
    }
    seen += c;
  }
  return Math.round(maxMs * 10) / 10;
}
