/**
 * Payments (issue 31): the seed's payment method (a Toss billing key for its card, or bank transfer through a virtual
 * account per invoice) and the charge of an invoice.
 *
 * A charge is claimed first (one conditional UPDATE on the invoice: 20 concurrent calls make one Toss charge) and
 * sent with the attempt's own Idempotency-Key `<invoice.idempotencyKey>-<attempt>`: Toss keeps the first answer of a
 * key, a failure included, so each dunning attempt needs a new key, while an attempt that timed out is sent again
 * with the same key (and the same orderId) once its claim has lapsed — Toss then answers the first result and never
 * charges twice. The amount is always the invoice's total as stored, never a caller's figure.
 */
import { randomBytes } from 'node:crypto';
import { ko } from '@suite/shared';
import type { TCardAuth, TPaymentMethod } from '@suite/shared/schemas/billing';
import { AppError } from '../../lib/app-error.ts';
import { decryptSecret, encryptSecret } from '../../lib/secret-box.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import { TossError, type TTossClient, type TTossPayment } from '../../adapters/toss.ts';
import type { TTx } from '../../db/client.ts';
import type { TBillingDeps } from './billing.deps.ts';
import { afterInvoicePaid, afterInvoiceRefunded } from './billing-hooks.ts';
import { noticeTransferWaiting } from './billing-notices.ts';
import { seedNames } from '../seeds/seeds.service.ts';
import * as repo from './payments.repository.ts';

const t = ko.billing.payments;

export const CHARGE_JOB = 'billing.charge';
/** How long a charge in flight holds its invoice (longer than the Toss client's timeout). */
export const CHARGE_LEASE_MS = 2 * 60_000;
/** Virtual accounts: the bank (Toss bank code) and how long one stays open for its deposit. */
export const TRANSFER_BANK = '88';
export const TRANSFER_VALID_HOURS = 7 * 24;

export type TChargeOutcome = {
  outcome: 'paid' | 'declined' | 'error' | 'waiting_deposit' | 'no-method' | 'already-paid';
  code?: string;
  message?: string;
};

/** Outcomes that a later call may turn out differently (a timeout, Toss down, a charge in progress elsewhere). */
export const isRetryable = (o: TChargeOutcome) => o.outcome === 'error' && o.code !== 'INVOICE_NOT_FOUND' && o.code !== 'NOT_CHARGEABLE';

export function registerPaymentJobs(deps: TBillingDeps, jobs: Pick<TJobRunner, 'register' | 'every' | 'enqueue'>): void {
  jobs.register(CHARGE_JOB, async (payload) => {
    const invoiceId = typeof payload.invoiceId === 'string' ? payload.invoiceId : '';
    const result = await chargeInvoice(deps, invoiceId);
    // The runner retries a thrown job with backoff: a timed-out charge is sent again once its claim lapses.
    if (isRetryable(result)) throw new Error(`billing.charge ${invoiceId}: ${result.code ?? 'error'}`);
  });
  jobs.every('billing.purge-webhooks', async () => {
    await purgeOldWebhookEvents(deps);
  });
}

/** How long a webhook event is kept (Toss's and Popbill's): its id guards against a late duplicate meanwhile. */
export const WEBHOOK_RETENTION_MS = 90 * 86_400_000;

/** The retention sweep (billing.purge-webhooks, hourly): webhook events received more than 90 days ago are deleted. */
export async function purgeOldWebhookEvents(deps: Pick<TBillingDeps, 'db' | 'now' | 'log'>): Promise<number> {
  const purged = await repo.purgeWebhookEvents(deps.db, new Date(deps.now().getTime() - WEBHOOK_RETENTION_MS));
  if (purged) deps.log.info({ purged }, 'billing: old webhook events purged');
  return purged;
}

// ——— Payment methods ———

export function toPaymentMethod(row: repo.TMethodRow | undefined): TPaymentMethod | null {
  if (!row || (row.kind !== 'card' && row.kind !== 'transfer')) return null;
  return { kind: row.kind, cardCompany: row.cardCompany, cardNumber: row.cardNumber, cardExpiresOn: row.cardExpiresOn };
}

const newCustomerKey = () => `ck_${randomBytes(18).toString('base64url')}`;

function tossOf(deps: TBillingDeps): TTossClient {
  if (!deps.toss) throw new AppError('BILLING_NOT_CONFIGURED');
  return deps.toss;
}

/** What the browser needs to open Toss's billing-auth window for this seed (its customerKey is made once and kept). */
export async function cardAuth(deps: TBillingDeps, seedId: string): Promise<TCardAuth> {
  const toss = tossOf(deps);
  const row = await repo.ensureMethodRow(deps.db, seedId, newCustomerKey(), deps.now());
  // The seed goes along: the page Toss sends the owner back to registers the card on this seed, whichever is selected.
  const back = (result: string) => {
    const url = new URL('/admin/billing/card', deps.appUrl);
    url.searchParams.set('result', result);
    url.searchParams.set('seedId', seedId);
    return url.toString();
  };
  return { clientKey: toss.clientKey, customerKey: row.customerKey, sdkUrl: toss.sdkUrl, successUrl: back('success'), failUrl: back('fail') };
}

/** The card from Toss's window: a billing key (sealed at rest), then the seed's failed invoices are charged to it. */
export async function registerCard(
  deps: TBillingDeps,
  seedId: string,
  userId: string,
  input: { authKey: string; customerKey: string },
): Promise<TPaymentMethod> {
  const toss = tossOf(deps);
  const row = await repo.findMethod(deps.db, seedId);
  if (!row || row.customerKey !== input.customerKey) throw new AppError('BAD_REQUEST', t.server.customerKeyMismatch);
  let billing;
  try {
    billing = await toss.issueBillingKey({ authKey: input.authKey, customerKey: input.customerKey });
  } catch (err) {
    throw providerError(deps, err, 'issue billing key', t.server.cardRejected);
  }
  if (billing.customerKey !== input.customerKey || !billing.billingKey) throw new AppError('BILLING_PROVIDER_FAILED');
  const card = {
    billingKeySealed: encryptSecret(deps.encryptionKey, billing.billingKey),
    cardCompany: billing.cardCompany ?? null,
    cardNumber: billing.cardNumber ?? billing.card?.number ?? null,
    cardType: billing.card?.cardType ?? null,
    ownerType: billing.card?.ownerType ?? null,
    // Toss's Billing object carries no expiry date: it stays unknown (the expiry notice needs it).
    cardExpiresOn: null,
  };
  const now = deps.now();
  const saved = await deps.db.transaction(async (tx) => {
    const updated = await repo.saveCard(tx, seedId, input.customerKey, card, userId, now);
    if (!updated) return undefined;
    await enqueueCharges(deps, tx, seedId, now);
    return updated;
  });
  if (!saved) throw new AppError('BAD_REQUEST', t.server.customerKeyMismatch);
  deps.log.info({ seedId, cardCompany: card.cardCompany }, 'billing: card registered');
  return toPaymentMethod(saved)!;
}

/**
 * The card's last valid month, as its owner reads it on the card (Toss's Billing object has none): the expiry notice
 * (billing.card-expiry) reads it. Not before this Seoul month; a new card clears it.
 */
export async function setCardExpiry(deps: TBillingDeps, seedId: string, expiresOn: string): Promise<TPaymentMethod> {
  const thisMonth = new Date(deps.now().getTime() + 9 * 3_600_000).toISOString().slice(0, 7);
  if (expiresOn < thisMonth)
    throw new AppError('VALIDATION_FAILED', ko.billing.validation.cardExpiry, { details: [{ path: 'expiresOn', message: ko.billing.validation.cardExpiry }] });
  const row = await repo.setCardExpiry(deps.db, seedId, expiresOn, deps.now());
  if (!row) throw new AppError('CONFLICT', t.server.noCard);
  return toPaymentMethod(row)!;
}

/**
 * Bank transfer from now on: the card (and its billing key) is forgotten; each invoice gets a virtual account — the
 * seed's failed invoices at once (the billing.charge job opens theirs).
 */
export async function chooseTransfer(deps: TBillingDeps, seedId: string, userId: string): Promise<TPaymentMethod> {
  tossOf(deps);
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const saved = await repo.setTransfer(tx, seedId, newCustomerKey(), userId, now);
    await enqueueCharges(deps, tx, seedId, now);
    return saved;
  });
  return toPaymentMethod(row)!;
}

/** A charge job for each of the seed's failed invoices (a new payment method settles the debt). */
async function enqueueCharges(deps: TBillingDeps, tx: TTx, seedId: string, now: Date): Promise<void> {
  for (const invoiceId of await repo.unpaidInvoiceIds(tx, seedId)) {
    await deps.jobs.enqueue(tx, { kind: CHARGE_JOB, key: `invoice:${invoiceId}`, payload: { invoiceId }, runAt: now });
  }
}

/** A Toss failure as an AppError: Toss's refusal (4xx) → 400 with its reason; unreachable / 5xx → 502. */
function providerError(deps: TBillingDeps, err: unknown, what: string, refused: (reason: string) => string): AppError {
  if (err instanceof TossError && !err.retryable && err.status !== 401 && err.status !== 403) {
    return new AppError('BAD_REQUEST', refused(err.message.slice(0, 200)));
  }
  deps.log.error(
    { code: err instanceof TossError ? err.code : undefined, status: err instanceof TossError ? err.status : undefined },
    `billing: toss ${what} failed`,
  );
  return new AppError('BILLING_PROVIDER_FAILED');
}

// ——— Charges ———

/** Toss's orderId of an attempt: the invoice's own for the first, `<orderId>-<n>` after (a new payment each time). */
export const orderIdOf = (inv: Pick<repo.TInvoiceRow, 'orderId'>, attempt: number) => (attempt <= 1 ? inv.orderId : `${inv.orderId}-${attempt}`);
const idempotencyKeyOf = (inv: Pick<repo.TInvoiceRow, 'idempotencyKey'>, attempt: number) => `${inv.idempotencyKey}-${attempt}`;

async function settled(deps: TBillingDeps, invoiceId: string): Promise<TChargeOutcome> {
  const inv = await repo.findInvoice(deps.db, invoiceId);
  if (!inv) return { outcome: 'error', code: 'INVOICE_NOT_FOUND', message: ko.billing.server.invoiceNotFound };
  if (inv.status === 'paid' || inv.status === 'refunded') return { outcome: 'already-paid' };
  if (inv.status === 'waiting_deposit') return { outcome: 'waiting_deposit' };
  if (inv.status === 'void') return { outcome: 'error', code: 'NOT_CHARGEABLE', message: t.server.notChargeable };
  return { outcome: 'error', code: 'CHARGE_IN_PROGRESS', message: t.server.chargeInProgress };
}

/**
 * Charges an open or failed invoice once: by card (billing key, the attempt's Idempotency-Key) or, for a transfer
 * seed, opens its virtual account. Already paid → 'already-paid' without a call to Toss.
 */
export async function chargeInvoice(deps: TBillingDeps, invoiceId: string): Promise<TChargeOutcome> {
  if (!/^[0-9a-f-]{36}$/i.test(invoiceId)) return { outcome: 'error', code: 'INVOICE_NOT_FOUND', message: ko.billing.server.invoiceNotFound };
  const inv = await repo.claimInvoice(deps.db, invoiceId, deps.now(), CHARGE_LEASE_MS);
  if (!inv) return settled(deps, invoiceId);
  const attempt = inv.attempts;
  const base = { invoiceId: inv.id, seedId: inv.seedId, attempt, amount: inv.total };
  const method = await repo.findMethod(deps.db, inv.seedId);
  if (!deps.toss || !method || (method.kind !== 'card' && method.kind !== 'transfer') || (method.kind === 'card' && !method.billingKeySealed)) {
    await deps.db.transaction(async (tx) => {
      await repo.recordAttempt(tx, { ...base, outcome: 'declined', code: 'NO_PAYMENT_METHOD', message: t.server.noPaymentMethod }, deps.now());
      await repo.markFailed(tx, inv.id, null, deps.now());
    });
    return { outcome: 'no-method', code: 'NO_PAYMENT_METHOD', message: t.server.noPaymentMethod };
  }
  const orderId = orderIdOf(inv, attempt);
  const key = idempotencyKeyOf(inv, attempt);
  const orderName = t.orderName(inv.number);
  let payment: TTossPayment;
  try {
    // The retry of an attempt whose outcome is unknown: a payment Toss already approved for its orderId settles it,
    // even if the payment method changed since (the same key then goes to another endpoint).
    const approved = (await repo.isRetryOfUnknown(deps.db, inv.id, attempt)) ? await approvedPayment(deps.toss, orderId) : null;
    payment =
      approved ??
      (method.kind === 'card'
        ? await deps.toss.chargeBillingKey(
            decryptSecret(deps.encryptionKey, method.billingKeySealed!),
            { customerKey: method.customerKey, amount: inv.total, orderId, orderName },
            key,
          )
        : await deps.toss.createVirtualAccount(
            {
              amount: inv.total,
              orderId,
              orderName,
              customerName: await customerNameOf(deps, inv.seedId),
              bank: TRANSFER_BANK,
              validHours: TRANSFER_VALID_HOURS,
            },
            key,
          ));
  } catch (err) {
    return chargeFailed(deps, inv, base, method.kind, err);
  }
  if (payment.totalAmount !== inv.total) {
    deps.log.error({ invoiceId: inv.id, attempt, expected: inv.total, got: payment.totalAmount }, 'billing: toss answered another amount');
    await repo.recordAttempt(
      deps.db,
      { ...base, outcome: 'error', code: 'AMOUNT_MISMATCH', message: t.server.amountMismatch, paymentKey: payment.paymentKey },
      deps.now(),
    );
    return { outcome: 'error', code: 'AMOUNT_MISMATCH', message: t.server.amountMismatch };
  }
  if (payment.status === 'DONE') {
    const paid = await markInvoicePaid(deps, inv.id, base, payment, payment.method === '가상계좌' ? 'transfer' : 'card');
    return paid ? { outcome: 'paid' } : settled(deps, inv.id);
  }
  if (method.kind === 'transfer' && payment.status === 'WAITING_FOR_DEPOSIT' && payment.virtualAccount) {
    const va = payment.virtualAccount;
    const virtualAccount = {
      bank: t.transferBankName,
      bankCode: va.bankCode ?? TRANSFER_BANK,
      accountNumber: va.accountNumber,
      customerName: va.customerName ?? '',
      dueDate: va.dueDate ?? '',
      orderId,
    };
    await deps.db.transaction(async (tx) => {
      await repo.recordAttempt(tx, { ...base, outcome: 'waiting_deposit', paymentKey: payment.paymentKey }, deps.now());
      await repo.markWaitingDeposit(
        tx,
        inv.id,
        { paymentKey: payment.paymentKey, virtualAccount, depositSecretSealed: payment.secret ? encryptSecret(deps.encryptionKey, payment.secret) : null },
        deps.now(),
      );
    });
    await noticeTransferWaiting(deps, inv.id).catch((err: unknown) => deps.log.error({ err, invoiceId: inv.id }, 'billing: transfer notice failed'));
    return { outcome: 'waiting_deposit' };
  }
  deps.log.error({ invoiceId: inv.id, attempt, status: payment.status }, 'billing: toss answered an unexpected payment status');
  await repo.recordAttempt(deps.db, { ...base, outcome: 'error', code: `STATUS_${payment.status}`, paymentKey: payment.paymentKey }, deps.now());
  return { outcome: 'error', code: `STATUS_${payment.status}` };
}

/** The approved payment of an orderId at Toss, if any (404 = none; other failures are the caller's to handle). */
async function approvedPayment(toss: TTossClient, orderId: string): Promise<TTossPayment | null> {
  try {
    const found = await toss.getPaymentByOrderId(orderId);
    return found.status === 'DONE' ? found : null;
  } catch (err) {
    if (err instanceof TossError && err.status === 404) return null;
    throw err;
  }
}

/** Paid (one transaction: the attempt and the invoice), then the followers after the commit. */
export async function markInvoicePaid(
  deps: TBillingDeps,
  invoiceId: string,
  base: Omit<repo.TAttempt, 'outcome'>,
  payment: TTossPayment,
  method: 'card' | 'transfer',
  /** Runs first in the same transaction; false = change nothing (e.g. a webhook event seen before). */
  first?: (tx: TTx) => Promise<boolean>,
): Promise<boolean> {
  const now = deps.now();
  const paidAt = payment.approvedAt && !Number.isNaN(Date.parse(payment.approvedAt)) ? new Date(payment.approvedAt) : now;
  const paid = await deps.db.transaction(async (tx) => {
    if (first && !(await first(tx))) return false;
    const changed = await repo.markPaid(tx, invoiceId, { paymentKey: payment.paymentKey, receiptUrl: payment.receipt?.url ?? null, method, paidAt }, now);
    if (changed) await repo.recordAttempt(tx, { ...base, outcome: 'paid', paymentKey: payment.paymentKey }, now);
    return changed;
  });
  if (paid) {
    deps.log.info({ invoiceId, method, amount: payment.totalAmount }, 'billing: invoice paid');
    await afterInvoicePaid(deps, invoiceId);
  }
  return paid;
}

async function chargeFailed(
  deps: TBillingDeps,
  inv: repo.TInvoiceRow,
  base: Omit<repo.TAttempt, 'outcome'>,
  kind: 'card' | 'transfer',
  err: unknown,
): Promise<TChargeOutcome> {
  const now = deps.now();
  const toss = err instanceof TossError ? err : null;
  // A 409 from Toss: the same Idempotency-Key is still being processed there.
  if (!toss || toss.retryable || toss.status === 409) {
    const code = toss?.code ?? 'ERROR';
    deps.log.warn(
      { invoiceId: inv.id, attempt: base.attempt, code, ...(toss ? {} : { err }) },
      'billing: charge outcome unknown, retried with the same key after the claim lapses',
    );
    await deps.db.transaction(async (tx) => {
      await repo.recordAttempt(tx, { ...base, outcome: code === 'TIMEOUT' ? 'timeout' : 'error', code, message: toss?.message.slice(0, 300) ?? null }, now);
      await deps.jobs.enqueue(tx, {
        kind: CHARGE_JOB,
        key: `invoice:${inv.id}`,
        payload: { invoiceId: inv.id },
        runAt: new Date(now.getTime() + CHARGE_LEASE_MS + 1_000),
      });
    });
    return { outcome: 'error', code, message: t.server.providerFailed };
  }
  if (toss.status === 401 || toss.status === 403) deps.log.error({ invoiceId: inv.id, code: toss.code }, 'billing: toss refused our credentials');
  await deps.db.transaction(async (tx) => {
    await repo.recordAttempt(tx, { ...base, outcome: 'declined', code: toss.code, message: toss.message.slice(0, 300) }, now);
    await repo.markFailed(tx, inv.id, kind, now);
  });
  deps.log.info({ invoiceId: inv.id, attempt: base.attempt, code: toss.code }, 'billing: charge declined');
  return { outcome: 'declined', code: toss.code, message: toss.message };
}

/** The name on a virtual account: the seed's business name when it has one, else the seed's name. */
async function customerNameOf(deps: TBillingDeps, seedId: string): Promise<string> {
  const name = (await repo.businessNameOf(deps.db, seedId)) ?? (await seedNames(deps.db, [seedId])).get(seedId) ?? seedId;
  return name.slice(0, 100);
}

// ——— Refunds ———

export type TRefundAccount = { bank: string; accountNumber: string; holderName: string };

/**
 * Refunds `amount` (default: what is left) of a paid invoice through Toss's cancel, then records it: 'refunded' when
 * the whole total is back. One refund at a time per invoice (the charge claim); everything — what is left, the
 * Idempotency-Key — is computed from the row as claimed, so a request that read the invoice before another refund
 * ended can never reuse that refund's key (Toss would replay its answer and we would count it twice). A retry after a
 * timeout (same refunded amount, same value) reuses the key. A virtual-account (transfer) payment is refunded to the
 * account `refundAccount` names (Toss requires it).
 */
export async function refundInvoice(
  deps: TBillingDeps,
  invoiceId: string,
  amount: number | undefined,
  reason: string,
  refundAccount?: TRefundAccount,
): Promise<{ refundedAmount: number; status: string }> {
  const toss = tossOf(deps);
  const cancelReason = reason.trim();
  if (!cancelReason || cancelReason.length > 200) throw new AppError('VALIDATION_FAILED', t.server.refundReason);
  const inv = await repo.claimForRefund(deps.db, invoiceId, deps.now(), CHARGE_LEASE_MS);
  if (!inv) {
    const found = await repo.findInvoice(deps.db, invoiceId);
    if (!found) throw new AppError('NOT_FOUND', ko.billing.server.invoiceNotFound);
    if (found.status !== 'paid') throw new AppError('CONFLICT', t.server.refundNotPaid);
    throw new AppError('CONFLICT', t.server.refundInProgress);
  }
  const refuse = async (err: AppError): Promise<never> => {
    await repo.releaseClaim(deps.db, invoiceId, deps.now());
    throw err;
  };
  if (!inv.paymentKey) return refuse(new AppError('CONFLICT', t.server.refundNotPaid));
  const left = inv.total - inv.refundedAmount;
  const value = amount ?? left;
  if (!Number.isInteger(value) || value < 1 || value > left) return refuse(new AppError('VALIDATION_FAILED', t.server.refundAmount(left)));
  if (inv.method === 'transfer' && !refundAccount) {
    return refuse(
      new AppError('VALIDATION_FAILED', t.server.refundAccountRequired, {
        details: [{ path: 'refundReceiveAccount', message: t.server.refundAccountRequired }],
      }),
    );
  }
  try {
    await toss.cancelPayment(
      inv.paymentKey,
      {
        cancelReason,
        ...(value === inv.total ? {} : { cancelAmount: value }),
        ...(inv.method === 'transfer' && refundAccount ? { refundReceiveAccount: refundAccount } : {}),
      },
      `${inv.idempotencyKey}-refund-${inv.refundedAmount}-${value}`,
    );
  } catch (err) {
    if (!(err instanceof TossError) || !err.retryable) await repo.releaseClaim(deps.db, invoiceId, deps.now());
    throw providerError(deps, err, 'cancel', t.server.refundRejected);
  }
  const now = deps.now();
  const added = await deps.db.transaction(async (tx) => {
    const ok = await repo.addRefund(tx, invoiceId, value, now);
    await repo.releaseClaim(tx, invoiceId, now);
    return ok;
  });
  if (!added) {
    // Toss cancelled, but our record cannot take it (it would pass the total): nothing is counted, no follower runs.
    deps.log.error({ invoiceId, amount: value, refundedBefore: inv.refundedAmount }, 'billing: refund not recorded, it would exceed the invoice');
    throw new AppError('CONFLICT', t.server.refundNotRecorded);
  }
  deps.log.info({ invoiceId, amount: value }, 'billing: invoice refunded');
  await afterInvoiceRefunded(deps, invoiceId, value);
  const after = (await repo.findInvoice(deps.db, invoiceId))!;
  return { refundedAmount: after.refundedAmount, status: after.status };
}
