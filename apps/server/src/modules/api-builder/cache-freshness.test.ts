/**
 * Writes made by another application directly in the customer's database: PostgreSQL trigger mode (installed with
 * the user's consent) and the MySQL/MariaDB UPDATE_TIME probe. Freshness is asserted by polling, never by timing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TTestContext } from '../../test/helpers.ts';
import {
  ALL_TABLES,
  createCustomerDb,
  customerEngines,
  customerServersUp,
  dataGet,
  listenOnLoopback,
  publishedShop,
  type TCustomerDb,
} from './testing/api-builder-kit.ts';

/** Calls `read` until `ok` holds (a bounded poll, `vi.waitFor`, at most `ms`); returns the last answer for the caller to assert on. */
async function pollUntil<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms: number): Promise<T> {
  let last = await read();
  await vi
    .waitFor(
      async () => {
        if (ok(last)) return;
        last = await read();
        if (!ok(last)) throw new Error('not yet');
      },
      { timeout: ms, interval: 20 },
    )
    .catch(() => undefined);
  return last;
}

describe.each(customerEngines(['postgres', 'mysql'] as const))('cache stays correct after another application writes (%s)', (kind) => {
  let t: TTestContext;
  let db: TCustomerDb;
  let shop: Awaited<ReturnType<typeof publishedShop>>;
  let origin: string;
  // Over real HTTP, as the customer's clients call it: hits are answered by the fast path (fast-path.ts), which inject skips.
  const get = (path: string) => dataGet<{ id: number; city?: string; customers?: { city: string } }[]>(origin, shop, path);

  beforeAll(async () => {
    t = await createTestApp('pglite');
    db = await createCustomerDb(kind);
    shop = await publishedShop(t, db);
    origin = await listenOnLoopback(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('uses the mode the engine allows', async () => {
    if (kind === 'postgres') {
      const before = await shop.o('GET', `${shop.base}/apis`);
      expect(before.body.data[0].cacheMode).toBe('ttl');
      const consent = await shop.o('POST', `${shop.base}/apis/${shop.apiId}/change-triggers`);
      expect(consent.status).toBe(200);
      expect(consent.body.data.cacheMode).toBe('trigger');
      const triggers = await db.query("SELECT tgname FROM pg_trigger WHERE tgname = 'suite_api_builder_changes' ORDER BY tgrelid::regclass::text");
      expect(triggers).toHaveLength(3); // customers, orders, order_items (the view paid_orders has none)
    } else {
      const apis = await shop.o('GET', `${shop.base}/apis`);
      expect(apis.body.data[0].cacheMode).toBe('probe');
      const refused = await shop.o('POST', `${shop.base}/apis/${shop.apiId}/change-triggers`);
      expect(refused.status).toBe(400);
    }
  });

  it('the next GET after an UPDATE by another client returns the new value', async () => {
    const path = '/customers?select=id,city&id=eq.2';
    // Fill the cache (a probe-mode entry is only kept once the table's last change is at least two seconds old).
    const warm = await pollUntil(
      async () => (await get(path), get(path)),
      (r) => r.cache === 'HIT',
      5_000,
    );
    expect(warm.cache).toBe('HIT');
    expect(warm.body).toEqual([{ id: 2, city: 'Busan' }]);
    await db.query(kind === 'postgres' ? 'UPDATE customers SET city = $1 WHERE id = $2' : 'UPDATE customers SET city = ? WHERE id = ?', ['Gwangju', 2]);
    const fresh = await pollUntil(
      () => get(path),
      (r) => r.body[0]?.city === 'Gwangju',
      1_000,
    );
    expect(fresh.body).toEqual([{ id: 2, city: 'Gwangju' }]);
    expect(fresh.cache).toBe('MISS');
  });

  it('a change to an embedded table invalidates the embedding response too', async () => {
    const path = '/orders?select=id,customers(city)&id=eq.3';
    const warm = await pollUntil(
      async () => (await get(path), get(path)),
      (r) => r.cache === 'HIT',
      5_000,
    );
    expect(warm.body).toEqual([{ id: 3, customers: { city: 'Gwangju' } }]);
    await db.query(kind === 'postgres' ? 'UPDATE customers SET city = $1 WHERE id = $2' : 'UPDATE customers SET city = ? WHERE id = ?', ['Suwon', 2]);
    const fresh = await pollUntil(
      () => get(path),
      (r) => r.body[0]?.customers?.city === 'Suwon',
      1_000,
    );
    expect(fresh.body).toEqual([{ id: 3, customers: { city: 'Suwon' } }]);
  });
});

describe.runIf(customerServersUp('postgres'))('trigger mode never serves what it could not vouch for (postgres)', () => {
  let t: TTestContext;
  let db: TCustomerDb;
  let shop: Awaited<ReturnType<typeof publishedShop>>;
  let origin: string;
  const get = (path: string) => dataGet(origin, shop, path);
  const warm = async (path: string) =>
    pollUntil(
      async () => (await get(path), get(path)),
      (r) => r.cache === 'HIT',
      5_000,
    );

  beforeAll(async () => {
    t = await createTestApp('pglite');
    db = await createCustomerDb('postgres');
    shop = await publishedShop(t, db, { tables: ALL_TABLES.filter((x) => x.name !== 'order_items') });
    origin = await listenOnLoopback(t);
    const consent = await shop.o('POST', `${shop.base}/apis/${shop.apiId}/change-triggers`);
    expect(consent.body.data.cacheMode).toBe('trigger');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('a write made while the listener was cut off is seen once it reconnects (nothing cached before is served)', async () => {
    const path = '/customers?select=id,city&id=eq.1';
    expect((await warm(path)).cache).toBe('HIT');
    // Cut the LISTEN connection and change the row while nobody listens.
    await db.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'suite-api-builder' AND query LIKE 'LISTEN%'");
    await db.query('UPDATE customers SET city = $1 WHERE id = $2', ['Ulsan', 1]);
    const fresh = await pollUntil(
      () => get(path),
      (r) => r.body[0]?.city === 'Ulsan',
      1_000,
    );
    expect(fresh.body).toEqual([{ id: 1, city: 'Ulsan' }]);
    // Back to trigger mode after the reconnect (2 s): still the new value, cached again.
    const again = await pollUntil(
      () => get(path),
      (r) => r.cache === 'HIT',
      8_000,
    );
    expect(again.body).toEqual([{ id: 1, city: 'Ulsan' }]);
  });

  it('a table published later in trigger mode gets its trigger', async () => {
    const added = await shop.o('PATCH', `${shop.base}/apis/${shop.apiId}`, { tables: ALL_TABLES });
    expect(added.status).toBe(200);
    const triggers = await db.query("SELECT tgrelid::regclass::text AS t FROM pg_trigger WHERE tgname = 'suite_api_builder_changes' ORDER BY 1");
    expect(triggers.map((r) => r.t)).toContain('order_items');
    const path = '/order_items?select=id,qty&id=eq.1';
    expect((await warm(path)).cache).toBe('HIT');
    await db.query('UPDATE order_items SET qty = qty + 10 WHERE id = 1');
    const [row] = await db.query('SELECT qty FROM order_items WHERE id = 1');
    const fresh = await pollUntil(
      () => get(path),
      (r) => r.body[0]?.qty === row!.qty,
      1_000,
    );
    expect(fresh.body[0]?.qty).toBe(row!.qty);
  });

  it('after the triggers are removed, entries cached under trigger mode are not served', async () => {
    const path = '/customers?select=id,city&id=eq.2';
    expect((await warm(path)).cache).toBe('HIT');
    const removed = await shop.o('DELETE', `${shop.base}/apis/${shop.apiId}/change-triggers`);
    expect(removed.body.data.cacheMode).toBe('ttl');
    await db.query('UPDATE customers SET city = $1 WHERE id = $2', ['Sejong', 2]);
    const after = await get(path);
    expect(after.body).toEqual([{ id: 2, city: 'Sejong' }]);
  });
});
