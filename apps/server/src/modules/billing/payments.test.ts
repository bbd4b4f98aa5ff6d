import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { billingPaymentMethods, billingWebhookEvents } from '../../db/schema-billing.ts';
import { dbKinds } from '../../test/helpers.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { signedIn } from '../admin-users/testing/console-test-kit.ts';
import { TOSS_WEBHOOK_LIMIT } from './payments.routes.ts';
import { chargeInvoice, purgeOldWebhookEvents, refundInvoice } from './payments.service.ts';
import {
  attemptsOf,
  insertInvoice,
  invoiceRow,
  memberOf,
  ownerWithSeed,
  paymentsTestApp,
  registerCard,
  setInvoiceTotal,
  type TPaymentsTest,
} from './testing/payments-test-kit.ts';

describe.each(dbKinds)('payments through Toss (%s)', (kind) => {
  let s: TPaymentsTest;
  beforeAll(async () => {
    s = await paymentsTestApp(kind, { tossTimeoutMs: 1_500 });
  }, 60_000);
  afterAll(async () => s?.close());

  const webhook = (body: unknown) => s.t.app.inject({ method: 'POST', url: '/api/billing/webhooks/toss', payload: body as Record<string, unknown> });
  const chargesOf = (orderPrefix: string) =>
    s.toss.control.requests().filter((r) => r.path.startsWith('/v1/billing/bk_') && String((r.body as { orderId?: string }).orderId).startsWith(orderPrefix));

  it('registers a card (billing key sealed) and charges an invoice once, with Basic auth and the attempt Idempotency-Key', async () => {
    const { owner, seedId } = await ownerWithSeed(s.t);
    const auth = await api(s.t, owner.token)('GET', `/api/seeds/${seedId}/billing/payment-methods/card/auth`);
    expect(auth.status).toBe(200);
    expect(auth.body).toMatchObject({
      clientKey: s.toss.keys.clientKey,
      sdkUrl: `${s.toss.url}/v1/payment`,
      successUrl: `http://app.test/admin/billing/card?result=success&seedId=${seedId}`,
      failUrl: `http://app.test/admin/billing/card?result=fail&seedId=${seedId}`,
    });
    expect(JSON.stringify(auth.body)).not.toContain(s.toss.keys.secretKey);
    // The SPA may load the SDK from its origin (CSP script-src), only because Toss is configured.
    const csp = String(auth.headers['content-security-policy']);
    expect(/script-src ([^;]*)/.exec(csp)![1]).toContain(s.toss.url);
    const again = await api(s.t, owner.token)('GET', `/api/seeds/${seedId}/billing/payment-methods/card/auth`);
    expect(again.body.customerKey).toBe(auth.body.customerKey);

    const card = await registerCard(s, owner.token, seedId);
    expect(card.status).toBe(200);
    expect(card.body).toEqual({ kind: 'card', cardCompany: '신한', cardNumber: '4330****1234***', cardExpiresOn: null });
    const [method] = await s.t.database.db.select().from(billingPaymentMethods).where(eq(billingPaymentMethods.seedId, seedId));
    expect(method!.billingKeySealed).toMatch(/^v1\./);
    expect(method!.billingKeySealed).not.toContain('bk_');

    const inv = await insertInvoice(s.t, seedId, 29_000);
    expect(await chargeInvoice(s.deps, inv.id)).toEqual({ outcome: 'paid' });
    const row = await invoiceRow(s.t, inv.id);
    expect(row).toMatchObject({ status: 'paid', method: 'card', attempts: 1, chargingUntil: null });
    expect(row.paymentKey).toBeTruthy();
    expect(row.receiptUrl).toContain('/_fake/receipt/');
    const charges = chargesOf(inv.orderId);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ authorized: true, idempotencyKey: `${inv.idempotencyKey}-1` });
    expect(charges[0]!.body).toMatchObject({ amount: 31_900, orderId: inv.orderId, customerKey: auth.body.customerKey });
    expect(s.toss.control.payment(row.paymentKey!)).toMatchObject({ status: 'DONE', totalAmount: 31_900 });
    expect((await attemptsOf(s.t, inv.id)).map((a) => a.outcome)).toEqual(['paid']);

    // Already paid: no call to Toss.
    expect(await chargeInvoice(s.deps, inv.id)).toEqual({ outcome: 'already-paid' });
    expect(chargesOf(inv.orderId)).toHaveLength(1);
  });

  it('a declined card fails the invoice with Toss code; the next attempt has its own key and orderId', async () => {
    const { owner, seedId } = await ownerWithSeed(s.t);
    await registerCard(s, owner.token, seedId, '5100111122223333');
    const [method] = await s.t.database.db.select().from(billingPaymentMethods).where(eq(billingPaymentMethods.seedId, seedId));
    s.toss.control.decline({ customerKey: method!.customerKey, code: 'EXCEED_MAX_AMOUNT', message: '거래금액 한도를 초과했습니다.', times: 1 });
    const inv = await insertInvoice(s.t, seedId, 99_000);
    expect(await chargeInvoice(s.deps, inv.id)).toEqual({ outcome: 'declined', code: 'EXCEED_MAX_AMOUNT', message: '거래금액 한도를 초과했습니다.' });
    expect(await invoiceRow(s.t, inv.id)).toMatchObject({ status: 'failed', method: 'card', attempts: 1, chargingUntil: null, paymentKey: null });
    expect(await attemptsOf(s.t, inv.id)).toMatchObject([{ attempt: 1, outcome: 'declined', code: 'EXCEED_MAX_AMOUNT', amount: 108_900 }]);

    expect(await chargeInvoice(s.deps, inv.id)).toEqual({ outcome: 'paid' });
    const keys = chargesOf(inv.orderId).map((r) => [r.idempotencyKey, (r.body as { orderId: string }).orderId]);
    expect(keys).toEqual([
      [`${inv.idempotencyKey}-1`, inv.orderId],
      [`${inv.idempotencyKey}-2`, `${inv.orderId}-2`],
    ]);
    expect((await attemptsOf(s.t, inv.id)).map((a) => a.outcome)).toEqual(['declined', 'paid']);
  });

  it('a card ending in 0000 is declined; a new card charges the failed invoice, choosing transfer opens a virtual account (billing.charge job)', async () => {
    const { owner, seedId } = await ownerWithSeed(s.t);
    await registerCard(s, owner.token, seedId, '4000123412340000');
    const inv = await insertInvoice(s.t, seedId);
    expect(await chargeInvoice(s.deps, inv.id)).toMatchObject({ outcome: 'declined', code: 'REJECT_CARD_PAYMENT' });
    expect((await registerCard(s, owner.token, seedId, '4000123412341111')).status).toBe(200);
    await s.t.app.jobs.runDue();
    expect(await invoiceRow(s.t, inv.id)).toMatchObject({ status: 'paid', attempts: 2 });

    // Choosing bank transfer opens a virtual account for a failed invoice at once.
    const other = await insertInvoice(s.t, seedId, 5_000, 'failed');
    await api(s.t, owner.token)('POST', `/api/seeds/${seedId}/billing/payment-methods/transfer`);
    await s.t.app.jobs.runDue();
    expect(await invoiceRow(s.t, other.id)).toMatchObject({ status: 'waiting_deposit', method: 'transfer', attempts: 1 });
  });

  it('a timeout keeps the claim; the retry of that attempt after the claim lapses finds the one payment Toss made (no second charge)', async () => {
    const { owner, seedId } = await ownerWithSeed(s.t);
    await registerCard(s, owner.token, seedId);
    const inv = await insertInvoice(s.t, seedId, 10_000);
    s.toss.control.timeoutNext(4_000);
    expect(await chargeInvoice(s.deps, inv.id)).toMatchObject({ outcome: 'error', code: 'TIMEOUT' });
    expect(s.toss.control.paymentsOfOrder(inv.orderId)).toHaveLength(1);
    const held = await invoiceRow(s.t, inv.id);
    expect(held.status).toBe('open');
    expect(held.chargingUntil).not.toBeNull();
    expect(await attemptsOf(s.t, inv.id)).toMatchObject([{ attempt: 1, outcome: 'timeout' }]);

    // While claimed, nobody charges it again.
    expect(await chargeInvoice(s.deps, inv.id)).toMatchObject({ outcome: 'error', code: 'CHARGE_IN_PROGRESS' });
    expect(chargesOf(inv.orderId)).toHaveLength(1);

    // The claim lapses: the job retries attempt 1, finds the payment Toss approved for its orderId, charges nothing more.
    s.clock.advance(2 * 60_000 + 2_000);
    await s.t.app.jobs.runDue();
    const row = await invoiceRow(s.t, inv.id);
    expect(row).toMatchObject({ status: 'paid', attempts: 1 });
    expect(chargesOf(inv.orderId)).toHaveLength(1);
    expect(s.toss.control.requests().some((r) => r.path === `/v1/payments/orders/${inv.orderId}`)).toBe(true);
    expect(s.toss.control.paymentsOfOrder(inv.orderId)).toHaveLength(1);
    expect(row.paymentKey).toBe(s.toss.control.paymentsOfOrder(inv.orderId)[0]!.paymentKey);
    expect(await attemptsOf(s.t, inv.id)).toMatchObject([{ attempt: 1, outcome: 'paid' }]);
  });

  it('a timed-out attempt that Toss declined is sent again with the same key and gets the stored decline', async () => {
    const { owner, seedId } = await ownerWithSeed(s.t);
    await registerCard(s, owner.token, seedId);
    const [method] = await s.t.database.db.select().from(billingPaymentMethods).where(eq(billingPaymentMethods.seedId, seedId));
    s.toss.control.decline({ customerKey: method!.customerKey, times: 1 });
    const inv = await insertInvoice(s.t, seedId, 10_000);
    s.toss.control.timeoutNext(4_000);
    expect(await chargeInvoice(s.deps, inv.id)).toMatchObject({ outcome: 'error', code: 'TIMEOUT' });
    s.clock.advance(2 * 60_000 + 2_000);
    // The card would be approved now, but the same key answers the first (declined) result: attempt 1 stays declined.
    expect(await chargeInvoice(s.deps, inv.id)).toMatchObject({ outcome: 'declined', code: 'REJECT_CARD_PAYMENT' });
    expect(chargesOf(inv.orderId).map((r) => r.idempotencyKey)).toEqual([`${inv.idempotencyKey}-1`, `${inv.idempotencyKey}-1`]);
    expect(s.toss.control.paymentsOfOrder(inv.orderId)).toHaveLength(0);
    expect(await invoiceRow(s.t, inv.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await attemptsOf(s.t, inv.id)).toMatchObject([{ attempt: 1, outcome: 'declined', code: 'REJECT_CARD_PAYMENT' }]);
  });

  it('20 concurrent charges of one invoice make one Toss payment', async () => {
    const { owner, seedId } = await ownerWithSeed(s.t);
    await registerCard(s, owner.token, seedId);
    const inv = await insertInvoice(s.t, seedId, 50_000);
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => chargeInvoice(s.deps, inv.id)));
    expect(outcomes.filter((o) => o.outcome === 'paid')).toHaveLength(1);
    expect(outcomes.every((o) => o.outcome === 'paid' || o.outcome === 'already-paid' || o.code === 'CHARGE_IN_PROGRESS')).toBe(true);
    expect(chargesOf(inv.orderId)).toHaveLength(1);
    expect(s.toss.control.paymentsOfOrder(inv.orderId)).toHaveLength(1);
    expect(await invoiceRow(s.t, inv.id)).toMatchObject({ status: 'paid', attempts: 1 });
  });

  it('bank transfer: a virtual account, paid by its DEPOSIT_CALLBACK once; a duplicate changes nothing', async () => {
    const { owner, seedId } = await ownerWithSeed(s.t);
    await registerCard(s, owner.token, seedId);
    const transfer = await api(s.t, owner.token)('POST', `/api/seeds/${seedId}/billing/payment-methods/transfer`);
    expect(transfer.body).toEqual({ kind: 'transfer', cardCompany: null, cardNumber: null, cardExpiresOn: null });
    const inv = await insertInvoice(s.t, seedId, 29_000);
    expect(await chargeInvoice(s.deps, inv.id)).toEqual({ outcome: 'waiting_deposit' });
    const waiting = await invoiceRow(s.t, inv.id);
    expect(waiting).toMatchObject({ status: 'waiting_deposit', method: 'transfer' });
    expect(waiting.virtualAccount).toMatchObject({ bank: '신한은행', customerName: expect.stringContaining('결제 시드') });
    const tossPayment = s.toss.control.paymentsOfOrder(inv.orderId)[0]!;
    expect(tossPayment).toMatchObject({ status: 'WAITING_FOR_DEPOSIT', totalAmount: 31_900 });
    expect(waiting.depositSecretSealed).not.toContain(String(tossPayment.secret));

    const body = s.toss.control.deposit(inv.orderId);
    const first = await webhook(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ outcome: 'applied' });
    const paid = await invoiceRow(s.t, inv.id);
    expect(paid).toMatchObject({ status: 'paid', method: 'transfer', paymentKey: tossPayment.paymentKey });

    const second = await webhook(body);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ outcome: 'ignored' });
    expect(await invoiceRow(s.t, inv.id)).toEqual(paid);
    const applied = await s.t.database.db.select().from(billingWebhookEvents).where(eq(billingWebhookEvents.outcome, 'applied'));
    expect(applied.filter((e) => (e.detail as { invoiceId?: string }).invoiceId === inv.id)).toHaveLength(1);

    // Out of order: Toss's PAYMENT_STATUS_CHANGED saying WAITING after DONE changes nothing (Toss is asked, says DONE).
    const late = await webhook(s.toss.control.statusChanged(tossPayment.paymentKey, { status: 'WAITING_FOR_DEPOSIT' }));
    expect(late.json()).toEqual({ outcome: 'ignored' });
    expect(await invoiceRow(s.t, inv.id)).toEqual(paid);
  });

  it('a forged secret, an unknown orderId, an amount mismatch and a made-up status change change nothing', async () => {
    const { owner, seedId } = await ownerWithSeed(s.t);
    await api(s.t, owner.token)('POST', `/api/seeds/${seedId}/billing/payment-methods/transfer`);
    const inv = await insertInvoice(s.t, seedId, 12_000);
    expect(await chargeInvoice(s.deps, inv.id)).toEqual({ outcome: 'waiting_deposit' });
    const paymentKey = s.toss.control.paymentsOfOrder(inv.orderId)[0]!.paymentKey;

    // A status change claiming DONE while Toss still waits: Toss is asked, nothing changes.
    const madeUp = await webhook(s.toss.control.statusChanged(paymentKey, { status: 'DONE' }));
    expect(madeUp.json()).toEqual({ outcome: 'ignored' });
    expect((await invoiceRow(s.t, inv.id)).status).toBe('waiting_deposit');

    const real = s.toss.control.deposit(inv.orderId);
    const forged = await webhook({ ...real, secret: 'not-the-secret' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error).toBe('웹훅의 비밀값이 일치하지 않습니다.');
    expect((await invoiceRow(s.t, inv.id)).status).toBe('waiting_deposit');

    const unknown = await webhook({ ...real, orderId: 'order_nobody_knows_1234' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ outcome: 'ignored' });

    const bad = await webhook({ hello: 'world' });
    expect(bad.statusCode).toBe(400);

    // The invoice's total no longer matches what Toss received: rejected.
    await setInvoiceTotal(s.t, inv.id, inv.total + 1_000);
    const mismatch = await webhook(real);
    expect(mismatch.json()).toEqual({ outcome: 'rejected' });
    expect((await invoiceRow(s.t, inv.id)).status).toBe('waiting_deposit');

    // The real event (with the real total back) still applies: the forged and refused ones did not take its id.
    await setInvoiceTotal(s.t, inv.id, inv.total);
    expect((await webhook(real)).json()).toEqual({ outcome: 'applied' });
    expect((await invoiceRow(s.t, inv.id)).status).toBe('paid');
    // Only the applied event is stored: the forged, unknown, made-up and refused ones are log lines.
    const events = await s.t.database.db.select().from(billingWebhookEvents);
    const mine = events.filter((e) => (e.detail as { invoiceId?: string }).invoiceId === inv.id);
    expect(mine.map((e) => e.outcome)).toEqual(['applied']);
  });

  it('PAYMENT_STATUS_CHANGED, as Toss then tells it: a deposit, a lapsed virtual account, a cancel made at Toss', async () => {
    const { owner, seedId } = await ownerWithSeed(s.t);
    await api(s.t, owner.token)('POST', `/api/seeds/${seedId}/billing/payment-methods/transfer`);
    const paidInv = await insertInvoice(s.t, seedId, 20_000);
    const lapsedInv = await insertInvoice(s.t, seedId, 30_000);
    await chargeInvoice(s.deps, paidInv.id);
    await chargeInvoice(s.deps, lapsedInv.id);
    const paidKey = s.toss.control.paymentsOfOrder(paidInv.orderId)[0]!.paymentKey;
    const lapsedKey = s.toss.control.paymentsOfOrder(lapsedInv.orderId)[0]!.paymentKey;

    s.toss.control.deposit(paidInv.orderId);
    expect((await webhook(s.toss.control.statusChanged(paidKey))).json()).toEqual({ outcome: 'applied' });
    expect(await invoiceRow(s.t, paidInv.id)).toMatchObject({ status: 'paid', method: 'transfer' });

    s.toss.control.setStatus(lapsedKey, 'CANCELED');
    expect((await webhook(s.toss.control.statusChanged(lapsedKey))).json()).toEqual({ outcome: 'applied' });
    expect(await invoiceRow(s.t, lapsedInv.id)).toMatchObject({ status: 'failed', method: 'transfer' });
    expect(await attemptsOf(s.t, lapsedInv.id)).toMatchObject([{ attempt: 1, outcome: 'declined', code: 'VIRTUAL_ACCOUNT_CANCELED' }]);

    // A refund made in Toss's dashboard: our record follows Toss's balance, once.
    await s.deps.toss!.cancelPayment(
      paidKey,
      { cancelReason: '고객 요청', cancelAmount: 2_000, refundReceiveAccount: { bank: '88', accountNumber: '110123456789', holderName: '홍길동' } },
      'dashboard-cancel-1',
    );
    const cancelled = s.toss.control.statusChanged(paidKey);
    expect((await webhook(cancelled)).json()).toEqual({ outcome: 'applied' });
    expect((await webhook(cancelled)).json()).toEqual({ outcome: 'ignored' });
    expect(await invoiceRow(s.t, paidInv.id)).toMatchObject({ status: 'paid', refundedAmount: 2_000 });
  });

  it('refunds part, then the rest, through Toss cancel', async () => {
    const { owner, seedId } = await ownerWithSeed(s.t);
    await registerCard(s, owner.token, seedId);
    const inv = await insertInvoice(s.t, seedId, 10_000);
    await chargeInvoice(s.deps, inv.id);
    expect(await refundInvoice(s.deps, inv.id, 1_000, '일부 환불')).toEqual({ refundedAmount: 1_000, status: 'paid' });
    await expect(refundInvoice(s.deps, inv.id, 20_000, '너무 많이')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await refundInvoice(s.deps, inv.id, undefined, '나머지 환불')).toEqual({ refundedAmount: 11_000, status: 'refunded' });
    const row = await invoiceRow(s.t, inv.id);
    expect(s.toss.control.payment(row.paymentKey!)).toMatchObject({ status: 'CANCELED', balanceAmount: 0 });
  });

  it('only the owner registers a card; a customerKey of another seed is refused', async () => {
    const { owner, seedId } = await ownerWithSeed(s.t);
    const admin = await memberOf(s.t, seedId, 'admin');
    const member = await memberOf(s.t, seedId, 'member');
    for (const user of [admin, member]) {
      expect((await api(s.t, user.token)('GET', `/api/seeds/${seedId}/billing/payment-methods/card/auth`)).status).toBe(403);
      const post = await api(s.t, user.token)('POST', `/api/seeds/${seedId}/billing/payment-methods/card`, { authKey: 'x', customerKey: 'ck_abc' });
      expect(post.status).toBe(403);
      expect((await api(s.t, user.token)('POST', `/api/seeds/${seedId}/billing/payment-methods/transfer`)).status).toBe(403);
    }

    const other = await ownerWithSeed(s.t);
    const otherAuth = await api(s.t, other.owner.token)('GET', `/api/seeds/${other.seedId}/billing/payment-methods/card/auth`);
    await api(s.t, owner.token)('GET', `/api/seeds/${seedId}/billing/payment-methods/card/auth`);
    const authKey = s.toss.control.authKeyFor(otherAuth.body.customerKey);
    const res = await api(s.t, owner.token)('POST', `/api/seeds/${seedId}/billing/payment-methods/card`, { authKey, customerKey: otherAuth.body.customerKey });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('이 시드의 카드 등록 요청이 아닙니다. 카드 등록을 처음부터 다시 해주세요.');
    const bad = await api(s.t, owner.token)('POST', `/api/seeds/${seedId}/billing/payment-methods/card`, { authKey: '', customerKey: '!' });
    expect(bad.status).toBe(400);
  });

  it('20 concurrent refunds (and dashboard-cancel webhooks meanwhile): our refunded amount is what Toss refunded, the followers run once per refund', async () => {
    const { owner, seedId } = await ownerWithSeed(s.t);
    await registerCard(s, owner.token, seedId);
    const inv = await insertInvoice(s.t, seedId, 10_000);
    await chargeInvoice(s.deps, inv.id);
    const paymentKey = (await invoiceRow(s.t, inv.id)).paymentKey!;
    const info = vi.spyOn(s.deps.log, 'info');
    try {
      // Each of 20 callers tries again while another refund holds the invoice, so refunds interleave with stale reads.
      // (PostgreSQL runs them truly at once; PGlite serializes its queries, so fewer tries keep it quick.)
      const retries = kind === 'pglite' ? 4 : 12;
      const refunds = Array.from({ length: 20 }, async () => {
        for (let i = 0; ; i += 1) {
          try {
            return await refundInvoice(s.deps, inv.id, 500, '중복 환불 시험');
          } catch (err) {
            if (i >= retries || (err as { message?: string }).message !== '이 청구서의 결제 또는 환불이 진행 중입니다. 잠시 후 다시 시도해주세요.') throw err;
            await new Promise((resolve) => setImmediate(resolve));
          }
        }
      });
      const hooks = Array.from({ length: 5 }, () => webhook(s.toss.control.statusChanged(paymentKey)));
      const settled = await Promise.allSettled(refunds);
      const answers = await Promise.all(hooks);
      const done = settled.filter((r) => r.status === 'fulfilled').length;
      expect(done).toBeGreaterThanOrEqual(2);
      for (const r of settled) if (r.status === 'rejected') expect(['CONFLICT', 'VALIDATION_FAILED']).toContain((r.reason as { code: string }).code);
      for (const a of answers) expect([200, 409]).toContain(a.statusCode);
      const tossPayment = s.toss.control.payment(paymentKey)!;
      const row = await invoiceRow(s.t, inv.id);
      expect(row.refundedAmount).toBe(tossPayment.totalAmount - tossPayment.balanceAmount);
      expect(row.refundedAmount).toBe(done * 500);
      expect(row.chargingUntil).toBeNull();
      const cancels = tossPayment.cancels as unknown[];
      expect(cancels).toHaveLength(done);
      expect(info.mock.calls.filter((c) => c[1] === 'billing: invoice refunded')).toHaveLength(done);
      expect(info.mock.calls.filter((c) => c[1] === 'billing: refund made at Toss recorded')).toHaveLength(0);
      // Each refund had its own Idempotency-Key (the refunded amount as claimed): none was a replay.
      const keys = s.toss.control
        .requests()
        .filter((r) => r.path === `/v1/payments/${paymentKey}/cancel`)
        .map((r) => r.idempotencyKey);
      expect(new Set(keys).size).toBe(keys.length);

      // A cancel made in Toss's dashboard afterwards is recorded once, by the webhook, with the followers once.
      await s.deps.toss!.cancelPayment(paymentKey, { cancelReason: '대시보드 취소', cancelAmount: 500 }, `dashboard-${inv.id}`);
      const event = s.toss.control.statusChanged(paymentKey);
      const results = await Promise.all(Array.from({ length: 5 }, () => webhook(event)));
      expect(results.map((r) => r.json().outcome).sort()).toEqual(['applied', 'ignored', 'ignored', 'ignored', 'ignored']);
      expect((await invoiceRow(s.t, inv.id)).refundedAmount).toBe(done * 500 + 500);
      expect(info.mock.calls.filter((c) => c[1] === 'billing: refund made at Toss recorded')).toHaveLength(1);
    } finally {
      info.mockRestore();
    }
  });

  it('a bank-transfer (virtual account) payment is refunded only to an account: 400 in Korean without one, Toss gets refundReceiveAccount', async () => {
    const { owner, seedId } = await ownerWithSeed(s.t);
    await api(s.t, owner.token)('POST', `/api/seeds/${seedId}/billing/payment-methods/transfer`);
    const inv = await insertInvoice(s.t, seedId, 20_000);
    expect(await chargeInvoice(s.deps, inv.id)).toEqual({ outcome: 'waiting_deposit' });
    expect((await webhook(s.toss.control.deposit(inv.orderId))).json()).toEqual({ outcome: 'applied' });
    const paid = await invoiceRow(s.t, inv.id);
    expect(paid).toMatchObject({ status: 'paid', method: 'transfer' });

    // The fake refuses, as Toss does, a virtual-account cancel without the account.
    await expect(
      s.deps.toss!.cancelPayment(paid.paymentKey!, { cancelReason: '계좌 없이', cancelAmount: 1_000 }, `no-account-${inv.id}`),
    ).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_REQUEST',
    });

    const admin = await signedIn(s.t, { role: 'admin' });
    const refund = (body: unknown) => api(s.t, admin.token)('POST', `/api/admin/billing/invoices/${inv.id}/refund`, body);
    const missing = await refund({ amount: 2_000, reason: '고객 요청' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('계좌이체(가상계좌)로 결제된 청구서는 환불받을 계좌(은행, 계좌번호, 예금주)를 입력해야 환불할 수 있습니다.');
    const badNumber = await refund({ amount: 2_000, reason: '고객 요청', refundReceiveAccount: { bank: '88', accountNumber: '110-12', holderName: '홍길동' } });
    expect(badNumber.status).toBe(400);
    expect(JSON.stringify(badNumber.body)).toContain('환불받을 계좌번호를 숫자만 6~20자리로 입력해주세요.');
    expect(await invoiceRow(s.t, inv.id)).toMatchObject({ refundedAmount: 0, chargingUntil: null });

    const account = { bank: '88', accountNumber: '110123456789', holderName: '홍길동' };
    const ok = await refund({ amount: 2_000, reason: '고객 요청', refundReceiveAccount: account });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, refundedAmount: 2_000, status: 'paid' });
    const sent = s.toss.control
      .requests()
      .filter((r) => r.path === `/v1/payments/${paid.paymentKey}/cancel` && r.authorized)
      .at(-1)!;
    expect(sent.body).toMatchObject({ cancelAmount: 2_000, refundReceiveAccount: account });
    expect(s.toss.control.payment(paid.paymentKey!)).toMatchObject({ status: 'PARTIAL_CANCELED', balanceAmount: paid.total - 2_000 });
  });

  it('a webhook flood stores nothing and asks Toss nothing; past the per-IP limit it is 429; events older than 90 days are purged', async () => {
    const db = s.t.database.db;
    const before = (await db.select({ id: billingWebhookEvents.id }).from(billingWebhookEvents)).length;
    const tossGets = () => s.toss.control.requests().filter((r) => r.method === 'GET' && r.path.startsWith('/v1/payments/')).length;
    const gets = tossGets();
    for (let i = 0; i < 5; i += 1) {
      expect((await webhook({ eventType: 'FOO' })).json()).toEqual({ outcome: 'ignored' });
      const unknownDeposit = {
        createdAt: '2026-11-10T12:00:00.000000',
        secret: 'x',
        orderId: `order_nobody_${i}_knows`,
        status: 'DONE',
        transactionKey: `tx_${i}`,
      };
      expect((await webhook(unknownDeposit)).json()).toEqual({ outcome: 'ignored' });
      const unknownStatus = {
        eventType: 'PAYMENT_STATUS_CHANGED',
        createdAt: '2026-11-10T12:00:00.000000',
        data: { paymentKey: `tgen_made_up_${i}`, orderId: `order_made_up_${i}`, status: 'DONE' },
      };
      expect((await webhook(unknownStatus)).json()).toEqual({ outcome: 'ignored' });
    }
    expect((await db.select({ id: billingWebhookEvents.id }).from(billingWebhookEvents)).length).toBe(before);
    expect(tossGets()).toBe(gets);

    // Per IP: the limit's worth is answered, the next is refused (another address is not affected).
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
    const from = (remoteAddress: string) => s.t.app.inject({ method: 'POST', url: '/api/billing/webhooks/toss', payload: { eventType: 'FOO' }, remoteAddress });
    const statuses: number[] = [];
    for (let i = 0; i < TOSS_WEBHOOK_LIMIT.max; i += 1) statuses.push((await from(ip)).statusCode);
    expect(statuses.every((x) => x === 200)).toBe(true);
    const refused = await from(ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
    expect((await from(`${ip.split('.').slice(0, 3).join('.')}.251`)).statusCode).toBe(200);

    // Retention: 90 days.
    const now = s.clock.now().getTime();
    const ids = [`toss:test:old:${now}`, `toss:test:recent:${now}`];
    await db.insert(billingWebhookEvents).values([
      { id: ids[0]!, source: 'toss', eventType: 'DEPOSIT_CALLBACK', outcome: 'applied', detail: {}, receivedAt: new Date(now - 91 * 86_400_000) },
      { id: ids[1]!, source: 'toss', eventType: 'DEPOSIT_CALLBACK', outcome: 'applied', detail: {}, receivedAt: new Date(now - 89 * 86_400_000) },
    ]);
    expect(await purgeOldWebhookEvents(s.deps)).toBeGreaterThanOrEqual(1);
    const left = await db.select({ id: billingWebhookEvents.id }).from(billingWebhookEvents).where(inArray(billingWebhookEvents.id, ids));
    expect(left.map((r) => r.id)).toEqual([ids[1]]);
  });
});
