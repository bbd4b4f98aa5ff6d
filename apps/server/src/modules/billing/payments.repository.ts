/** Payments (issue 31): payment methods, the charge claim on invoices, payment attempts and Toss webhook events. */
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { billingBusinesses, billingInvoices, billingPaymentAttempts, billingPaymentMethods, billingWebhookEvents } from '../../db/schema-billing.ts';

export type TMethodRow = typeof billingPaymentMethods.$inferSelect;
export type TInvoiceRow = typeof billingInvoices.$inferSelect;

export async function findMethod(db: TTx, seedId: string): Promise<TMethodRow | undefined> {
  const [row] = await db.select().from(billingPaymentMethods).where(eq(billingPaymentMethods.seedId, seedId));
  return row;
}

/** The seed's row, made with kind 'pending' and `customerKey` when it has none yet (a concurrent maker wins, once). */
export async function ensureMethodRow(db: TTx, seedId: string, customerKey: string, now: Date): Promise<TMethodRow> {
  await db
    .insert(billingPaymentMethods)
    .values({ seedId, kind: 'pending', customerKey, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: billingPaymentMethods.seedId });
  return (await findMethod(db, seedId))!;
}

export type TCardFields = {
  billingKeySealed: string;
  cardCompany: string | null;
  cardNumber: string | null;
  cardType: string | null;
  ownerType: string | null;
  cardExpiresOn: string | null;
};

/** Stores the card on the seed's row, only while its customerKey is still `customerKey`. */
export async function saveCard(db: TTx, seedId: string, customerKey: string, card: TCardFields, userId: string, now: Date): Promise<TMethodRow | undefined> {
  const [row] = await db
    .update(billingPaymentMethods)
    .set({ kind: 'card', ...card, registeredBy: userId, updatedAt: now })
    .where(and(eq(billingPaymentMethods.seedId, seedId), eq(billingPaymentMethods.customerKey, customerKey)))
    .returning();
  return row;
}

/** The card's last valid month as its owner entered it (only while the method is a card). */
export async function setCardExpiry(db: TTx, seedId: string, expiresOn: string, now: Date): Promise<TMethodRow | undefined> {
  const [row] = await db
    .update(billingPaymentMethods)
    .set({ cardExpiresOn: expiresOn, updatedAt: now })
    .where(and(eq(billingPaymentMethods.seedId, seedId), eq(billingPaymentMethods.kind, 'card')))
    .returning();
  return row;
}

export async function setTransfer(db: TTx, seedId: string, newCustomerKey: string, userId: string, now: Date): Promise<TMethodRow> {
  const cleared = { kind: 'transfer', billingKeySealed: null, cardCompany: null, cardNumber: null, cardType: null, ownerType: null, cardExpiresOn: null };
  const [row] = await db
    .insert(billingPaymentMethods)
    .values({ seedId, customerKey: newCustomerKey, ...cleared, registeredBy: userId, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: billingPaymentMethods.seedId, set: { ...cleared, registeredBy: userId, updatedAt: now } })
    .returning();
  return row!;
}

/** The seed's invoices a new payment method should settle. */
export async function unpaidInvoiceIds(db: TTx, seedId: string): Promise<string[]> {
  const rows = await db
    .select({ id: billingInvoices.id })
    .from(billingInvoices)
    .where(and(eq(billingInvoices.seedId, seedId), eq(billingInvoices.status, 'failed')));
  return rows.map((r) => r.id);
}

export async function findInvoice(db: TTx, id: string): Promise<TInvoiceRow | undefined> {
  const [row] = await db.select().from(billingInvoices).where(eq(billingInvoices.id, id));
  return row;
}

export async function findInvoicesByOrderIds(db: TTx, orderIds: string[]): Promise<TInvoiceRow[]> {
  if (!orderIds.length) return [];
  return db.select().from(billingInvoices).where(inArray(billingInvoices.orderId, orderIds));
}

export async function findInvoiceByPaymentKey(db: TTx, paymentKey: string): Promise<TInvoiceRow | undefined> {
  const [row] = await db.select().from(billingInvoices).where(eq(billingInvoices.paymentKey, paymentKey));
  return row;
}

/**
 * Claims an open or failed invoice for one charge: one conditional UPDATE, so of many concurrent callers one gets
 * the row. A NEW attempt bumps `attempts`; when the current attempt ended in a timeout or network error, the claim
 * keeps its number (the retry reuses that attempt's Idempotency-Key). Returns the claimed row, or undefined.
 */
export async function claimInvoice(db: TTx, id: string, now: Date, leaseMs: number): Promise<TInvoiceRow | undefined> {
  const retryOfUnknown = sql`exists (select 1 from ${billingPaymentAttempts} a where a.invoice_id = ${billingInvoices.id} and a.attempt = ${billingInvoices.attempts} and a.outcome in ('timeout', 'error'))`;
  const [row] = await db
    .update(billingInvoices)
    .set({
      chargingUntil: new Date(now.getTime() + leaseMs),
      attempts: sql`${billingInvoices.attempts} + case when ${retryOfUnknown} then 0 else 1 end`,
      updatedAt: now,
    })
    .where(
      and(
        eq(billingInvoices.id, id),
        inArray(billingInvoices.status, ['open', 'failed']),
        or(isNull(billingInvoices.chargingUntil), lte(billingInvoices.chargingUntil, now)),
      ),
    )
    .returning();
  return row;
}

/** Whether attempt `attempt` of the invoice ended without a known outcome (a timeout or a network error). */
export async function isRetryOfUnknown(db: TTx, invoiceId: string, attempt: number): Promise<boolean> {
  const rows = await db
    .select({ outcome: billingPaymentAttempts.outcome })
    .from(billingPaymentAttempts)
    .where(
      and(
        eq(billingPaymentAttempts.invoiceId, invoiceId),
        eq(billingPaymentAttempts.attempt, attempt),
        inArray(billingPaymentAttempts.outcome, ['timeout', 'error']),
      ),
    );
  return rows.length > 0;
}

export type TAttempt = {
  invoiceId: string;
  seedId: string;
  attempt: number;
  amount: number;
  outcome: string;
  code?: string | null;
  message?: string | null;
  paymentKey?: string | null;
};

/** One row per attempt number: a retried attempt (after a timeout) overwrites its own row. */
export async function recordAttempt(db: TTx, a: TAttempt, now: Date): Promise<void> {
  const values = { outcome: a.outcome, code: a.code ?? null, message: a.message ?? null, paymentKey: a.paymentKey ?? null, amount: a.amount, at: now };
  await db
    .insert(billingPaymentAttempts)
    .values({ invoiceId: a.invoiceId, seedId: a.seedId, attempt: a.attempt, ...values })
    .onConflictDoUpdate({ target: [billingPaymentAttempts.invoiceId, billingPaymentAttempts.attempt], set: values });
}

/** Paid: from open, failed or waiting_deposit only (never twice). Returns whether this call made it paid. */
export async function markPaid(
  db: TTx,
  id: string,
  p: { paymentKey: string; receiptUrl: string | null; method: 'card' | 'transfer'; paidAt: Date },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(billingInvoices)
    .set({
      status: 'paid',
      paidAt: p.paidAt,
      paymentKey: p.paymentKey,
      receiptUrl: p.receiptUrl,
      method: p.method,
      chargingUntil: null,
      nextAttemptAt: null,
      updatedAt: now,
    })
    .where(and(eq(billingInvoices.id, id), inArray(billingInvoices.status, ['open', 'failed', 'waiting_deposit'])))
    .returning({ id: billingInvoices.id });
  return rows.length > 0;
}

export async function markFailed(db: TTx, id: string, method: 'card' | 'transfer' | null, now: Date): Promise<void> {
  await db
    .update(billingInvoices)
    .set({ status: 'failed', chargingUntil: null, updatedAt: now, ...(method ? { method } : {}) })
    .where(and(eq(billingInvoices.id, id), inArray(billingInvoices.status, ['open', 'failed', 'waiting_deposit'])));
}

export async function markWaitingDeposit(
  db: TTx,
  id: string,
  p: { paymentKey: string; virtualAccount: Record<string, unknown>; depositSecretSealed: string | null },
  now: Date,
): Promise<void> {
  await db
    .update(billingInvoices)
    .set({ status: 'waiting_deposit', method: 'transfer', chargingUntil: null, updatedAt: now, ...p })
    .where(and(eq(billingInvoices.id, id), inArray(billingInvoices.status, ['open', 'failed'])));
}

/**
 * Holds a paid invoice for one refund at a time (the same lease as a charge). Returns the row as claimed: what a
 * refund computes (what is left, its Idempotency-Key) must come from this row, never from an earlier read.
 */
export async function claimForRefund(db: TTx, id: string, now: Date, leaseMs: number): Promise<TInvoiceRow | undefined> {
  const [row] = await db
    .update(billingInvoices)
    .set({ chargingUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
    .where(
      and(eq(billingInvoices.id, id), eq(billingInvoices.status, 'paid'), or(isNull(billingInvoices.chargingUntil), lte(billingInvoices.chargingUntil, now))),
    )
    .returning();
  return row;
}

/** The invoice, its row locked until the transaction ends (a webhook's decision against a refund in flight). */
export async function findInvoiceForUpdate(tx: TTx, id: string): Promise<TInvoiceRow | undefined> {
  const [row] = await tx.select().from(billingInvoices).where(eq(billingInvoices.id, id)).for('update');
  return row;
}

export async function businessNameOf(db: TTx, seedId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: billingBusinesses.name }).from(billingBusinesses).where(eq(billingBusinesses.seedId, seedId));
  return row?.name;
}

/** Releases the claim without an outcome (nothing was sent to Toss). */
export async function releaseClaim(db: TTx, id: string, now: Date): Promise<void> {
  await db.update(billingInvoices).set({ chargingUntil: null, updatedAt: now }).where(eq(billingInvoices.id, id));
}

/** Adds a refund to a paid invoice; 'refunded' when the whole total is back. False when it would exceed the total. */
export async function addRefund(db: TTx, id: string, amount: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(billingInvoices)
    .set({
      refundedAmount: sql`${billingInvoices.refundedAmount} + ${amount}`,
      status: sql`case when ${billingInvoices.refundedAmount} + ${amount} >= ${billingInvoices.total} then 'refunded' else ${billingInvoices.status} end`,
      updatedAt: now,
    })
    .where(and(eq(billingInvoices.id, id), eq(billingInvoices.status, 'paid'), sql`${billingInvoices.refundedAmount} + ${amount} <= ${billingInvoices.total}`))
    .returning({ id: billingInvoices.id });
  return rows.length > 0;
}

/** Deletes the webhook events received before `before` (the retention sweep); returns how many. */
export async function purgeWebhookEvents(db: TTx, before: Date): Promise<number> {
  const rows = await db.delete(billingWebhookEvents).where(lt(billingWebhookEvents.receivedAt, before)).returning({ id: billingWebhookEvents.id });
  return rows.length;
}

/** Records a webhook event once; false when its id was seen already. */
export async function recordWebhookEvent(
  db: TTx,
  e: { id: string; source: string; eventType: string; outcome: string; detail: Record<string, unknown> },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(billingWebhookEvents)
    .values({ ...e, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: billingWebhookEvents.id });
  return rows.length > 0;
}
