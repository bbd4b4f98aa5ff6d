import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { addMember } from '../seeds/seeds.repository.ts';
import { apiConnections } from '../../db/schema-api-builder.ts';
import { createCustomerDb, customerServersUp, publishedShop, type TCustomerDb } from './testing/api-builder-kit.ts';

describe.runIf(customerServersUp('postgres', 'mysql')).each(dbKinds)('API builder console and data API (%s)', (kind) => {
  let t: TTestContext;
  let pgDb: TCustomerDb;
  let myDb: TCustomerDb;
  let shop: Awaited<ReturnType<typeof publishedShop>>;
  const data = (path: string, headers: Record<string, string> = {}, method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'HEAD' = 'GET', payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1/${shop.apiId}${path}`,
      headers: { authorization: `Bearer ${shop.key}`, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    pgDb = await createCustomerDb('postgres');
    myDb = await createCustomerDb('mysql');
    shop = await publishedShop(t, pgDb);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await pgDb?.drop();
    await myDb?.drop();
  });

  it('stores the password encrypted, never returns it, and reports whether the user can write', async () => {
    const list = await shop.o('GET', `${shop.base}/connections`);
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ engine: 'postgres', database: pgDb.database, canWrite: true, tableCount: 5 });
    expect(JSON.stringify(list.body)).not.toMatch(/password/i);
    const [row] = await t.database.db.select().from(apiConnections).where(eq(apiConnections.id, shop.connectionId));
    expect(row!.passwordEnc).toMatch(/^v1\./);
  });

  it('says in Korean what failed: unreachable, authentication, unknown database', async () => {
    const input = pgDb.connectionInput;
    const unreachable = await shop.o('POST', `${shop.base}/connections`, { ...input, port: 1 });
    expect(unreachable.status).toBe(422);
    expect(unreachable.body.error).toContain('연결할 수 없습니다');
    const unknownDb = await shop.o('POST', `${shop.base}/connections`, { ...input, database: 'no_such_db_ab' });
    expect(unknownDb.status).toBe(422);
    expect(unknownDb.body.error).toContain("'no_such_db_ab'이(가) 없습니다");
    const badAuth = await shop.o('POST', `${shop.base}/connections`, {
      engine: 'mysql',
      name: 'x',
      host: '127.0.0.1',
      port: 3306,
      database: 'mysql',
      user: 'no_such_user_ab',
      password: 'wrong',
    });
    expect(badAuth.status).toBe(422);
    expect(badAuth.body.error).toContain('인증에 실패했습니다');
  });

  it('refuses private hosts when not allowed, and always the product’s own database', async () => {
    if (t.config.databaseUrl) {
      const own = new URL(t.config.databaseUrl);
      const res = await shop.o('POST', `${shop.base}/connections`, {
        ...pgDb.connectionInput,
        host: 'localhost',
        port: Number(own.port || 5432),
        database: own.pathname.slice(1),
      });
      expect(res.status).toBe(422);
      expect(res.body.error).toContain('이 서비스 자체의 데이터베이스');
    }
    const strict = await createTestApp('pglite', { env: { API_BUILDER_ALLOW_PRIVATE_HOSTS: 'false' } });
    try {
      const owner = await signedIn(strict);
      const o = api(strict, owner.token);
      const seed = (await o('POST', '/api/seeds', { seed_name: '엄격' })).body.data as { id: string };
      for (const host of ['127.0.0.1', 'localhost', '169.254.169.254', '10.1.2.3', '[::1]']) {
        const res = await o('POST', `/api/seeds/${seed.id}/api-builder/connections`, { ...pgDb.connectionInput, host });
        expect(res.status, host).toBe(422);
        expect(res.body.error).toContain('사설망');
      }
    } finally {
      await strict.close();
    }
  });

  it('lets owners and admins manage, not members', async () => {
    const member = await signedIn(t, { fullName: '이멤버' });
    await addMember(t.database.db, shop.seedId, member.id, 'member');
    const m = api(t, member.token);
    expect((await m('GET', `${shop.base}/connections`)).status).toBe(403);
    expect((await m('POST', `${shop.base}/keys`, { name: 'x', apiId: shop.apiId })).status).toBe(403);
    expect((await m('DELETE', `${shop.base}/connections/${shop.connectionId}`)).status).toBe(403);
    const stranger = await signedIn(t);
    expect((await api(t, stranger.token)('GET', `${shop.base}/apis`)).status).toBe(404);
  });

  it('introspects tables, views, columns, keys and re-syncs on demand', async () => {
    const res = await shop.o('GET', `${shop.base}/connections/${shop.connectionId}/tables`);
    expect(res.status).toBe(200);
    const orders = res.body.data.find((x: { name: string }) => x.name === 'orders');
    expect(orders).toMatchObject({ kind: 'table', primaryKey: ['id'], foreignKeys: [{ columns: ['customer_id'], refTable: 'customers', refColumns: ['id'] }] });
    expect(res.body.data.find((x: { name: string }) => x.name === 'paid_orders').kind).toBe('view');
    await pgDb.query('CREATE TABLE added_later (id int primary key)');
    const again = await shop.o('GET', `${shop.base}/connections/${shop.connectionId}/tables?refresh=true`);
    expect(again.body.data.map((x: { name: string }) => x.name)).toContain('added_later');
  });

  it('publishes at {APP_URL}/api/v1/{id} and answers with a key (Bearer or apikey), 401 without', async () => {
    expect(shop.baseUrl).toBe(`${t.config.appUrl}/api/v1/${shop.apiId}`);
    const res = await data('/customers?select=id,name&order=id&limit=2');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: 1, name: '김민수' },
      { id: 2, name: '이서연' },
    ]);
    const viaApikey = await t.app.inject({ url: `/api/v1/${shop.apiId}/customers?id=eq.3`, headers: { apikey: shop.key } });
    expect(viaApikey.json()).toHaveLength(1);
    const none = await t.app.inject({ url: `/api/v1/${shop.apiId}/customers` });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'PGRST302', details: null, hint: null });
    expect(none.json().message).toContain('API 키가 필요합니다');
    const unpublished = await data('/secrets');
    expect(unpublished.statusCode).toBe(404);
    expect(unpublished.json().code).toBe('PGRST205');
    const notAllowed = await data('/order_items?id=eq.1', {}, 'DELETE');
    expect(notAllowed.statusCode).toBe(405);
  });

  it('scopes keys by method and table, revokes them, and limits their rate', async () => {
    const scoped = await shop.o('POST', `${shop.base}/keys`, {
      name: '읽기 전용',
      apiId: shop.apiId,
      methods: ['GET'],
      tables: ['orders'],
      rateLimitPerMinute: 3,
    });
    expect(scoped.status).toBe(201);
    const call = (path: string, method: 'GET' | 'DELETE' = 'GET') =>
      t.app.inject({ method, url: `/api/v1/${shop.apiId}${path}`, headers: { apikey: scoped.body.key } });
    expect((await call('/orders?id=eq.1')).statusCode).toBe(200);
    expect((await call('/customers')).statusCode).toBe(403);
    expect((await call('/orders?id=eq.1', 'DELETE')).statusCode).toBe(403);
    const limited = await call('/orders?id=eq.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const keys = await shop.o('GET', `${shop.base}/keys`);
    expect(JSON.stringify(keys.body)).not.toContain(scoped.body.key);
    expect((await shop.o('DELETE', `${shop.base}/keys/${scoped.body.id}`)).status).toBe(200);
    expect((await call('/orders?id=eq.1')).statusCode).toBe(401);
  });

  it('serves {base}/openapi.json from the introspection', async () => {
    expect((await t.app.inject({ url: `/api/v1/${shop.apiId}/openapi.json` })).statusCode).toBe(401);
    const res = await t.app.inject({ url: `/api/v1/${shop.apiId}/openapi.json`, headers: { apikey: shop.key } });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.servers[0].url).toBe(shop.baseUrl);
    expect(Object.keys(doc.paths).sort()).toEqual(['/customers', '/order_items', '/orders', '/paid_orders']);
    expect(doc.paths['/order_items'].post).toBeUndefined();
    expect(doc.components.schemas.customers.properties.active.type).toBe('boolean');
  });

  it('caches GETs (x-cache), and its own writes invalidate the table and the tables embedding it', async () => {
    const q = '/orders?select=id,status,customers(name)&id=eq.5';
    expect((await data(q)).headers['x-cache']).toBe('MISS');
    const hit = await data(q);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.json()).toEqual([{ id: 5, status: 'paid', customers: { name: 'Alice' } }]);
    const patched = await data('/customers?id=eq.4', { prefer: 'return=representation', 'content-type': 'application/json' }, 'PATCH', { name: 'Alice Kim' });
    expect(patched.statusCode).toBe(200);
    const after = await data(q);
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.json()[0].customers.name).toBe('Alice Kim');
  });

  it('counts calls per key per day and shows the hit ratio', async () => {
    const before = (await shop.o('GET', `${shop.base}/summary`)).body as { callsToday: number; cacheHitsToday: number; cacheMissesToday: number };
    // Calls of its own (so that it also runs alone): one miss, then two hits of a query no other test asks.
    const q = '/customers?select=id,name&id=eq.2&order=id.desc';
    expect((await data(q)).headers['x-cache']).toBe('MISS');
    expect((await data(q)).headers['x-cache']).toBe('HIT');
    expect((await data(q)).headers['x-cache']).toBe('HIT');
    const summary = await shop.o('GET', `${shop.base}/summary`);
    expect(summary.status).toBe(200);
    expect(summary.body.callsToday - before.callsToday).toBe(3);
    expect(summary.body.cacheHitsToday - before.cacheHitsToday).toBe(2);
    expect(summary.body.cacheMissesToday - before.cacheMissesToday).toBe(1);
    expect(summary.body.hitRatio).toBeGreaterThan(0);
    const apis = await shop.o('GET', `${shop.base}/apis`);
    expect(apis.body.data[0]).toMatchObject({ id: shop.apiId, cacheMode: 'ttl', baseUrl: shop.baseUrl });
  });

  const triggersOn = async () =>
    (await pgDb.query("SELECT tgrelid::regclass::text AS t FROM pg_trigger WHERE tgname = 'suite_api_builder_changes' ORDER BY 1")).map((r) => r.t);

  it('edits a published API (tables, methods) and unpublishes it, with its keys and change triggers', async () => {
    const published = await shop.o('POST', `${shop.base}/apis`, {
      connectionId: shop.connectionId,
      tables: [
        { name: 'customers', methods: ['GET', 'POST'] },
        { name: 'order_items', methods: ['GET'] },
      ],
    });
    expect(published.status).toBe(201);
    const apiId = published.body.id as string;
    const key = (await shop.o('POST', `${shop.base}/keys`, { name: '편집 테스트', apiId, rateLimitPerMinute: 1000 })).body.key as string;
    const call = (path: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
      t.app.inject({ method, url: `/api/v1/${apiId}${path}`, headers: { apikey: key, 'content-type': 'application/json' }, ...(payload ? { payload } : {}) });
    expect((await shop.o('POST', `${shop.base}/apis/${apiId}/change-triggers`)).status).toBe(200);
    expect(await triggersOn()).toEqual(['customers', 'order_items']);

    // Edit: order_items unpublished, customers read-only, orders added.
    const bad = await shop.o('PATCH', `${shop.base}/apis/${apiId}`, { tables: [{ name: 'paid_orders', methods: ['GET', 'POST'] }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('뷰라서 GET만');
    expect((await shop.o('PATCH', `${shop.base}/apis/${apiId}`, { tables: [{ name: 'nope', methods: ['GET'] }] })).status).toBe(400);
    const edited = await shop.o('PATCH', `${shop.base}/apis/${apiId}`, {
      tables: [
        { name: 'customers', methods: ['GET'] },
        { name: 'orders', methods: ['GET', 'PATCH'] },
      ],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.tables).toEqual([
      { name: 'customers', methods: ['GET'] },
      { name: 'orders', methods: ['GET', 'PATCH'] },
    ]);
    expect((await call('/customers', 'POST', { name: '새 고객' })).statusCode).toBe(405);
    expect((await call('/order_items')).statusCode).toBe(404);
    expect((await call('/orders?id=eq.1')).statusCode).toBe(200);
    // The trigger left with order_items; orders got one (the API is in trigger mode).
    expect(await triggersOn()).toEqual(['customers', 'orders']);

    // Unpublish: the API, its key and its triggers go; the other API of the connection stays.
    expect((await shop.o('DELETE', `${shop.base}/apis/${apiId}`)).status).toBe(200);
    expect((await call('/customers')).statusCode).toBe(404);
    expect(await triggersOn()).toEqual([]);
    const apis = await shop.o('GET', `${shop.base}/apis`);
    expect(apis.body.data.map((a: { id: string }) => a.id)).toEqual([shop.apiId]);
    expect((await shop.o('DELETE', `${shop.base}/apis/${apiId}`)).status).toBe(404);
  });

  it.each(['postgres', 'mysql'] as const)(
    'refuses to delete a %s connection used by admin apps unless confirmed, names them, and removes its change triggers',
    async (engine) => {
      const db = engine === 'postgres' ? pgDb : myDb;
      const conn = await shop.o('POST', `${shop.base}/connections`, { ...db.connectionInput, name: `삭제할 ${engine}` });
      expect(conn.status).toBe(201);
      const connectionId = conn.body.data.id as string;
      const api = await shop.o('POST', `${shop.base}/apis`, { connectionId, tables: [{ name: 'orders', methods: ['GET'] }] });
      expect(api.status).toBe(201);
      if (engine === 'postgres') {
        expect((await shop.o('POST', `${shop.base}/apis/${api.body.id}/change-triggers`)).status).toBe(200);
        expect(await triggersOn()).toEqual(['orders']);
      }
      const admin = `/api/seeds/${shop.seedId}/admin-builder/apps`;
      const app = await shop.o('POST', admin, { name: `주문 관리 ${engine}`, connectionId, tables: ['orders'] });
      expect(app.status).toBe(201);

      const usage = await shop.o('GET', `${shop.base}/connections/${connectionId}/usage`);
      expect(usage.status).toBe(200);
      expect(usage.body).toEqual({
        adminApps: [{ id: app.body.id, name: `주문 관리 ${engine}` }],
        apis: 1,
        triggerTables: engine === 'postgres' ? ['orders'] : [],
      });
      const refused = await shop.o('DELETE', `${shop.base}/connections/${connectionId}`);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('API_CONNECTION_IN_USE');
      expect(refused.body.error).toContain(`'주문 관리 ${engine}'`);
      expect((await shop.o('GET', admin)).body.data.map((a: { id: string }) => a.id)).toContain(app.body.id);

      const forced = await shop.o('DELETE', `${shop.base}/connections/${connectionId}?force=true`);
      expect(forced.status).toBe(200);
      expect(forced.body.message).toBe('연결을 삭제했습니다.');
      expect((await shop.o('GET', admin)).body.data.map((a: { id: string }) => a.id)).not.toContain(app.body.id);
      expect((await shop.o('GET', `${shop.base}/connections`)).body.data.map((c: { id: string }) => c.id)).toEqual([shop.connectionId]);
      if (engine === 'postgres') expect(await triggersOn()).toEqual([]);
    },
  );

  it('deletes a connection without admin apps at once', async () => {
    const conn = await shop.o('POST', `${shop.base}/connections`, { ...myDb.connectionInput, name: '빈 연결' });
    const res = await shop.o('DELETE', `${shop.base}/connections/${conn.body.data.id}`);
    expect(res.status).toBe(200);
  });
});
