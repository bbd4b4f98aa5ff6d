/** Reads counted today before the hit ratio says anything (a handful of calls proves nothing). */
const ENOUGH_READS = 200;
/** Below this share of hits, caching costs the owner more than it saves (issue 34). */
const LOW_RATIO = 0.1;

/** Whether today's cached reads show that caching does not help this API. */
export function lowHitRatio(hits: number, misses: number): boolean {
  const total = hits + misses;
  return total >= ENOUGH_READS && hits / total < LOW_RATIO;
}
