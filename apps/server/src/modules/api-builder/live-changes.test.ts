/**
 * Live changes (issue 36, decision 091): `GET /api/v1/{apiId}/{table}/changes` over real HTTP. Changes are made by
 * "another application" (SQL on the customer database, not through our API) unless a test says otherwise. Arrival is
 * asserted by waiting (generous timeouts), never by measuring time.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, twoInstances, type TTestApp } from '../../test/helpers.ts';
import { apiBuilderDepsOf } from './api-builder.module.ts';
import { ROW_CHANNEL } from './change-feed.ts';
import { LIVE_STREAMS_PER_KEY, createLiveHub } from './live-changes.ts';
import { ALL_TABLES, PG_ADMIN_URL, createCustomerDb, customerEngines, publishedShop, type TCustomerDb } from './testing/api-builder-kit.ts';

type TEvent = { id?: string; event: string; data: Record<string, unknown> };

/** An open change stream: its parsed events so far, `until(pred)` waits for one, `close()` aborts. */
async function openStream(origin: string, apiId: string, table: string, key: string, headers: Record<string, string> = {}) {
  const ac = new AbortController();
  const res = await fetch(`${origin}/api/v1/${apiId}/${table}/changes`, { headers: { apikey: key, ...headers }, signal: ac.signal });
  const events: TEvent[] = [];
  let ended = false;
  if (res.status === 200) {
    void (async () => {
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let buf = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += decoder.decode(value, { stream: true });
          let cut;
          while ((cut = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, cut);
            buf = buf.slice(cut + 2);
            const fields = Object.fromEntries(
              block
                .split('\n')
                .filter((l) => l && !l.startsWith(':'))
                .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
            ) as Record<string, string>;
            if (fields.event) events.push({ ...(fields.id ? { id: fields.id } : {}), event: fields.event, data: JSON.parse(fields.data ?? '{}') });
          }
        }
      } catch {
        /* aborted */
      }
      ended = true;
    })();
  }
  const until = async (pred: (e: TEvent) => boolean, ms = 15_000) =>
    vi.waitFor(
      () => {
        const e = events.find(pred);
        if (!e) throw new Error(`no such event yet: ${JSON.stringify(events)}`);
        return e;
      },
      { timeout: ms, interval: 20 },
    );
  const stream = {
    res,
    events,
    until,
    ended: () => ended,
    close: () => ac.abort(),
    body: async () => (res.status === 200 ? undefined : ((await res.json()) as Record<string, unknown>)),
  };
  if (res.status === 200) await until((e) => e.event === 'ready');
  return stream;
}

const pgListeners = async (db: TCustomerDb) =>
  Number((await db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`))[0]!.n);

describe.each(customerEngines(['postgres'] as const))('live changes on PostgreSQL (app database: pglite)', () => {
  let t: TTestApp;
  let db: TCustomerDb;
  let shop: Awaited<ReturnType<typeof publishedShop>>;
  const open: { close: () => void }[] = [];

  beforeAll(async () => {
    t = await createTestApp('pglite', { listen: true });
    db = await createCustomerDb('postgres');
    shop = await publishedShop(t, db);
  }, 60_000);
  afterAll(async () => {
    for (const s of open) s.close();
    await t?.close();
    await db?.drop();
  });
  const stream = async (...args: Parameters<typeof openStream>) => {
    const s = await openStream(...args);
    open.push(s);
    return s;
  };

  it('needs the change triggers: 409 in PostgREST shape before consent', async () => {
    const s = await stream(t.origin, shop.apiId, 'customers', shop.key);
    expect(s.res.status).toBe(409);
    expect(await s.body()).toMatchObject({ code: 'PGRST409', message: expect.stringContaining('변경 트리거') });
    const consent = await shop.o('POST', `${shop.base}/apis/${shop.apiId}/change-triggers`);
    expect(consent.status).toBe(200);
    const rowTriggers = await db.query("SELECT count(*)::int AS n FROM pg_trigger WHERE tgname LIKE 'suite_api_builder_rows_%'");
    expect(rowTriggers[0]!.n).toBe(12); // four on each of customers, orders, order_items
  });

  it("streams another application's insert, update and delete with the primary key, with SSE headers", async () => {
    const s = await stream(t.origin, shop.apiId, 'customers', shop.key);
    expect(s.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.res.headers.get('cache-control')).toBe('no-cache');
    expect(s.res.headers.get('x-accel-buffering')).toBe('no');
    const [row] = await db.query(`INSERT INTO customers (name, email, city) VALUES ('라이브', 'live@example.com', 'Seoul') RETURNING id`);
    const id = row!.id as number;
    const ins = await s.until((e) => e.event === 'insert');
    expect(ins.data).toMatchObject({ table: 'customers', op: 'insert', pk: { id } });
    expect(ins.id).toMatch(/^[0-9a-f]+\.\d+$/);
    await db.query('UPDATE customers SET city = $1 WHERE id = $2', ['Busan', id]);
    expect((await s.until((e) => e.event === 'update')).data).toMatchObject({ op: 'update', pk: { id } });
    await db.query('DELETE FROM customers WHERE id = $1', [id]);
    expect((await s.until((e) => e.event === 'delete')).data).toMatchObject({ op: 'delete', pk: { id } });
    // An UPDATE that matched no row announces nothing; a bulk change names the row count instead of keys.
    await db.query('UPDATE customers SET city = city WHERE id = -1');
    await db.query(`INSERT INTO customers (name, email, city) SELECT '대량' || g, 'bulk' || g || '@example.com', 'Seoul' FROM generate_series(1, 60) g`);
    const bulk = await s.until((e) => e.event === 'insert' && e.data.pk === null);
    expect(bulk.data.rows).toBe(60);
    expect(s.events.filter((e) => e.event === 'update')).toHaveLength(1);
    s.close();
  });

  it('never sends a table outside the key scope: 403 at connect, and its events never reach another stream of the key', async () => {
    const scoped = await shop.o('POST', `${shop.base}/keys`, { name: '주문만', apiId: shop.apiId, tables: ['orders'] });
    expect(scoped.status).toBe(201);
    const refused = await stream(t.origin, shop.apiId, 'customers', scoped.body.key);
    expect(refused.res.status).toBe(403);
    expect(await refused.body()).toMatchObject({ code: 'PGRST403' });
    const orders = await stream(t.origin, shop.apiId, 'orders', scoped.body.key);
    await db.query(`INSERT INTO customers (name, email, city) VALUES ('범위 밖', 'out@example.com', 'Seoul')`);
    const [o] = await db.query(`INSERT INTO orders (customer_id, status, amount) VALUES (1, 'paid', 1000) RETURNING id`);
    await orders.until((e) => e.event === 'insert' && (e.data.pk as { id: number }).id === o!.id);
    expect(orders.events.every((e) => e.event === 'ready' || e.data.table === 'orders')).toBe(true);
    // Unknown table and wrong key: PostgREST's 404 and 401.
    expect((await stream(t.origin, shop.apiId, 'nope', shop.key)).res.status).toBe(404);
    expect((await stream(t.origin, shop.apiId, 'orders', 'sk_wrong')).res.status).toBe(401);
    orders.close();
  });

  it('resumes with Last-Event-ID within the window and asks for a refetch otherwise', async () => {
    const s = await stream(t.origin, shop.apiId, 'orders', shop.key);
    const [a] = await db.query(`INSERT INTO orders (customer_id, status, amount) VALUES (1, 'paid', 1) RETURNING id`);
    const first = await s.until((e) => e.event === 'insert' && (e.data.pk as { id: number }).id === a!.id);
    s.close();
    // Changes while the client is away (another stream keeps the feed, as a reconnect would find it).
    const keep = await stream(t.origin, shop.apiId, 'orders', shop.key);
    const [b] = await db.query(`INSERT INTO orders (customer_id, status, amount) VALUES (1, 'paid', 2) RETURNING id`);
    await keep.until((e) => e.event === 'insert' && (e.data.pk as { id: number }).id === b!.id);
    const resumed = await stream(t.origin, shop.apiId, 'orders', shop.key, { 'last-event-id': first.id! });
    expect((await resumed.until((e) => e.event === 'insert')).data.pk).toEqual({ id: b!.id });
    const lost = await stream(t.origin, shop.apiId, 'orders', shop.key, { 'last-event-id': 'feedbeef.1' });
    expect((await lost.until((e) => e.event === 'refetch')).data).toMatchObject({ table: 'orders', reason: 'gap' });
    for (const x of [keep, resumed, lost]) x.close();
  });

  it('limits open streams per key, ends a stream when its key is revoked, and leaves no listener behind', async () => {
    const deps = apiBuilderDepsOf(t.app.ctx)!;
    const made = await shop.o('POST', `${shop.base}/keys`, { name: '한도', apiId: shop.apiId });
    const many: Awaited<ReturnType<typeof openStream>>[] = [];
    for (let i = 0; i < LIVE_STREAMS_PER_KEY; i++) many.push(await stream(t.origin, shop.apiId, 'orders', made.body.key));
    const over = await stream(t.origin, shop.apiId, 'orders', made.body.key);
    expect(over.res.status).toBe(429);
    expect(await over.body()).toMatchObject({ code: 'PGRST429', message: expect.stringContaining(`${LIVE_STREAMS_PER_KEY}개`) });
    // One LISTEN connection for the API (the cache's), however many streams.
    expect(await pgListeners(db)).toBe(1);
    const keys = await shop.o('GET', `${shop.base}/keys`);
    const keyId = (keys.body.data as { id: string; name: string }[]).find((k) => k.name === '한도')!.id;
    expect((await shop.o('DELETE', `${shop.base}/keys/${keyId}`)).status).toBe(200);
    for (const s of many) await s.until((e) => e.event === 'close');
    await vi.waitFor(() => expect(many.every((s) => s.ended())).toBe(true), { timeout: 10_000 });
    for (const s of open) s.close();
    await vi.waitFor(() => expect(deps.live.stats().streams).toBe(0), { timeout: 10_000 });
    expect(await pgListeners(db)).toBe(1);
  });
});

describe.each(customerEngines(['mysql'] as const))('live changes on MariaDB (app database: postgres)', () => {
  let t: TTestApp;
  let db: TCustomerDb;
  let shop: Awaited<ReturnType<typeof publishedShop>>;

  beforeAll(async () => {
    t = await createTestApp(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', { listen: true });
    db = await createCustomerDb('mysql');
    shop = await publishedShop(t, db);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('announces a table-level change from the probe, only to keys with the table in scope, and stops probing on disconnect', async () => {
    const deps = apiBuilderDepsOf(t.app.ctx)!;
    const s = await openStream(t.origin, shop.apiId, 'customers', shop.key);
    expect(s.events[0]!.data).toEqual({ table: 'customers', changes: 'table' });
    const scoped = await shop.o('POST', `${shop.base}/keys`, { name: '주문만', apiId: shop.apiId, tables: ['orders'] });
    expect((await openStream(t.origin, shop.apiId, 'customers', scoped.body.key)).res.status).toBe(403);
    const orders = await openStream(t.origin, shop.apiId, 'orders', scoped.body.key);
    expect(deps.live.stats().pollers).toBe(1);
    // The probe's first reading is its baseline; then another application writes.
    await new Promise((r) => setTimeout(r, 1_500));
    await db.query('UPDATE customers SET city = ? WHERE id = ?', ['Daegu', 1]);
    expect((await s.until((e) => e.event === 'change')).data).toMatchObject({ table: 'customers', op: 'change', pk: null });
    expect(orders.events.some((e) => e.data.table === 'customers')).toBe(false);
    s.close();
    orders.close();
    await vi.waitFor(() => expect(deps.live.stats()).toEqual({ streams: 0, pollers: 0 }), { timeout: 10_000 });
  }, 60_000);
});

/** Two instances on one database and one Redis: a change through A, or by another application, reaches a stream on B. */
describe.runIf(Boolean(process.env.REDIS_URL) && customerEngines(['postgres'] as const).length > 0)('live changes across instances (REDIS_URL)', () => {
  const closers: (() => Promise<unknown>)[] = [];
  let db: TCustomerDb;
  afterAll(async () => {
    for (const c of closers.reverse()) await c();
    await db?.drop();
  });

  it("streams on instance B what was written through instance A's API and by another application; A's revocation ends it", async () => {
    const { a, b } = await twoInstances('postgres', closers);
    db = await createCustomerDb('postgres');
    const shop = await publishedShop(a, db);
    expect((await shop.o('POST', `${shop.base}/apis/${shop.apiId}/change-triggers`)).status).toBe(200);
    const s = await openStream(b.origin, shop.apiId, 'customers', shop.key);
    const made = await fetch(`${a.origin}/api/v1/${shop.apiId}/customers`, {
      method: 'POST',
      headers: { apikey: shop.key, 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({ name: '에이', email: 'a@example.com', city: 'Seoul' }),
    });
    expect(made.status).toBe(201);
    const id = ((await made.json()) as { id: number }[])[0]!.id;
    expect((await s.until((e) => e.event === 'insert')).data.pk).toEqual({ id });
    await db.query('DELETE FROM customers WHERE id = $1', [id]);
    expect((await s.until((e) => e.event === 'delete')).data.pk).toEqual({ id });
    const keys = await shop.o('GET', `${shop.base}/keys`);
    expect((await shop.o('DELETE', `${shop.base}/keys/${(keys.body.data as { id: string }[])[0]!.id}`)).status).toBe(200);
    await s.until((e) => e.event === 'close');
    await vi.waitFor(() => expect(s.ended()).toBe(true), { timeout: 10_000 });
  }, 120_000);
});

/** End users (decision 090): the stream re-reads each changed row under the token's role, so RLS decides what it sees. */
describe.each(customerEngines(['postgres'] as const))('live changes for an end user under row-level security', () => {
  let t: TTestApp;
  let db: TCustomerDb;
  let shop: Awaited<ReturnType<typeof publishedShop>>;
  const USER = `live_user_${randomBytes(3).toString('hex')}`;
  const SECRET = randomBytes(32).toString('base64url');
  const token = (sub: string, expiresIn: string | number = '5m') =>
    new SignJWT({ sub, role: USER }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(expiresIn).sign(new TextEncoder().encode(SECRET));

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE ROLE ${USER} NOLOGIN`);
    await admin.end();
    db = await createCustomerDb('postgres');
    for (const q of [
      `CREATE TABLE notes (id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, owner text NOT NULL, body text NOT NULL)`,
      `ALTER TABLE notes ENABLE ROW LEVEL SECURITY`,
      `CREATE POLICY own_notes ON notes TO ${USER} USING (owner = current_setting('request.jwt.claims', true)::json->>'sub')`,
      `GRANT SELECT ON notes TO ${USER}`,
      `GRANT USAGE ON SCHEMA public TO ${USER}`,
    ])
      await db.query(q);
    t = await createTestApp('pglite', { listen: true });
    shop = await publishedShop(t, db, { tables: [...ALL_TABLES, { name: 'notes', methods: ['GET'] }] });
    expect((await shop.o('POST', `${shop.base}/apis/${shop.apiId}/change-triggers`)).status).toBe(200);
    const saved = await shop.o('PUT' as 'PATCH', `${shop.base}/apis/${shop.apiId}/end-user-auth`, {
      enabled: true,
      mode: 'secret',
      jwksUrl: null,
      secret: SECRET,
      allowedRoles: [USER],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP ROLE IF EXISTS ${USER}`).catch(() => undefined);
    await admin.end();
  });

  it("sends alice her own rows' changes, never bob's keys; a delete goes out without keys; a bad token gets 401", async () => {
    const s = await openStream(t.origin, shop.apiId, 'notes', '', { authorization: `Bearer ${await token('alice')}` });
    expect(s.res.status).toBe(200);
    const [bob] = await db.query(`INSERT INTO notes (owner, body) VALUES ('bob', '밥 메모') RETURNING id`);
    const [alice] = await db.query(`INSERT INTO notes (owner, body) VALUES ('alice', '앨리스 메모') RETURNING id`);
    expect((await s.until((e) => e.event === 'insert')).data.pk).toEqual({ id: alice!.id });
    await db.query(`UPDATE notes SET body = '밥 수정' WHERE id = $1`, [bob!.id]);
    await db.query(`UPDATE notes SET body = '앨리스 수정' WHERE id = $1`, [alice!.id]);
    expect((await s.until((e) => e.event === 'update')).data.pk).toEqual({ id: alice!.id });
    await db.query('DELETE FROM notes WHERE id = $1', [bob!.id]);
    expect((await s.until((e) => e.event === 'delete')).data).toMatchObject({ table: 'notes', op: 'delete', pk: null });
    const seen = JSON.stringify(s.events);
    expect(s.events.filter((e) => e.event === 'insert' || e.event === 'update')).toHaveLength(2);
    expect(seen).not.toContain(`"id":${bob!.id}}`);
    s.close();
    const forged = await openStream(t.origin, shop.apiId, 'notes', '', {
      authorization: `Bearer ${await new SignJWT({ sub: 'alice', role: USER })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode('x'.repeat(40)))}`,
    });
    expect(forged.res.status).toBe(401);
    expect(await forged.body()).toMatchObject({ code: 'PGRST301' });
  });

  it('treats NOTIFY as a hint: a burst past the pending checks becomes one refetch, more than 50 keys lose their keys', async () => {
    const s = await openStream(t.origin, shop.apiId, 'notes', '', { authorization: `Bearer ${await token('alice')}` });
    expect(s.res.status).toBe(200);
    // Anyone connected to the customer's database can NOTIFY the channel: 60 keys in one event go out without keys.
    await db.query(`SELECT pg_notify($1, $2)`, [
      ROW_CHANNEL,
      JSON.stringify({ t: 'notes', op: 'insert', pk: Array.from({ length: 60 }, (_, i) => ({ id: i })) }),
    ]);
    expect((await s.until((e) => e.event === 'insert')).data).toMatchObject({ pk: null, rows: 60 });
    // Three events of 50 keys at once: 150 row checks would wait; past 100 they are dropped for one refetch.
    const burst = [0, 1, 2].map((b) => JSON.stringify({ t: 'notes', op: 'update', pk: Array.from({ length: 50 }, (_, i) => ({ id: 1000 + b * 50 + i })) }));
    await db.query(`SELECT pg_notify($1, $2), pg_notify($1, $3), pg_notify($1, $4)`, [ROW_CHANNEL, ...burst]);
    expect((await s.until((e) => e.event === 'refetch')).data).toMatchObject({ table: 'notes', reason: 'overflow' });
    s.close();
  });
});

describe('live hub: trigger payloads', () => {
  it('ignores a NOTIFY for a table no stream of the API watches', () => {
    const hub = createLiveHub({ log: { warn: () => undefined }, probeEngine: async () => undefined, clock: () => new Date() });
    const got: number[] = [];
    hub.subscribe(
      'api',
      'postgres',
      { table: 'orders', keyHash: 'h', keyId: 'k', send: (e) => got.push(e.seq), refetch: () => undefined, close: () => undefined },
      undefined,
    );
    hub.fromTrigger('api', JSON.stringify({ t: 'secrets', op: 'insert', pk: [{ id: 1 }] }));
    hub.fromTrigger('api', JSON.stringify({ t: 'orders', op: 'insert', pk: [{ id: 1 }] }));
    // The first payload was never kept: the orders event is the hub's first.
    expect(got).toEqual([1]);
    hub.close();
  });
});
