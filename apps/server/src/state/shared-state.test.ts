import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryState, createRedisState, type TSharedState } from './shared-state.ts';

const kinds: [string, () => Promise<TSharedState>][] = [['memory', async () => createMemoryState()]];
if (process.env.REDIS_URL) {
  kinds.push(['redis', () => createRedisState(process.env.REDIS_URL!, `suite-test:${randomBytes(4).toString('hex')}:`)]);
}

describe.each(kinds)('shared state (%s)', (_name, make) => {
  it('counts hits in a window and resets', async () => {
    const s = await make();
    expect((await s.hit('k', 10_000)).count).toBe(1);
    expect((await s.hit('k', 10_000)).count).toBe(2);
    const peek = await s.peek('k');
    expect(peek.count).toBe(2);
    expect(peek.resetMs).toBeGreaterThan(0);
    await s.reset('k');
    expect((await s.peek('k')).count).toBe(0);
    await s.close();
  });

  it('claims a key only once', async () => {
    const s = await make();
    const results = await Promise.all(Array.from({ length: 10 }, () => s.claim('once', 5_000)));
    expect(results.filter(Boolean)).toHaveLength(1);
    await s.close();
  });

  it('delivers published messages to subscribers', async () => {
    const s = await make();
    const got: string[] = [];
    let last!: () => void;
    const ended = new Promise<void>((r) => (last = r));
    const off = await s.subscribe('chan', (m) => {
      got.push(m);
      if (m === 'bye') last();
    });
    await s.publish('chan', 'hello');
    // Messages on one channel arrive in order: once the second is here, the first came exactly once.
    await s.publish('chan', 'bye');
    await ended;
    expect(got).toEqual(['hello', 'bye']);
    await off();
    await s.close();
  });
});
