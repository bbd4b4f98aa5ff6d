/** The response cache stays within memory: oversized answers are not stored, and the in-process store drops the oldest. */
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryState, type TSharedState } from '../../state/shared-state.ts';
import { CACHE_ENTRY_MAX_CHARS, createResponseCache } from './cache.ts';

const entry = (chars: number) => ({ status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, raw: 'x'.repeat(chars) });

describe('response cache memory bounds', () => {
  let state: TSharedState;
  afterEach(async () => state?.close());

  it('does not store an answer larger than the entry limit (it is served uncached)', async () => {
    state = createMemoryState();
    const cache = createResponseCache(state);
    await cache.set('big', entry(CACHE_ENTRY_MAX_CHARS + 1), 60_000);
    expect(await cache.get('big')).toBeUndefined();
    await cache.set('fits', entry(CACHE_ENTRY_MAX_CHARS), 60_000);
    expect((await cache.get('fits'))?.raw.length).toBe(CACHE_ENTRY_MAX_CHARS);
  });

  it('keeps the in-process stores within their size budgets, dropping the oldest entries first', async () => {
    state = createMemoryState();
    const cache = createResponseCache(state);
    // 100 entries of ~1.9 MB each (UTF-16 worst case) is ~190 MB: far over both budgets (32 MB local, 64 MB shared).
    for (let i = 0; i < 100; i++) await cache.set(`k${i}`, entry(950_000), 60_000);
    expect(await cache.get('k0')).toBeUndefined();
    expect(await state.getValue('k0')).toBeNull();
    expect((await cache.get('k99'))?.raw.length).toBe(950_000);
    let kept = 0;
    for (let i = 0; i < 100; i++) if ((await state.getValue(`k${i}`)) !== null) kept += 1;
    expect(kept).toBeGreaterThan(0);
    expect(kept * 950_000 * 2).toBeLessThanOrEqual(64 * 1024 * 1024);
  });
});

describe('response cache shared form', () => {
  it('an entry stored by one instance is read back whole by another (status, headers, body with line breaks and quotes)', async () => {
    const shared = createMemoryState();
    try {
      const a = createResponseCache(shared);
      const b = createResponseCache(shared);
      const value = {
        status: 206,
        headers: { 'content-type': 'application/json; charset=utf-8', 'content-range': '0-1/*' },
        raw: '[{"note":"줄\\n바꿈 \\"따옴표\\""}]',
      };
      await a.set('k', value, 60_000);
      expect(await b.get('k')).toEqual(value);
      // An entry written by an earlier release (one JSON object) is still read.
      await shared.setValue('old', JSON.stringify({ ...value, expiresAt: Date.now() + 60_000 }), 60_000);
      expect(await b.get('old')).toEqual(value);
    } finally {
      await shared.close();
    }
  });
});

describe('response cache on a lone instance (decision 099)', () => {
  it('keeps entries in process only: the memory state holds no copy, and other values there are not pushed out', async () => {
    const state = createMemoryState();
    try {
      const cache = createResponseCache(state, undefined, { shared: false });
      expect(cache.shared).toBe(false);
      await state.setValue('calendar:state', 'kept', 60_000);
      // More entries than the memory state holds values (10,000), each read once after it is stored (so it moves to
      // the protected part): none of them goes to the memory state.
      for (let i = 0; i < 10_500; i++) {
        await cache.set(`k${i}`, entry(10), 60_000);
        expect(cache.peek(`k${i}`)).toBeDefined();
      }
      expect(await state.getValue('k10499')).toBeNull();
      expect(await state.getValue('calendar:state')).toBe('kept');
      // The process holds what both tiers held before (12,000 entries, four fifths protected): the 9,600 entries read
      // last are all still answered, where the shared form's in-process part keeps 1,600.
      for (let i = 10_500 - 9_600; i < 10_500; i++) expect(cache.peek(`k${i}`)?.raw, `k${i}`).toBe('x'.repeat(10));
      // An entry stored in the memory state by someone else is not read as a cache entry.
      await state.setValue('other', JSON.stringify({ ...entry(3), expiresAt: Date.now() + 60_000 }), 60_000);
      expect(await cache.get('other')).toBeUndefined();
    } finally {
      await state.close();
    }
  });
});
