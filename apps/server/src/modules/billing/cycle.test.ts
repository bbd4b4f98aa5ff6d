import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMembers, seeds } from '../../db/schema.ts';
import { billingBusinesses, billingInvoices, billingPaymentAttempts, billingPaymentMethods, billingTaxInvoices } from '../../db/schema-billing.ts';
import { createTestApp, dbKinds, movableClock, type TClock, type TTestContext } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { call, loginAs } from '../auth/testing/auth-test-kit.ts';
import { billingOf } from './billing.module.ts';
import type { TBillingDeps } from './billing.deps.ts';
import { afterInvoicePaid } from './billing-hooks.ts';
import { noticeTaxInvoice } from './billing-notices.ts';
import { kstMonth, noticeExpiringCards, runCycle } from './cycle.service.ts';
import { DUNNING, DUNNING_ATTEMPTS, dunningPoint } from './dunning.ts';
import * as kit from './testing/cycle-test-kit.ts';
import { ownerWithSeed, paymentsTestApp, registerCard, type TPaymentsTest } from './testing/payments-test-kit.ts';

const DAY = 86_400_000;

describe('the dunning schedule', () => {
  it('retries 1, 3, 5, 7, 10 and 14 days after the first failure (7 attempts) within a 14-day grace period', () => {
    const first = new Date('2027-02-01T00:00:00Z');
    const at = (days: number) => dunningPoint(first, new Date(first.getTime() + days * DAY));
    expect(DUNNING_ATTEMPTS).toBe(7);
    expect(at(0)).toEqual({ attempt: 1, nextAttemptAt: new Date(first.getTime() + DAY), graceEndsAt: new Date(first.getTime() + 14 * DAY) });
    expect(at(0.5).attempt).toBe(1);
    expect(at(1)).toMatchObject({ attempt: 2, nextAttemptAt: new Date(first.getTime() + 3 * DAY) });
    expect(at(10)).toMatchObject({ attempt: 6, nextAttemptAt: new Date(first.getTime() + 14 * DAY) });
    expect(at(14)).toMatchObject({ attempt: 7, nextAttemptAt: null });
    expect(DUNNING.retryDays.at(-1)).toBe(DUNNING.graceDays);
  });

  it('names Asia/Seoul months', () => {
    expect(kstMonth(new Date('2027-01-31T15:00:00Z'))).toBe('2027-02');
    expect(kstMonth(new Date('2027-12-31T14:59:59Z'), 1)).toBe('2028-01');
    expect(kstMonth(new Date('2027-01-10T00:00:00Z'), -11)).toBe('2026-02');
  });
});

describe.each(dbKinds)('billing cycle and dunning on %s', (kind) => {
  let t: TTestContext;
  let clock: TClock;
  let deps: TBillingDeps;
  let owner: Awaited<ReturnType<typeof signedIn>>;
  const start = Date.parse('2027-01-14T03:00:00Z');
  const at = (days: number) => new Date(start + days * DAY);
  const to = (when: Date) => clock.advance(when.getTime() - clock.now().getTime());
  const cycle = () => runCycle(deps, clock.now());

  beforeAll(async () => {
    clock = movableClock(start);
    t = await createTestApp(kind, { now: clock.now, jobs: false });
    deps = billingOf(t.app.ctx)!;
    await signedIn(t, { role: 'admin' }); // the installation's first account
    owner = await signedIn(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('walks a failed invoice through every retry once, then drops the seed to free with nothing deleted', async () => {
    to(at(0));
    const member = await signedIn(t);
    const seedId = await kit.makeSeed(t, owner.id, '미납 시드');
    await kit.addMember(t, seedId, member.id);
    await kit.subscribe(t, seedId, { planId: 'starter', start: at(0), end: at(30) });
    const invoiceId = await kit.insertInvoice(t, { seedId, supply: 29_000, status: 'failed', start: at(0), end: at(30), nextAttemptAt: at(0) });

    const first = await cycle();
    expect(first.retried).toBeGreaterThanOrEqual(1);
    let sub = await kit.subscriptionRow(t, seedId);
    expect(sub).toMatchObject({ status: 'past_due', pastDueSince: at(0), graceEndsAt: at(14) });
    expect((await kit.invoiceRow(t, invoiceId)).nextAttemptAt).toEqual(at(1));

    for (const [i, d] of DUNNING.retryDays.entries()) {
      to(new Date(at(d).getTime() - 3_600_000));
      expect((await cycle()).retried).toBe(0); // not due yet: nothing is attempted early
      to(at(d));
      const r = await cycle();
      expect(r.retried).toBe(1);
      const inv = await kit.invoiceRow(t, invoiceId);
      expect(inv.status).toBe('failed');
      expect(inv.nextAttemptAt).toEqual(DUNNING.retryDays[i + 1] === undefined ? null : at(DUNNING.retryDays[i + 1]!));
      if (d < DUNNING.graceDays) expect(r.dropped).toBe(0);
      else expect(r.dropped).toBe(1);
    }
    expect((await cycle()).retried).toBe(0); // after the last attempt nothing is retried again

    const failed = await kit.noticesOf(t, owner.id, 'billing.payment-failed');
    const mine = failed.filter((n) => n.seedId === seedId);
    expect(mine.map((n) => n.title)).toEqual(Array.from({ length: DUNNING_ATTEMPTS }, (_, i) => `결제에 실패했습니다 (${i + 1}/7번째 시도)`));
    expect(mine[0]!.body).toContain('31,900원');
    expect(mine[0]!.body).toContain('2027년 1월 15일에 다시 결제를 시도합니다.');
    expect(mine[0]!.body).toContain('2027년 1월 28일까지는');
    expect(mine.at(-1)!.body).toContain('예정된 결제 시도를 모두 마쳤습니다.');
    const dropped = (await kit.noticesOf(t, owner.id, 'billing.plan-changed')).filter((n) => n.seedId === seedId);
    expect(dropped.map((n) => n.title)).toEqual(['무료 요금제로 바뀌었습니다']);
    expect(dropped[0]!.body).toContain('미납 금액 31,900원');

    // On the free plan now; nothing was deleted: the seed, its members and the unpaid invoice are all there.
    sub = await kit.subscriptionRow(t, seedId);
    expect(sub === undefined || sub.planId === 'free').toBe(true);
    expect(sub?.status ?? 'active').toBe('active');
    expect(await t.database.db.select().from(seeds).where(eq(seeds.id, seedId))).toHaveLength(1);
    expect(await t.database.db.select().from(seedMembers).where(eq(seedMembers.seedId, seedId))).toHaveLength(2);
    expect(await kit.invoiceRow(t, invoiceId)).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect((await cycle()).dropped).toBe(0);
  });

  it('treats a lapsed virtual account as a failed attempt and settles the debt when it is paid in the grace period', async () => {
    to(at(40));
    const seedId = await kit.makeSeed(t, owner.id, '계좌이체 시드');
    await kit.subscribe(t, seedId, { planId: 'business', start: at(35), end: at(65) });
    const dueDate = new Date(at(40).getTime() - 60_000).toISOString();
    const virtualAccount = { bank: '신한', accountNumber: 'X6410000000001', customerName: '계좌이체 시드', dueDate };
    const invoiceId = await kit.insertInvoice(t, { seedId, supply: 99_000, status: 'waiting_deposit', start: at(35), end: at(65), virtualAccount });
    const waiting = await kit.insertInvoice(t, {
      seedId,
      supply: 1_000,
      status: 'waiting_deposit',
      kind: 'proration',
      start: at(35),
      end: at(65),
      virtualAccount: { ...virtualAccount, dueDate: at(41).toISOString() },
    });

    const r = await cycle();
    expect(r.lapsed).toBe(1);
    expect(await kit.invoiceRow(t, invoiceId)).toMatchObject({ status: 'failed', nextAttemptAt: at(41) });
    expect((await kit.invoiceRow(t, waiting)).status).toBe('waiting_deposit');
    expect(await kit.subscriptionRow(t, seedId)).toMatchObject({ status: 'past_due', graceEndsAt: at(54) });
    const [notice] = (await kit.noticesOf(t, owner.id, 'billing.payment-failed')).filter((n) => n.seedId === seedId);
    expect(notice!.body).toContain('입금 기한');
    expect(notice!.body).toContain('새 가상계좌를 발급해 드립니다');

    // Paid (as a card charge or a deposit would mark it): still one invoice owed, so still past due; then none.
    const pay = async (id: string) => {
      await t.database.db.update(billingInvoices).set({ status: 'paid', paidAt: clock.now(), nextAttemptAt: null }).where(eq(billingInvoices.id, id));
      await afterInvoicePaid(deps, id);
    };
    await pay(invoiceId);
    expect((await kit.subscriptionRow(t, seedId))?.status).toBe('past_due');
    await pay(waiting);
    expect(await kit.subscriptionRow(t, seedId)).toMatchObject({ status: 'active', pastDueSince: null, graceEndsAt: null, planId: 'business' });
    const paid = (await kit.noticesOf(t, owner.id, 'billing.payment-succeeded')).filter((n) => n.seedId === seedId);
    expect(paid.map((n) => n.title).sort()).toEqual(['결제가 완료되었습니다 (1,100원)', '결제가 완료되었습니다 (108,900원)']);
    to(at(54));
    expect((await cycle()).dropped).toBe(0);
  });

  it('gives a period invoice that failed outside the cycle (no next attempt) its dunning step', async () => {
    to(at(60));
    const seedId = await kit.makeSeed(t, owner.id, '밖에서 실패한 시드');
    await kit.subscribe(t, seedId, { planId: 'starter', start: at(60), end: at(90) });
    const invoiceId = await kit.insertInvoice(t, { seedId, supply: 29_000, status: 'failed', start: at(60), end: at(90), attempts: 1 });
    await kit.recordAttempt(t, { invoiceId, seedId, attempt: 1, amount: 31_900, outcome: 'declined', code: 'REJECT_CARD_PAYMENT', message: '잔액부족' });
    await cycle();
    expect(await kit.invoiceRow(t, invoiceId)).toMatchObject({ status: 'failed', nextAttemptAt: at(61) });
    expect((await kit.subscriptionRow(t, seedId))?.status).toBe('past_due');
    const [notice] = (await kit.noticesOf(t, owner.id, 'billing.payment-failed')).filter((n) => n.seedId === seedId);
    expect(notice!.body).toContain('카드사에서 결제를 거절했습니다 — 잔액부족');
    await cycle();
    expect((await kit.noticesOf(t, owner.id, 'billing.payment-failed')).filter((n) => n.seedId === seedId)).toHaveLength(1);
  });

  it('tells the owner a 세금계산서 was issued, and when its transmission to the NTS failed', async () => {
    const seedId = await kit.makeSeed(t, owner.id, '세금계산서 시드');
    await t.database.db.insert(billingBusinesses).values({
      seedId,
      businessNumber: '1234567891',
      name: '주식회사 씨앗',
      ceo: '홍길동',
      businessType: '서비스',
      businessItem: '소프트웨어',
      address: '서울시 중구',
      email: 'tax@example.com',
    });
    const [tax] = await t.database.db
      .insert(billingTaxInvoices)
      .values({ seedId, month: '2027-02', mgtKey: `T${Date.now()}`, supply: 29_000, tax: 2_900, total: 31_900, state: 'failed', error: '공급받는자 정보 오류' })
      .returning();
    await noticeTaxInvoice(deps, tax!.id, 'issued');
    await noticeTaxInvoice(deps, tax!.id, 'issued');
    await noticeTaxInvoice(deps, tax!.id, 'failed');
    const notices = (await kit.noticesOf(t, owner.id, 'billing.tax-invoice')).filter((n) => n.seedId === seedId);
    expect(notices).toHaveLength(2);
    const issued = notices.find((n) => n.dedupeKey.endsWith(':issued'))!;
    const failed = notices.find((n) => n.dedupeKey.endsWith(':failed'))!;
    expect(issued.title).toBe('2027년 2월 세금계산서가 발행되었습니다');
    expect(issued.body).toContain('합계 31,900원');
    expect(issued.body).toContain('tax@example.com');
    expect(failed.title).toBe('2027년 2월 세금계산서의 국세청 전송에 실패했습니다');
    expect(failed.body).toContain('공급받는자 정보 오류');
  });

  it('announces a card that ends this month or next once per card and month', async () => {
    to(at(70)); // 2027-03-25 KST
    const month = kstMonth(clock.now());
    const a = await kit.makeSeed(t, owner.id, '카드 시드 A');
    const b = await kit.makeSeed(t, owner.id, '카드 시드 B');
    const c = await kit.makeSeed(t, owner.id, '카드 시드 C');
    await kit.cardOf(t, a, { cardNumber: '4330****1234***', cardExpiresOn: month });
    await kit.cardOf(t, b, { cardNumber: '5330****5678***', cardExpiresOn: kstMonth(clock.now(), 1) });
    await kit.cardOf(t, c, { cardNumber: '3330****9012***', cardExpiresOn: kstMonth(clock.now(), 2) });
    const expiring = async () => (await kit.noticesOf(t, owner.id, 'billing.card-expiring')).filter((n) => [a, b, c].includes(n.seedId!));

    await noticeExpiringCards(deps, clock.now());
    await noticeExpiringCards(deps, clock.now());
    let notices = await expiring();
    expect(notices.map((n) => n.seedId).sort()).toEqual([a, b].sort());
    expect(notices[0]!.title).toBe('카드 유효기간이 곧 끝납니다 — 새 카드를 등록해주세요');
    expect(notices.find((n) => n.seedId === a)!.body).toContain('2027년 3월에 끝납니다');

    clock.advance(10 * DAY); // April (KST): B ends this month, C next month; A has ended
    await noticeExpiringCards(deps, clock.now());
    notices = await expiring();
    expect(notices.map((n) => n.seedId).sort()).toEqual([a, b, b, c].sort());
  });

  it('gives the platform admin revenue per month and the failed payments; others are refused', async () => {
    const now = clock.now();
    const seedId = await kit.makeSeed(t, owner.id, '매출 시드');
    const lastMonth = new Date(`${kstMonth(now, -1)}-15T00:00:00+09:00`);
    await kit.insertInvoice(t, { seedId, supply: 29_000, status: 'paid', start: lastMonth, end: now, paidAt: lastMonth, createdAt: lastMonth });
    await kit.insertInvoice(t, { seedId, supply: 99_000, status: 'refunded', start: now, end: now, paidAt: now, refundedAmount: 5_000 });
    await kit.insertInvoice(t, { seedId, supply: 12_345, status: 'open', kind: 'proration', start: now, end: now, createdAt: now });
    const failedId = await kit.insertInvoice(t, {
      seedId,
      supply: 7_000,
      status: 'failed',
      kind: 'proration',
      start: now,
      end: now,
      createdAt: now,
      attempts: 2,
      nextAttemptAt: at(90),
    });
    await kit.recordAttempt(t, { invoiceId: failedId, seedId, attempt: 1, amount: 7_700, outcome: 'declined', code: 'OLD', message: '예전 오류' });
    await kit.recordAttempt(t, {
      invoiceId: failedId,
      seedId,
      attempt: 2,
      amount: 7_700,
      outcome: 'declined',
      code: 'REJECT_CARD_PAYMENT',
      message: '한도초과',
    });
    const old = new Date(`${kstMonth(now, -12)}-20T00:00:00+09:00`);
    await kit.insertInvoice(t, { seedId, supply: 50_000, status: 'paid', start: old, end: old, paidAt: old, createdAt: old });

    // Signed in now (the clock moved past the first sessions' lifetime).
    const admin = await signedIn(t, { role: 'admin' });
    const stranger = await signedIn(t);
    const res = await api(t, admin.token)('GET', '/api/admin/billing/revenue');
    expect(res.status).toBe(200);

    // What the test sums from the stored invoices, by the documented rule.
    const from = Date.parse(`${kstMonth(now, -11)}-01T00:00:00+09:00`);
    const monthOf = (d: Date) => kstMonth(d);
    const all = await t.database.db.select().from(billingInvoices);
    const expected = new Map<
      string,
      { month: string; invoices: number; paid: { supply: number; vat: number; total: number }; outstanding: number; refunded: number }
    >();
    const row = (m: string) =>
      expected.get(m) ?? expected.set(m, { month: m, invoices: 0, paid: { supply: 0, vat: 0, total: 0 }, outstanding: 0, refunded: 0 }).get(m)!;
    for (const i of all) {
      if ((i.status === 'paid' || i.status === 'refunded') && i.paidAt && i.paidAt.getTime() >= from) {
        const m = row(monthOf(i.paidAt));
        m.invoices += 1;
        m.paid.supply += i.supply;
        m.paid.vat += i.vat;
        m.paid.total += i.total;
        m.refunded += i.refundedAmount;
      }
      if (['open', 'failed', 'waiting_deposit'].includes(i.status) && i.createdAt.getTime() >= from) row(monthOf(i.createdAt)).outstanding += i.total;
    }
    expect(res.body.months).toEqual([...expected.values()].sort((x, y) => y.month.localeCompare(x.month)));
    expect(res.body.months.map((m: { month: string }) => m.month)).not.toContain(kstMonth(now, -12));
    const failed = res.body.failed.find((f: { invoiceId: string }) => f.invoiceId === failedId);
    expect(failed).toEqual({
      invoiceId: failedId,
      seedId,
      seedName: '매출 시드',
      number: expect.any(String),
      total: 7_700,
      attempts: 2,
      lastError: 'REJECT_CARD_PAYMENT: 한도초과',
      nextAttemptAt: at(90).toISOString(),
    });
    const failedIds = all.filter((i) => i.status === 'failed').map((i) => i.id);
    expect(res.body.failed.map((f: { invoiceId: string }) => f.invoiceId).sort()).toEqual(failedIds.sort());

    expect((await api(t, stranger.token)('GET', '/api/admin/billing/revenue')).status).toBe(403);
    expect((await api(t)('GET', '/api/admin/billing/revenue')).status).toBe(401);
    expect(
      await t.database.db
        .select()
        .from(billingInvoices)
        .where(inArray(billingInvoices.seedId, [seedId])),
    ).toHaveLength(5);
  });
});

describe.each(dbKinds)('the monthly cycle with the fake Toss on %s', (kind) => {
  let s: TPaymentsTest;
  const fresh = async (u: { email: string }) => (await loginAs(s.t, u.email)).tokens.access_token;
  const cycle = () => runCycle(s.deps, s.clock.now());
  const to = (when: Date) => s.clock.advance(when.getTime() - s.clock.now().getTime());
  const invoicesOf = (seedId: string) => s.t.database.db.select().from(billingInvoices).where(eq(billingInvoices.seedId, seedId));
  const chargesOf = (customerKey: string) =>
    s.toss.control
      .requests()
      .filter((r) => r.method === 'POST' && r.path.startsWith('/v1/billing/') && (r.body as { customerKey?: string }).customerKey === customerKey);

  /** A seed on the monthly starter plan, paid by a card that works (or, from the period's end on, is declined). */
  async function starterSeed(opts: { declineFromNowOn?: boolean } = {}) {
    const { owner, seedId } = await ownerWithSeed(s.t);
    expect((await registerCard(s, owner.token, seedId)).status).toBe(200);
    const res = await call(s.t, {
      method: 'PUT',
      url: `/api/seeds/${seedId}/billing/plan`,
      token: owner.token,
      body: { planId: 'starter', interval: 'month' },
    });
    expect(res.status).toBe(200);
    if (opts.declineFromNowOn) expect((await registerCard(s, owner.token, seedId, '4330123412340000')).status).toBe(200);
    const sub = (await kit.subscriptionRow(s.t, seedId))!;
    const [method] = await s.t.database.db.select().from(billingPaymentMethods).where(eq(billingPaymentMethods.seedId, seedId));
    return { owner, seedId, periodEnd: sub.periodEnd, customerKey: method!.customerKey };
  }

  let admin: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    s = await paymentsTestApp(kind);
    admin = await signedIn(s.t, { role: 'admin' }); // the installation's first account
  });
  afterAll(async () => {
    await s?.close();
  });

  // First in this app: the fake dates its virtual accounts by the wall clock (7 days on), which stays after this test's clock.
  it('opens a virtual account for a transfer seed, counts its lapse as a failed attempt and opens a new one at the next attempt', async () => {
    const x = await starterSeed();
    expect((await call(s.t, { url: `/api/seeds/${x.seedId}/billing/payment-methods/transfer`, token: x.owner.token, body: {} })).status).toBe(200);
    to(x.periodEnd);
    await cycle();
    const first = (await invoicesOf(x.seedId)).find((i) => i.kind === 'period')!;
    expect(first).toMatchObject({ status: 'waiting_deposit', method: 'transfer', total: 31_900 });
    const va = first.virtualAccount as { accountNumber: string; dueDate: string; orderId: string };
    const waiting = (await kit.noticesOf(s.t, x.owner.id, 'billing.transfer-waiting')).filter((n) => n.seedId === x.seedId);
    expect(waiting.map((n) => n.title)).toEqual(['가상계좌로 31,900원을 입금해주세요']);
    expect(waiting[0]!.body).toContain(va.accountNumber);
    expect(waiting[0]!.body).toContain('금액: 31,900원');

    // Its due date (set on this test's clock) passes without a deposit: a failed attempt, the next one a day later.
    const due = new Date(x.periodEnd.getTime() + 2 * DAY);
    await s.t.database.db
      .update(billingInvoices)
      .set({ virtualAccount: { ...first.virtualAccount, dueDate: due.toISOString() } })
      .where(eq(billingInvoices.id, first.id));
    to(new Date(due.getTime() + 60_000));
    expect((await cycle()).lapsed).toBe(1);
    expect(await kit.invoiceRow(s.t, first.id)).toMatchObject({ status: 'failed', nextAttemptAt: new Date(due.getTime() + 60_000 + DAY) });
    expect((await kit.subscriptionRow(s.t, x.seedId))?.status).toBe('past_due');
    const [lapsed] = (await kit.noticesOf(s.t, x.owner.id, 'billing.payment-failed')).filter((n) => n.seedId === x.seedId);
    expect(lapsed!.body).toContain('입금 기한');

    // The next attempt opens a new virtual account; its deposit settles the debt.
    to(new Date(due.getTime() + 60_000 + DAY));
    await cycle();
    const again = await kit.invoiceRow(s.t, first.id);
    const va2 = again.virtualAccount as { accountNumber: string; orderId: string };
    expect(again.status).toBe('waiting_deposit');
    expect(va2.orderId).not.toBe(va.orderId);
    expect((await kit.noticesOf(s.t, x.owner.id, 'billing.transfer-waiting')).filter((n) => n.seedId === x.seedId)).toHaveLength(2);
    const deposit = await s.t.app.inject({ method: 'POST', url: '/api/billing/webhooks/toss', payload: s.toss.control.deposit(va2.orderId) });
    expect(deposit.statusCode).toBe(200);
    expect((await kit.invoiceRow(s.t, first.id)).status).toBe('paid');
    expect(await kit.subscriptionRow(s.t, x.seedId)).toMatchObject({ planId: 'starter', status: 'active', graceEndsAt: null });
  });

  it('charges a paid monthly plan when its month ends and tells the owner it was paid', async () => {
    const x = await starterSeed();
    to(x.periodEnd);
    const report = await cycle();
    expect(report.created).toBeGreaterThanOrEqual(1);
    const period = (await invoicesOf(x.seedId)).find((i) => i.kind === 'period' && i.periodStart.getTime() === x.periodEnd.getTime())!;
    expect(period).toMatchObject({ status: 'paid', method: 'card', supply: 29_000, vat: 2_900, total: 31_900 });
    expect(await kit.subscriptionRow(s.t, x.seedId)).toMatchObject({ planId: 'starter', status: 'active' });
    const notices = await kit.noticesOf(s.t, x.owner.id, 'billing.payment-succeeded');
    expect(notices.filter((n) => n.dedupeKey === `billing-paid:${period.id}`).map((n) => n.title)).toEqual(['결제가 완료되었습니다 (31,900원)']);
    expect((await cycle()).created).toBe(0);

    // The platform admin refunds part of it (Toss's cancel); members of the seed and strangers cannot.
    const refund = (token: string, body: unknown, id = period.id) => call(s.t, { url: `/api/admin/billing/invoices/${id}/refund`, token, body });
    const adminToken = await fresh(admin);
    expect((await refund(await fresh(x.owner), { amount: 1_000, reason: '고객 요청' })).status).toBe(403);
    const missing = await refund(adminToken, { amount: 1_000 });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('환불 사유를 입력해주세요');
    expect((await refund(adminToken, { amount: 0, reason: '고객 요청' })).status).toBe(400);
    const ok = await refund(adminToken, { amount: 1_000, reason: '고객 요청' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, message: '환불했습니다.', refundedAmount: 1_000, status: 'paid' });
    expect((await kit.invoiceRow(s.t, period.id)).refundedAmount).toBe(1_000);

    // A downgrade waits for the period's end; the cycle that applies it tells the owner.
    const down = await call(s.t, { method: 'PUT', url: `/api/seeds/${x.seedId}/billing/plan`, token: await fresh(x.owner), body: { planId: 'free' } });
    expect(down.status).toBe(200);
    const end = (await kit.subscriptionRow(s.t, x.seedId))!.periodEnd;
    to(end);
    await cycle();
    await cycle();
    expect((await kit.subscriptionRow(s.t, x.seedId))?.planId).toBe('free');
    const changed = (await kit.noticesOf(s.t, x.owner.id, 'billing.plan-changed')).filter((n) => n.seedId === x.seedId);
    expect(changed.map((n) => n.title)).toEqual(['요금제가 무료로 바뀌었습니다']);
    expect(changed[0]!.body).toContain('스타터 요금제가');
  });

  it('walks a declined card through the whole schedule, one charge per attempt, and drops the seed to free with nothing deleted', async () => {
    const x = await starterSeed({ declineFromNowOn: true });
    const members = await s.t.database.db.select().from(seedMembers).where(eq(seedMembers.seedId, x.seedId));
    const before = chargesOf(x.customerKey).length;
    to(x.periodEnd);
    await cycle();
    const invoice = (await invoicesOf(x.seedId)).find((i) => i.kind === 'period')!;
    expect(invoice).toMatchObject({ status: 'failed', nextAttemptAt: new Date(x.periodEnd.getTime() + DAY) });
    expect(await kit.subscriptionRow(s.t, x.seedId)).toMatchObject({
      status: 'past_due',
      pastDueSince: x.periodEnd,
      graceEndsAt: new Date(x.periodEnd.getTime() + 14 * DAY),
    });

    for (const d of DUNNING.retryDays) {
      to(new Date(x.periodEnd.getTime() + d * DAY - 60_000));
      await cycle();
      to(new Date(x.periodEnd.getTime() + d * DAY));
      await Promise.all([cycle(), cycle()]); // two runs at once (e.g. two instances without Redis) still make one attempt
      await cycle();
    }
    // Seven attempts, each made once at Toss and recorded once.
    expect(chargesOf(x.customerKey).length - before).toBe(DUNNING_ATTEMPTS);
    const attempts = await s.t.database.db.select().from(billingPaymentAttempts).where(eq(billingPaymentAttempts.invoiceId, invoice.id));
    expect(attempts.map((a) => a.outcome)).toEqual(Array(DUNNING_ATTEMPTS).fill('declined'));
    const failed = (await kit.noticesOf(s.t, x.owner.id, 'billing.payment-failed')).filter((n) => n.seedId === x.seedId);
    expect(failed.map((n) => n.title)).toEqual(Array.from({ length: DUNNING_ATTEMPTS }, (_, i) => `결제에 실패했습니다 (${i + 1}/7번째 시도)`));
    expect(failed[0]!.body).toContain('한도초과');

    // Free now, and nothing deleted: the seed, its members, the invoices (the unpaid one still failed).
    expect(await kit.subscriptionRow(s.t, x.seedId)).toMatchObject({ planId: 'free', status: 'active', pastDueSince: null, graceEndsAt: null });
    expect(await s.t.database.db.select().from(seeds).where(eq(seeds.id, x.seedId))).toHaveLength(1);
    expect(await s.t.database.db.select().from(seedMembers).where(eq(seedMembers.seedId, x.seedId))).toEqual(members);
    expect(await kit.invoiceRow(s.t, invoice.id)).toMatchObject({ status: 'failed', nextAttemptAt: null, attempts: DUNNING_ATTEMPTS });
    expect((await invoicesOf(x.seedId)).length).toBeGreaterThanOrEqual(2);
    const changed = (await kit.noticesOf(s.t, x.owner.id, 'billing.plan-changed')).filter((n) => n.seedId === x.seedId);
    expect(changed.map((n) => n.title)).toContain('무료 요금제로 바뀌었습니다');
    const overview = await call(s.t, { url: `/api/seeds/${x.seedId}/billing`, token: await fresh(x.owner) });
    expect(overview.body).toMatchObject({ plan: { id: 'free' }, status: 'active' });

    // A working card later settles the old debt; the seed stays on free until its owner upgrades.
    expect((await registerCard(s, await fresh(x.owner), x.seedId)).status).toBe(200);
    await s.t.app.jobs.runDue();
    expect((await kit.invoiceRow(s.t, invoice.id)).status).toBe('paid');
    expect((await kit.subscriptionRow(s.t, x.seedId))?.planId).toBe('free');
  });

  it('settles the debt when the owner registers a working card during the grace period: the seed is active again', async () => {
    const x = await starterSeed({ declineFromNowOn: true });
    to(x.periodEnd);
    await cycle();
    to(new Date(x.periodEnd.getTime() + 3 * DAY));
    await cycle();
    const invoice = (await invoicesOf(x.seedId)).find((i) => i.kind === 'period')!;
    expect(invoice.status).toBe('failed');
    expect((await kit.subscriptionRow(s.t, x.seedId))?.status).toBe('past_due');

    expect((await registerCard(s, await fresh(x.owner), x.seedId)).status).toBe(200);
    await s.t.app.jobs.runDue();
    expect(await kit.invoiceRow(s.t, invoice.id)).toMatchObject({ status: 'paid', method: 'card' });
    expect(await kit.subscriptionRow(s.t, x.seedId)).toMatchObject({ planId: 'starter', status: 'active', pastDueSince: null, graceEndsAt: null });
    const paid = (await kit.noticesOf(s.t, x.owner.id, 'billing.payment-succeeded')).filter((n) => n.dedupeKey === `billing-paid:${invoice.id}`);
    expect(paid).toHaveLength(1);

    const charges = chargesOf(x.customerKey).length;
    to(new Date(x.periodEnd.getTime() + 14 * DAY));
    await cycle();
    expect(chargesOf(x.customerKey).length).toBe(charges);
    expect((await kit.subscriptionRow(s.t, x.seedId))?.planId).toBe('starter');
  });
});
