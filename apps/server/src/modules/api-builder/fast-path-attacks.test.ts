/**
 * The data API's fast path (fast-path.ts, decision 097/099) probed as an attacker would: one key must never be served
 * what was cached or remembered for another (scope, masking), equivalent-looking requests must not meet in one entry
 * unless they are the same read, nothing a client sends may reach the hand-built header block, and a key's holder
 * must not be able to pin unbounded memory through the remembered requests (tickets).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestContext } from '../../test/helpers.ts';
import type { TAppContext } from '../../context.ts';
import { apiBuilderDepsOf } from './api-builder.module.ts';
import { hashKey, rememberedRequests } from './data-api.service.ts';
import { createRuntime } from './runtime.ts';
import { ALL_TABLES, createCustomerDb, customerServersUp, listenOnLoopback, publishedShop, rawAnswer, type TCustomerDb } from './testing/api-builder-kit.ts';

describe.runIf(customerServersUp('postgres'))('the fast path under attack', () => {
  let t: TTestContext;
  let db: TCustomerDb;
  let shop: Awaited<ReturnType<typeof publishedShop>>;
  let origin: string;
  let port: number;
  const get = (path: string, key = shop.key, headers: Record<string, string> = {}) =>
    fetch(`${origin}/api/v1/${shop.apiId}${path}`, { headers: { apikey: key, ...headers } });
  const newKey = async (body: Record<string, unknown>) => {
    const res = await shop.o('POST', `${shop.base}/keys`, { name: '공격 키', apiId: shop.apiId, rateLimitPerMinute: 100_000, ...body });
    expect(res.status).toBe(201);
    return res.body.key as string;
  };

  beforeAll(async () => {
    t = await createTestApp('pglite');
    db = await createCustomerDb('postgres');
    await db.query(`CREATE TABLE members (id integer PRIMARY KEY, phone varchar(20))`);
    await db.query(`INSERT INTO members (id, phone) VALUES (1, '010-1234-5678'), (2, '010-9876-5432')`);
    shop = await publishedShop(t, db, { tables: [...ALL_TABLES, { name: 'members', methods: ['GET'] }] });
    origin = await listenOnLoopback(t);
    port = Number(new URL(origin).port);
  }, 90_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('a masked key never gets the unmasked entry of a personal-data key (either order), nor the reverse', async () => {
    const pii = await newKey({ readPersonalData: true });
    const a = '/members?select=id,phone&id=eq.1';
    expect(await (await get(a, pii)).json()).toEqual([{ id: 1, phone: '010-1234-5678' }]);
    for (let i = 0; i < 2; i++) {
      const masked = await get(a);
      expect(await masked.json()).toEqual([{ id: 1, phone: '010-****-5678' }]);
    }
    const b = '/members?select=id,phone&id=eq.2';
    expect(await (await get(b)).json()).toEqual([{ id: 2, phone: '010-****-5432' }]);
    const plain = await get(b, pii);
    expect(await plain.json()).toEqual([{ id: 2, phone: '010-9876-5432' }]);
    // A masked key may not filter by the personal column, even when the unmasked key's entry for that read exists.
    const f = '/members?select=id&phone=eq.010-1234-5678';
    expect((await get(f, pii)).status).toBe(200);
    expect((await get(f, pii)).headers.get('x-cache')).toBe('HIT');
    expect((await get(f)).status).toBe(403);
  });

  it('a narrower key is refused a read a full key has cached (table, embedded table, method)', async () => {
    const path = '/customers?select=id,orders(id)&id=eq.1';
    await get(path);
    expect((await get(path)).headers.get('x-cache')).toBe('HIT');
    const onlyCustomers = await newKey({ tables: ['customers'] });
    expect((await get(path, onlyCustomers)).status).toBe(403);
    expect((await get('/customers?select=id&id=eq.1', onlyCustomers)).status).toBe(200);
    const writeOnly = await newKey({ methods: ['POST'] });
    expect((await get(path, writeOnly)).status).toBe(403);
    // A key of this API is not a key of another API id (the fast path's lookup must not take the path's word for it).
    const other = `${origin}/api/v1/00000000-0000-4000-8000-000000000000/customers?select=id`;
    expect((await fetch(other, { headers: { apikey: shop.key } })).status).toBe(401);
    // An end user's token (JWT-shaped) is never answered from the key's entry.
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    expect((await get(path, jwt)).status).toBe(401);
    expect((await get(path, shop.key, { authorization: `Bearer ${jwt}` })).status).toBe(401);
  });

  it('requests that differ in Accept, Range, Prefer or repeated parameters never share an entry; equivalent spellings do', async () => {
    const base = '/customers?select=id&order=id.asc';
    for (let round = 0; round < 2; round++) {
      const list = await get(base);
      expect(await list.json()).toEqual([1, 2, 3, 4, 5, 6].map((id) => ({ id })));
      const ranged = await get(base, shop.key, { range: '0-1' });
      expect(await ranged.json()).toEqual([{ id: 1 }, { id: 2 }]);
      const counted = await get(`${base}&limit=1`, shop.key, { prefer: 'count=exact' });
      expect(counted.headers.get('content-range')).toBe('0-0/6');
      const uncounted = await get(`${base}&limit=1`);
      expect(uncounted.headers.get('content-range')).toBe('0-0/*');
      const one = await get('/customers?select=id&id=eq.1', shop.key, { accept: 'application/vnd.pgrst.object+json' });
      expect(await one.json()).toEqual({ id: 1 });
      expect(await (await get('/customers?select=id&id=eq.1')).json()).toEqual([{ id: 1 }]);
      // The parser keeps the last select: the two orders are different reads.
      expect(await (await get('/customers?select=id&select=name&id=eq.1')).json()).toEqual([{ name: '김민수' }]);
      expect(await (await get('/customers?select=name&select=id&id=eq.1')).json()).toEqual([{ id: 1 }]);
    }
    // Percent-encoding is the same read, so the same entry.
    await get('/customers?select=id&id=eq.2');
    const encoded = await get('/customers?select=%69d&id=eq.%32');
    expect(encoded.headers.get('x-cache')).toBe('HIT');
    expect(await encoded.json()).toEqual([{ id: 2 }]);
  });

  it("a value spelling the entry key's field separators is only its own read", async () => {
    const real = '/customers?select=id&id=eq.3';
    await get(real);
    // Line breaks, quotes and colons in a value: JSON in the key text, so no field can be forged.
    const forged = encodeURIComponent('3"\n"GET"\n\n\n\nnull\nnull\n["customers"]\nfalse:ttl:0');
    const res = await get(`/customers?select=id&city=eq.${forged}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBe('MISS');
    expect(await res.json()).toEqual([]);
    expect(await (await get(real)).json()).toEqual([{ id: 3 }]);
  });

  it("nothing a client sends reaches a hit's hand-built header block", async () => {
    const path = `/api/v1/${shop.apiId}/customers?select=id&id=eq.4`;
    await get(path.slice(`/api/v1/${shop.apiId}`.length));
    const head = (extra: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: ${shop.key}\r\naccept: */*\r\n${extra}\r\n`;
    const tries = ['x-request-id: abcdefgh;set-cookie=pwned', 'x-request-id: abcdefgh\tset-cookie: pwned', 'x-request-id: ' + 'a'.repeat(65)];
    for (const extra of tries) {
      const raw = await rawAnswer(port, head(`${extra}\r\n`));
      expect(raw.startsWith('HTTP/1.1 200 OK\r\n')).toBe(true);
      expect(raw).toMatch(/\r\nx-cache: HIT\r\n/);
      expect(raw.toLowerCase()).not.toContain('pwned');
      expect(raw.match(/\r\nx-request-id: /g)).toHaveLength(1);
      expect(raw).toMatch(/\r\nx-request-id: [0-9a-f-]{36}\r\n/);
    }
    // A request id that looks like one is echoed as sent.
    expect(await rawAnswer(port, head('x-request-id: client-0001\r\n'))).toMatch(/\r\nx-request-id: client-0001\r\n/);
    // A CR/LF in a header never reaches the app: Node refuses the request.
    const split = await rawAnswer(port, head('x-request-id: abcdefgh\rset-cookie: pwned\r\n'));
    expect(split.startsWith('HTTP/1.1 400')).toBe(true);
  });

  it('NUL bytes and odd table spellings get the framework answer, not a hit', async () => {
    expect((await get('/customers?select=id&id=eq.1%00')).status).toBe(400);
    expect((await get('/customers%00?select=id')).status).not.toBe(200);
    // An encoded ASCII letter is left to the framework, whose router decodes it: the same table, the same read.
    const encoded = await get('/%63ustomers?select=id&id=eq.1');
    expect(encoded.status).toBe(200);
    expect(await encoded.json()).toEqual([{ id: 1 }]);
    expect((await get('/customers/?select=id&id=eq.1')).status).not.toBe(200);
    expect((await get('/secrets?select=*')).status).toBe(404);
  });

  it('hits are counted toward the key’s rate limit', async () => {
    const limited = await newKey({ rateLimitPerMinute: 3 });
    const path = '/customers?select=id&id=eq.5';
    await get(path);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await get(path, limited)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('one key cannot pin memory through remembered requests: refused and long requests leave none, and tickets stay bounded', async () => {
    // Cache off: what the fast path remembers per request is its preparation and its ticket (decision 100).
    expect((await shop.o('PATCH', `${shop.base}/apis/${shop.apiId}`, { cacheMode: 'off' })).status).toBe(200);
    expect((await get('/customers?select=id&id=eq.1')).status).toBe(200);
    const live = apiBuilderDepsOf(t.app.ctx)!.runtime.knownLive(shop.apiId)!;
    expect(live).toBeDefined();
    const remembered = () => rememberedRequests(live);
    // A key over its limit: every request is refused 429 and leaves nothing behind (it used to leave a ticket each).
    const limited = await newKey({ rateLimitPerMinute: 1 });
    expect((await get('/customers?select=id&id=eq.1', limited)).status).toBe(200);
    const before = remembered();
    for (let q = 0; q < 40; q++) {
      const res = await get(`/customers?select=id&id=neq.${q}`, limited, { range: `0-${q % 8}` });
      expect(res.status).toBe(429);
      await res.arrayBuffer();
    }
    expect(remembered()).toEqual(before);
    // Long requests (over 2 KiB) are answered and never remembered.
    const long = (q: number) => `/customers?select=id&id=neq.${q}` + Array.from({ length: 200 }, (_, i) => `&id=neq.${100_000 + q * 1_000 + i}`).join('');
    for (let q = 0; q < 10; q++) {
      const res = await get(long(q));
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    expect(remembered()).toEqual(before);
    // Short admitted requests are remembered, at most 1,000 tickets in all however many query strings.
    for (let q = 0; q < 1_050; q++) {
      const res = await get(`/customers?select=id&id=eq.${q}`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const after = remembered();
    expect(after.tickets).toBeGreaterThan(before.tickets);
    expect(after.tickets).toBeLessThanOrEqual(1_000);
    expect(after.reads).toBeLessThanOrEqual(1_000);
  }, 120_000);

  it('a key dropped while its lookup runs is not remembered from that lookup, and made-up keys do not push out real ones', async () => {
    const runtime = createRuntime({ database: t.database, state: t.state, config: t.config } as unknown as TAppContext);
    const hash = hashKey(shop.key);
    // Revoked (or rotated, re-scoped) while the database read of the key is under way: that read is not kept.
    const pending = runtime.key(hash);
    await runtime.changed('key', hash);
    expect((await pending)?.apiId).toBe(shop.apiId);
    expect(runtime.knownKey(hash)).toBeUndefined();
    // The next lookup reads it again and is kept.
    expect((await runtime.key(hash))?.apiId).toBe(shop.apiId);
    expect(runtime.knownKey(hash)?.info?.apiId).toBe(shop.apiId);
    // More made-up keys than the records kept (10,000): the real key's record stays.
    for (let i = 0; i < 10_001; i++) await runtime.key(hashKey(`made-up-${i}`));
    expect(runtime.knownKey(hash)?.info?.apiId).toBe(shop.apiId);
    expect(runtime.knownKey(hashKey('made-up-10000'))).toEqual({ at: expect.any(Number), info: undefined });
    await runtime.close();
  }, 120_000);
});
