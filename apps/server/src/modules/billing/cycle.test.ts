import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMembers, seeds } from '../../db/schema.ts';
import { billingInvoices } from '../../db/schema-billing.ts';
import { createTestApp, dbKinds, movableClock, type TClock, type TTestContext } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { billingOf } from './billing.module.ts';
import type { TBillingDeps } from './billing.deps.ts';
import { afterInvoicePaid } from './billing-hooks.ts';
import { kstMonth, noticeExpiringCards, runCycle } from './cycle.service.ts';
import { DUNNING, DUNNING_ATTEMPTS, dunningPoint } from './dunning.ts';
import * as kit from './testing/cycle-test-kit.ts';

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
    const expected = new Map<string, { month: string; invoices: number; paid: { supply: number; vat: number; total: number }; outstanding: number }>();
    const row = (m: string) => expected.get(m) ?? expected.set(m, { month: m, invoices: 0, paid: { supply: 0, vat: 0, total: 0 }, outstanding: 0 }).get(m)!;
    for (const i of all) {
      if ((i.status === 'paid' || i.status === 'refunded') && i.paidAt && i.paidAt.getTime() >= from) {
        const m = row(monthOf(i.paidAt));
        m.invoices += 1;
        m.paid.supply += i.supply;
        m.paid.vat += i.vat;
        m.paid.total += i.total;
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
