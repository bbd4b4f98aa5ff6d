import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { seedMembers } from '../../db/schema.ts';
import { trafficHours, trafficMinutes } from '../../db/schema-traffic.ts';
import { createTestApp, dbKinds, testClock, type TClock, type TTestApp } from '../../test/helpers.ts';
import { api, freshEmail, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { inviteAndGetToken } from '../seeds/testing/seeds-test-kit.ts';
import { purgeOldTraffic, trafficSummary } from './traffic.service.ts';

type TFig = { requests: number; clientErrors: number; serverErrors: number; rateLimited: number; p50: number | null; p95: number | null; p99: number | null };
type TRouteRow = TFig & { method: string; route: string; service: string };

const HOUR = 3_600_000;

describe.each(dbKinds)('traffic recording and monitoring on %s', (kind) => {
  let t: TTestApp;
  let clock: TClock;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let owner: Awaited<ReturnType<typeof signedIn>>;
  let member: Awaited<ReturnType<typeof signedIn>>;
  let outsider: Awaited<ReturnType<typeof signedIn>>;
  let seedId: string;

  beforeAll(async () => {
    clock = testClock();
    t = await createTestApp(kind, {
      now: clock.now,
      jobs: false,
      extend: (app) => {
        // A route of the test's own that answers the status it is asked for (5xx included).
        app.get('/api/test-traffic/:code', async (request, reply) => reply.code(Number((request.params as { code: string }).code)).send({}));
      },
    });
    admin = await signedIn(t, { role: 'admin' });
    owner = await signedIn(t);
    member = await signedIn(t);
    outsider = await signedIn(t);
    const created = await api(t, owner.token)('POST', '/api/seeds', { seed_name: '트래픽 상사' });
    expect(created.status).toBe(201);
    seedId = (created.body as { data: { id: string } }).data.id;
    await t.database.db.insert(seedMembers).values({ seedId, userId: member.id, role: 'member' });
    // The traffic every test reads: a route of the test's own answering 11 statuses, GET /api/seeds three times, one
    // path no route matches.
    for (const code of [200, 200, 200, 200, 200, 404, 404, 429, 500, 500, 503]) expect((await api(t)('GET', `/api/test-traffic/${code}`)).status).toBe(code);
    for (let i = 0; i < 3; i++) expect((await api(t, owner.token)('GET', '/api/seeds')).status).toBe(200);
    expect((await api(t)('GET', '/api/no-such-route-here')).status).toBe(404);
  });
  afterAll(() => t?.close());

  const trafficOf = async (window = '1h') => {
    await t.app.traffic.flush();
    const res = await api(t, admin.token)('GET', `/api/admin/monitoring/traffic?window=${window}`);
    expect(res.status).toBe(200);
    return res.body as { totals: TFig; routes: TRouteRow[]; services: (TFig & { service: string })[]; series: (TFig & { at: string })[]; stepSeconds: number };
  };

  it('counts requests made over HTTP, with their 4xx, 5xx and 429, after a flush', async () => {
    const body = await trafficOf();
    const test = body.routes.find((r) => r.route === '/api/test-traffic/:code');
    expect(test).toMatchObject({ method: 'GET', service: 'platform', requests: 11, clientErrors: 3, serverErrors: 3, rateLimited: 1 });
    expect(test!.p50).toBeGreaterThanOrEqual(0);
    expect(test!.p99).toBeGreaterThanOrEqual(test!.p50!);
    expect(body.routes.find((r) => r.method === 'GET' && r.route === '/api/seeds')).toMatchObject({
      service: 'seeds',
      requests: 3,
      clientErrors: 0,
      serverErrors: 0,
    });
    expect(body.routes.find((r) => r.route === '(unmatched)')).toMatchObject({ requests: 1, clientErrors: 1 });
    // Totals are the sum of the services, the series adds up to the totals, and the window has its fixed points.
    expect(body.totals.requests).toBe(body.services.reduce((n, s) => n + s.requests, 0));
    expect(body.series).toHaveLength(60);
    expect(body.stepSeconds).toBe(60);
    expect(body.series.reduce((n, p) => n + p.requests, 0)).toBe(body.totals.requests);
    expect(body.series.reduce((n, p) => n + p.serverErrors, 0)).toBe(body.totals.serverErrors);
    // Probes are not recorded.
    expect((await api(t)('GET', '/api/health')).status).toBe(200);
    expect((await trafficOf()).routes.some((r) => r.route === '/api/health')).toBe(false);
  });

  it('gives the same counts in the 24-hour and 7-day windows and to the alerts summary', async () => {
    const day = await trafficOf('24h');
    const week = await trafficOf('7d');
    expect(day.series).toHaveLength(24);
    expect(day.stepSeconds).toBe(3600);
    expect(week.series).toHaveLength(168);
    const a = day.routes.find((r) => r.route === '/api/test-traffic/:code');
    const b = week.routes.find((r) => r.route === '/api/test-traffic/:code');
    expect(a).toMatchObject({ requests: 11, serverErrors: 3, clientErrors: 3, rateLimited: 1 });
    expect(b).toMatchObject({ requests: 11, serverErrors: 3, clientErrors: 3, rateLimited: 1 });
    const now = clock.now();
    const summary = await trafficSummary(t.database.db, { since: new Date(now.getTime() - HOUR), until: new Date(now.getTime() + 60_000), now });
    // The 24-hour read itself was flushed with the 7-day read (each read flushes first).
    expect(summary.requests).toBe(week.totals.requests);
    expect(summary.serverErrors).toBe(3);
    expect(summary.serverErrorRate).toBeCloseTo(3 / summary.requests, 6);
  });

  it('refuses a window it does not know with a Korean 400, and anyone but a platform admin', async () => {
    const bad = await api(t, admin.token)('GET', '/api/admin/monitoring/traffic?window=2h');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(ko.traffic.validation.window);
    expect((await api(t, owner.token)('GET', '/api/admin/monitoring/traffic?window=1h')).status).toBe(403);
    expect((await api(t, owner.token)('GET', '/api/admin/monitoring/spend?window=1h')).status).toBe(403);
    expect((await api(t)('GET', '/api/admin/monitoring/traffic')).status).toBe(401);
  });

  it("shows a seed's own slice to its owner and admins only (members 403, others 404)", async () => {
    const path = `/api/seeds/${seedId}/monitoring?window=1h`;
    expect((await api(t, member.token)('GET', path)).status).toBe(403);
    expect((await api(t, outsider.token)('GET', path)).status).toBe(404);
    expect((await api(t, admin.token)('GET', path)).status).toBe(404);
    expect((await api(t, owner.token)('GET', `/api/seeds/${seedId}/monitoring?window=1d`)).status).toBe(400);
    for (let i = 0; i < 2; i++) expect((await api(t, owner.token)('GET', `/api/seeds/${seedId}/members`)).status).toBe(200);
    await t.app.traffic.flush();
    const res = await api(t, owner.token)('GET', path);
    expect(res.status).toBe(200);
    const body = res.body as {
      routes: TRouteRow[];
      totals: TFig;
      chatbot: { questions: number; unansweredRate: number | null };
      apiBuilder: { requests: number; cacheHitRatio: number | null };
    };
    expect(body.routes.find((r) => r.route === '/api/seeds/:seedId/members')).toMatchObject({ requests: 2, clientErrors: 0 });
    // The owner's bad window (400) counts under the seed; the refused calls (member 403, outsider and admin 404) count
    // suite-wide only; nothing of another seed or of no seed appears.
    expect(body.routes.find((r) => r.route === '/api/seeds/:seedId/monitoring')).toMatchObject({ requests: 1, clientErrors: 1 });
    expect(body.routes.every((r) => r.route.startsWith('/api/seeds/:seedId'))).toBe(true);
    expect(body.chatbot).toEqual({ questions: 0, unanswered: 0, unansweredRate: null });
    expect(body.apiBuilder).toMatchObject({ requests: 0, cacheHitRatio: null });
  });

  it("adds no seed rows for made-up seed ids, and keeps refused calls out of a real seed's figures (suite-wide only)", async () => {
    const db = t.database.db;
    const route = (body: Awaited<ReturnType<typeof trafficOf>>, path: string) => body.routes.find((r) => r.method === 'GET' && r.route === path);
    const before = await trafficOf();
    // Signed out, seed ids nobody has: 401 each; a signed-in outsider: 404.
    const madeUp = Array.from({ length: 6 }, () => crypto.randomUUID());
    for (const id of madeUp) expect((await api(t)('GET', `/api/seeds/${id}/rooms`)).status).toBe(401);
    expect((await api(t, outsider.token)('GET', `/api/seeds/${madeUp[0]}/rooms`)).status).toBe(404);
    // Signed out on the real seed: 7 answers of 401.
    for (let i = 0; i < 7; i++) expect((await api(t)('GET', `/api/seeds/${seedId}/meal-ledger`)).status).toBe(401);
    const after = await trafficOf();
    const seedRows = async (table: typeof trafficMinutes) => (await db.select().from(table).where(inArray(table.seedId, madeUp))).length;
    expect(await seedRows(trafficMinutes)).toBe(0);
    expect(await seedRows(trafficHours)).toBe(0);
    // Suite-wide, every one of them counts.
    const grew = (path: string) => ({
      requests: (route(after, path)?.requests ?? 0) - (route(before, path)?.requests ?? 0),
      clientErrors: (route(after, path)?.clientErrors ?? 0) - (route(before, path)?.clientErrors ?? 0),
    });
    expect(grew('/api/seeds/:seedId/rooms')).toEqual({ requests: 7, clientErrors: 7 });
    expect(grew('/api/seeds/:seedId/meal-ledger')).toEqual({ requests: 7, clientErrors: 7 });
    // The seed's own view does not show the 401s.
    const mine = await api(t, owner.token)('GET', `/api/seeds/${seedId}/monitoring?window=1h`);
    expect(mine.status).toBe(200);
    expect((mine.body as { routes: TRouteRow[] }).routes.some((r) => r.route === '/api/seeds/:seedId/meal-ledger')).toBe(false);
    const ownRows = await db
      .select()
      .from(trafficMinutes)
      .where(and(eq(trafficMinutes.seedId, seedId), eq(trafficMinutes.route, '/api/seeds/:seedId/meal-ledger')));
    expect(ownRows).toHaveLength(0);
  });

  it("counts a seed's mails against its quota in the spend answer and the seed's slice", async () => {
    await inviteAndGetToken(t, owner.token, seedId, freshEmail('invitee'), 'member');
    await t.app.traffic.flush();
    const spend = await api(t, admin.token)('GET', '/api/admin/monitoring/spend?window=24h');
    expect(spend.status).toBe(200);
    const mails = (spend.body as { mails: { seedId: string; seedName: string; mails: number; lastHour: number }[] }).mails;
    expect(mails.find((m) => m.seedId === seedId)).toEqual({ seedId, seedName: '트래픽 상사', mails: 1, lastHour: 1 });
    expect((spend.body as { rateLimited: { total: number } }).rateLimited.total).toBe(1);
    const mine = await api(t, owner.token)('GET', `/api/seeds/${seedId}/monitoring?window=24h`);
    expect((mine.body as { mails: unknown }).mails).toEqual({ mails: 1, lastHour: 1, perSeedHourly: t.config.mailQuota.perSeedHourly });
  });

  it('keeps minute rows two days and hour rows 400 days (the purge schedule, on the clock)', async () => {
    await t.app.traffic.flush();
    const db = t.database.db;
    const count = async () => ({ minutes: (await db.select().from(trafficMinutes)).length, hours: (await db.select().from(trafficHours)).length });
    const before = await count();
    expect(before.minutes).toBeGreaterThan(0);
    expect(t.app.jobs.registered().schedules).toEqual(expect.arrayContaining(['traffic.flush', 'traffic.purge']));
    clock.advance(47 * HOUR);
    expect(await purgeOldTraffic(db, clock.now())).toEqual({ minutes: 0, hours: 0 });
    clock.advance(2 * HOUR);
    expect((await purgeOldTraffic(db, clock.now())).minutes).toBe(before.minutes);
    expect(await count()).toEqual({ minutes: 0, hours: before.hours });
    // The 7-day window reads hour rows, so last week's traffic still shows two days later.
    expect((await trafficOf('7d')).routes.find((r) => r.route === '/api/test-traffic/:code')?.requests).toBeGreaterThan(0);
    clock.advance(400 * 24 * HOUR);
    expect((await purgeOldTraffic(db, clock.now())).hours).toBe(before.hours);
    expect(await count()).toEqual({ minutes: 0, hours: 0 });
  });
});
