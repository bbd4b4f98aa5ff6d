/**
 * Toss Payments webhooks (issue 31), `POST /api/billing/webhooks/toss`. The body is never trusted: a DEPOSIT_CALLBACK
 * must carry the virtual account's secret (compared in constant time with the sealed one) and is then re-fetched from
 * Toss by orderId; a PAYMENT_STATUS_CHANGED is re-fetched by paymentKey. What Toss answers decides, and only a move
 * forward (waiting → paid, waiting → cancelled) changes anything, so out-of-order events change nothing.
 *
 * Idempotent: each applied event is recorded in billing_webhook_events under an id made of its own fields
 * (transactionKey, or paymentKey + status + createdAt) in the transaction that applies it, so the same event twice
 * changes nothing. Only applied events are stored: an ignored, unknown or forged one is a log line (no secret, no
 * body), so an unauthenticated flood writes nothing; a forged one is answered 403. A status change whose paymentKey or
 * orderId names none of our invoices is ignored without asking Toss. The route is rate-limited per IP, and the rows
 * are kept 90 days (billing.purge-webhooks).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ko } from '@suite/shared';
import { AppError } from '../../lib/app-error.ts';
import { decryptSecret } from '../../lib/secret-box.ts';
import { TossError, type TTossPayment } from '../../adapters/toss.ts';
import type { TBillingDeps } from './billing.deps.ts';
import { afterInvoiceRefunded } from './billing-hooks.ts';
import { markInvoicePaid, orderIdOf } from './payments.service.ts';
import * as repo from './payments.repository.ts';

const t = ko.billing.payments.server;
const SOURCE = 'toss';

const key = z.string().min(1).max(300);
export const ZTossDepositCallback = z.object({
  createdAt: z.string().max(64),
  secret: key,
  orderId: z.string().min(1).max(64),
  status: z.string().min(1).max(40),
  transactionKey: key,
});
export const ZTossStatusChanged = z.object({
  eventType: z.literal('PAYMENT_STATUS_CHANGED'),
  createdAt: z.string().max(64),
  data: z.looseObject({ paymentKey: key, orderId: z.string().max(64).optional(), status: z.string().min(1).max(40) }),
});
const ZWrappedDeposit = z.object({
  eventType: z.literal('DEPOSIT_CALLBACK'),
  createdAt: z.string().max(64),
  data: ZTossDepositCallback.extend({ createdAt: z.string().max(64).optional() }),
});
/** Another event type Toss may send (acknowledged, nothing done). */
const ZOtherEvent = z.looseObject({ eventType: z.string().min(1).max(64) });

export type TWebhookResult = { outcome: 'applied' | 'ignored' | 'rejected'; reason: string };

const sameSecret = (a: string, b: string) => timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/** The invoice of a Toss orderId: `<orderId>` or an attempt's `<orderId>-<n>`. */
async function invoiceOfOrder(deps: TBillingDeps, orderId: string): Promise<repo.TInvoiceRow | undefined> {
  const m = /^(.+)-(\d{1,4})$/.exec(orderId);
  const found = await repo.findInvoicesByOrderIds(deps.db, m ? [orderId, m[1]!] : [orderId]);
  return found.find((inv) => inv.orderId === orderId) ?? found.find((inv) => m && inv.orderId === m[1]);
}

/**
 * An event that changes nothing: one log line (its identifying fields, never a secret or the body), no row — a
 * later delivery of the same event still counts, and a flood of made-up events writes nothing.
 */
function skip(deps: TBillingDeps, eventType: string, outcome: 'ignored' | 'rejected', reason: string, detail: Record<string, unknown>): TWebhookResult {
  const log = outcome === 'rejected' ? deps.log.warn.bind(deps.log) : deps.log.info.bind(deps.log);
  log({ eventType, outcome, reason, ...detail }, 'billing: toss webhook not applied');
  return { outcome, reason };
}

/** Asks Toss; its being unreachable is a 502 (Toss sends the webhook again later). */
async function fetchPayment(deps: TBillingDeps, by: { orderId?: string; paymentKey?: string }): Promise<TTossPayment | null> {
  if (!deps.toss) throw new AppError('BILLING_NOT_CONFIGURED');
  try {
    return by.paymentKey ? await deps.toss.getPayment(by.paymentKey) : await deps.toss.getPaymentByOrderId(by.orderId!);
  } catch (err) {
    if (err instanceof TossError && err.status === 404) return null;
    deps.log.error({ code: err instanceof TossError ? err.code : undefined }, 'billing: toss payment look-up failed');
    throw new AppError('BILLING_PROVIDER_FAILED');
  }
}

export async function handleTossWebhook(deps: TBillingDeps, body: unknown): Promise<TWebhookResult> {
  const status = ZTossStatusChanged.safeParse(body);
  if (status.success) return statusChanged(deps, status.data);
  const deposit = ZTossDepositCallback.safeParse(body);
  if (deposit.success) return depositCallback(deps, deposit.data);
  // The same callback wrapped as an event ({ eventType: 'DEPOSIT_CALLBACK', createdAt, data }).
  const wrapped = ZWrappedDeposit.safeParse(body);
  if (wrapped.success) return depositCallback(deps, { ...wrapped.data.data, createdAt: wrapped.data.data.createdAt ?? wrapped.data.createdAt });
  const other = ZOtherEvent.safeParse(body);
  if (other.success) return skip(deps, other.data.eventType.slice(0, 64), 'ignored', 'event type not handled', {});
  throw new AppError('VALIDATION_FAILED', t.webhookInvalid);
}

async function depositCallback(deps: TBillingDeps, e: z.infer<typeof ZTossDepositCallback>): Promise<TWebhookResult> {
  const type = 'DEPOSIT_CALLBACK';
  const detail = { orderId: e.orderId, status: e.status, transactionKey: e.transactionKey };
  const inv = await invoiceOfOrder(deps, e.orderId);
  if (!inv) return skip(deps, type, 'ignored', 'unknown orderId', detail);
  const sealed = inv.depositSecretSealed;
  let expected: string;
  try {
    expected = sealed ? decryptSecret(deps.encryptionKey, sealed) : '';
  } catch {
    expected = '';
  }
  if (!expected || orderIdOf(inv, inv.attempts) !== e.orderId || !sameSecret(expected, e.secret)) {
    skip(deps, type, 'rejected', 'secret does not match', { ...detail, invoiceId: inv.id });
    throw new AppError('FORBIDDEN', t.webhookForged);
  }
  const eventId = `toss:deposit:${e.transactionKey}:${e.status}`.slice(0, 400);
  const payment = await fetchPayment(deps, { orderId: e.orderId });
  if (!payment) return skip(deps, type, 'ignored', 'Toss knows no payment of this orderId', detail);
  return applyPayment(deps, eventId, type, inv, payment, detail);
}

async function statusChanged(deps: TBillingDeps, e: z.infer<typeof ZTossStatusChanged>): Promise<TWebhookResult> {
  const type = e.eventType;
  const detail = { paymentKey: e.data.paymentKey, status: e.data.status };
  // Toss is asked only about a payment one of our invoices names (its paymentKey, or its orderId): a made-up event
  // costs no outbound call.
  const named = (await repo.findInvoiceByPaymentKey(deps.db, e.data.paymentKey)) ?? (e.data.orderId ? await invoiceOfOrder(deps, e.data.orderId) : undefined);
  if (!named) return skip(deps, type, 'ignored', 'no invoice of this payment', detail);
  const payment = await fetchPayment(deps, { paymentKey: e.data.paymentKey });
  if (!payment) return skip(deps, type, 'ignored', 'Toss knows no such payment', detail);
  const inv = (await repo.findInvoiceByPaymentKey(deps.db, payment.paymentKey)) ?? (await invoiceOfOrder(deps, payment.orderId));
  if (!inv) return skip(deps, type, 'ignored', 'no invoice of this payment', detail);
  const eventId = `toss:status:${e.data.paymentKey}:${e.data.status}:${e.createdAt}`.slice(0, 400);
  return applyPayment(deps, eventId, type, inv, payment, { ...detail, orderId: payment.orderId });
}

/** Applies what Toss says of the payment to its invoice, once per event id. */
async function applyPayment(
  deps: TBillingDeps,
  eventId: string,
  type: string,
  inv: repo.TInvoiceRow,
  payment: TTossPayment,
  detail: Record<string, unknown>,
): Promise<TWebhookResult> {
  const d = { ...detail, invoiceId: inv.id, tossStatus: payment.status };
  const now = deps.now();
  const attempt = { invoiceId: inv.id, seedId: inv.seedId, attempt: Math.max(inv.attempts, 1), amount: inv.total };
  const open = inv.status === 'waiting_deposit' || inv.status === 'open' || inv.status === 'failed';
  if (payment.status === 'DONE' && open && payment.orderId === orderIdOf(inv, inv.attempts)) {
    if (payment.totalAmount !== inv.total) {
      deps.log.error({ invoiceId: inv.id, expected: inv.total, got: payment.totalAmount }, 'billing: deposit amount differs from the invoice');
      return skip(deps, type, 'rejected', 'amount mismatch', { ...d, eventId, amount: payment.totalAmount, total: inv.total });
    }
    let duplicate = false;
    const paid = await markInvoicePaid(deps, inv.id, attempt, payment, payment.method === '카드' ? 'card' : 'transfer', async (tx) => {
      duplicate = !(await repo.recordWebhookEvent(
        tx,
        { id: eventId, source: SOURCE, eventType: type, outcome: 'applied', detail: { reason: 'paid', ...d } },
        now,
      ));
      return !duplicate;
    });
    if (duplicate) return { outcome: 'ignored', reason: 'duplicate' };
    deps.log.info({ eventId, invoiceId: inv.id, paid }, 'billing: toss webhook applied');
    return paid ? { outcome: 'applied', reason: 'paid' } : { outcome: 'ignored', reason: 'already settled' };
  }
  if (
    (payment.status === 'CANCELED' || payment.status === 'EXPIRED' || payment.status === 'ABORTED') &&
    inv.status === 'waiting_deposit' &&
    payment.paymentKey === inv.paymentKey
  ) {
    const applied = await deps.db.transaction(async (tx) => {
      if (
        !(await repo.recordWebhookEvent(
          tx,
          { id: eventId, source: SOURCE, eventType: type, outcome: 'applied', detail: { reason: 'virtual account closed', ...d } },
          now,
        ))
      )
        return false;
      await repo.recordAttempt(
        tx,
        { ...attempt, outcome: 'declined', code: `VIRTUAL_ACCOUNT_${payment.status}`, message: t.virtualAccountCanceled, paymentKey: payment.paymentKey },
        now,
      );
      await repo.markFailed(tx, inv.id, 'transfer', now);
      return true;
    });
    return applied ? { outcome: 'applied', reason: 'virtual account closed' } : { outcome: 'ignored', reason: 'duplicate' };
  }
  if ((payment.status === 'CANCELED' || payment.status === 'PARTIAL_CANCELED') && inv.status === 'paid' && payment.paymentKey === inv.paymentKey) {
    // A cancel made at Toss (its dashboard): our records follow what Toss has refunded.
    const refundedAtToss = payment.totalAmount - (payment.balanceAmount ?? payment.totalAmount);
    if (refundedAtToss > inv.refundedAmount) {
      // Decided on the invoice as it is under a row lock: our own refund claims the same row (its claim, then its
      // record and release in one transaction), so `missing` never counts a refund we are recording at the moment.
      const result = await deps.db.transaction(async (tx): Promise<{ missing: number } | 'duplicate' | 'none'> => {
        const locked = await repo.findInvoiceForUpdate(tx, inv.id);
        if (!locked || locked.status !== 'paid' || locked.paymentKey !== payment.paymentKey) return 'none';
        // Our own refund of this invoice is in flight (its claim): Toss is told to send this again later (409).
        if (locked.chargingUntil && locked.chargingUntil > now) throw new AppError('CONFLICT', t.refundInProgress);
        const missing = refundedAtToss - locked.refundedAmount;
        if (missing <= 0) return 'none';
        if (
          !(await repo.recordWebhookEvent(
            tx,
            { id: eventId, source: SOURCE, eventType: type, outcome: 'applied', detail: { reason: 'refunded at Toss', ...d, amount: missing } },
            now,
          ))
        )
          return 'duplicate';
        if (!(await repo.addRefund(tx, inv.id, missing, now))) throw new AppError('CONFLICT', t.refundNotRecorded);
        return { missing };
      });
      if (typeof result === 'object') {
        deps.log.info({ eventId, invoiceId: inv.id, amount: result.missing }, 'billing: refund made at Toss recorded');
        await afterInvoiceRefunded(deps, inv.id, result.missing);
        return { outcome: 'applied', reason: 'refunded at Toss' };
      }
      if (result === 'duplicate') return { outcome: 'ignored', reason: 'duplicate' };
    }
  }
  return skip(deps, type, 'ignored', `nothing to change (invoice ${inv.status}, payment ${payment.status})`, { ...d, eventId });
}
