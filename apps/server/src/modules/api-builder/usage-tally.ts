/**
 * Calls per key per day with cache hits and misses: counted in memory, written every few seconds as one UPSERT
 * that adds to the stored counts (the same pattern as modules/usage), so a call costs no extra database round trip.
 */
import { kstDay } from '../../lib/kst-day.ts';
import type { TDb } from '../../db/client.ts';
import * as repo from './api-builder.repository.ts';

/** Written by the job runner's 'api-builder.usage-flush' schedule and once more when the app closes. */
export function createUsageTally(db: TDb, log: { error: (o: unknown, m: string) => void }) {
  let tally = new Map<string, repo.TUsageDelta>();
  let running: Promise<void> | undefined;
  const flushOnce = async () => {
    if (!tally.size) return;
    const batch = tally;
    tally = new Map();
    try {
      await repo.addUsage(db, [...batch.values()]);
    } catch (err) {
      for (const [k, d] of batch) {
        const cur = tally.get(k);
        tally.set(k, cur ? { ...cur, calls: cur.calls + d.calls, hits: cur.hits + d.hits, misses: cur.misses + d.misses } : d);
      }
      log.error({ err }, 'API builder usage not written');
    }
  };
  const flush = async () => {
    while (running) await running;
    running = flushOnce().finally(() => {
      running = undefined;
    });
    await running;
  };
  return {
    record(keyId: string, apiId: string, cache: 'HIT' | 'MISS' | undefined) {
      const day = kstDay(new Date());
      const k = `${keyId}|${day}`;
      const d = tally.get(k) ?? { keyId, apiId, day, calls: 0, hits: 0, misses: 0 };
      d.calls += 1;
      if (cache === 'HIT') d.hits += 1;
      if (cache === 'MISS') d.misses += 1;
      tally.set(k, d);
    },
    flush,
  };
}

export type TUsageTally = ReturnType<typeof createUsageTally>;
