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

/**
 * After a refund (and by the hourly schedule when a cancel failed): cancels the part of the invoice's cash receipt that
 * its refunds took back. What to cancel is read from the invoice — what the receipt covers (its amount less its cancels)
 * beyond what the invoice is worth now — under a lock per invoice, so two refunds' followers or a retry never cancel a
 * won twice. The Idempotency-Key names the cancel (what was cancelled before it and its amount): a request retried after
 * a timeout cancels once. The Toss call is inside the lock's transaction on purpose (rare, bounded by the client's
 * timeout): nothing else may decide on the same receipt meanwhile.
 */
export async function cancelCashReceipt(deps: TBillingDeps, invoiceId: string): Promise<TCancelOutcome> {
  const toss = deps.toss;
  if (!toss) return 'not-needed';
  return deps.db.transaction(async (tx): Promise<TCancelOutcome> => {
    await repo.lockCashReceipt(tx, invoiceId);
    const inv = await repo.findInvoice(tx, invoiceId);
    const receipt = inv?.cashReceipt;
    if (!inv || !receipt || typeof receipt.receiptKey !== 'string') return 'not-needed';
    const issued = typeof receipt.amount === 'number' ? receipt.amount : inv.total;
    const cancelledBefore = typeof receipt.cancelledAmount === 'number' ? receipt.cancelledAmount : 0;
    const value = issued - cancelledBefore - Math.max(0, inv.total - inv.refundedAmount);
    if (value <= 0) return 'not-needed';
    const whole = cancelledBefore === 0 && value === issued;
    let answer;
    try {
      answer = await toss.cancelCashReceipt(receipt.receiptKey, whole ? {} : { amount: value }, `cash-receipt-cancel:${inv.id}:${cancelledBefore}-${value}`);
    } catch (err) {
      const reason = err instanceof TossError ? `${err.code} ${err.message}` : 'failed';
      deps.log.error({ invoiceId, amount: value, reason }, 'billing: cash receipt not cancelled after a refund (the tax schedule tries again)');
      return 'failed';
    }
    if (answer.issueStatus === 'FAILED') {
      deps.log.error({ invoiceId, amount: value }, 'billing: Toss refused the cash receipt cancel (the tax schedule tries again)');
      return 'failed';
    }
    const now = deps.now();
    const cancel: TCancel = {
      amount: value,
      transactionType: answer.transactionType ?? 'CANCEL',
      issueStatus: answer.issueStatus ?? null,
      cancelledAt: now.toISOString(),
    };
    const cancels = Array.isArray(receipt.cancels) ? (receipt.cancels as TCancel[]) : [];
    await repo.updateCashReceipt(tx, inv.id, { ...receipt, cancels: [...cancels, cancel], cancelledAmount: cancelledBefore + value }, now);
    return 'cancelled';
  });
}

/** The hourly tax schedule's part: cash receipts that failed in the last days, and cancels that failed, once more. */
export async function retryCashReceipts(deps: TBillingDeps, now: Date): Promise<void> {
  if (!deps.toss) return;
  const ids = await repo.transfersWithoutReceipt(deps.db, new Date(now.getTime() - RETRY_DAYS * 86_400_000));
  for (const id of ids) await issueCashReceipt(deps, id);
  for (const id of await repo.receiptsToCancel(deps.db)) await cancelCashReceipt(deps, id);
}
