import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTossClient } from '../../adapters/toss.ts';
import { billingInvoices } from '../../db/schema-billing.ts';
import { createTestApp, dbKinds, movableClock, type TClock, type TTestApp } from '../../test/helpers.ts';
import { COMPANY_ENV } from '../../test-support/company-env.ts';
import { billingOf } from './billing.module.ts';
import type { TBillingDeps } from './billing.deps.ts';
import { onInvoicePaid, onInvoiceRefunded, runTaxInvoices } from './tax-invoices.service.ts';
import { startFakeToss, FAKE_TOSS_KEYS } from './testing/fake-toss.ts';
import { invoiceRow, paidInvoice, refund, seedWithTeam } from './testing/tax-test-kit.ts';

/** A refund cancels the 현금영수증 through Toss — Popbill is not configured here at all. */
describe.each(dbKinds)('현금영수증 cancels on refunds on %s', (kind) => {
  let app: TTestApp;
  let toss: Awaited<ReturnType<typeof startFakeToss>>;
  let clock: TClock;
  let deps: TBillingDeps;

  beforeAll(async () => {
    clock = movableClock(new Date('2026-11-20T03:00:00Z').getTime());
    toss = await startFakeToss({ ...FAKE_TOSS_KEYS, now: clock.now });
    app = await createTestApp(kind, { env: { ...toss.env, ...COMPANY_ENV }, now: clock.now, jobs: false });
    deps = billingOf(app.app.ctx)!;
    // A short client timeout, so the "Toss did it but the answer was lost" case is quick.
    deps.toss = createTossClient(app.config.billing.toss!, { timeoutMs: 300 });
  });
  afterAll(async () => {
    await app?.close();
    await toss?.close();
  });

  /** An individual's transfer invoice with its cash receipt issued. */
  async function receipted(supply: number, refundedAmount = 0) {
    const team = await seedWithTeam(app, { ownerPhone: '010-2345-6789' });
    const inv = await paidInvoice(app, team.seedId, { supply, paidAt: clock.now(), method: 'transfer', refundedAmount });
    await onInvoicePaid(deps, inv.id);
    const receipt = (await invoiceRow(app, inv.id)).cashReceipt!;
    expect(receipt.receiptKey).toEqual(expect.any(String));
    return { inv, receiptKey: receipt.receiptKey as string };
  }
  const cancelsOf = (receiptKey: string) => toss.control.cashReceiptCancels().filter((c) => c.receiptKey === receiptKey);
  const cancelCalls = (receiptKey: string) => toss.control.requests().filter((r) => r.path === `/v1/cash-receipts/${receiptKey}/cancel`);

  it('a part refund cancels that part, never twice; the rest refunded cancels the rest', async () => {
    expect(deps.popbill).toBeNull();
    const { inv, receiptKey } = await receipted(29_000); // 31,900 with VAT
    await refund(app, inv.id, 11_000, false);
    await onInvoiceRefunded(deps, inv.id, 11_000);
    await onInvoiceRefunded(deps, inv.id, 11_000); // a repeated follower changes nothing
    expect(cancelsOf(receiptKey).map((c) => c.amount)).toEqual([11_000]);
    const calls = cancelCalls(receiptKey);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ authorized: true, body: { amount: 11_000 }, idempotencyKey: `cash-receipt-cancel:${inv.id}:0-11000` });
    expect((await invoiceRow(app, inv.id)).cashReceipt).toMatchObject({
      receiptKey,
      amount: 31_900,
      cancelledAmount: 11_000,
      cancels: [{ amount: 11_000, transactionType: 'CANCEL', issueStatus: 'COMPLETED' }],
    });

    await refund(app, inv.id, 31_900, true);
    await onInvoiceRefunded(deps, inv.id, 20_900);
    expect(cancelsOf(receiptKey).map((c) => c.amount)).toEqual([11_000, 20_900]);
    expect((await invoiceRow(app, inv.id)).cashReceipt).toMatchObject({ cancelledAmount: 31_900 });
  });

  it('a full refund cancels the whole receipt; one issued after a part refund covers and cancels only what was paid', async () => {
    const whole = await receipted(10_000);
    await refund(app, whole.inv.id, 11_000, true);
    await onInvoiceRefunded(deps, whole.inv.id, 11_000);
    expect(cancelCalls(whole.receiptKey).map((c) => c.body)).toEqual([{}]);
    expect(cancelsOf(whole.receiptKey).map((c) => c.amount)).toEqual([11_000]);

    const late = await receipted(10_000, 1_000); // 1,000 of 11,000 refunded before the receipt came
    expect(toss.control.cashReceipts().find((r) => r.receiptKey === late.receiptKey)).toMatchObject({ amount: 10_000 });
    await refund(app, late.inv.id, 11_000, true);
    await onInvoiceRefunded(deps, late.inv.id, 10_000);
    expect(cancelCalls(late.receiptKey).map((c) => c.body)).toEqual([{}]);
    expect((await invoiceRow(app, late.inv.id)).cashReceipt).toMatchObject({ amount: 10_000, cancelledAmount: 10_000 });
  });

  it('a cancel whose answer was lost is sent again with the same key (Toss cancels once); a refund meanwhile is cancelled after it', async () => {
    const { inv, receiptKey } = await receipted(5_000); // 5,500
    await refund(app, inv.id, 2_000, false);
    toss.control.timeoutNext(1_000); // Toss cancels, the answer comes after the client gave up
    await onInvoiceRefunded(deps, inv.id, 2_000);
    expect((await invoiceRow(app, inv.id)).cashReceipt).toMatchObject({ pendingCancel: { amount: 2_000 } });
    expect((await invoiceRow(app, inv.id)).cashReceipt).not.toHaveProperty('cancelledAmount');

    await refund(app, inv.id, 3_000, false); // another 1,000 refunded before the retry
    await runTaxInvoices(deps);
    expect(cancelCalls(receiptKey).map((c) => c.idempotencyKey)).toEqual([
      `cash-receipt-cancel:${inv.id}:0-2000`,
      `cash-receipt-cancel:${inv.id}:0-2000`,
      `cash-receipt-cancel:${inv.id}:2000-1000`,
    ]);
    expect(cancelsOf(receiptKey).map((c) => c.amount)).toEqual([2_000, 1_000]);
    const stored = (await invoiceRow(app, inv.id)).cashReceipt!;
    expect(stored).toMatchObject({ cancelledAmount: 3_000 });
    expect(stored).not.toHaveProperty('pendingCancel');
    await runTaxInvoices(deps); // nothing left to cancel
    expect(cancelCalls(receiptKey)).toHaveLength(3);
  });

  it('a refused cancel is counted and tried again with a new key by the schedule', async () => {
    const { inv } = await receipted(3_000);
    const receipt = (await invoiceRow(app, inv.id)).cashReceipt!;
    const bogus = `rcpt_unknown${inv.id.slice(0, 8)}`;
    await app.database.db
      .update(billingInvoices)
      .set({ cashReceipt: { ...receipt, receiptKey: bogus } })
      .where(eq(billingInvoices.id, inv.id));
    await refund(app, inv.id, 3_300, true);
    await onInvoiceRefunded(deps, inv.id, 3_300); // Toss: NOT_FOUND_CASH_RECEIPT
    expect((await invoiceRow(app, inv.id)).cashReceipt).toMatchObject({ cancelRefusals: 1 });
    expect((await invoiceRow(app, inv.id)).cashReceipt).not.toHaveProperty('pendingCancel');
    await runTaxInvoices(deps);
    expect(cancelCalls(bogus).map((c) => c.idempotencyKey)).toEqual([`cash-receipt-cancel:${inv.id}:0-3300`, `cash-receipt-cancel:${inv.id}:0-3300-r1`]);
    expect((await invoiceRow(app, inv.id)).cashReceipt).toMatchObject({ cancelRefusals: 2 });
  });
});
