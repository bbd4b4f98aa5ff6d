import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ko } from '@suite/shared';
import { eq } from 'drizzle-orm';
import type { TBillingOverview, TInvoice, TInvoiceSummary, TPlansResponse, TRevenueResponse } from '@suite/shared/schemas/billing';
import { billingInvoices } from '../../db/schema-billing.ts';
import { signedIn } from '../admin-users/testing/console-test-kit.ts';
import { dunningStep } from './cycle.service.ts';
import { chargeInvoice, refundInvoice } from './payments.service.ts';
import { usagePeriod } from './pricing.ts';
import { createTestApp, dbKinds, movableClock, type TClock, type TTestApp } from '../../test/helpers.ts';
import { createTossClient } from '../../adapters/toss.ts';
import { dropToFree, rollPeriods } from './invoices.service.ts';
import {
  billingApi,
  billingSeed,
  billingTestApp,
  chooseTransfer,
  depsOf,
  freshToken,
  invoicesOf,
  kst,
  recordEvents,
  registerCard,
  subscriptionOf,
  type TBillingSeed,
  type TBillingTest,
} from './testing/invoices-test-kit.ts';

const SEC = 1000;
/** The documented proration, recomputed here: price × remaining seconds ÷ period seconds, rounded down. */
const prorated = (price: number, from: Date, to: Date, start: Date, end: Date) =>
  Math.floor((price * Math.floor((to.getTime() - from.getTime()) / SEC)) / Math.floor((end.getTime() - start.getTime()) / SEC));
const NOV = kst('2026-11-01T00:00');
const DEC = kst('2026-12-01T00:00');
const NOV_2027 = kst('2027-11-01T00:00');

describe.each(dbKinds)('plans and plan changes on %s', (kind) => {
  let s: TBillingTest;
  let t: TTestApp;
  let clock: TClock;
  const seedBase = (x: TBillingSeed) => `/api/seeds/${x.seedId}/billing`;
  const overview = async (x: TBillingSeed) => {
    const res = await billingApi(t, x.owner.token)('GET', seedBase(x));
    expect(res.status).toBe(200);
    return res.body as TBillingOverview;
  };
  const put = (x: TBillingSeed, planId: string, interval = 'month') => billingApi(t, x.owner.token)('PUT', `${seedBase(x)}/plan`, { planId, interval });
  const invoice = async (x: TBillingSeed, id: string) => (await billingApi(t, x.owner.token)('GET', `${seedBase(x)}/invoices/${id}`)).body as TInvoice;

  beforeAll(async () => {
    s = await billingTestApp(kind, kst('2026-11-10T12:00'));
    ({ t, clock } = s);
  });
  afterAll(() => s?.close());
  const tossPayments = (orderId: string) => s.toss.control.paymentsOfOrder(orderId);
  const allInvoices = () => t.database.db.select().from(billingInvoices);

  it('lists the public catalogue with Korean names, prices without VAT and whether billing is set up', async () => {
    const res = await billingApi(t)('GET', '/api/billing/plans');
    expect(res.status).toBe(200);
    const body = res.body as TPlansResponse;
    expect(body.configured).toBe(true);
    expect(body.vatPercent).toBe(10);
    expect(body.data.map((p) => [p.id, p.name, p.monthlyPrice, p.yearlyPrice])).toEqual([
      ['free', '무료', 0, 0],
      ['starter', '스타터', 29_000, 290_000],
      ['business', '비즈니스', 99_000, 990_000],
    ]);
    expect(body.data[1]!.meters.find((m) => m.meter === 'api.calls')).toEqual({
      meter: 'api.calls',
      included: 300_000,
      overage: { per: 10_000, price: 1_000 },
    });
  });

  it('is documented in the OpenAPI document (Korean summaries, tag billing, bearer on the seed routes)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { tags: string[]; summary: string; security?: unknown[] }>>;
    };
    const ops = [
      ['/api/billing/plans', 'get'],
      ['/api/seeds/{seedId}/billing', 'get'],
      ['/api/seeds/{seedId}/billing/plan', 'put'],
      ['/api/seeds/{seedId}/billing/invoices', 'get'],
      ['/api/seeds/{seedId}/billing/invoices/{invoiceId}', 'get'],
    ] as const;
    for (const [path, method] of ops) {
      const op = doc.paths[path]?.[method];
      expect(op?.tags).toEqual(['billing']);
      expect(op?.summary).toMatch(/[가-힣]/);
      if (path.startsWith('/api/seeds/')) expect(op?.security).toEqual([{ bearerAuth: [] }]);
    }
  });

  it('lets the owner change, admins read, and refuses members and strangers', async () => {
    const x = await billingSeed(t);
    const as = (token: string) => billingApi(t, token);
    expect((await as(x.member.token)('GET', seedBase(x))).status).toBe(403);
    expect((await as(x.outsider.token)('GET', `${seedBase(x)}/invoices`)).status).toBe(403);
    expect((await billingApi(t)('GET', seedBase(x))).status).toBe(401);
    const read = await as(x.admin.token)('GET', seedBase(x));
    expect(read.status).toBe(200);
    expect((read.body as TBillingOverview).canManage).toBe(false);
    const refused = await as(x.admin.token)('PUT', `${seedBase(x)}/plan`, { planId: 'free', interval: 'month' });
    expect(refused.status).toBe(403);
    expect((refused.body as { error: string }).error).toBe(ko.billing.server.ownerOnly);
    expect((await as(x.member.token)('PUT', `${seedBase(x)}/plan`, { planId: 'free', interval: 'month' })).status).toBe(403);
    expect((await overview(x)).canManage).toBe(true);
    expect((await put(x, 'free')).status).toBe(200);
  });

  it('answers a bad plan or interval with 400 and a Korean message, never trusting amounts from the browser', async () => {
    const x = await billingSeed(t);
    const bad = await put(x, 'enterprise');
    expect(bad.status).toBe(400);
    expect((bad.body as { error: string }).error).toBe(ko.billing.validation.planId);
    const interval = await put(x, 'starter', 'week');
    expect(interval.status).toBe(400);
    expect((interval.body as { error: string }).error).toBe(ko.billing.validation.interval);
    const priced = await billingApi(t, x.owner.token)('PUT', `${seedBase(x)}/plan`, { planId: 'starter', interval: 'month', price: 1 });
    expect(priced.status).toBe(400);
  });

  it('shows a seed without a plan as free for the KST month, with its real usage projected to the month end', async () => {
    const x = await billingSeed(t);
    await recordEvents(t, x.seedId, 'llm.tokens', [100_000, 50_000], clock.now());
    await recordEvents(t, x.seedId, 'admin-builder.apps', [1, 2], clock.now());
    await recordEvents(t, x.seedId, 'llm.tokens', [999_999], new Date(NOV.getTime() - 1)); // October: not this month
    const o = await overview(x);
    expect(o.plan).toEqual({ id: 'free', name: '무료', interval: 'month', price: 0 });
    expect(o.period).toEqual({ start: NOV.toISOString(), end: DEC.toISOString() });
    expect(o.next).toBeNull();
    expect(o.paymentMethod).toBeNull();
    const tokens = o.usage.find((u) => u.meter === 'llm.tokens')!;
    // 9.5 of 30 days elapsed: 150,000 × 30 ÷ 9.5, rounded down; max meters are not projected.
    expect(tokens).toEqual({
      meter: 'llm.tokens',
      used: 150_000,
      included: 300_000,
      projected: Math.floor((150_000 * 30 * 24 * 60) / (9.5 * 24 * 60)),
      overage: 0,
    });
    expect(o.usage.find((u) => u.meter === 'admin-builder.apps')).toMatchObject({ used: 2, projected: 2, included: 1, overage: 0 });
    expect(o.projection).toEqual({ supply: 0, vat: 0, total: 0 });
  });

  it('refuses an upgrade without a payment method (409, Korean)', async () => {
    const x = await billingSeed(t);
    const res = await put(x, 'starter');
    expect(res.status).toBe(409);
    expect((res.body as { error: string }).error).toBe('결제 수단을 먼저 등록해주세요.');
    expect((await overview(x)).plan.id).toBe('free');
    expect(await invoicesOf(t, x.seedId)).toHaveLength(0);
  });

  it('upgrades at once mid-month with the rest of the month prorated, less the unused part of the old plan, paid by card', async () => {
    const x = await billingSeed(t);
    await registerCard(s, x);
    const at1 = clock.now();
    const up = await put(x, 'starter');
    expect(up.status).toBe(200);
    const o1 = up.body as TBillingOverview;
    expect(o1.plan).toMatchObject({ id: 'starter', interval: 'month', price: 29_000 });
    expect(o1.period).toEqual({ start: at1.toISOString(), end: DEC.toISOString() });
    expect(o1.paymentMethod).toMatchObject({ kind: 'card' });
    const [first] = await invoicesOf(t, x.seedId);
    const p1 = prorated(29_000, at1, DEC, NOV, DEC);
    expect(p1).toBe(19_816);
    const inv1 = await invoice(x, first!.id);
    expect(inv1).toMatchObject({ kind: 'proration', supply: p1, vat: Math.floor(p1 / 10), total: p1 + Math.floor(p1 / 10), status: 'paid', method: 'card' });
    // Toss charged the billing key exactly the invoice's 합계, once.
    expect(tossPayments(inv1.number).map((p) => [p.status, p.totalAmount])).toEqual([['DONE', inv1.total]]);
    expect(inv1.lines).toEqual([expect.objectContaining({ kind: 'proration', amount: p1 })]);
    expect(inv1.number).toMatch(/^CT-202611-\d{6}$/);

    // Ten days on, starter → business: business for the rest of the month, less starter's unused days.
    clock.advance(10 * 86_400 * SEC + 6 * 3_600 * SEC);
    await freshToken(t, x.owner);
    await freshToken(t, x.admin);
    const at2 = clock.now();
    expect((await put(x, 'business')).status).toBe(200);
    const charge2 = prorated(99_000, at2, DEC, NOV, DEC);
    const credit2 = prorated(29_000, at2, DEC, NOV, DEC);
    const second = (await invoicesOf(t, x.seedId)).find((i) => i.id !== first!.id)!;
    const inv2 = await invoice(x, second.id);
    expect(inv2.lines.map((l) => [l.kind, l.amount])).toEqual([
      ['proration', charge2],
      ['credit', -credit2],
    ]);
    expect(inv2).toMatchObject({
      supply: charge2 - credit2,
      vat: Math.floor((charge2 - credit2) / 10),
      total: charge2 - credit2 + Math.floor((charge2 - credit2) / 10),
    });

    // Month → year on the same plan: twelve months from November's start, less business's unused month.
    expect((await put(x, 'business', 'year')).status).toBe(200);
    const charge3 = prorated(990_000, at2, NOV_2027, NOV, NOV_2027);
    const credit3 = prorated(99_000, at2, DEC, NOV, DEC);
    const all = await invoicesOf(t, x.seedId);
    expect(all).toHaveLength(3);
    const third = all.find((i) => i.id !== first!.id && i.id !== second.id)!;
    expect(third.supply).toBe(charge3 - credit3);
    expect(third.total).toBe(third.supply + Math.floor(third.supply / 10));
    const o3 = await overview(x);
    expect(o3.plan).toMatchObject({ id: 'business', interval: 'year', price: 990_000 });
    expect(o3.period.end).toBe(NOV_2027.toISOString());
    // A yearly plan's next invoice carries no fee until the year ends.
    expect(o3.projection).toEqual({ supply: 0, vat: 0, total: 0 });
    expect(all.map((i) => i.status)).toEqual(['paid', 'paid', 'paid']);
    expect(tossPayments(third.orderId).map((p) => p.totalAmount)).toEqual([third.total]);
    // The invoice list, newest first.
    const list = (await billingApi(t, x.admin.token)('GET', `${seedBase(x)}/invoices`)).body as { data: TInvoice[] };
    expect(list.data.map((i) => i.id)).toEqual([third.id, second.id, first!.id]);
    expect(list.data[0]!.taxInvoice.state).toBeDefined();
  });

  it('keeps the old plan when the card is declined (402 in Korean, the invoice void)', async () => {
    const x = await billingSeed(t);
    await registerCard(s, x, '4000123412340000'); // the fake declines cards ending 0000
    const res = await put(x, 'business');
    expect(res.status).toBe(402);
    expect((res.body as { error: string }).error).toBe(ko.billing.server.paymentDeclined);
    expect((await overview(x)).plan.id).toBe('free');
    const [inv] = await invoicesOf(t, x.seedId);
    expect(inv!.status).toBe('void');
    expect(tossPayments(inv!.orderId).filter((p) => p.status === 'DONE')).toEqual([]);
    expect((await subscriptionOf(t, x.seedId))!).toMatchObject({ planId: 'free', interval: 'month' });
  });

  it('keeps an upgrade whose charge timed out, and the retry with the same key settles it without a second charge', async () => {
    const x = await billingSeed(t);
    await registerCard(s, x);
    const deps = depsOf(t);
    const usual = deps.toss;
    deps.toss = createTossClient(t.config.billing.toss!, { timeoutMs: 300 });
    onTestFinished(() => void (deps.toss = usual));
    s.toss.control.timeoutNext(1_500); // Toss charges the card but answers after the client gave up
    const res = await put(x, 'starter');
    expect(res.status).toBe(200);
    expect((res.body as TBillingOverview).plan.id).toBe('starter');
    const [inv] = await invoicesOf(t, x.seedId);
    expect(inv!.status).toBe('open'); // not void: the money may have moved
    expect(tossPayments(inv!.orderId)).toHaveLength(1);
    clock.advance(2 * 60_000 + 2_000); // the charge's claim lapses; the payments job retries with the same key
    await t.app.jobs.runDue();
    expect((await invoicesOf(t, x.seedId))[0]).toMatchObject({ status: 'paid', total: inv!.total });
    expect(tossPayments(inv!.orderId).map((p) => [p.status, p.totalAmount])).toEqual([['DONE', inv!.total]]);
  });

  it('turns 20 concurrent identical upgrades into one plan change and one proration invoice', async () => {
    const x = await billingSeed(t);
    await chooseTransfer(t, x);
    const answers = await Promise.all(Array.from({ length: 20 }, () => put(x, 'starter')));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const invoices = await invoicesOf(t, x.seedId);
    expect(invoices.filter((i) => i.kind === 'proration')).toHaveLength(1);
    // Charged once: one virtual account opened for it, waiting for the deposit.
    expect(invoices[0]!.status).toBe('waiting_deposit');
    expect(tossPayments(invoices[0]!.orderId).map((p) => p.status)).toEqual(['WAITING_FOR_DEPOSIT']);
    const sub = (await subscriptionOf(t, x.seedId))!;
    expect(sub).toMatchObject({ planId: 'starter', interval: 'month', version: 2 });
  });

  it('waits with a downgrade until the period ends; choosing the plan again cancels it; the roll applies it', async () => {
    const x = await billingSeed(t);
    await chooseTransfer(t, x);
    expect((await put(x, 'business')).status).toBe(200);
    const down = await put(x, 'starter');
    expect(down.status).toBe(200);
    const o = down.body as TBillingOverview;
    expect(o.plan.id).toBe('business');
    expect(o.next).toEqual({ planId: 'starter', interval: 'month', at: DEC.toISOString() });
    expect(o.projection).toEqual({ supply: 29_000, vat: 2_900, total: 31_900 }); // the waiting plan's fee, no overage
    expect(await invoicesOf(t, x.seedId)).toHaveLength(1);
    expect((await put(x, 'business')).body).toMatchObject({ next: null, plan: { id: 'business' } });
    expect((await put(x, 'free')).body).toMatchObject({ next: { planId: 'free' }, plan: { id: 'business' } });
    expect((await put(x, 'starter')).body).toMatchObject({ next: { planId: 'starter' } });

    const created = await rollPeriods(depsOf(t), kst('2026-12-01T00:05'));
    const sub = (await subscriptionOf(t, x.seedId))!;
    expect(sub).toMatchObject({ planId: 'starter', interval: 'month', nextPlanId: null });
    expect([sub.periodStart.toISOString(), sub.periodEnd.toISOString()]).toEqual([DEC.toISOString(), kst('2027-01-01T00:00').toISOString()]);
    const period = (await invoicesOf(t, x.seedId)).find((i) => i.kind === 'period')!;
    expect(created).toContain(period.id);
    expect(period).toMatchObject({ supply: 29_000, vat: 2_900, total: 31_900 });
    expect(period.periodStart.toISOString()).toBe(DEC.toISOString());
    // Idempotent: a second run creates nothing.
    expect(await rollPeriods(depsOf(t), kst('2026-12-01T00:06'))).toEqual([]);
  });

  it('refuses an upgrade while anything is owed: a deposit awaited, a lapsed account, past due, after the drop to free, a charge in flight', async () => {
    const x = await billingSeed(t);
    const deps = depsOf(t);
    const unpaid = async (planId: string, interval = 'month') => {
      const res = await put(x, planId, interval);
      expect(res.status).toBe(409);
      expect((res.body as { error: string }).error).toBe(ko.billing.server.unpaidInvoices);
    };
    await chooseTransfer(t, x);
    expect((await put(x, 'starter')).status).toBe(200);
    const [first] = await invoicesOf(t, x.seedId);
    expect(first!.status).toBe('waiting_deposit');
    // Waiting for the deposit: no bigger plan on credit (nothing changes, no second invoice).
    await unpaid('business', 'year');
    expect(await subscriptionOf(t, x.seedId)).toMatchObject({ planId: 'starter', interval: 'month' });
    expect(await invoicesOf(t, x.seedId)).toHaveLength(1);
    // The deposit never comes: the lapse is a dunning step (failed, past due) — still refused.
    expect(await dunningStep(deps, first!.id, { reason: 'lapsed' }, clock.now())).not.toBeNull();
    expect(await subscriptionOf(t, x.seedId)).toMatchObject({ status: 'past_due' });
    await unpaid('business');
    // The grace ends: dropped to free, the invoice still owed — the loop of a paid plan without paying ends here.
    await dropToFree(deps, x.seedId);
    expect(await subscriptionOf(t, x.seedId)).toMatchObject({ planId: 'free', status: 'active' });
    await unpaid('starter');
    await unpaid('business', 'year');
    expect(await invoicesOf(t, x.seedId)).toHaveLength(1);
    // A downgrade or staying is still fine.
    expect((await put(x, 'free')).status).toBe(200);

    // Paying the debt (a new virtual account for the owed invoice, then its deposit) opens upgrades again.
    expect(await chargeInvoice(deps, first!.id)).toEqual({ outcome: 'waiting_deposit' });
    const again = (await invoicesOf(t, x.seedId))[0]!;
    const orderId = (again.virtualAccount as { orderId?: string }).orderId ?? again.orderId;
    const deposit = await t.app.inject({ method: 'POST', url: '/api/billing/webhooks/toss', payload: s.toss.control.deposit(orderId) });
    expect(deposit.statusCode).toBe(200);
    expect((await invoicesOf(t, x.seedId))[0]!.status).toBe('paid');
    expect((await put(x, 'starter')).status).toBe(200);
    const second = (await invoicesOf(t, x.seedId)).find((i) => i.id !== first!.id)!;
    expect(second).toMatchObject({ kind: 'proration', status: 'waiting_deposit' });

    // An open invoice whose charge is in flight counts as owed too.
    await t.database.db
      .update(billingInvoices)
      .set({ status: 'open', chargingUntil: new Date(clock.now().getTime() + 60_000) })
      .where(eq(billingInvoices.id, second.id));
    await unpaid('business');
    expect(await subscriptionOf(t, x.seedId)).toMatchObject({ planId: 'starter' });
  });

  it('shows refunds in the invoice list and the platform revenue (paid as paid, refunded beside it)', async () => {
    const x = await billingSeed(t);
    await registerCard(s, x);
    expect((await put(x, 'starter', 'year')).status).toBe(200);
    const [inv] = await invoicesOf(t, x.seedId);
    expect(inv!.status).toBe('paid');
    const list = async () => ((await billingApi(t, x.owner.token)('GET', `${seedBase(x)}/invoices`)).body as { data: TInvoiceSummary[] }).data;
    expect((await list())[0]).toMatchObject({ id: inv!.id, status: 'paid', refundedAmount: 0 });
    await refundInvoice(depsOf(t), inv!.id, 10_000, '일부 환불');
    expect((await list())[0]).toMatchObject({ id: inv!.id, status: 'paid', total: inv!.total, refundedAmount: 10_000 });
    expect((await invoice(x, inv!.id)).refundedAmount).toBe(10_000);

    const operator = await signedIn(t, { role: 'admin' });
    const revenue = (await billingApi(t, operator.token)('GET', '/api/admin/billing/revenue')).body as TRevenueResponse;
    const month = usagePeriod(inv!.paidAt!);
    // Recomputed from the stored invoices: the month's paid ones as paid, and what was refunded of them.
    const paidThere = (await allInvoices()).filter((i) => ['paid', 'refunded'].includes(i.status) && i.paidAt && usagePeriod(i.paidAt) === month);
    expect(revenue.months.find((m) => m.month === month)).toMatchObject({
      invoices: paidThere.length,
      paid: { total: paidThere.reduce((sum, i) => sum + i.total, 0) },
      refunded: paidThere.reduce((sum, i) => sum + i.refundedAmount, 0),
    });
    expect(paidThere.reduce((sum, i) => sum + i.refundedAmount, 0)).toBeGreaterThanOrEqual(10_000);
  });
});

describe.each(dbKinds)('billing not set up on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: movableClock(kst('2026-11-10T12:00').getTime()).now, jobs: false });
  });
  afterAll(() => t?.close());

  it('reads the free plan with real usage, refuses a paid plan with 409 and accepts free', async () => {
    const x = await billingSeed(t);
    expect(((await billingApi(t)('GET', '/api/billing/plans')).body as TPlansResponse).configured).toBe(false);
    await recordEvents(t, x.seedId, 'chatbot.answers', [1, 1, 1], kst('2026-11-09T10:00'));
    const read = await billingApi(t, x.owner.token)('GET', `/api/seeds/${x.seedId}/billing`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ configured: false, plan: { id: 'free' } });
    expect((read.body as TBillingOverview).usage.find((u) => u.meter === 'chatbot.answers')!.used).toBe(3);
    const paid = await billingApi(t, x.owner.token)('PUT', `/api/seeds/${x.seedId}/billing/plan`, { planId: 'starter', interval: 'month' });
    expect(paid.status).toBe(409);
    expect((paid.body as { error: string }).error).toBe(ko.billing.server.notConfigured);
    expect((await billingApi(t, x.owner.token)('PUT', `/api/seeds/${x.seedId}/billing/plan`, { planId: 'free', interval: 'month' })).status).toBe(200);
  });
});
