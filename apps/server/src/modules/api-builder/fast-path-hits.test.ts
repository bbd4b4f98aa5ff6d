/**
 * The hit path of decision 097: a hit answered from what was worked out for the same request and key before (the key's
 * hash, the preparation and scope checks, the entry's headers written as stored). What it remembers must never outlive
 * what it stands for: a key revoked or changed on another instance is not served from it, and the bytes written are
 * the ones `writeHead` would have written.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, twoInstances, type TTestContext } from '../../test/helpers.ts';
import { hitWire, sendHit } from './fast-path.ts';
import { createCustomerDb, customerServersUp, listenOnLoopback, publishedShop, rawAnswer, type TCustomerDb } from './testing/api-builder-kit.ts';

const withoutDate = (raw: string) => raw.replace(/\r\nDate: [^\r]*/, '\r\nDate: (now)');

describe('a hit written as stored', () => {
  const always = { 'x-content-type-options': 'nosniff', 'access-control-allow-origin': '*' };
  const stored = { status: 200, headers: { 'content-type': 'application/json; charset=utf-8', 'content-range': '0-0/*' }, raw: '[{"id":1,"name":"상품 1"}]' };
  const servers: http.Server[] = [];
  afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

  /**
   * A server answering `/hit` through sendHit with the wire's encoded body (falling back to writeHead as the fast path
   * does) and `/plain` through writeHead with the stored string.
   */
  async function serve(settings: { keepAliveTimeout?: number; maxRequestsPerSocket?: number }) {
    const wire = hitWire(always, stored);
    let used: boolean | undefined;
    const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
      if (req.url === '/hit') {
        used = sendHit(res, wire.head!, 'req-00000001', 'db;dur=0.1', stored.status, wire.body);
        if (used) return;
      }
      const line = wire.flat.slice();
      line[line.length - 3] = 'req-00000001';
      line[line.length - 1] = 'db;dur=0.1';
      res.writeHead(stored.status, line);
      res.end(stored.raw);
    });
    if (settings.keepAliveTimeout !== undefined) server.keepAliveTimeout = settings.keepAliveTimeout;
    if (settings.maxRequestsPerSocket !== undefined) server.maxRequestsPerSocket = settings.maxRequestsPerSocket;
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return { port: (server.address() as AddressInfo).port, used: () => used };
  }

  it.each([{}, { keepAliveTimeout: 72_000 }, { keepAliveTimeout: 0 }, { maxRequestsPerSocket: 100 }])(
    'sends the bytes writeHead sends, one request on a kept-alive connection (%o)',
    async (settings) => {
      const s = await serve(settings);
      const request = (path: string) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`;
      const viaHit = await rawAnswer(s.port, request('/hit'));
      expect(s.used()).toBe(true);
      const viaWriteHead = await rawAnswer(s.port, request('/plain'));
      expect(withoutDate(viaHit)).toBe(withoutDate(viaWriteHead));
      expect(viaHit).toMatch(/\r\nConnection: keep-alive\r\n/);
      expect(Buffer.from(viaHit, 'latin1').toString('utf8').endsWith(stored.raw)).toBe(true);
    },
  );

  it('leaves a connection that closes to writeHead (Connection: close, HTTP/1.0, the last request of a socket)', async () => {
    const s = await serve({});
    const closing = await rawAnswer(s.port, 'GET /hit HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(s.used()).toBe(false);
    expect(closing).toMatch(/\r\nConnection: close\r\n/);
    const old = await rawAnswer(s.port, 'GET /hit HTTP/1.0\r\nHost: x\r\n\r\n');
    expect(s.used()).toBe(false);
    expect(old.startsWith('HTTP/1.1 200 OK\r\n')).toBe(true);
    // The last request a connection may carry (maxRequestsPerSocket) is answered with Connection: close.
    const one = await serve({ maxRequestsPerSocket: 1 });
    const last = await rawAnswer(one.port, 'GET /hit HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(one.used()).toBe(false);
    expect(last).toMatch(/\r\nConnection: close\r\n/);
  });

  it('keeps the headers Node frames the answer by, and values Node would check, for writeHead', () => {
    expect(hitWire(always, { ...stored, headers: { ...stored.headers, connection: 'close' } }).head).toBeUndefined();
    expect(hitWire(always, { ...stored, headers: { ...stored.headers, 'content-disposition': 'inline; filename="목록.json"' } }).head).toBeUndefined();
    expect(hitWire(always, { ...stored, headers: { ...stored.headers, 'x-odd': 'a\r\nset-cookie: b' } }).head).toBeUndefined();
    const wire = hitWire({ ...always, 'x-request-id': 'stale', 'server-timing': 'stale' }, stored);
    expect(wire.head).not.toContain('stale');
    expect(wire.flat.filter((x) => x === 'stale')).toEqual([]);
  });
});

describe.runIf(customerServersUp('postgres'))('hits from remembered requests over real HTTP', () => {
  let t: TTestContext;
  let db: TCustomerDb;
  let shop: Awaited<ReturnType<typeof publishedShop>>;
  let origin: string;
  const get = (path: string, key = shop.key) => fetch(`${origin}/api/v1/${shop.apiId}${path}`, { headers: { apikey: key } });

  beforeAll(async () => {
    t = await createTestApp('pglite');
    db = await createCustomerDb('postgres');
    shop = await publishedShop(t, db);
    origin = await listenOnLoopback(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('an equivalent spelling of a read is a hit on the same entry; another key with the same scope shares it, a narrower one does not', async () => {
    const first = await get('/customers?select=id,name&id=eq.1&order=id.asc');
    expect(first.headers.get('x-cache')).toBe('MISS');
    const body = await first.json();
    const reordered = await get('/customers?order=id.asc&id=eq.1&select=id,name');
    expect(reordered.headers.get('x-cache')).toBe('HIT');
    expect(await reordered.json()).toEqual(body);
    const twin = await shop.o('POST', `${shop.base}/keys`, { name: '같은 범위', apiId: shop.apiId });
    expect((await get('/customers?select=id,name&id=eq.1&order=id.asc', twin.body.key)).headers.get('x-cache')).toBe('HIT');
    const narrow = await shop.o('POST', `${shop.base}/keys`, { name: '주문만', apiId: shop.apiId, tables: ['orders'] });
    const refused = await get('/customers?select=id,name&id=eq.1&order=id.asc', narrow.body.key);
    expect(refused.status).toBe(403);
  });

  it('a key sent again after it was revoked is refused, although its hash and the request are remembered', async () => {
    const extra = await shop.o('POST', `${shop.base}/keys`, { name: '폐기 예정', apiId: shop.apiId });
    const path = '/customers?select=id&id=eq.2';
    await get(path, extra.body.key);
    for (let i = 0; i < 3; i++) expect((await get(path, extra.body.key)).headers.get('x-cache')).toBe('HIT');
    expect((await shop.o('DELETE', `${shop.base}/keys/${extra.body.id}`)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await get(path, extra.body.key)).status).toBe(401);
    // The shop's own key still hits the same entry.
    expect((await get(path)).headers.get('x-cache')).toBe('HIT');
  });
});

describe.runIf(customerServersUp('postgres') && Boolean(process.env.REDIS_URL))('hits on two instances', () => {
  const closers: (() => Promise<unknown>)[] = [];
  let db: TCustomerDb | undefined;
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    await db?.drop();
  });

  it("a key revoked on instance A is no longer served from instance B's hit path", async () => {
    const { a, b } = await twoInstances('postgres', closers);
    db = await createCustomerDb('postgres');
    const shop = await publishedShop(a, db);
    const extra = await shop.o('POST', `${shop.base}/keys`, { name: '폐기 예정', apiId: shop.apiId });
    const onB = (key: string) => fetch(`${b.origin}/api/v1/${shop.apiId}/customers?select=id&id=eq.3`, { headers: { apikey: key } });
    await onB(extra.body.key);
    expect((await onB(extra.body.key)).headers.get('x-cache')).toBe('HIT');
    expect((await onB(extra.body.key)).headers.get('x-cache')).toBe('HIT');
    expect((await shop.o('DELETE', `${shop.base}/keys/${extra.body.id}`)).status).toBe(200);
    // The revocation reaches B through the shared state's pub/sub; B then asks the database again.
    const deadline = Date.now() + 10_000;
    let status = 200;
    while (Date.now() < deadline && (status = (await onB(extra.body.key)).status) === 200) await new Promise((r) => setTimeout(r, 50));
    expect(status).toBe(401);
    expect((await onB(shop.key)).headers.get('x-cache')).toBe('HIT');
  }, 120_000);
});
