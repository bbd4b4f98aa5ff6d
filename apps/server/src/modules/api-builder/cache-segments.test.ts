/**
 * The segmented in-process store of the response cache (decision 076): new entries on probation (a fifth of the
 * budgets), an entry hit there moves to the protected part, so keys asked once churn only the probation part.
 * The shared store here never answers (getValue null, setValue nothing): only the in-process store can.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryState, type TSharedState } from '../../state/shared-state.ts';
import { createResponseCache, type TCachedResponse } from './cache.ts';

const LOCAL_MAX = 2_000;
const LOCAL_MAX_BYTES = 32 * 1024 * 1024;
const PROBATION_MAX = 400;
const PROBATION_BYTES = LOCAL_MAX_BYTES * 0.2;
/** What the cache counts for an entry of ASCII text: UTF-16 characters, its UTF-8 bytes (the fast path's copy), overhead. */
const bytesOf = (chars: number) => chars * 2 + chars + 512;

function blindState(): TSharedState {
  return { ...createMemoryState(), getValue: async () => null, setValue: async () => undefined };
}
const entry = (raw: string): TCachedResponse => ({ status: 200, headers: { 'content-type': 'application/json' }, raw });
const TTL = 600_000;

describe('response cache segments (in-process store only)', () => {
  it('an entry hit once survives 5,000 one-off keys set after it; an entry never hit does not', async () => {
    const cache = createResponseCache(blindState());
    await cache.set('hot', entry('"hot"'), TTL);
    await cache.set('cold', entry('"cold"'), TTL);
    expect((await cache.get('hot'))?.raw).toBe('"hot"');
    for (let i = 0; i < 5_000; i++) await cache.set(`once:${i}`, entry(`{"id":${i}}`), TTL);
    expect((await cache.get('hot'))?.raw).toBe('"hot"');
    expect(await cache.get('cold')).toBeUndefined();
    // The one-off keys churned the probation part: only the newest of them are left.
    expect(await cache.get('once:0')).toBeUndefined();
    expect(await cache.get('once:4599')).toBeUndefined();
    expect((await cache.get('once:4999'))?.raw).toBe('{"id":4999}');
  });

  it('keeps a thousand hit entries through a flood of one-off keys', async () => {
    const cache = createResponseCache(blindState());
    for (let i = 0; i < 1_000; i++) {
      await cache.set(`hot:${i}`, entry(`${i}`), TTL);
      expect((await cache.get(`hot:${i}`))?.raw).toBe(`${i}`);
    }
    for (let i = 0; i < 5_000; i++) await cache.set(`once:${i}`, entry(`${i}`), TTL);
    let kept = 0;
    for (let i = 0; i < 1_000; i++) if ((await cache.get(`hot:${i}`))?.raw === `${i}`) kept++;
    expect(kept).toBe(1_000);
  });

  it('a protected entry pushed out goes back on probation and is kept when hit there again', async () => {
    const cache = createResponseCache(blindState());
    const hotMax = LOCAL_MAX - PROBATION_MAX;
    for (let i = 0; i <= hotMax; i++) {
      await cache.set(`h:${i}`, entry(`${i}`), TTL);
      await cache.get(`h:${i}`);
    }
    // h:0 was the oldest protected entry: pushed back on probation by the last promotion, still there.
    expect((await cache.get('h:0'))?.raw).toBe('0');
    for (let i = 0; i < 5_000; i++) await cache.set(`once:${i}`, entry(`${i}`), TTL);
    expect((await cache.get('h:0'))?.raw).toBe('0');
  });

  it('never keeps more than the count budget, whatever is hit', async () => {
    const cache = createResponseCache(blindState());
    for (let i = 0; i < 3_000; i++) {
      await cache.set(`k:${i}`, entry(`${i}`), TTL);
      await cache.get(`k:${i}`);
    }
    let kept = 0;
    for (let i = 2_999; i >= 0; i--) if (await cache.get(`k:${i}`)) kept++;
    expect(kept).toBeLessThanOrEqual(LOCAL_MAX);
    expect(kept).toBeGreaterThan(LOCAL_MAX - PROBATION_MAX - 1);
  });

  it('a flood of ~1 MB entries never hit keeps no more than the probation budget', async () => {
    const cache = createResponseCache(blindState());
    const chars = 500_000;
    const raw = 'x'.repeat(chars);
    for (let i = 0; i < 60; i++) await cache.set(`big:${i}`, entry(raw), TTL);
    const kept: number[] = [];
    for (let i = 59; i >= 0; i--) if (await cache.get(`big:${i}`)) kept.push(i);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept[0]).toBe(59);
    expect(kept.length * bytesOf(chars)).toBeLessThanOrEqual(PROBATION_BYTES);
    // The newest ones, in a row.
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, j) => 59 - j));
  });

  it('a flood of ~1 MB entries each hit once keeps no more than the whole byte budget', async () => {
    const cache = createResponseCache(blindState());
    const chars = 500_000;
    const raw = 'y'.repeat(chars);
    for (let i = 0; i < 100; i++) {
      await cache.set(`big:${i}`, entry(raw), TTL);
      expect(await cache.get(`big:${i}`)).toBeDefined();
    }
    let kept = 0;
    for (let i = 99; i >= 0; i--) if (await cache.get(`big:${i}`)) kept++;
    expect(kept * bytesOf(chars)).toBeLessThanOrEqual(LOCAL_MAX_BYTES);
    // The protected part is used: more than probation alone could hold.
    expect(kept * bytesOf(chars)).toBeGreaterThan(PROBATION_BYTES);
    // And the largest entries the cache takes (1,000,000 characters) stay within the bounds too.
    const cache2 = createResponseCache(blindState());
    const largest = 'z'.repeat(1_000_000);
    for (let i = 0; i < 40; i++) {
      await cache2.set(`L:${i}`, entry(largest), TTL);
      if (i % 2) await cache2.get(`L:${i}`);
    }
    let kept2 = 0;
    for (let i = 39; i >= 0; i--) if (await cache2.get(`L:${i}`)) kept2++;
    expect(kept2).toBeGreaterThan(0);
    expect(kept2 * bytesOf(1_000_000)).toBeLessThanOrEqual(LOCAL_MAX_BYTES);
  });

  it('drops an expired entry from either part', async () => {
    let t = 1_000_000;
    const cache = createResponseCache(blindState(), () => t);
    await cache.set('p', entry('"p"'), 1_000);
    await cache.set('h', entry('"h"'), 1_000);
    expect(await cache.get('h')).toBeDefined();
    t += 1_000;
    expect(await cache.get('p')).toBeUndefined();
    expect(await cache.get('h')).toBeUndefined();
  });

  it('set() of a key again replaces its value', async () => {
    const cache = createResponseCache(blindState());
    await cache.set('k', entry('1'), TTL);
    expect((await cache.get('k'))?.raw).toBe('1');
    await cache.set('k', entry('2'), TTL);
    expect((await cache.get('k'))?.raw).toBe('2');
  });
});
