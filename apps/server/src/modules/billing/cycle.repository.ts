/**
 * The monthly cycle's and dunning's queries (issue 31): due retries, lapsed virtual accounts, grace periods that
 * ended, expiring cards, the notices' invoice reads and the platform admin's revenue figures.
 */
import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import {
  billingBusinesses,
  billingInvoices,
  billingPaymentAttempts,
  billingPaymentMethods,
  billingSubscriptions,
  billingTaxInvoices,
} from '../../db/schema-billing.ts';

export type TInvoiceRow = typeof billingInvoices.$inferSelect;
export type TSubscriptionRow = typeof billingSubscriptions.$inferSelect;

/** An invoice counts as owed while one of these (a charge failed, or a virtual account waits for the deposit). */
export const UNPAID = ['failed', 'waiting_deposit'] as const;

export async function findInvoice(db: TTx, id: string): Promise<TInvoiceRow | undefined> {
  const [row] = await db.select().from(billingInvoices).where(eq(billingInvoices.id, id));
  return row;
}

export async function lockInvoice(tx: TTx, id: string): Promise<TInvoiceRow | undefined> {
  const [row] = await tx.select().from(billingInvoices).where(eq(billingInvoices.id, id)).for('update');
  return row;
}

export async function lockSubscription(tx: TTx, seedId: string): Promise<TSubscriptionRow | undefined> {
  const [row] = await tx.select().from(billingSubscriptions).where(eq(billingSubscriptions.seedId, seedId)).for('update');
  return row;
}

/** Subscriptions whose waiting plan change (a downgrade) takes effect at a period end passed by `now`. */
export async function changesDue(db: TTx, now: Date): Promise<TSubscriptionRow[]> {
  return db
    .select()
    .from(billingSubscriptions)
    .where(and(isNotNull(billingSubscriptions.nextPlanId), lte(billingSubscriptions.periodEnd, now)));
}

export async function subscriptionsOf(db: TTx, seedIds: string[]): Promise<TSubscriptionRow[]> {
  if (!seedIds.length) return [];
  return db.select().from(billingSubscriptions).where(inArray(billingSubscriptions.seedId, seedIds));
}

/** Failed invoices whose next attempt is due, oldest first. */
export async function dueRetries(db: TTx, now: Date, limit = 200): Promise<string[]> {
  const rows = await db
    .select({ id: billingInvoices.id })
    .from(billingInvoices)
    .where(and(eq(billingInvoices.status, 'failed'), isNotNull(billingInvoices.nextAttemptAt), lte(billingInvoices.nextAttemptAt, now)))
    .orderBy(billingInvoices.nextAttemptAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Failed period and proration invoices of a seed still on a paid plan that have no next attempt although the seed's
 * schedule is not over (a charge that failed outside the cycle, e.g. the payments part's retried charge job — an
 * upgrade whose charge timed out and was declined on its retry keeps the plan, so it must be dunned), with their last failed
 * attempt's code and message: the cycle gives them their dunning step.
 */
export async function unscheduledFailures(db: TTx, now: Date, limit = 200) {
  const last = sql<string | null>`(select concat_ws('|', a.outcome, a.code, a.message) from ${billingPaymentAttempts} a
    where a.invoice_id = ${billingInvoices.id} and a.outcome <> 'paid' order by a.attempt desc, a.id desc limit 1)`;
  return db
    .select({ id: billingInvoices.id, last })
    .from(billingInvoices)
    .innerJoin(billingSubscriptions, eq(billingSubscriptions.seedId, billingInvoices.seedId))
    .where(
      and(
        eq(billingInvoices.status, 'failed'),
        inArray(billingInvoices.kind, ['period', 'proration']),
        isNull(billingInvoices.nextAttemptAt),
        or(isNull(billingInvoices.chargingUntil), lte(billingInvoices.chargingUntil, now)),
        ne(billingSubscriptions.planId, 'free'),
        or(eq(billingSubscriptions.status, 'active'), gt(billingSubscriptions.graceEndsAt, now)),
      ),
    )
    .limit(limit);
}

/** Invoices waiting for a deposit, with their virtual account (the service reads its due date). */
export async function waitingTransfers(db: TTx, limit = 500): Promise<{ id: string; virtualAccount: Record<string, unknown> | null }[]> {
  return db
    .select({ id: billingInvoices.id, virtualAccount: billingInvoices.virtualAccount })
    .from(billingInvoices)
    .where(eq(billingInvoices.status, 'waiting_deposit'))
    .limit(limit);
}

/** The invoice becomes 'failed' (a charge failed or its virtual account lapsed) with its next attempt; false when it is no longer owed. */
export async function setFailed(tx: TTx, id: string, nextAttemptAt: Date | null, now: Date): Promise<boolean> {
  const rows = await tx
    .update(billingInvoices)
    .set({ status: 'failed', nextAttemptAt, updatedAt: now })
    .where(and(eq(billingInvoices.id, id), inArray(billingInvoices.status, ['open', 'failed', 'waiting_deposit'])))
    .returning({ id: billingInvoices.id });
  return rows.length > 0;
}

export async function setPastDue(tx: TTx, seedId: string, since: Date, graceEndsAt: Date, now: Date): Promise<void> {
  await tx
    .update(billingSubscriptions)
    .set({ status: 'past_due', pastDueSince: since, graceEndsAt, updatedAt: now })
    .where(eq(billingSubscriptions.seedId, seedId));
}

export async function clearPastDue(tx: TTx, seedId: string, now: Date): Promise<void> {
  await tx
    .update(billingSubscriptions)
    .set({ status: 'active', pastDueSince: null, graceEndsAt: null, updatedAt: now })
    .where(eq(billingSubscriptions.seedId, seedId));
}

/** Past-due subscriptions whose grace period ended by `now`. */
export async function graceEnded(db: TTx, now: Date): Promise<TSubscriptionRow[]> {
  return db
    .select()
    .from(billingSubscriptions)
    .where(and(eq(billingSubscriptions.status, 'past_due'), isNotNull(billingSubscriptions.graceEndsAt), lte(billingSubscriptions.graceEndsAt, now)));
}

/** The seed's invoices still owed. */
export async function unpaidOf(db: TTx, seedId: string): Promise<TInvoiceRow[]> {
  return db
    .select()
    .from(billingInvoices)
    .where(and(eq(billingInvoices.seedId, seedId), inArray(billingInvoices.status, [...UNPAID])));
}

/** No more retries for the seed's owed invoices (after it dropped to the free plan; paying later still settles them). */
export async function stopRetries(tx: TTx, seedId: string, now: Date): Promise<void> {
  await tx
    .update(billingInvoices)
    .set({ nextAttemptAt: null, updatedAt: now })
    .where(and(eq(billingInvoices.seedId, seedId), eq(billingInvoices.status, 'failed'), isNotNull(billingInvoices.nextAttemptAt)));
}

/** Cards whose last valid month is one of `months` ('YYYY-MM'). */
export async function cardsExpiringIn(db: TTx, months: string[]) {
  return db
    .select({
      seedId: billingPaymentMethods.seedId,
      cardCompany: billingPaymentMethods.cardCompany,
      cardNumber: billingPaymentMethods.cardNumber,
      cardExpiresOn: billingPaymentMethods.cardExpiresOn,
    })
    .from(billingPaymentMethods)
    .where(and(eq(billingPaymentMethods.kind, 'card'), inArray(billingPaymentMethods.cardExpiresOn, months)));
}

export async function findTaxInvoice(db: TTx, id: string) {
  const [row] = await db
    .select({ tax: billingTaxInvoices, email: billingBusinesses.email })
    .from(billingTaxInvoices)
    .leftJoin(billingBusinesses, eq(billingBusinesses.seedId, billingTaxInvoices.seedId))
    .where(eq(billingTaxInvoices.id, id));
  return row;
}

// ---------- platform admin: revenue ----------

/** The Asia/Seoul month of a timestamp column, as 'YYYY-MM' (no time-zone database needed: KST has no daylight saving). */
const kstMonthOf = (column: typeof billingInvoices.paidAt | typeof billingInvoices.createdAt) =>
  sql<string>`to_char((${column} at time zone 'UTC') + interval '9 hours', 'YYYY-MM')`;

/** Per KST month of payment since `from`: the paid invoices (paid, or paid and then refunded) and the refunds on them. */
export async function paidByMonth(db: TTx, from: Date) {
  const month = kstMonthOf(billingInvoices.paidAt);
  return db
    .select({
      month,
      invoices: sql<number>`count(*)::int`,
      supply: sql<number>`coalesce(sum(${billingInvoices.supply}), 0)::bigint`.mapWith(Number),
      vat: sql<number>`coalesce(sum(${billingInvoices.vat}), 0)::bigint`.mapWith(Number),
      total: sql<number>`coalesce(sum(${billingInvoices.total}), 0)::bigint`.mapWith(Number),
      refunded: sql<number>`coalesce(sum(${billingInvoices.refundedAmount}), 0)::bigint`.mapWith(Number),
    })
    .from(billingInvoices)
    .where(and(inArray(billingInvoices.status, ['paid', 'refunded']), isNotNull(billingInvoices.paidAt), sql`${billingInvoices.paidAt} >= ${from}`))
    .groupBy(month);
}

/** Per KST month of issue since `from`: the totals of invoices not (yet) paid — open, failed, or waiting for a deposit. */
export async function outstandingByMonth(db: TTx, from: Date) {
  const month = kstMonthOf(billingInvoices.createdAt);
  return db
    .select({ month, total: sql<number>`coalesce(sum(${billingInvoices.total}), 0)::bigint`.mapWith(Number) })
    .from(billingInvoices)
    .where(and(inArray(billingInvoices.status, ['open', 'failed', 'waiting_deposit']), sql`${billingInvoices.createdAt} >= ${from}`))
    .groupBy(month);
}

/** Failed invoices (newest first) with their last failed attempt's code and message. */
export async function failedInvoices(db: TTx, limit = 200) {
  const last = db
    .selectDistinctOn([billingPaymentAttempts.invoiceId], {
      invoiceId: billingPaymentAttempts.invoiceId,
      code: billingPaymentAttempts.code,
      message: billingPaymentAttempts.message,
      outcome: billingPaymentAttempts.outcome,
    })
    .from(billingPaymentAttempts)
    .where(sql`${billingPaymentAttempts.outcome} <> 'paid'`)
    .orderBy(billingPaymentAttempts.invoiceId, desc(billingPaymentAttempts.attempt))
    .as('last_attempt');
  return db
    .select({
      id: billingInvoices.id,
      seedId: billingInvoices.seedId,
      number: billingInvoices.number,
      total: billingInvoices.total,
      attempts: billingInvoices.attempts,
      nextAttemptAt: billingInvoices.nextAttemptAt,
      code: last.code,
      message: last.message,
      outcome: last.outcome,
    })
    .from(billingInvoices)
    .leftJoin(last, eq(last.invoiceId, billingInvoices.id))
    .where(eq(billingInvoices.status, 'failed'))
    .orderBy(desc(billingInvoices.createdAt))
    .limit(limit);
}
