/**
 * Calls per key per day with cache hits and misses: counted in memory, written every few seconds as one UPSERT
 * that adds to the stored counts (lib/buffered-counter.ts, as modules/usage), so a call costs no extra database round trip.
 */
import { createBufferedCounter } from '../../lib/buffered-counter.ts';
import { kstDay } from '../../lib/kst-day.ts';
import type { TDb } from '../../db/client.ts';
import * as repo from './api-builder.repository.ts';

/** Written by the job runner's 'api-builder.usage-flush' schedule and once more when the app closes. */
/** `now`: the app's clock (ctx.now), so the day a call is counted on follows the clock tests move. */
export function createUsageTally(db: TDb, log: { error: (o: unknown, m: string) => void }, now: () => Date) {
  const counter = createBufferedCounter<repo.TUsageDelta>({
    write: (batch) => repo.addUsage(db, [...batch.values()]),
    // Added into the tally's own record (each call's delta is a fresh object, and a batch given back after a failed
    // write is no longer used): no new object per call.
    sum: (a, b) => {
      a.calls += b.calls;
      a.hits += b.hits;
      a.misses += b.misses;
      return a;
    },
    onError: (err) => log.error({ err }, 'API builder usage not written'),
  });
  return {
    record(keyId: string, apiId: string, cache: 'HIT' | 'MISS' | undefined) {
      const day = kstDay(now());
      counter.add(`${keyId}|${day}`, { keyId, apiId, day, calls: 1, hits: cache === 'HIT' ? 1 : 0, misses: cache === 'MISS' ? 1 : 0 });
    },
    flush: counter.flush,
  };
}

export type TUsageTally = ReturnType<typeof createUsageTally>;
