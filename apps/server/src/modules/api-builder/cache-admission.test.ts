/**
 * Admission on second sight (decision 105): while the in-process store's probation part has room every read uses the
 * cache; once it is full (the store churns with keys asked once), a read whose request was not seen lately is answered
 * without building its key, looking it up or storing it — a miss, with the right rows — and the same request seen
 * again is looked up and stored, then hit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryState, type TSharedState } from '../../state/shared-state.ts';
import { createTestApp, type TTestContext } from '../../test/helpers.ts';
import { apiBuilderDepsOf } from './api-builder.module.ts';
import { createResponseCache, type TCachedResponse } from './cache.ts';
import { createCustomerDb, customerServersUp, listenOnLoopback, publishedShop, type TCustomerDb } from './testing/api-builder-kit.ts';

const entry = (raw: string): TCachedResponse => ({ status: 200, headers: { 'content-type': 'application/json' }, raw });
const TTL = 600_000;
/** A shared store that never answers: only the in-process store counts (as cache-segments.test.ts). */
const blindState = (): TSharedState => ({ ...createMemoryState(), getValue: async () => null, setValue: async () => undefined });

/** Sets entries until the probation part is full; returns how many it took. */
async function fill(cache: ReturnType<typeof createResponseCache>, prefix = 'fill') {
  let n = 0;
  while (cache.admits('items', `${prefix}=${n}`)) await cache.set(`${prefix}:${n++}`, entry(`{"n":${n}}`), TTL);
  return n;
}

describe('response cache admission', () => {
  it('admits every request while the probation part has room', () => {
    const cache = createResponseCache(blindState());
    for (let i = 0; i < 1_000; i++) expect(cache.admits('items', `id=eq.${i}`)).toBe(true);
  });

  it('once the probation part is full: a new request is not admitted, the same one seen again is', async () => {
    const cache = createResponseCache(blindState());
    // Shared: a fifth of 2,000 entries on probation; the last admits() of fill() was a first sight.
    expect(await fill(cache)).toBe(400);
    expect(cache.admits('items', 'id=eq.42')).toBe(false);
    expect(cache.admits('items', 'id=eq.42')).toBe(true);
    // The table is part of what was seen.
    expect(cache.admits('orders', 'id=eq.43')).toBe(false);
    expect(cache.admits('items', 'id=eq.43')).toBe(false);
    // Entries already stored are still hit (admission decides what is looked up and stored, nothing is dropped).
    expect((await cache.get('fill:0'))?.raw).toBe('{"n":1}');
  });

  it('remembers a request across a few thousand new ones, forgets it after many, and rarely mistakes a new one', async () => {
    const cache = createResponseCache(blindState());
    await fill(cache);
    expect(cache.admits('items', 'id=eq.7')).toBe(false);
    for (let i = 0; i < 3_000; i++) cache.admits('items', `other=${i}`);
    expect(cache.admits('items', 'id=eq.7')).toBe(true);
    cache.admits('items', 'id=eq.8');
    for (let i = 0; i < 20_000; i++) cache.admits('items', `flood=${i}`);
    expect(cache.admits('items', 'id=eq.8')).toBe(false);
    // Fresh requests taken for seen ones (both filters full): a few percent at most.
    let mistaken = 0;
    for (let i = 0; i < 4_000; i++) if (cache.admits('items', `fresh=${i}`)) mistaken++;
    expect(mistaken).toBeLessThan(4_000 * 0.05);
  });
});

describe.runIf(customerServersUp('postgres'))('data API reads under admission (fast path, real HTTP)', () => {
  let t: TTestContext;
  let db: TCustomerDb;
  let shop: Awaited<ReturnType<typeof publishedShop>>;
  let origin: string;
  const http = (path: string) => fetch(`${origin}/api/v1/${shop.apiId}${path}`, { headers: { apikey: shop.key } });

  beforeAll(async () => {
    t = await createTestApp('pglite');
    db = await createCustomerDb('postgres');
    shop = await publishedShop(t, db, { rateLimitPerMinute: 1_000 });
    origin = await listenOnLoopback(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('a read first seen while the store churns is a miss with the right rows, then stored on its second sight and hit on its third', async () => {
    const path = '/customers?select=id,name&id=eq.1';
    const first = await http(path);
    expect(first.headers.get('x-cache')).toBe('MISS');
    const rows = await first.json();
    expect(rows).toHaveLength(1);
    // Before the store is full: stored on first sight, hit on the second.
    expect((await http(path)).headers.get('x-cache')).toBe('HIT');

    const cache = apiBuilderDepsOf(t.app.ctx)!.cache;
    expect(await fill(cache)).toBeGreaterThan(0);
    const other = '/customers?select=id,city&id=eq.1';
    const seen = [];
    for (let i = 0; i < 3; i++) {
      const res = await http(other);
      expect(res.status).toBe(200);
      seen.push([res.headers.get('x-cache'), await res.json()]);
    }
    expect(seen.map((s) => s[0])).toEqual(['MISS', 'MISS', 'HIT']);
    expect(seen[1]![1]).toEqual(seen[0]![1]);
    expect(seen[2]![1]).toEqual(seen[0]![1]);
    // The entry stored before the store filled is still hit.
    expect((await http(path)).headers.get('x-cache')).toBe('HIT');
  });
});
