import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, movableClock, type TTestContext } from '../../test/helpers.ts';
import { deliveriesOf, inboxOf, runAllDue } from '../notifications/testing/notices-test-kit.ts';
import { apiBuilderDepsOf } from './api-builder.module.ts';
import { noticeUsage } from './api-alerts.ts';
import { createCustomerDb, customerServersUp, publishedShop, type TCustomerDb } from './testing/api-builder-kit.ts';

/** 2030-01-08 12:00 in Seoul (03:00 UTC): outside the default quiet hours. */
const NOON_SEOUL = Date.parse('2030-01-08T03:00:00Z');
const HOUR = 3_600_000;

describe.runIf(customerServersUp('postgres')).each(dbKinds)('API builder notices (%s)', (kind) => {
  const clock = movableClock(NOON_SEOUL);
  let t: TTestContext;
  const dbs: TCustomerDb[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind, { now: clock.now, jobs: false, env: { API_BUILDER_ALERT_ERRORS_PER_HOUR: '3', API_BUILDER_ALERT_CALLS_PER_DAY: '5' } });
  });
  afterAll(async () => {
    await t?.close();
    for (const db of dbs) await db.drop().catch(() => undefined);
  });

  const shopOn = async () => {
    const db = await createCustomerDb('postgres');
    dbs.push(db);
    return { db, shop: await publishedShop(t, db) };
  };
  const get = (shop: { apiId: string; key: string }, path = '/customers') =>
    t.app.inject({ method: 'GET', url: `/api/v1/${shop.apiId}${path}`, headers: { apikey: shop.key } });

  it('server errors over the hourly threshold tell the managers once that hour, with a link to the APIs', async () => {
    const { db, shop } = await shopOn();
    expect((await get(shop)).statusCode).toBe(200);
    // The customer's database goes away: every call is a server error.
    await db.drop();
    const statuses: number[] = [];
    // (Other queries than the one answered before: nothing comes from the response cache.)
    for (let i = 0; i < 5; i++) statuses.push((await get(shop, `/customers?id=eq.${i + 1}`)).statusCode);
    expect(statuses).toEqual([500, 500, 500, 500, 500]);
    const told = (await inboxOf(t, shop.owner.token)).filter((x) => x.event === 'api-builder.errors');
    expect(told.map((x) => [x.title, x.link, x.seedId])).toEqual([
      ['API 빌더: 한 시간에 서버 오류가 3건에 이르렀습니다', '/admin/services/api-builder/apis', shop.seedId],
    ]);
    await runAllDue(t);
    expect(await deliveriesOf(t.database.db, shop.owner.id, 'api-builder.errors')).toEqual(['inApp:sent', 'mail:sent']);
    // The next hour counts afresh: three more errors, one more notice.
    clock.advance(HOUR);
    for (let i = 0; i < 3; i++) expect((await get(shop, `/orders?id=eq.${i + 1}`)).statusCode).toBe(500);
    expect((await inboxOf(t, shop.owner.token)).filter((x) => x.event === 'api-builder.errors')).toHaveLength(2);
  });

  it("a day's calls over the threshold tell the managers once that day", async () => {
    const { shop } = await shopOn();
    const deps = apiBuilderDepsOf(t.app.ctx)!;
    for (let i = 0; i < 4; i++) expect((await get(shop)).statusCode).toBe(200);
    await deps.usage.flush();
    await noticeUsage(deps);
    expect((await inboxOf(t, shop.owner.token)).filter((x) => x.event === 'api-builder.usage-threshold')).toEqual([]);
    for (let i = 0; i < 2; i++) await get(shop);
    await deps.usage.flush();
    await noticeUsage(deps);
    await noticeUsage(deps);
    const told = (await inboxOf(t, shop.owner.token)).filter((x) => x.event === 'api-builder.usage-threshold');
    expect(told.map((x) => [x.title, x.link])).toEqual([['API 빌더: 오늘 호출이 5건을 넘었습니다', '/admin/services/api-builder']]);
    expect(told[0]!.body).toContain('6건');
  });
});
