/**
 * Counts added up in memory per key and written as one batch (the API usage figures, the API builder's per-key calls):
 * a request costs no database round trip, and the stored counts are added to (an UPSERT), so several instances add up.
 * `flush` runs on a job-runner schedule and once more when the app closes; flushes never overlap, and a batch that could
 * not be written is added back for the next one. A crash loses at most one interval's counts.
 */
export type TBufferedCounter<T> = {
  add: (key: string, delta: T) => void;
  flush: () => Promise<void>;
};

export function createBufferedCounter<T>(opts: {
  /** Writes one batch (key → summed delta). */
  write: (batch: Map<string, T>) => Promise<void>;
  /** The sum of two deltas of one key. */
  sum: (a: T, b: T) => T;
  onError: (err: unknown) => void;
}): TBufferedCounter<T> {
  let tally = new Map<string, T>();
  let running: Promise<void> | undefined;
  const add = (key: string, delta: T) => {
    const cur = tally.get(key);
    tally.set(key, cur === undefined ? delta : opts.sum(cur, delta));
  };
  const flushOnce = async () => {
    if (!tally.size) return;
    const batch = tally;
    tally = new Map();
    try {
      await opts.write(batch);
    } catch (err) {
      for (const [k, d] of batch) add(k, d);
      opts.onError(err);
    }
  };
  return {
    add,
    async flush() {
      while (running) await running;
      running = flushOnce().finally(() => {
        running = undefined;
      });
      await running;
    },
  };
}
