/** counts(keys): several counters read at once (Redis: one MGET), 0 for a missing or expired one. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryState, createRedisState, type TSharedState } from './shared-state.ts';

const kinds: [string, () => Promise<TSharedState>][] = [['memory', async () => createMemoryState()]];
if (process.env.REDIS_URL) kinds.push(['redis', () => createRedisState(process.env.REDIS_URL!, `suite-test:${randomBytes(4).toString('hex')}:`)]);
else it.skip('counts() on Redis (REDIS_URL is not set)', () => undefined);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(kinds)('shared state counts (%s)', (_name, make) => {
  it('gives each counter its hits, 0 for a missing one, in the order asked', async () => {
    const s = await make();
    try {
      for (let i = 0; i < 3; i++) await s.hit('a', 60_000);
      await s.hit('b', 60_000);
      await s.hit('c', 60_000, 5);
      for (let i = 0; i < 7; i++) await s.hit('d', 60_000);
      expect(await s.counts(['a', 'b', 'missing', 'c', 'd'])).toEqual([3, 1, 0, 5, 7]);
      expect(await s.counts(['d', 'a', 'a'])).toEqual([7, 3, 3]);
      expect(await s.counts(['nothing'])).toEqual([0]);
      // Reading does not add.
      expect((await s.peek('a')).count).toBe(3);
      // Agrees with peek, and a reset counter is 0.
      await s.reset('b');
      expect(await s.counts(['a', 'b'])).toEqual([3, 0]);
    } finally {
      await s.close();
    }
  });

  it('gives [] for an empty list', async () => {
    const s = await make();
    try {
      expect(await s.counts([])).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('gives 0 for an expired counter', async () => {
    const s = await make();
    try {
      await s.hit('short', 60);
      await s.hit('short', 60);
      await s.hit('long', 60_000);
      expect(await s.counts(['short', 'long'])).toEqual([2, 1]);
      await sleep(150);
      expect(await s.counts(['short', 'long'])).toEqual([0, 1]);
      // A new window starts from 1.
      await s.hit('short', 60_000);
      expect(await s.counts(['short'])).toEqual([1]);
    } finally {
      await s.close();
    }
  });

  it('answers concurrent reads and hits of one turn correctly', async () => {
    const s = await make();
    try {
      const keys = Array.from({ length: 20 }, (_, i) => `k${i}`);
      await Promise.all(keys.flatMap((k, i) => Array.from({ length: i }, () => s.hit(k, 60_000))));
      const reads = await Promise.all(Array.from({ length: 10 }, () => s.counts(keys)));
      for (const r of reads) expect(r).toEqual(keys.map((_, i) => i));
    } finally {
      await s.close();
    }
  });

  it('counts many keys at once', async () => {
    const s = await make();
    try {
      const keys = Array.from({ length: 500 }, (_, i) => `many:${i}`);
      await Promise.all(keys.filter((_, i) => i % 3 === 0).map((k) => s.hit(k, 60_000, 2)));
      expect(await s.counts(keys)).toEqual(keys.map((_, i) => (i % 3 === 0 ? 2 : 0)));
    } finally {
      await s.close();
    }
  });
});
