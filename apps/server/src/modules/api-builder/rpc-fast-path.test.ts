/**
 * Function calls answered before the framework (fast-path.ts, decision 095), over real HTTP — `inject` never reaches
 * the fast path, so each answer is compared with the framework route's answer to the same call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestContext } from '../../test/helpers.ts';
import { ALL_TABLES, createCustomerDb, customerServersUp, listenOnLoopback, publishedShop, type TCustomerDb } from './testing/api-builder-kit.ts';
import { rpcTarget } from './fast-path.ts';

const METRICS_TOKEN = 'rpc-fast-path-metrics-token-012345';
const VARYING = new Set(['date', 'connection', 'keep-alive', 'x-request-id', 'transfer-encoding']);

describe.runIf(customerServersUp('postgres'))('data API function calls before the framework', () => {
  let t: TTestContext;
  let db: TCustomerDb;
  let shop: Awaited<ReturnType<typeof publishedShop>>;
  let origin: string;
  const publish = async (names: string[]) => {
    const res = await shop.o('PATCH', `${shop.base}/apis/${shop.apiId}`, { functions: names.map((name) => ({ name })) });
    expect(res.status).toBe(200);
  };
  /** The same call over HTTP (fast path) and through inject (framework route). */
  const both = async (path: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) => {
    const method = init.method ?? 'POST';
    const headers = { apikey: shop.key, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers };
    const viaHttp = await fetch(`${origin}/api/v1/${shop.apiId}/rpc/${path}`, { method, headers, ...(init.body === undefined ? {} : { body: init.body }) });
    const framework = await t.app.inject({
      method: method as 'GET' | 'POST',
      url: `/api/v1/${shop.apiId}/rpc/${path}`,
      headers,
      ...(init.body === undefined ? {} : { payload: init.body }),
    });
    const fromHttp = Object.fromEntries([...viaHttp.headers].filter(([k]) => !VARYING.has(k)));
    const fromFramework = Object.fromEntries(
      Object.entries(framework.headers)
        .filter(([k]) => !VARYING.has(k))
        .map(([k, v]) => [k, String(v)]),
    );
    return {
      viaHttp: { status: viaHttp.status, body: await viaHttp.text(), headers: fromHttp },
      framework: { status: framework.statusCode, body: framework.body, headers: fromFramework },
    };
  };
  const metric = async (pattern: RegExp) => {
    const text = await (await fetch(`${origin}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    return text
      .split('\n')
      .filter((l) => pattern.test(l))
      .reduce((a, l) => a + Number(l.split(' ').pop()), 0);
  };

  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { METRICS_TOKEN } });
    db = await createCustomerDb('postgres');
    for (const s of [
      `CREATE FUNCTION add_nums(a integer, b integer DEFAULT 10) RETURNS integer LANGUAGE sql IMMUTABLE AS $$ SELECT a + b $$`,
      `CREATE FUNCTION orders_of(cust integer) RETURNS SETOF orders LANGUAGE sql STABLE AS $$ SELECT * FROM orders WHERE customer_id = cust ORDER BY id $$`,
      `CREATE FUNCTION touch_nothing() RETURNS void LANGUAGE sql VOLATILE AS $$ SELECT $$`,
      `CREATE FUNCTION contacts() RETURNS TABLE(name text, phone text) LANGUAGE sql STABLE AS $$ VALUES ('김민수', '010-1234-5678') $$`,
    ])
      await db.query(s);
    shop = await publishedShop(t, db, { tables: ALL_TABLES });
    await publish(['add_nums', 'orders_of', 'touch_nothing', 'contacts']);
    origin = await listenOnLoopback(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('answers POST and GET calls with the same status, body and headers as the framework route', async () => {
    const calls: [string, { method?: string; body?: string }, number][] = [
      ['orders_of?select=id,amount&order=id.desc', { body: JSON.stringify({ cust: 1 }) }, 200],
      ['add_nums', { body: JSON.stringify({ a: 2, b: 3 }) }, 200],
      ['add_nums?a=2', { method: 'GET' }, 200],
      ['contacts', { body: '{}' }, 200],
      ['touch_nothing', { body: '' }, 204],
    ];
    for (const [path, init, status] of calls) {
      const { viaHttp, framework } = await both(path, init);
      expect(viaHttp.status, path).toBe(status);
      expect(framework.status, path).toBe(status);
      expect(viaHttp.body, path).toBe(framework.body);
      expect(viaHttp.headers, path).toEqual(framework.headers);
    }
    // Masked as on the framework path, and the security headers are there.
    const { viaHttp } = await both('contacts', { body: '{}' });
    expect(JSON.parse(viaHttp.body)).toEqual([{ name: '김민수', phone: '010-****-5678' }]);
    expect(viaHttp.headers['x-content-type-options']).toBe('nosniff');
    expect(viaHttp.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers refusals found after the body is read as the framework does: bad JSON, a NUL, unknown arguments, GET of a writing function', async () => {
    const cases: [string, { method?: string; body?: string }, number, string][] = [
      ['add_nums', { body: '{"a": 1,' }, 400, 'PGRST102'],
      ['add_nums', { body: JSON.stringify({ a: 'x\u0000y' }) }, 400, 'INVALID_TEXT'],
      ['add_nums', { body: JSON.stringify({ x: 1 }) }, 404, 'PGRST202'],
      ['add_nums', { body: JSON.stringify({ a: 'not a number' }) }, 400, '22P02'],
      ['touch_nothing', { method: 'GET' }, 405, 'PGRST101'],
    ];
    for (const [path, init, status, code] of cases) {
      const { viaHttp, framework } = await both(path, init);
      expect(viaHttp.status, `${path} ${init.body}`).toBe(status);
      expect(framework.status).toBe(status);
      expect((JSON.parse(viaHttp.body) as { code: string }).code).toBe(code);
      expect(JSON.parse(viaHttp.body)).toEqual(JSON.parse(framework.body));
      expect(viaHttp.headers).toEqual(framework.headers);
    }
  });

  it('sees a function unpublished and republished at once, on either path', async () => {
    const call = () => both('add_nums', { body: JSON.stringify({ a: 1, b: 2 }) });
    expect((await call()).viaHttp).toMatchObject({ status: 200, body: '3' });
    await publish(['orders_of', 'touch_nothing', 'contacts']);
    const gone = await call();
    expect(gone.viaHttp.status).toBe(404);
    expect((JSON.parse(gone.viaHttp.body) as { code: string }).code).toBe('PGRST202');
    expect(gone.framework.status).toBe(404);
    await publish(['add_nums', 'orders_of', 'touch_nothing', 'contacts']);
    expect((await call()).viaHttp).toMatchObject({ status: 200, body: '3' });
  });

  it('checks the key, its scope and its rate limit on every call', async () => {
    const wrong = await fetch(`${origin}/api/v1/${shop.apiId}/rpc/add_nums?a=1`, { headers: { apikey: 'sk_not_a_key' } });
    expect(wrong.status).toBe(401);
    const scoped = await shop.o('POST', `${shop.base}/keys`, { name: '함수 하나', apiId: shop.apiId, tables: ['rpc/orders_of'] });
    expect(scoped.status).toBe(201);
    const outside = await fetch(`${origin}/api/v1/${shop.apiId}/rpc/add_nums?a=1`, { headers: { apikey: scoped.body.key } });
    expect(outside.status).toBe(403);
    const limited = await shop.o('POST', `${shop.base}/keys`, { name: '제한 2', apiId: shop.apiId, rateLimitPerMinute: 2 });
    expect(limited.status).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await fetch(`${origin}/api/v1/${shop.apiId}/rpc/add_nums?a=1`, { headers: { apikey: limited.body.key } })).status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('counts calls in the metrics under the function route', async () => {
    const pattern = /^http_requests_total\{method="POST",route="\/api\/v1\/:apiId\/rpc\/:fn",status="200"\}/;
    const before = await metric(pattern);
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${origin}/api/v1/${shop.apiId}/rpc/add_nums`, {
        method: 'POST',
        headers: { apikey: shop.key, 'content-type': 'application/json' },
        body: JSON.stringify({ a: i }),
      });
      expect(await res.json()).toBe(i + 10);
    }
    expect(await metric(pattern)).toBe(before + 4);
  });

  it('leaves unusual function paths and bodies to the framework, which still answers them', async () => {
    expect(rpcTarget(`/api/v1/${shop.apiId}/rpc/add_nums?a=1`)).toEqual({ apiId: shop.apiId, fn: 'add_nums', query: 'a=1' });
    expect(rpcTarget(`/api/v1/${shop.apiId}/rpc/%61dd_nums`)).toBeUndefined();
    expect(rpcTarget(`/api/v1/${shop.apiId}/rpc/a/b`)).toBeUndefined();
    expect(rpcTarget(`/api/v1/${shop.apiId}/customers`)).toBeUndefined();
    // An encoded name and a text/plain body: the framework's answers.
    const encoded = await fetch(`${origin}/api/v1/${shop.apiId}/rpc/%61dd_nums?a=1&b=1`, { headers: { apikey: shop.key } });
    expect(encoded.status).toBe(200);
    expect(await encoded.json()).toBe(2);
    const plain = await both('add_nums', { body: 'a=1', headers: { 'content-type': 'text/plain' } });
    expect(plain.viaHttp.status).toBeGreaterThanOrEqual(400);
    expect(plain.viaHttp.status).toBe(plain.framework.status);
    expect(plain.viaHttp.body).toBe(plain.framework.body);
  });
});
