import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ko } from '@suite/shared';
import { METERS, planById, type TPlanId } from '@suite/shared/plans';
import type { TInvoice } from '@suite/shared/schemas/billing';
import { billingInvoices } from '../../db/schema-billing.ts';
import { dbKinds, type TClock, type TTestApp } from '../../test/helpers.ts';
import { call } from '../auth/testing/auth-test-kit.ts';
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
  rawEvents,
  recordEvents,
  subscriptionOf,
  type TBillingSeed,
  type TBillingTest,
} from './testing/invoices-test-kit.ts';
import { businessBody } from './testing/tax-test-kit.ts';

const MB = 1_000_000;
const DEC = kst('2026-12-01T00:00');
const JAN = kst('2027-01-01T00:00');
const NOV_2027 = kst('2027-11-01T00:00');

/**
 * A month's invoice recomputed from the raw events and the catalogue, independently of the server's code: each meter
 * aggregated (count = events — a row folding a journal chunk's plain data-API calls counts its quantity —, sum =
 * quantities, max = largest), each started block above the included volume at its
 * price, VAT 10 % of the 공급가액 rounded down.
 */
function expectedInvoice(planId: TPlanId, fee: number, events: { meter: string; quantity: number }[]) {
  const plan = planById(planId)!;
  let supply = fee;
  const overage: Record<string, number> = {};
  for (const m of plan.meters) {
    const mine = events.filter((e) => e.meter === m.meter).map((e) => e.quantity);
    const agg = METERS[m.meter].aggregation;
    const used = agg === 'max' ? Math.max(0, ...mine) : mine.reduce((a, b) => a + b, 0);
    if (!m.overage || used <= m.included) continue;
    overage[m.meter] = Math.ceil((used - m.included) / m.overage.per) * m.overage.price;
    supply += overage[m.meter]!;
  }
  const vat = Math.floor(supply / 10);
  return { supply, vat, total: supply + vat, overage };
}

describe.each(dbKinds)('period invoices on %s', (kind) => {
  let s: TBillingTest;
  let t: TTestApp;
  let clock: TClock;
  const base = (x: TBillingSeed) => `/api/seeds/${x.seedId}/billing`;
  const put = (x: TBillingSeed, planId: string, interval = 'month') => billingApi(t, x.owner.token)('PUT', `${base(x)}/plan`, { planId, interval });
  const detail = async (x: TBillingSeed, id: string) => {
    const res = await billingApi(t, x.owner.token)('GET', `${base(x)}/invoices/${id}`);
    expect(res.status).toBe(200);
    return res.body as TInvoice;
  };
  /** The fake Toss's deposit into the virtual account of the seed's invoice waiting for one (its DEPOSIT_CALLBACK). */
  const payByDeposit = async (x: TBillingSeed) => {
    const waiting = (await invoicesOf(t, x.seedId)).find((i) => i.status === 'waiting_deposit')!;
    const orderId = (waiting.virtualAccount as { orderId?: string }).orderId ?? waiting.orderId;
    const res = await t.app.inject({ method: 'POST', url: '/api/billing/webhooks/toss', payload: s.toss.control.deposit(orderId) });
    expect(res.statusCode).toBe(200);
    expect((await invoicesOf(t, x.seedId)).find((i) => i.id === waiting.id)!.status).toBe('paid');
  };
  const periodInvoices = async (x: TBillingSeed) =>
    (await invoicesOf(t, x.seedId)).filter((i) => i.kind === 'period').sort((a, b) => a.periodStart.getTime() - b.periodStart.getTime());

  beforeAll(async () => {
    s = await billingTestApp(kind, kst('2026-11-10T12:00'));
    ({ t, clock } = s);
  });
  afterAll(() => s?.close());

  it("bills a month's fee and overage whose 공급가액, 부가세 and 합계 equal a recomputation from the raw events", async () => {
    const x = await billingSeed(t);
    const other = await billingSeed(t, '다른 상사');
    await chooseTransfer(t, x);
    expect((await put(x, 'starter')).status).toBe(200);
    const inNov = kst('2026-11-20T09:00');
    await recordEvents(t, x.seedId, 'chatbot.answers', Array(3_120).fill(1), inNov);
    await recordEvents(t, x.seedId, 'llm.tokens', [2_000_000, 3_234_567], inNov);
    await recordEvents(t, x.seedId, 'knowledge.bytes', [900 * MB, 1_250 * MB, 1_100 * MB], inNov);
    await recordEvents(t, x.seedId, 'admin-builder.apps', [3, 7, 6], kst('2026-11-30T23:59'));
    await recordEvents(t, x.seedId, 'api.calls', Array(500).fill(1), inNov); // within the included volume
    await recordEvents(t, x.seedId, 'chatbot.answers', Array(400).fill(1), kst('2026-12-01T00:00')); // December's
    await recordEvents(t, other.seedId, 'llm.tokens', [90_000_000], inNov); // another seed's

    const created = await rollPeriods(depsOf(t), kst('2026-12-01T00:05'));
    const [inv] = await periodInvoices(x);
    expect(created).toContain(inv!.id);
    const expected = expectedInvoice('starter', 29_000, await rawEvents(t, x.seedId, '2026-11'));
    expect(Object.keys(expected.overage).sort()).toEqual(['admin-builder.apps', 'chatbot.answers', 'knowledge.bytes', 'llm.tokens']);
    const answer = await detail(x, inv!.id);
    expect({ supply: answer.supply, vat: answer.vat, total: answer.total }).toEqual({ supply: expected.supply, vat: expected.vat, total: expected.total });
    expect(answer).toMatchObject({ kind: 'period', status: 'open', periodStart: DEC.toISOString(), periodEnd: JAN.toISOString() });
    expect(answer.lines.find((l) => l.kind === 'plan')).toMatchObject({ amount: 29_000, quantity: 1 });
    for (const [meter, amount] of Object.entries(expected.overage)) {
      expect(answer.lines.find((l) => l.meter === meter)).toMatchObject({ kind: 'overage', amount, description: expect.stringContaining('2026년 11월') });
    }
    expect(answer.seller.name).toBe(ko.billing.server.sellerUnset);
    expect(answer.buyer).toBeNull();
    // The roll ran once: again (even later the same month) creates nothing.
    expect(await rollPeriods(depsOf(t), kst('2026-12-01T00:10'))).toEqual([]);
    expect(await periodInvoices(x)).toHaveLength(1);
    expect((await subscriptionOf(t, x.seedId))!.periodStart.toISOString()).toBe(DEC.toISOString());
  });

  it('bills a yearly plan its months of overage monthly and its fee when the year ends', async () => {
    const x = await billingSeed(t);
    await chooseTransfer(t, x);
    expect((await put(x, 'starter', 'year')).status).toBe(200);
    await recordEvents(t, x.seedId, 'admin-builder.apps', [8], kst('2026-11-25T10:00'));
    await rollPeriods(depsOf(t), kst('2026-12-01T00:05'));
    const [overage] = await periodInvoices(x);
    const nov = expectedInvoice('starter', 0, await rawEvents(t, x.seedId, '2026-11'));
    expect(nov.supply).toBe(15_000);
    expect(overage).toMatchObject({ supply: nov.supply, vat: nov.vat, total: nov.total });
    expect((await detail(x, overage!.id)).lines.map((l) => l.kind)).toEqual(['overage']);
    // A year later: nothing for the months without overage, then the new year's fee.
    await rollPeriods(depsOf(t), kst('2027-11-01T00:05'));
    const all = await periodInvoices(x);
    expect(all).toHaveLength(2);
    expect(all[1]).toMatchObject({ supply: 290_000, vat: 29_000, total: 319_000 });
    expect(all[1]!.periodStart.toISOString()).toBe(NOV_2027.toISOString());
    const sub = (await subscriptionOf(t, x.seedId))!;
    expect([sub.planId, sub.interval, sub.periodStart.toISOString(), sub.periodEnd.toISOString()]).toEqual([
      'starter',
      'year',
      NOV_2027.toISOString(),
      kst('2028-11-01T00:00').toISOString(),
    ]);
    expect(await rollPeriods(depsOf(t), kst('2027-11-01T00:06'))).toEqual([]);
  });

  it('creates no invoice for a free seed, however much it used', async () => {
    const x = await billingSeed(t);
    expect((await put(x, 'free')).status).toBe(200); // makes its row
    await recordEvents(t, x.seedId, 'llm.tokens', [5_000_000], kst('2027-11-15T10:00'));
    await rollPeriods(depsOf(t), kst('2027-12-01T00:05'));
    expect(await invoicesOf(t, x.seedId)).toHaveLength(0);
    expect((await subscriptionOf(t, x.seedId))!.periodStart.toISOString()).toBe(kst('2027-12-01T00:00').toISOString());
  });

  it("shows a seed only its own invoices (404 in Korean for another's), to its owner and admins", async () => {
    const x = await billingSeed(t);
    const y = await billingSeed(t, '남의 상사');
    await chooseTransfer(t, y);
    expect((await put(y, 'starter')).status).toBe(200);
    const [theirs] = await invoicesOf(t, y.seedId);
    const res = await billingApi(t, x.owner.token)('GET', `${base(x)}/invoices/${theirs!.id}`);
    expect(res.status).toBe(404);
    expect((res.body as { error: string }).error).toBe(ko.billing.server.invoiceNotFound);
    expect((await billingApi(t, x.owner.token)('GET', `${base(x)}/invoices/not-a-uuid`)).status).toBe(400);
    expect((await billingApi(t, y.member.token)('GET', `${base(y)}/invoices/${theirs!.id}`)).status).toBe(403);
    const asAdmin = await billingApi(t, y.admin.token)('GET', `${base(y)}/invoices/${theirs!.id}`);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toMatchObject({ id: theirs!.id, kind: 'proration', taxInvoice: { state: expect.any(String) } });
    expect(((await billingApi(t, x.owner.token)('GET', `${base(x)}/invoices`)).body as { data: unknown[] }).data).toEqual([]);
  });

  it('drops a seed to the free plan at once, keeping its invoices', async () => {
    const x = await billingSeed(t);
    await chooseTransfer(t, x);
    expect((await put(x, 'business')).status).toBe(200);
    expect((await put(x, 'starter')).status).toBe(200); // a waiting downgrade
    const before = await invoicesOf(t, x.seedId);
    await dropToFree(depsOf(t), x.seedId);
    const sub = (await subscriptionOf(t, x.seedId))!;
    expect(sub).toMatchObject({ planId: 'free', interval: 'month', nextPlanId: null, nextInterval: null, status: 'active', graceEndsAt: null });
    expect(await invoicesOf(t, x.seedId)).toHaveLength(before.length);
  });

  it('invoices an ended period first when the plan changes before the cycle ran', async () => {
    const x = await billingSeed(t);
    await chooseTransfer(t, x);
    expect((await put(x, 'starter')).status).toBe(200);
    await payByDeposit(x); // an upgrade waits until nothing is owed
    await recordEvents(t, x.seedId, 'admin-builder.apps', [6], kst('2026-11-28T10:00'));
    clock.advance(kst('2026-12-03T12:00').getTime() - clock.now().getTime());
    await freshToken(t, x.owner);
    expect((await put(x, 'business')).status).toBe(200);
    const [period] = await periodInvoices(x);
    // December's starter fee and November's overage under starter (6 apps, 5 included), before the upgrade.
    expect(period).toMatchObject({ supply: 29_000 + 5_000 });
    expect(period!.periodStart.toISOString()).toBe(DEC.toISOString());
    // Charged right away, as the cycle charges the invoices it rolls: a virtual account for its 합계.
    expect(period!.status).toBe('waiting_deposit');
    expect(s.toss.control.paymentsOfOrder(period!.orderId).map((p) => p.totalAmount)).toEqual([period!.total]);
    const proration = (await invoicesOf(t, x.seedId)).filter((i) => i.kind === 'proration');
    expect(proration).toHaveLength(2);
  });

  it('keeps the buyer and seller an invoice was made for, whatever happens to the business details or the configuration', async () => {
    const deps = depsOf(t);
    const company = deps.company;
    onTestFinished(() => void (deps.company = company));
    deps.company = { ...company, name: '주식회사 씨티', businessNumber: '2208162517' };
    const x = await billingSeed(t, '거래처 상사');
    const business = (body: unknown) => call(t, { method: 'PUT', url: `${base(x)}/business`, token: x.owner.token, body });
    expect((await business(businessBody('1048601232', { name: '옛 상호', ceo: '박대표' }))).status).toBe(200);
    await chooseTransfer(t, x);
    expect((await put(x, 'starter')).status).toBe(200);
    const [inv] = await invoicesOf(t, x.seedId);
    const issued = await detail(x, inv!.id);
    expect(issued.seller).toEqual({ name: '주식회사 씨티', businessNumber: '2208162517' });
    expect(issued.buyer).toMatchObject({ businessNumber: '1048601232', name: '옛 상호', ceo: '박대표' });

    // The details change, then are removed; the suite's own company details change too: the 청구서 stays as issued.
    expect((await business(businessBody('1058777770', { name: '새 상호' }))).status).toBe(200);
    deps.company = { ...company, name: '다른 회사', businessNumber: '1234567891' };
    expect((await detail(x, inv!.id)).buyer).toEqual(issued.buyer);
    const removed = await t.app.inject({ method: 'DELETE', url: `${base(x)}/business`, headers: { authorization: `Bearer ${x.owner.token}` } });
    expect(removed.statusCode).toBeLessThan(300);
    const after = await detail(x, inv!.id);
    expect([after.buyer, after.seller]).toEqual([issued.buyer, issued.seller]);

    // An invoice made while the seed was an individual keeps no buyer after business details are entered.
    await payByDeposit(x);
    expect((await put(x, 'business')).status).toBe(200);
    const second = (await invoicesOf(t, x.seedId)).find((i) => i.id !== inv!.id)!;
    expect((await business(businessBody('1048601232'))).status).toBe(200);
    expect(await detail(x, second.id)).toMatchObject({ buyer: null, seller: { name: '다른 회사', businessNumber: '1234567891' } });

    // An invoice from before the parties were kept (no snapshot) shows today's, as it always did.
    await t.database.db.update(billingInvoices).set({ buyer: null, seller: null }).where(eq(billingInvoices.id, inv!.id));
    expect(await detail(x, inv!.id)).toMatchObject({
      buyer: { businessNumber: '1048601232', name: '주식회사 씨앗' },
      seller: { name: '다른 회사', businessNumber: '1234567891' },
    });
  });
});
