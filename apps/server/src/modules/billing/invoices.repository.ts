/** Subscriptions, usage, invoices (issue 31, decision 059): the only plans-and-invoices file that knows Drizzle. */
import { and, desc, eq, inArray, like, lte, or, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { billingBusinesses, billingInvoices, billingPaymentMethods, billingSubscriptions, billingUsage } from '../../db/schema-billing.ts';

export type TSubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type TInvoiceRow = typeof billingInvoices.$inferSelect;
export type TInvoiceInsert = typeof billingInvoices.$inferInsert;

/** Serialises invoice numbering (CT-YYYYMM-NNNNNN) across instances for the rest of the transaction. */
const INVOICE_NUMBER_LOCK = 'billing-invoice-number';

export async function findSubscription(db: TTx, seedId: string, lock = false): Promise<TSubscriptionRow | undefined> {
  const q = db.select().from(billingSubscriptions).where(eq(billingSubscriptions.seedId, seedId));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Makes sure the seed has a row to lock (a free one when it has none); an existing row is left alone. */
export async function ensureSubscription(tx: TTx, values: typeof billingSubscriptions.$inferInsert): Promise<void> {
  await tx.insert(billingSubscriptions).values(values).onConflictDoNothing();
}

export type TSubscriptionPatch = Partial<
  Pick<TSubscriptionRow, 'planId' | 'interval' | 'periodStart' | 'periodEnd' | 'nextPlanId' | 'nextInterval' | 'status' | 'pastDueSince' | 'graceEndsAt'>
>;

/** Applies a change and bumps `version`; returns the row as it is now. */
export async function updateSubscription(tx: TTx, seedId: string, patch: TSubscriptionPatch, now: Date): Promise<TSubscriptionRow> {
  const [row] = await tx
    .update(billingSubscriptions)
    .set({ ...patch, version: sql`${billingSubscriptions.version} + 1`, updatedAt: now })
    .where(eq(billingSubscriptions.seedId, seedId))
    .returning();
  return row!;
}

/** Seeds whose period has ended by `now`, and every yearly plan (its months' overage is invoiced monthly). */
export async function subscriptionsDue(db: TTx, now: Date): Promise<string[]> {
  const rows = await db
    .select({ seedId: billingSubscriptions.seedId })
    .from(billingSubscriptions)
    .where(or(lte(billingSubscriptions.periodEnd, now), eq(billingSubscriptions.interval, 'year')));
  return rows.map((r) => r.seedId);
}

/** billing_usage of a seed for the given months (helper A's metering writes it). */
export async function usageOf(db: TTx, seedId: string, periods: string[]): Promise<{ period: string; meter: string; value: number }[]> {
  if (periods.length === 0) return [];
  return db
    .select({ period: billingUsage.period, meter: billingUsage.meter, value: billingUsage.value })
    .from(billingUsage)
    .where(and(eq(billingUsage.seedId, seedId), inArray(billingUsage.period, periods)));
}

/** The seed's card or transfer method (other kinds are ignored). */
export async function paymentMethodOf(db: TTx, seedId: string) {
  const [row] = await db
    .select()
    .from(billingPaymentMethods)
    .where(and(eq(billingPaymentMethods.seedId, seedId), inArray(billingPaymentMethods.kind, ['card', 'transfer'])));
  return row;
}

export async function businessOf(db: TTx, seedId: string) {
  const [row] = await db.select().from(billingBusinesses).where(eq(billingBusinesses.seedId, seedId));
  return row;
}

export async function periodInvoiceExists(tx: TTx, seedId: string, periodStart: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: billingInvoices.id })
    .from(billingInvoices)
    .where(and(eq(billingInvoices.seedId, seedId), eq(billingInvoices.periodStart, periodStart), eq(billingInvoices.kind, 'period')));
  return row !== undefined;
}

/** The next number of the month's sequence, `CT-YYYYMM-000001` on; holds the numbering lock until the commit. */
export async function nextInvoiceNumber(tx: TTx, yyyymm: string): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${INVOICE_NUMBER_LOCK}))`);
  const prefix = `CT-${yyyymm}-`;
  const [row] = await tx
    .select({ last: sql<string | null>`max(${billingInvoices.number})` })
    .from(billingInvoices)
    .where(like(billingInvoices.number, `${prefix}%`));
  const last = row?.last ? Number(row.last.slice(prefix.length)) : 0;
  return `${prefix}${String(last + 1).padStart(6, '0')}`;
}

/** Inserts an invoice; undefined when the seed already has the period's invoice (the unique period key). */
export async function insertInvoice(tx: TTx, values: TInvoiceInsert): Promise<TInvoiceRow | undefined> {
  const [row] = await tx.insert(billingInvoices).values(values).onConflictDoNothing().returning();
  return row;
}

export async function setInvoiceStatus(tx: TTx, invoiceId: string, status: string, now: Date): Promise<void> {
  await tx.update(billingInvoices).set({ status, updatedAt: now }).where(eq(billingInvoices.id, invoiceId));
}

export async function listInvoices(db: TTx, seedId: string): Promise<TInvoiceRow[]> {
  return db.select().from(billingInvoices).where(eq(billingInvoices.seedId, seedId)).orderBy(desc(billingInvoices.createdAt), desc(billingInvoices.number));
}

export async function findInvoice(db: TTx, seedId: string, invoiceId: string): Promise<TInvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(billingInvoices)
    .where(and(eq(billingInvoices.seedId, seedId), eq(billingInvoices.id, invoiceId)));
  return row;
}

/** The seed's invoices still owed: open (a charge in flight included), failed, or waiting for a deposit. */
export async function owedInvoiceIds(db: TTx, seedId: string): Promise<string[]> {
  const rows = await db
    .select({ id: billingInvoices.id })
    .from(billingInvoices)
    .where(and(eq(billingInvoices.seedId, seedId), inArray(billingInvoices.status, ['open', 'failed', 'waiting_deposit'])));
  return rows.map((r) => r.id);
}
