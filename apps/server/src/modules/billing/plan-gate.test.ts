import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { dbKinds } from '../../test/helpers.ts';
import { billingUsage } from '../../db/schema-billing.ts';
import { createCustomerDb, customerServersUp, dataGet, listenOnLoopback, publishedShop, type TCustomerDb } from '../api-builder/testing/api-builder-kit.ts';
import { billingApi } from './testing/invoices-test-kit.ts';
import { paymentsTestApp, registerCard, type TPaymentsTest } from './testing/payments-test-kit.ts';
import { refreshPlanGate } from './metering.service.ts';

/** The free plan's data-API calls a month (packages/shared/src/plans.ts). */
const FREE_CALLS = 10_000;

describe.each(customerServersUp('postgres') ? dbKinds : [])('the free plan’s data-API volume is a limit while billing is set up (%s)', (kind) => {
  let s: TPaymentsTest;
  let customer: TCustomerDb;
  let shop: Awaited<ReturnType<typeof publishedShop>>;
  let origin: string;
  beforeAll(async () => {
    s = await paymentsTestApp(kind);
    customer = await createCustomerDb('postgres');
    shop = await publishedShop(s.t, customer);
    origin = await listenOnLoopback(s.t);
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    await customer?.drop();
  });

  it('refuses a free seed over its month’s calls with 429 in Korean (fast path and framework), until it upgrades; unconfigured limits nothing', async () => {
    const path = '/customers?select=id';
    expect((await dataGet(origin, shop, path)).status).toBe(200);
    // This Seoul month (the test clock: November 2026) the seed has used its free calls.
    await s.t.database.db.insert(billingUsage).values({ seedId: shop.seedId, period: '2026-11', meter: 'api.calls', value: FREE_CALLS, events: FREE_CALLS });
    await refreshPlanGate(s.deps);
    const refused = await dataGet<{ code: string; message: string; hint: string }>(origin, shop, path);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'PLAN_LIMIT_REACHED', message: ko.billing.server.freeApiLimit('10,000') });
    const viaFramework = await s.t.app.inject({ method: 'GET', url: `/api/v1/${shop.apiId}${path}`, headers: { apikey: shop.key } });
    expect(viaFramework.statusCode).toBe(429);

    // Without billing set up, nothing is limited.
    const toss = s.deps.toss;
    s.deps.toss = null;
    await refreshPlanGate(s.deps);
    expect((await dataGet(origin, shop, path)).status).toBe(200);
    s.deps.toss = toss;
    await refreshPlanGate(s.deps);
    expect((await dataGet(origin, shop, path)).status).toBe(429);

    // The owner upgrades (card, 스타터): calls work at once, not only after the next flush.
    expect((await registerCard(s, shop.owner.token, shop.seedId)).status).toBe(200);
    const up = await billingApi(s.t, shop.owner.token)('PUT', `/api/seeds/${shop.seedId}/billing/plan`, { planId: 'starter', interval: 'month' });
    expect(up.status).toBe(200);
    expect((await dataGet(origin, shop, path)).status).toBe(200);
  });
});
