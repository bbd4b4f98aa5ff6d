/**
 * 현금영수증 for individuals (issue 31): a seed without business details that pays an invoice by bank transfer gets a
 * cash receipt (소득공제) through Toss Payments `POST /v1/cash-receipts`, issued to the owner's mobile number when their
 * account has one, else to the NTS 자진발급 number 010-000-1234 (the buyer can claim it on 홈택스 later). Card
 * payments need none: the card slip is the receipt. The receipt is stored on the invoice (`cash_receipt`, the number
 * masked); the Idempotency-Key per invoice keeps a retried request from issuing two.
 *
 * A refund cancels what it took back (`POST /v1/cash-receipts/{receiptKey}/cancel`, a part with `amount`, the whole
 * receipt without): the receipt must never claim more than the buyer finally paid.
 */
import { TossError } from '../../adapters/toss.ts';
import { findUserById } from '../auth/auth.service.ts';
import { seedOwners } from '../seeds/seeds.service.ts';
import type { TBillingDeps } from './billing.deps.ts';
import * as repo from './tax-invoices.repository.ts';

/** The NTS's number for a cash receipt issued without the buyer's own (국세청 지정번호, 자진발급). */
export const SELF_ISSUE_NUMBER = '0100001234';
/** Failed issues are tried again by the hourly tax schedule for this long after the payment. */
const RETRY_DAYS = 7;

const mask = (n: string) => (n.length > 7 ? `${n.slice(0, 3)}${'*'.repeat(n.length - 7)}${n.slice(-4)}` : n);

/** The owner's mobile number (digits) when their account has one, else the 자진발급 number. */
async function identityFor(deps: TBillingDeps, seedId: string): Promise<string> {
  const owner = (await seedOwners(deps.db, [seedId])).get(seedId);
  const user = owner ? await findUserById(deps.db, owner.ownerId) : undefined;
  const phone = (user?.phone ?? '').replace(/\D/g, '');
  return /^01\d{8,9}$/.test(phone) ? phone : SELF_ISSUE_NUMBER;
}

/** Issues the cash receipt of a paid transfer invoice of an individual (nothing otherwise, nothing twice). */
export async function issueCashReceipt(deps: TBillingDeps, invoiceId: string): Promise<'issued' | 'not-needed' | 'failed'> {
  const inv = await repo.findInvoice(deps.db, invoiceId);
  if (!inv || inv.status !== 'paid' || inv.method !== 'transfer' || inv.cashReceipt) return 'not-needed';
  // A part refunded before the receipt came (a failed issue retried later) is not on it.
  const amount = inv.total - inv.refundedAmount;
  if (amount <= 0) return 'not-needed';
  if (await repo.findBusiness(deps.db, inv.seedId)) return 'not-needed';
  if (!deps.toss) return 'not-needed';
  const identity = await identityFor(deps, inv.seedId);
  try {
    const receipt = await deps.toss.issueCashReceipt(
      {
        amount,
        orderId: `${inv.orderId}-cr`.slice(0, 64),
        orderName: inv.number,
        customerIdentityNumber: identity,
        type: '소득공제',
      },
      `cash-receipt:${inv.id}`,
    );
    await repo.setCashReceipt(
      deps.db,
      inv.id,
      {
        type: receipt.type || '소득공제',
        receiptKey: receipt.receiptKey,
        issueNumber: receipt.issueNumber ?? null,
        receiptUrl: receipt.receiptUrl ?? null,
        amount,
        identity: mask(identity),
        selfIssued: identity === SELF_ISSUE_NUMBER,
        issuedAt: deps.now().toISOString(),
      },
      deps.now(),
    );
    return 'issued';
  } catch (err) {
    const reason = err instanceof TossError ? `${err.code} ${err.message}` : 'failed';
    deps.log.error({ invoiceId, reason }, 'billing: cash receipt not issued (the tax schedule tries again)');
    return 'failed';
  }
}

type TCancelOutcome = 'cancelled' | 'not-needed' | 'failed';
type TCancel = { amount: number; transactionType: string; issueStatus: string | null; cancelledAt: string };
/** A cancel decided and about to be (or maybe already) sent: resent with the same key until Toss answers. */
type TPending = { amount: number; whole: boolean; key: string };
/** After this many refusals (not timeouts) the schedule stops trying; each one is logged as an error. */
const MAX_CANCEL_REFUSALS = 5;

const num = (v: unknown) => (typeof v === 'number' ? v : 0);

/**
 * After a refund (and by the hourly schedule when a cancel failed): cancels the part of the invoice's cash receipt that
 * its refunds took back — what the receipt covers (its amount less its cancels) beyond what the invoice is worth now.
 * The decision is written on the receipt (`pendingCancel`, under a lock per invoice) before Toss is called, outside the
 * transaction: a call whose answer was lost is sent again with the same Idempotency-Key, so Toss cancels it once, and a
 * refund that came meanwhile is cancelled only after it, never folded into it. Two callers at once send the same key and
 * only one records it. A refusal clears the pending cancel and counts (the next key differs, Toss keeps refusals per key).
 */
export async function cancelCashReceipt(deps: TBillingDeps, invoiceId: string): Promise<TCancelOutcome> {
  const toss = deps.toss;
  if (!toss) return 'not-needed';
  let outcome: TCancelOutcome = 'not-needed';
  // One pending cancel at a time; a second round covers a refund that arrived during the first.
  for (let round = 0; round < 3; round += 1) {
    const decided = await deps.db.transaction(async (tx) => {
      await repo.lockCashReceipt(tx, invoiceId);
      const inv = await repo.findInvoice(tx, invoiceId);
      const receipt = inv?.cashReceipt;
      if (!inv || !receipt || typeof receipt.receiptKey !== 'string') return null;
      if (receipt.pendingCancel) return { receiptKey: receipt.receiptKey, pending: receipt.pendingCancel as TPending };
      const refusals = num(receipt.cancelRefusals);
      if (refusals >= MAX_CANCEL_REFUSALS) return null;
      const issued = typeof receipt.amount === 'number' ? receipt.amount : inv.total;
      const cancelledBefore = num(receipt.cancelledAmount);
      const value = issued - cancelledBefore - Math.max(0, inv.total - inv.refundedAmount);
      if (value <= 0) return null;
      const pending: TPending = {
        amount: value,
        whole: cancelledBefore === 0 && value === issued,
        key: `cash-receipt-cancel:${inv.id}:${cancelledBefore}-${value}${refusals ? `-r${refusals}` : ''}`,
      };
      await repo.updateCashReceipt(tx, inv.id, { ...receipt, pendingCancel: pending }, deps.now());
      return { receiptKey: receipt.receiptKey, pending };
    });
    if (!decided) return outcome;
    const { receiptKey, pending } = decided;
    let answer;
    try {
      answer = await toss.cancelCashReceipt(receiptKey, pending.whole ? {} : { amount: pending.amount }, pending.key);
      if (answer.issueStatus === 'FAILED') throw new TossError(200, 'CASH_RECEIPT_CANCEL_FAILED', 'Toss answered issueStatus FAILED', false);
    } catch (err) {
      const retryable = err instanceof TossError ? err.retryable : true;
      const reason = err instanceof TossError ? `${err.code} ${err.message}` : 'failed';
      deps.log.error({ invoiceId, amount: pending.amount, reason }, 'billing: cash receipt not cancelled after a refund (the tax schedule tries again)');
      if (!retryable) await settle(deps, invoiceId, pending.key, null);
      return 'failed';
    }
    const cancel: TCancel = {
      amount: pending.amount,
      transactionType: answer.transactionType ?? 'CANCEL',
      issueStatus: answer.issueStatus ?? null,
      cancelledAt: deps.now().toISOString(),
    };
    if (await settle(deps, invoiceId, pending.key, cancel)) outcome = 'cancelled';
  }
  return outcome;
}

/** Records the answer to the pending cancel `key` (a cancel, or null for a refusal); false when another caller did. */
async function settle(deps: TBillingDeps, invoiceId: string, key: string, cancel: TCancel | null): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    await repo.lockCashReceipt(tx, invoiceId);
    const receipt = (await repo.findInvoice(tx, invoiceId))?.cashReceipt;
    if (!receipt || (receipt.pendingCancel as TPending | undefined)?.key !== key) return false;
    const { pendingCancel: _done, ...rest } = receipt;
    const next = cancel
      ? {
          ...rest,
          cancels: [...(Array.isArray(receipt.cancels) ? (receipt.cancels as TCancel[]) : []), cancel],
          cancelledAmount: num(receipt.cancelledAmount) + cancel.amount,
        }
      : { ...rest, cancelRefusals: num(receipt.cancelRefusals) + 1 };
    await repo.updateCashReceipt(tx, invoiceId, next, deps.now());
    return true;
  });
}

/** The hourly tax schedule's part: cash receipts that failed in the last days, and cancels that failed, once more. */
export async function retryCashReceipts(deps: TBillingDeps, now: Date): Promise<void> {
  if (!deps.toss) return;
  const ids = await repo.transfersWithoutReceipt(deps.db, new Date(now.getTime() - RETRY_DAYS * 86_400_000));
  for (const id of ids) await issueCashReceipt(deps, id);
  for (const id of await repo.receiptsToCancel(deps.db, MAX_CANCEL_REFUSALS)) await cancelCashReceipt(deps, id);
}
