/**
 * Reads answered before Fastify (fast-path.ts), over real HTTP — `inject` never reaches the fast path. An answer must
 * look and count exactly like one through the framework, and every request the fast path declines must still get the
 * framework's answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestContext } from '../../test/helpers.ts';
import { createCustomerDb, customerServersUp, listenOnLoopback, publishedShop, type TCustomerDb } from './testing/api-builder-kit.ts';
import { dataApiTarget } from './fast-path.ts';

const METRICS_TOKEN = 'fast-path-metrics-token-0123456789';

describe.runIf(customerServersUp('postgres'))('data API cache hits before the framework', () => {
  let t: TTestContext;
  let db: TCustomerDb;
  let shop: Awaited<ReturnType<typeof publishedShop>>;
  let origin: string;
  const http = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(`${origin}/api/v1/${shop.apiId}${path}`, { method, headers: { apikey: shop.key, ...headers } });
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
    shop = await publishedShop(t, db, { rateLimitPerMinute: 1_000 });
    origin = await listenOnLoopback(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('answers a hit with the same status, body and headers as the framework path', async () => {
    const path = '/customers?select=id,name&id=eq.1';
    const miss = await http(path);
    expect(miss.headers.get('x-cache')).toBe('MISS');
    const hit = await http(path, { 'x-request-id': 'client-req-000123' });
    expect(hit.status).toBe(200);
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expect(hit.headers.get('x-request-id')).toBe('client-req-000123');
    expect(await hit.json()).toEqual(await miss.json());
    // The same hit through the framework (inject does not pass the fast path): the same header names and values.
    // (fetch sends `accept: */*`; the Accept header is part of the cache key, so inject sends it too.)
    const framework = await t.app.inject({ url: `/api/v1/${shop.apiId}${path}`, headers: { apikey: shop.key, accept: '*/*' } });
    expect(framework.headers['x-cache']).toBe('HIT');
    const varying = new Set(['date', 'connection', 'keep-alive', 'x-request-id', 'server-timing']);
    const fromHttp = Object.fromEntries([...hit.headers].filter(([k]) => !varying.has(k)));
    const fromFramework = Object.fromEntries(
      Object.entries(framework.headers)
        .filter(([k]) => !varying.has(k))
        .map(([k, v]) => [k, String(v)]),
    );
    expect(fromHttp).toEqual(fromFramework);
    // The data API's own security headers (decision 103), not the app pages' document set.
    expect(fromHttp['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(fromHttp['x-frame-options']).toBe('DENY');
    expect(fromHttp['x-content-type-options']).toBe('nosniff');
    expect(fromHttp['cross-origin-opener-policy']).toBeUndefined();
    expect(hit.headers.get('server-timing')).toMatch(/^db;dur=\d+(\.\d)?$/);
  });

  it('a database error on a read is answered as the framework answers it', async () => {
    const path = '/customers?select=id&id=eq.not-a-number';
    const viaHttp = await http(path, { accept: 'application/json' });
    const framework = await t.app.inject({ url: `/api/v1/${shop.apiId}${path}`, headers: { apikey: shop.key, accept: 'application/json' } });
    expect(viaHttp.status).toBe(400);
    expect(framework.statusCode).toBe(400);
    expect(await viaHttp.json()).toEqual(framework.json());
    expect(viaHttp.headers.get('content-type')).toBe(framework.headers['content-type']);
    expect(viaHttp.headers.get('access-control-allow-origin')).toBe('*');
    expect(viaHttp.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('every data-API answer carries the API security headers, whichever path answers it; app routes keep the document set', async () => {
    const api = "default-src 'none'; frame-ancestors 'none'";
    const answers = [
      await http('/customers?select=id&id=eq.1'), // fast path
      await http('/customers?select=id&id=eq.1', { apikey: 'not-a-key' }), // refused: framework path
      await http('/openapi.json'),
      await http('/customers?select=id&id=eq.9', {}, 'OPTIONS'),
      await fetch(`${origin}/api/v1/${shop.apiId}/customers?id=eq.9`, {
        method: 'PATCH',
        headers: { apikey: shop.key, 'content-type': 'application/json' },
        body: JSON.stringify({ city: 'Seoul' }),
      }),
    ];
    for (const res of answers) {
      expect(res.headers.get('content-security-policy'), `${res.status} ${res.headers.get('access-control-allow-methods')}`).toBe(api);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('cross-origin-opener-policy')).toBeNull();
    }
    const health = await fetch(`${origin}/api/health`);
    expect(health.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(health.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });

  it('a NUL in the query gets the framework’s input-rule refusal', async () => {
    const res = await http('/customers?select=id&name=eq.a%00b');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('INVALID_TEXT');
  });

  it('a write through the API makes the next read a miss with the new value, then a hit again', async () => {
    const path = '/customers?select=id,city&id=eq.2';
    await http(path);
    expect((await http(path)).headers.get('x-cache')).toBe('HIT');
    const patched = await http('/customers?id=eq.2', { 'content-type': 'application/json' }, 'PATCH');
    expect(patched.status).toBe(400); // no body: refused, nothing changed
    const write = await fetch(`${origin}/api/v1/${shop.apiId}/customers?id=eq.2`, {
      method: 'PATCH',
      headers: { apikey: shop.key, 'content-type': 'application/json' },
      body: JSON.stringify({ city: 'Jeonju' }),
    });
    expect(write.status).toBe(204);
    const after = await http(path);
    expect(after.headers.get('x-cache')).toBe('MISS');
    expect(await after.json()).toEqual([{ id: 2, city: 'Jeonju' }]);
    expect((await http(path)).headers.get('x-cache')).toBe('HIT');
  });

  it('keys are checked on every hit: wrong, missing, revoked and out-of-scope keys get the full path refusal', async () => {
    const path = '/customers?select=id&id=eq.3';
    await http(path);
    expect((await http(path)).headers.get('x-cache')).toBe('HIT');
    const wrong = await http(path, { apikey: 'not-a-key' });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { code: string }).code).toBe('PGRST301');
    const none = await fetch(`${origin}/api/v1/${shop.apiId}${path}`);
    expect(none.status).toBe(401);

    // A key limited to another table: the cached customers answer is not theirs.
    const scoped = await shop.o('POST', `${shop.base}/keys`, { name: '주문만', apiId: shop.apiId, tables: ['orders'] });
    expect(scoped.status).toBe(201);
    const other = await http(path, { apikey: scoped.body.key });
    expect(other.status).toBe(403);
    expect(other.headers.get('x-cache')).toBeNull();

    // Nor through an embed: a key for orders cannot read customers as orders' embedded rows, on either path.
    const embedded = '/orders?select=id,customers(name)&id=eq.5';
    await http(embedded);
    expect((await http(embedded)).headers.get('x-cache')).toBe('HIT');
    const viaEmbed = await http(embedded, { apikey: scoped.body.key });
    expect(viaEmbed.status).toBe(403);
    expect(((await viaEmbed.json()) as { message: string }).message).toContain('customers');
    const framework = await t.app.inject({ url: `/api/v1/${shop.apiId}${embedded}`, headers: { apikey: scoped.body.key } });
    expect(framework.statusCode).toBe(403);
    const inner = await http('/orders?select=id,customers!inner(name)&customers.name=eq.Alice', { apikey: scoped.body.key });
    expect(inner.status).toBe(403);
    expect((await http('/orders?select=id&id=eq.5', { apikey: scoped.body.key })).status).toBe(200);

    // Revoked: refused at once, although the answer is still cached.
    const extra = await shop.o('POST', `${shop.base}/keys`, { name: '폐기 예정', apiId: shop.apiId });
    expect((await http(path, { apikey: extra.body.key })).headers.get('x-cache')).toBe('HIT');
    expect((await shop.o('DELETE', `${shop.base}/keys/${extra.body.id}`)).status).toBe(200);
    expect((await http(path, { apikey: extra.body.key })).status).toBe(401);
  });

  it('hits count toward the rate limit, and the request over it gets the 429', async () => {
    const limited = await shop.o('POST', `${shop.base}/keys`, { name: '제한 3', apiId: shop.apiId, rateLimitPerMinute: 3 });
    expect(limited.status).toBe(201);
    const path = '/customers?select=id&id=eq.4';
    const statuses: (string | number | null)[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await http(path, { apikey: limited.body.key });
      statuses.push(res.status === 200 ? res.headers.get('x-cache') : res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // The first fills the cache (another key may have done so already); the second and third are hits; the fourth is over.
    expect(statuses.slice(1)).toEqual(['HIT', 'HIT', 429]);
  });

  it('hits are counted in the metrics, the usage counter and the key’s daily figures', async () => {
    const pattern = /^http_requests_total\{method="GET",route="\/api\/v1\/:apiId\/:table",status="200"\}/;
    const before = await metric(pattern);
    const path = '/orders?select=id&id=eq.5';
    await http(path);
    for (let i = 0; i < 5; i++) expect((await http(path)).headers.get('x-cache')).toBe('HIT');
    expect(await metric(pattern)).toBe(before + 6);
    const summary = await shop.o('GET', `${shop.base}/summary`);
    expect(summary.body.cacheHitsToday).toBeGreaterThanOrEqual(5);
  });

  it('an upper-case spelling of the API id is the same API on both paths', async () => {
    const upper = `/api/v1/${shop.apiId.toUpperCase()}/customers?select=id&id=eq.1`;
    const viaHttp = await fetch(`${origin}${upper}`, { headers: { apikey: shop.key } });
    expect(viaHttp.status).toBe(200);
    expect(await viaHttp.json()).toEqual([{ id: 1 }]);
    const framework = await t.app.inject({ url: upper, headers: { apikey: shop.key } });
    expect(framework.statusCode).toBe(200);
    const doc = await fetch(`${origin}/api/v1/${shop.apiId.toUpperCase()}/openapi.json`, { headers: { apikey: shop.key } });
    expect(doc.status).toBe(200);
  });

  it('leaves other methods, HEAD and unusual paths to the framework', async () => {
    const path = '/customers?select=id&id=eq.1';
    await http(path);
    const head = await http(path, {}, 'HEAD');
    expect(head.status).toBe(200);
    const options = await http(path, {}, 'OPTIONS');
    expect(options.status).toBe(204);
    expect(dataApiTarget(`/api/v1/${shop.apiId}/customers?id=eq.1`)).toEqual({ apiId: shop.apiId, table: 'customers', query: 'id=eq.1' });
    expect(dataApiTarget(`/api/v1/${shop.apiId}/openapi.json`)).toBeUndefined();
    expect(dataApiTarget(`/api/v1/${shop.apiId}/%63ustomers`)).toBeUndefined();
    expect(dataApiTarget(`/api/v1/${shop.apiId}/a/b`)).toBeUndefined();
    expect(dataApiTarget('/api/v1/not-a-uuid/customers')).toBeUndefined();
    // An encoded table name still works, through the framework.
    const encoded = await http('/%63ustomers?select=id&id=eq.1');
    expect(encoded.status).toBe(200);
    expect(await encoded.json()).toEqual([{ id: 1 }]);
  });

  it('while draining, hits are not served from the fast path (the framework answers 503)', async () => {
    const path = '/customers?select=id&id=eq.1';
    expect((await http(path)).headers.get('x-cache')).toBe('HIT');
    void t.app.drain(1_000);
    const res = await http(path);
    expect(res.status).toBe(503);
    expect(res.headers.get('connection')).toBe('close');
  });
});
