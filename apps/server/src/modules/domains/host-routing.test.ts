/**
 * Routing by Host (issue 33): a seed's connected data-API host reaches that seed's APIs and nothing else, through
 * Fastify and through a real listening server (where the data API's fast path answers cache hits before Fastify); a
 * connected help host serves its page, widget and its seed's bots only; everything else gets the normal site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ko } from '@suite/shared';
import { seedDomains } from '../../db/schema-domains.ts';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { createCustomerDb, customerServersUp, listenOnLoopback, publishedShop, type TCustomerDb } from '../api-builder/testing/api-builder-kit.ts';
import { invalidateHost } from './host-cache.ts';
import { addDomain, rawRequest } from './testing/host-kit.ts';

const API_HOST = 'api.example.co.kr';
const HELP_HOST = 'help.example.co.kr';
const PENDING_HOST = 'pending.example.co.kr';
const HELP_ORIGIN = `https://${HELP_HOST}`;

describe.runIf(customerServersUp('postgres')).each(dbKinds)('routing by Host (%s)', (kind) => {
  let t: TTestContext;
  let db: TCustomerDb;
  let a: Awaited<ReturnType<typeof publishedShop>>;
  let b: Awaited<ReturnType<typeof publishedShop>>;
  let botA: string;
  let botB: string;
  let apiDomainId: string;
  let origin: string;
  const on = (host: string, url: string, headers: Record<string, string> = {}, method: 'GET' | 'OPTIONS' = 'GET') =>
    t.app.inject({ method, url, headers: { host, ...headers } });

  beforeAll(async () => {
    t = await createTestApp(kind);
    db = await createCustomerDb('postgres');
    a = await publishedShop(t, db);
    b = await publishedShop(t, db);
    apiDomainId = (await addDomain(t, a.seedId, API_HOST, 'data-api')).id;
    await addDomain(t, a.seedId, HELP_HOST, 'help');
    await addDomain(t, a.seedId, PENDING_HOST, 'data-api', 'pending');
    botA = (await a.o('POST', `/api/seeds/${a.seedId}/chatbots`, { name: '그릇가게 상담', allowedOrigins: [] })).body.id as string;
    botB = (await b.o('POST', `/api/seeds/${b.seedId}/chatbots`, { name: '다른 가게', allowedOrigins: [] })).body.id as string;
    const faq = [
      { question: '환불은 언제 되나요?', answer: '결제 취소 후 영업일 기준 3일 안에 환불됩니다.' },
      { question: '배송은 얼마나 걸리나요?', answer: '<img src=x onerror=alert(1)> 보통 이틀 걸립니다.' },
    ];
    for (const f of faq) {
      const r = await a.o('POST', `/api/seeds/${a.seedId}/chatbots/${botA}/sources`, { type: 'faq', ...f });
      if (r.status !== 201) throw new Error(`faq: ${r.status} ${JSON.stringify(r.body)}`);
    }
    origin = await listenOnLoopback(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it("a data-API host reaches its seed's API", async () => {
    const res = await on(API_HOST, `/api/v1/${a.apiId}/customers?select=id&id=eq.1`, { apikey: a.key });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: 1 }]);
    // A preflight of that API passes to the data API's CORS answer.
    const pre = await on(API_HOST, `/api/v1/${a.apiId}/customers`, { origin: 'https://app.example.co.kr', 'access-control-request-method': 'GET' }, 'OPTIONS');
    expect(pre.statusCode).toBeLessThan(300);
  });

  it("answers 404 for another seed's API and for every other path, in the JSON error shape", async () => {
    const other = await on(API_HOST, `/api/v1/${b.apiId}/customers?select=id`, { apikey: b.key });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND', error: ko.domains.host.notServedHere });
    // The same answer as for an API id that does not exist: nothing says that B's API is there.
    const none = await on(API_HOST, `/api/v1/00000000-0000-4000-8000-000000000000/customers`, { apikey: b.key });
    expect(none.json()).toEqual(other.json());
    for (const path of ['/api/seeds', '/login', '/admin', '/', '/api/health', `/api/seeds/${a.seedId}/api-builder/apis`, '/widget.js']) {
      const res = await on(API_HOST, path, { authorization: `Bearer ${a.owner.token}` });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().code, path).toBe('ROUTE_NOT_FOUND');
    }
    // Host is compared without case, port or trailing dot.
    expect((await on('API.Example.co.kr.:443', `/api/v1/${b.apiId}/customers`, { apikey: b.key })).statusCode).toBe(404);
  });

  it('keeps the rule over a real listening server, where cache hits are answered before Fastify', async () => {
    // Warm B's cache entry on the suite's own name: the second read is a fast-path hit there.
    const path = `/api/v1/${b.apiId}/customers?select=id&id=eq.2`;
    await rawRequest(origin, path, { host: '127.0.0.1', headers: { apikey: b.key } });
    const hit = await rawRequest(origin, path, { host: '127.0.0.1', headers: { apikey: b.key } });
    expect(hit.headers['x-cache']).toBe('HIT');
    const refused = await rawRequest(origin, path, { host: API_HOST, headers: { apikey: b.key } });
    expect(refused.status).toBe(404);
    expect(JSON.parse(refused.body).code).toBe('ROUTE_NOT_FOUND');
    const own = `/api/v1/${a.apiId}/customers?select=id&id=eq.2`;
    await rawRequest(origin, own, { host: API_HOST, headers: { apikey: a.key } });
    const served = await rawRequest(origin, own, { host: API_HOST, headers: { apikey: a.key } });
    expect(served.status).toBe(200);
    expect(JSON.parse(served.body)).toEqual([{ id: 2 }]);
    expect((await rawRequest(origin, '/api/seeds', { host: API_HOST })).status).toBe(404);
  });

  it('gives unknown and pending hosts the normal site', async () => {
    for (const host of ['unknown.example.com', PENDING_HOST, 'localhost:3000', '127.0.0.1']) {
      const seeds = await on(host, '/api/seeds');
      expect(seeds.statusCode, host).toBe(401);
      const other = await on(host, `/api/v1/${b.apiId}/customers?select=id&id=eq.1`, { apikey: b.key });
      expect(other.statusCode, host).toBe(200);
    }
  });

  it('drops a host that stops being connected once invalidated', async () => {
    expect((await on(API_HOST, '/api/seeds')).statusCode).toBe(404);
    await t.database.db.update(seedDomains).set({ status: 'error' }).where(eq(seedDomains.id, apiDomainId));
    invalidateHost(API_HOST);
    expect((await on(API_HOST, '/api/seeds')).statusCode).toBe(401);
    await t.database.db.update(seedDomains).set({ status: 'connected' }).where(eq(seedDomains.id, apiDomainId));
    invalidateHost(API_HOST);
    expect((await on(API_HOST, '/api/seeds')).statusCode).toBe(404);
  });

  it("serves the help host's page: the seed's FAQ, a search without JavaScript and its bot's widget", async () => {
    const page = await on(HELP_HOST, '/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('<title>API 빌더 테스트 고객센터</title>');
    expect(page.body).toContain('환불은 언제 되나요?');
    expect(page.body).toContain('배송은 얼마나 걸리나요?');
    expect(page.body).toContain(`<script src="/widget.js" data-bot="${botA}" async></script>`);
    expect(page.body).not.toContain(botB);
    // Escaped: the answer's markup is text, and no inline script exists.
    expect(page.body).not.toContain('<img');
    expect(page.body).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(page.body.match(/<script/g)).toHaveLength(1);

    const search = await on(HELP_HOST, `/?q=${encodeURIComponent('환불 언제')}`);
    expect(search.body).toContain('환불은 언제 되나요?');
    expect(search.body).not.toContain('배송은 얼마나 걸리나요?');
    expect(search.body).toContain(ko.domains.host.page.resultsFor('환불 언제', 1));
    const nothing = await on(HELP_HOST, `/?q=${encodeURIComponent('"><script>x</script>')}`);
    expect(nothing.body).toContain(ko.domains.host.page.noResults);
    expect(nothing.body).not.toContain('<script>x');

    // The page is the help host's only: the suite's own name still serves the web app's routes.
    expect((await on('127.0.0.1', '/')).body).not.toContain('고객센터</title>');
  });

  it("serves only the widget and its seed's bots on the help host", async () => {
    expect((await on(HELP_HOST, '/api/seeds')).statusCode).toBe(404);
    expect((await on(HELP_HOST, '/admin')).statusCode).toBe(404);
    expect((await on(HELP_HOST, `/api/v1/${a.apiId}/customers`, { apikey: a.key })).statusCode).toBe(404);
    // /widget.js reaches the widget route (the test has no web build: its own 503 answer, not the host's 404).
    const widget = await on(HELP_HOST, '/widget.js');
    expect(widget.statusCode).toBe(503);
    expect(widget.body).toBe(ko.chatbot.server.widgetMissing);
    const mine = await on(HELP_HOST, `/api/chatbot/${botA}/widget`, { origin: HELP_ORIGIN });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['access-control-allow-origin']).toBe(HELP_ORIGIN);
    expect((await on(HELP_HOST, `/api/chatbot/${botB}/widget`, { origin: HELP_ORIGIN })).statusCode).toBe(404);
  });

  it("accepts the help host's origin for that seed's bots only (computed, not written into the bot)", async () => {
    const mine = await on('127.0.0.1', `/api/chatbot/${botA}/widget`, { origin: HELP_ORIGIN });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['access-control-allow-origin']).toBe(HELP_ORIGIN);
    const start = await t.app.inject({ method: 'POST', url: `/api/chatbot/${botA}/conversations`, headers: { origin: HELP_ORIGIN }, payload: {} });
    expect(start.statusCode).toBe(201);
    const theirs = await on('127.0.0.1', `/api/chatbot/${botB}/widget`, { origin: HELP_ORIGIN });
    expect(theirs.statusCode).toBe(403);
    const list = await api(t, a.owner.token)('GET', `/api/seeds/${a.seedId}/chatbots`);
    const bots = (list.body.data ?? list.body) as { id: string; allowedOrigins: string[] }[];
    expect(bots.find((x) => x.id === botA)?.allowedOrigins).toEqual([]);
  });
});
