import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueStatus, ko } from '@suite/shared';
import { apiUsageDaily, seedMembers } from '../../db/schema.ts';
import { billingInvoices } from '../../db/schema-billing.ts';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { api, makeUser, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { kstDay } from '../../lib/kst-day.ts';
import { serviceOf } from '../usage/usage.ts';
import { daysBetween, kstCalendar } from './overview.service.ts';

const DAY = 86_400_000;

describe('usage service mapping and Seoul calendar', () => {
  it('maps routes to services and skips health, readiness and docs', () => {
    expect(serviceOf('/api/slack/events')).toBe('slack-ai');
    expect(serviceOf('/api/slack-oauth-prepare')).toBe('slack-ai');
    expect(serviceOf('/api/seeds/:seedId/rooms')).toBe('schedule');
    expect(serviceOf('/api/seeds/:seedId/bookings/:id')).toBe('schedule');
    expect(serviceOf('/api/bookings')).toBe('schedule');
    expect(serviceOf('/api/seeds/:seedId/members')).toBe('platform');
    expect(serviceOf('/api/admin/users')).toBe('platform');
    expect(serviceOf('/api/api-builder/apis')).toBe('api-builder');
    expect(serviceOf('/api/seeds/:seedId/meals/:mealId/draw')).toBe('meal');
    expect(serviceOf('/api/seeds/:seedId/meal-ledger/settlements')).toBe('meal');
    expect(serviceOf('/api/seeds/:seedId/chatbots/:botId')).toBe('ai-chatbot');
    expect(serviceOf('/api/chatbot/:botId/widget')).toBe('ai-chatbot');
    for (const r of ['/api/health', '/api/ready', '/api/docs', '/api/docs/static/x.js', '/api/openapi.json', '/dev/outbox', '/'])
      expect(serviceOf(r)).toBeNull();
  });

  it('uses Asia/Seoul days and months', () => {
    expect(kstDay(new Date('2026-01-31T15:00:00Z'))).toBe('2026-02-01');
    const cal = kstCalendar(new Date('2026-01-10T03:00:00Z'));
    expect(cal).toMatchObject({ today: '2026-01-10', monthStartDay: '2026-01-01', lastMonthStartDay: '2025-12-01', last30Day: '2025-12-12' });
    expect(cal.monthStart.toISOString()).toBe('2025-12-31T15:00:00.000Z');
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });
});

describe.each(dbKinds)('overview and analytics on %s', (kind) => {
  let t: TTestContext;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let a: ReturnType<typeof api>;
  const now = new Date();
  const cal = kstCalendar(now);
  const userA = '00000000-0000-4000-8000-00000000000a';
  const userB = '00000000-0000-4000-8000-00000000000b';

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signedIn(t, { role: 'admin' });
    a = api(t, admin.token);
    // From here on this app's own requests stay in memory: the figures below come only from the rows we insert.
    await t.app.jobs.stop();
    await t.app.usage.flush();
    await t.database.db.delete(apiUsageDaily);
    await makeUser(t, { createdAt: new Date(now.getTime() - 60_000) });
    await makeUser(t, { createdAt: new Date(cal.lastMonthStart.getTime() + 3_600_000) });
    await makeUser(t, { createdAt: new Date(cal.lastMonthStart.getTime() - 40 * DAY) });
    await makeUser(t, { createdAt: new Date(now.getTime() - 60_000), deletedAt: new Date() });
    await t.database.db.insert(apiUsageDaily).values([
      { day: cal.today, service: 'slack-ai', userId: userA, count: 5 },
      { day: cal.today, service: 'slack-ai', userId: userB, count: 2 },
      { day: cal.lastMonthStartDay, service: 'slack-ai', userId: userA, count: 10 },
      { day: cal.today, service: 'schedule', userId: null, count: 4 },
      { day: kstDay(new Date(now.getTime() - 400 * DAY)), service: 'platform', userId: userB, count: 100 },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('computes the overview from the database', async () => {
    const res = await a('GET', '/api/admin/overview');
    expect(res.status).toBe(200);
    expect(res.body.users).toEqual({ total: 4, newThisMonth: 2, newLastMonth: 1 });
    expect(res.body.apiCalls).toEqual({ total: 121, today: 11, thisMonth: 11, lastMonth: 10 });
    expect(res.body.revenue).toEqual({ thisMonth: 0, lastMonth: 0, currency: 'KRW' });
    const byId = Object.fromEntries(res.body.services.map((s: { id: string }) => [s.id, s]));
    expect(Object.keys(byId)).toEqual(['slack-ai', 'schedule', 'meal', 'api-builder', 'admin-builder', 'ai-chatbot']);
    expect(byId['slack-ai']).toEqual({ id: 'slack-ai', name: '팀 채팅 AI 비서', status: 'active', users: 2, apiCalls: 7, revenue: 0, growth: -30 });
    expect(byId.schedule).toMatchObject({ name: '회의실 예약', users: 0, apiCalls: 4, growth: null });
    expect(byId['api-builder']).toMatchObject({ status: catalogueStatus('api-builder'), users: 0, apiCalls: 0, growth: null });
    expect(byId['admin-builder'].status).toBe('beta');
    expect(byId.meal).toMatchObject({ name: '식사 관리', status: catalogueStatus('meal'), apiCalls: 0 });
  });

  it('takes revenue from the paid invoices: 공급가액 of the month, a service its own overage lines', async () => {
    const seedId = '00000000-0000-4000-8000-0000000000e1';
    let n = 0;
    const invoice = (status: string, supply: number, paidAt: Date | null, lines: Array<Record<string, unknown>> = []) => {
      n += 1;
      return {
        seedId,
        number: `OV-${kind}-${n}`,
        kind: 'proration',
        periodStart: cal.monthStart,
        periodEnd: now,
        lines,
        supply,
        vat: Math.floor(supply / 10),
        total: supply + Math.floor(supply / 10),
        status,
        paidAt,
        orderId: `ov_${kind}_${n}`,
        idempotencyKey: `ov-${kind}-${n}`,
      };
    };
    const overage = { kind: 'overage', meter: 'api.calls', description: '데이터 API 호출 초과', quantity: 2, unitPrice: 1_000, amount: 2_000 };
    await t.database.db
      .insert(billingInvoices)
      .values([
        invoice('paid', 31_000, new Date(now.getTime() - 60_000), [{ kind: 'plan', meter: null, amount: 29_000 }, overage]),
        invoice('failed', 99_000, null),
        invoice('paid', 29_000, new Date(cal.monthStart.getTime() - 3_600_000)),
      ]);
    const res = await a('GET', '/api/admin/overview');
    expect(res.body.revenue).toEqual({ thisMonth: 31_000, lastMonth: 29_000, currency: 'KRW' });
    const byId = Object.fromEntries(res.body.services.map((s: { id: string; revenue: number }) => [s.id, s.revenue]));
    expect(byId).toMatchObject({ 'api-builder': 2_000, 'slack-ai': 0, 'ai-chatbot': 0 });
    await t.database.db.delete(billingInvoices).where(eq(billingInvoices.seedId, seedId));
  });

  it('answers analytics with every day of the range present, zeros filled', async () => {
    const to = cal.today;
    const from = kstDay(new Date(now.getTime() - 4 * DAY));
    const res = await a('GET', `/api/admin/analytics?from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    expect(res.body.from).toBe(from);
    expect(res.body.signups.map((d: { day: string }) => d.day)).toEqual(daysBetween(from, to));
    // Sign-ups count every account created that day, including one since deleted.
    expect(res.body.signups.at(-1)).toEqual({ day: to, count: 3 });
    expect(res.body.signups.slice(0, 4).every((d: { count: number }) => d.count === 0)).toBe(true);
    expect(res.body.activeUsers.at(-1)).toEqual({ day: to, count: 2 });
    expect(res.body.activeUsers[0]).toEqual({ day: from, count: 0 });
    expect(res.body.apiCalls).toHaveLength(5 * 7);
    expect(res.body.apiCalls).toContainEqual({ day: to, service: 'slack-ai', count: 7 });
    expect(res.body.apiCalls).toContainEqual({ day: to, service: 'schedule', count: 4 });
    expect(res.body.apiCalls).toContainEqual({ day: from, service: 'platform', count: 0 });

    const fallback = await a('GET', '/api/admin/analytics');
    expect(fallback.body.signups).toHaveLength(30);
    expect(fallback.body.to).toBe(cal.today);
  });

  it('lists services with their users over the last 30 days', async () => {
    const member = await signedIn(t);
    const res = await api(t, member.token)('GET', '/api/services');
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ id: 'slack-ai', name: '팀 채팅 AI 비서', status: 'active', users: 2 });
    expect(res.body.data[0].description).toMatch(/[가-힣]/);
    expect(res.body.data.map((s: { users: number }) => s.users)).toEqual([2, 0, 0, 0, 0, 0]);
  });

  it('summarises a member’s own seeds: calls of the caller and fellow members only', async () => {
    const x = await signedIn(t);
    const y = await makeUser(t);
    const z = await makeUser(t);
    const seed = (await api(t, x.token)('POST', '/api/seeds', { seed_name: '요약 시드' })).body.data;
    await t.database.db.insert(seedMembers).values({ seedId: seed.id, userId: y.id, role: 'member' });
    await t.database.db.insert(apiUsageDaily).values([
      { day: cal.today, service: 'schedule', userId: x.id, count: 3 },
      { day: cal.today, service: 'schedule', userId: y.id, count: 4 },
      { day: cal.today, service: 'schedule', userId: z.id, count: 100 },
    ]);
    const res = await api(t, x.token)('GET', '/api/console/summary');
    expect(res.status).toBe(200);
    expect(res.body.seeds).toBe(1);
    expect(res.body.services.find((s: { id: string }) => s.id === 'schedule')).toEqual({
      id: 'schedule',
      name: '회의실 예약',
      status: 'active',
      users: 2,
      apiCalls: 7,
    });
    expect(res.body.services.find((s: { id: string }) => s.id === 'slack-ai').apiCalls).toBe(0);
    const loner = await api(t, (await signedIn(t)).token)('GET', '/api/console/summary');
    expect(loner.body.seeds).toBe(0);
    expect(loner.body.services.every((s: { apiCalls: number }) => s.apiCalls === 0)).toBe(true);
    await t.database.db.delete(apiUsageDaily).where(eq(apiUsageDaily.service, 'schedule'));
    await t.database.db.insert(apiUsageDaily).values({ day: cal.today, service: 'schedule', userId: null, count: 4 });
  });

  it('gives the owner and a member of one seed the same figures for it, whatever other seeds they belong to', async () => {
    const owner = await signedIn(t);
    const member = await signedIn(t);
    const stranger = await signedIn(t);
    const seed = (await api(t, owner.token)('POST', '/api/seeds', { seed_name: '같은 시드' })).body.data;
    // The owner also has a seed of their own with someone busy in it: that must not change this seed's figures.
    const other = (await api(t, owner.token)('POST', '/api/seeds', { seed_name: '다른 시드' })).body.data;
    const busy = await makeUser(t);
    await t.database.db.insert(seedMembers).values([
      { seedId: seed.id, userId: member.id, role: 'member' },
      { seedId: other.id, userId: busy.id, role: 'member' },
    ]);
    await t.database.db.insert(apiUsageDaily).values([
      { day: cal.today, service: 'meal', userId: owner.id, count: 2 },
      { day: cal.today, service: 'meal', userId: member.id, count: 3 },
      { day: cal.today, service: 'meal', userId: busy.id, count: 50 },
    ]);
    const summary = async (token: string, seedId?: string) => api(t, token)('GET', `/api/console/summary${seedId ? `?seedId=${seedId}` : ''}`);
    const asOwner = await summary(owner.token, seed.id);
    const asMember = await summary(member.token, seed.id);
    expect(asOwner.status).toBe(200);
    expect(asMember.body.services).toEqual(asOwner.body.services);
    expect(asOwner.body.services.find((s: { id: string }) => s.id === 'meal')).toEqual({
      id: 'meal',
      name: '식사 관리',
      status: catalogueStatus('meal'),
      users: 2,
      apiCalls: 5,
    });
    // Without a seed, the caller's whole circle (the owner's other seed included), as before.
    expect((await summary(owner.token)).body.services.find((s: { id: string }) => s.id === 'meal').apiCalls).toBe(55);
    // Someone else's seed is not found; a malformed id is a Korean 400.
    const refused = await summary(stranger.token, seed.id);
    expect(refused.status).toBe(404);
    const bad = await summary(owner.token, 'not-a-seed');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(ko.console.admin.seedIdInvalid);
    await t.database.db.delete(apiUsageDaily).where(eq(apiUsageDaily.service, 'meal'));
  });

  it('refuses bad ranges in Korean and members with 403', async () => {
    expect((await a('GET', '/api/admin/analytics?from=2026-03-10&to=2026-03-01')).body.error).toBe(ko.console.admin.rangeOrder);
    expect((await a('GET', '/api/admin/analytics?from=2024-01-01&to=2026-01-01')).body.error).toBe(ko.console.admin.rangeTooLong);
    expect((await a('GET', '/api/admin/analytics?from=2026-1-1')).body.error).toBe(ko.console.admin.dateFormat);
    expect((await a('GET', '/api/admin/analytics?from=2026-02-30&to=2026-03-01')).status).toBe(400);
    expect((await a('GET', '/api/admin/analytics?from=2025-01-01&to=2026-01-01')).status).toBe(200);
    const member = await signedIn(t);
    for (const url of ['/api/admin/overview', '/api/admin/analytics']) expect((await api(t, member.token)('GET', url)).status).toBe(403);
    expect((await api(t)('GET', '/api/console/summary')).status).toBe(401);
  });
});

describe.each(dbKinds)('API call counting on %s', (kind) => {
  let t: TTestContext;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts each answered API request per day, service and user, in batches', async () => {
    const u = await signedIn(t);
    await t.app.usage.flush();
    await t.database.db.delete(apiUsageDaily);
    for (let i = 0; i < 3; i++) await api(t, u.token)('GET', '/api/seeds');
    await api(t)('GET', '/api/health');
    await api(t)('GET', '/api/ready');
    await api(t)('GET', '/api/no-such-route');
    expect(await t.database.db.select().from(apiUsageDaily)).toEqual([]);
    await t.app.usage.flush();
    const rows = await t.database.db.select().from(apiUsageDaily);
    expect(rows).toEqual([{ day: kstDay(new Date()), service: 'platform', userId: u.id, count: 3 }]);
    // The next batch adds to the stored row.
    await api(t, u.token)('GET', '/api/seeds');
    await api(t)('GET', '/api/seed-invitations/preview?token=abc');
    await t.app.usage.flush();
    const [mine] = await t.database.db.select().from(apiUsageDaily).where(eq(apiUsageDaily.userId, u.id));
    expect(mine!.count).toBe(4);
    const [anon] = await t.database.db
      .select()
      .from(apiUsageDaily)
      .where(and(isNull(apiUsageDaily.userId), eq(apiUsageDaily.service, 'platform')));
    expect(anon!.count).toBe(1);
  });

  it('documents the console endpoints in the OpenAPI document with tags', async () => {
    const doc = (await api(t)('GET', '/api/openapi.json')).body;
    const tagOf = (path: string, method: string) => doc.paths[path]?.[method]?.tags;
    expect(tagOf('/api/seeds', 'get')).toEqual(['seeds']);
    expect(tagOf('/api/seeds/{seedId}/transfer', 'post')).toEqual(['seeds']);
    expect(tagOf('/api/admin/users', 'get')).toEqual(['admin']);
    expect(doc.paths['/api/admin/users'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['search', 'role', 'status', 'joined', 'sort', 'order', 'page', 'limit']),
    );
    expect(tagOf('/api/admin/analytics', 'get')).toEqual(['admin']);
    expect(tagOf('/api/console/summary', 'get')).toEqual(['console']);
    expect(tagOf('/api/invitations/accept', 'post')).toEqual(['auth']);
  });
});
