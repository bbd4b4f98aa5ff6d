/**
 * Business details, 세금계산서 rows, cash receipts on invoices and Popbill webhook records (issue 31): the only file of
 * the tax part that knows Drizzle.
 */
import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { billingBusinesses, billingInvoices, billingTaxInvoices, billingWebhookEvents } from '../../db/schema-billing.ts';

export type TBusinessRow = typeof billingBusinesses.$inferSelect;
export type TTaxInvoiceRow = typeof billingTaxInvoices.$inferSelect;
export type TNewTaxInvoice = typeof billingTaxInvoices.$inferInsert;
export type TTaxInvoicePatch = Partial<Pick<TTaxInvoiceRow, 'state' | 'stateCode' | 'ntsConfirmNum' | 'ntsResult' | 'error' | 'issuedAt' | 'stateCheckedAt'>>;

/** What the tax part reads of an invoice. */
export type TTaxInvoiceSource = {
  id: string;
  seedId: string;
  number: string;
  status: string;
  method: string | null;
  orderId: string;
  supply: number;
  vat: number;
  total: number;
  refundedAmount: number;
  paidAt: Date | null;
  cashReceipt: Record<string, unknown> | null;
};

const source = {
  id: billingInvoices.id,
  seedId: billingInvoices.seedId,
  number: billingInvoices.number,
  status: billingInvoices.status,
  method: billingInvoices.method,
  orderId: billingInvoices.orderId,
  supply: billingInvoices.supply,
  vat: billingInvoices.vat,
  total: billingInvoices.total,
  refundedAmount: billingInvoices.refundedAmount,
  paidAt: billingInvoices.paidAt,
  cashReceipt: billingInvoices.cashReceipt,
};

// ---------- business details ----------

export async function findBusiness(db: TTx, seedId: string): Promise<TBusinessRow | undefined> {
  const [row] = await db.select().from(billingBusinesses).where(eq(billingBusinesses.seedId, seedId)).limit(1);
  return row;
}

export async function businessesOf(db: TTx, seedIds: string[]): Promise<Map<string, TBusinessRow>> {
  if (!seedIds.length) return new Map();
  const rows = await db
    .select()
    .from(billingBusinesses)
    .where(inArray(billingBusinesses.seedId, [...new Set(seedIds)]));
  return new Map(rows.map((r) => [r.seedId, r]));
}

export async function upsertBusiness(db: TTx, row: typeof billingBusinesses.$inferInsert): Promise<TBusinessRow> {
  const { seedId: _seedId, ...set } = row;
  const [saved] = await db.insert(billingBusinesses).values(row).onConflictDoUpdate({ target: billingBusinesses.seedId, set }).returning();
  return saved!;
}

export async function deleteBusiness(db: TTx, seedId: string): Promise<boolean> {
  const rows = await db.delete(billingBusinesses).where(eq(billingBusinesses.seedId, seedId)).returning({ seedId: billingBusinesses.seedId });
  return rows.length > 0;
}

// ---------- invoices ----------

export async function findInvoice(db: TTx, id: string): Promise<TTaxInvoiceSource | undefined> {
  const [row] = await db.select(source).from(billingInvoices).where(eq(billingInvoices.id, id)).limit(1);
  return row;
}

export async function invoicesByIds(db: TTx, ids: string[]): Promise<TTaxInvoiceSource[]> {
  if (!ids.length) return [];
  return db
    .select(source)
    .from(billingInvoices)
    .where(inArray(billingInvoices.id, [...new Set(ids)]))
    .orderBy(asc(billingInvoices.paidAt), asc(billingInvoices.number));
}

/**
 * Invoices of seeds with business details, paid in [start, end) and in no monthly 세금계산서 yet, oldest payment first.
 * Fully refunded invoices (status 'refunded') are left out: nothing is left to put on a 세금계산서; so are invoices
 * that got a cash receipt while the seed was an individual (one piece of evidence per payment, never both).
 */
export async function paidAwaitingTaxInvoice(db: TTx, start: Date, end: Date): Promise<TTaxInvoiceSource[]> {
  return db
    .select(source)
    .from(billingInvoices)
    .innerJoin(billingBusinesses, eq(billingBusinesses.seedId, billingInvoices.seedId))
    .where(
      and(
        eq(billingInvoices.status, 'paid'),
        gte(billingInvoices.paidAt, start),
        lt(billingInvoices.paidAt, end),
        isNull(billingInvoices.cashReceipt),
        sql`not exists (select 1 from ${billingTaxInvoices} t where t.kind = 'normal' and t.invoice_ids @> jsonb_build_array(${billingInvoices.id}::text))`,
      ),
    )
    .orderBy(asc(billingInvoices.paidAt), asc(billingInvoices.number));
}

/** Stores a cash receipt on an invoice that has none yet; false when one was there already. */
export async function setCashReceipt(db: TTx, invoiceId: string, receipt: Record<string, unknown>, now: Date): Promise<boolean> {
  const rows = await db
    .update(billingInvoices)
    .set({ cashReceipt: receipt, updatedAt: now })
    .where(and(eq(billingInvoices.id, invoiceId), isNull(billingInvoices.cashReceipt)))
    .returning({ id: billingInvoices.id });
  return rows.length > 0;
}

/** Individuals' transfers paid since `since` still without a cash receipt (the schedule tries them again). */
export async function transfersWithoutReceipt(db: TTx, since: Date, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: billingInvoices.id })
    .from(billingInvoices)
    .leftJoin(billingBusinesses, eq(billingBusinesses.seedId, billingInvoices.seedId))
    .where(
      and(
        eq(billingInvoices.status, 'paid'),
        eq(billingInvoices.method, 'transfer'),
        isNull(billingInvoices.cashReceipt),
        isNull(billingBusinesses.seedId),
        gte(billingInvoices.paidAt, since),
      ),
    )
    .orderBy(asc(billingInvoices.paidAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Serialises the cash-receipt cancels of one invoice until the transaction ends. */
export async function lockCashReceipt(tx: TTx, invoiceId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing-cash-receipt:${invoiceId}`}))`);
}

/** Replaces the stored cash receipt of an invoice (its cancels are added to it). */
export async function updateCashReceipt(db: TTx, invoiceId: string, receipt: Record<string, unknown>, now: Date): Promise<void> {
  await db.update(billingInvoices).set({ cashReceipt: receipt, updatedAt: now }).where(eq(billingInvoices.id, invoiceId));
}

/**
 * Invoices whose cash receipt (less its cancels) covers more than their refunds left, or has a cancel whose answer was
 * lost, and was refused fewer than `maxRefusals` times (a cancel failed; the schedule tries again).
 */
export async function receiptsToCancel(db: TTx, maxRefusals: number, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: billingInvoices.id })
    .from(billingInvoices)
    .where(
      and(
        sql`(${billingInvoices.cashReceipt}->>'receiptKey') is not null`,
        sql`coalesce((${billingInvoices.cashReceipt}->>'cancelRefusals')::int, 0) < ${maxRefusals}`,
        or(
          sql`${billingInvoices.cashReceipt} -> 'pendingCancel' is not null`,
          sql`coalesce((${billingInvoices.cashReceipt}->>'amount')::bigint, ${billingInvoices.total}) - coalesce((${billingInvoices.cashReceipt}->>'cancelledAmount')::bigint, 0) > ${billingInvoices.total} - ${billingInvoices.refundedAmount}`,
        ),
      ),
    )
    .orderBy(asc(billingInvoices.updatedAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

// ---------- 세금계산서 ----------

/** Inserts a 세금계산서 row; undefined when the seed's monthly one exists already (unique per seed and month). */
export async function insertTaxInvoice(db: TTx, row: TNewTaxInvoice): Promise<TTaxInvoiceRow | undefined> {
  const [saved] = await db.insert(billingTaxInvoices).values(row).onConflictDoNothing().returning();
  return saved;
}

export async function findTaxInvoice(db: TTx, id: string): Promise<TTaxInvoiceRow | undefined> {
  const [row] = await db.select().from(billingTaxInvoices).where(eq(billingTaxInvoices.id, id)).limit(1);
  return row;
}

export async function findByMgtKey(db: TTx, mgtKey: string): Promise<TTaxInvoiceRow | undefined> {
  const [row] = await db.select().from(billingTaxInvoices).where(eq(billingTaxInvoices.mgtKey, mgtKey)).limit(1);
  return row;
}

/** Rows in these states, oldest first (the schedule's work lists). */
export async function taxInvoicesInStates(db: TTx, states: string[], limit = 500): Promise<TTaxInvoiceRow[]> {
  return db.select().from(billingTaxInvoices).where(inArray(billingTaxInvoices.state, states)).orderBy(asc(billingTaxInvoices.createdAt)).limit(limit);
}

/** Every 세금계산서 (normal and modify) that lists any of these invoices. */
export async function taxInvoicesOfInvoices(db: TTx, invoiceIds: string[]): Promise<TTaxInvoiceRow[]> {
  if (!invoiceIds.length) return [];
  const ids = sql.join(
    [...new Set(invoiceIds)].map((id) => sql`${id}`),
    sql`, `,
  );
  return db
    .select()
    .from(billingTaxInvoices)
    .where(sql`exists (select 1 from jsonb_array_elements_text(${billingTaxInvoices.invoiceIds}) as e(v) where e.v in (${ids}))`)
    .orderBy(asc(billingTaxInvoices.createdAt));
}

/** Updates a row; with `onlyIf`, only while its state is one of them (a stale poll never overwrites a newer state). */
export async function updateTaxInvoice(db: TTx, id: string, patch: TTaxInvoicePatch, onlyIf?: string[]): Promise<TTaxInvoiceRow | undefined> {
  const where = onlyIf ? and(eq(billingTaxInvoices.id, id), inArray(billingTaxInvoices.state, onlyIf)) : eq(billingTaxInvoices.id, id);
  const [row] = await db.update(billingTaxInvoices).set(patch).where(where).returning();
  return row;
}

/** Adds invoices to the seed's monthly row while it is pending (its sums are set at the issue); false when not pending. */
export async function addToPendingMonth(db: TTx, seedId: string, month: string, invoiceIds: string[]): Promise<boolean> {
  const rows = await db
    .update(billingTaxInvoices)
    .set({ invoiceIds: sql`${billingTaxInvoices.invoiceIds} || ${JSON.stringify(invoiceIds)}::jsonb` })
    .where(
      and(
        eq(billingTaxInvoices.seedId, seedId),
        eq(billingTaxInvoices.month, month),
        eq(billingTaxInvoices.kind, 'normal'),
        eq(billingTaxInvoices.state, 'pending'),
      ),
    )
    .returning({ id: billingTaxInvoices.id });
  return rows.length > 0;
}

/** The sums a pending monthly row is issued with (its invoices' amounts at the time of the issue). */
export async function updateTaxInvoiceAmounts(db: TTx, id: string, supply: number, tax: number): Promise<void> {
  await db
    .update(billingTaxInvoices)
    .set({ supply, tax, total: supply + tax })
    .where(and(eq(billingTaxInvoices.id, id), eq(billingTaxInvoices.state, 'pending')));
}

/** Serializes the 수정세금계산서 decisions of one 세금계산서 (transaction-scoped advisory lock). */
export async function lockTaxKey(tx: TTx, taxInvoiceId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing-tax:${taxInvoiceId}`}))`);
}

/** The 수정세금계산서 of an original, oldest first. */
export async function modifiesOf(db: TTx, originalId: string): Promise<TTaxInvoiceRow[]> {
  return db
    .select()
    .from(billingTaxInvoices)
    .where(and(eq(billingTaxInvoices.originalId, originalId), eq(billingTaxInvoices.kind, 'modify')))
    .orderBy(asc(billingTaxInvoices.createdAt));
}

/**
 * Takes a pending row for an issue attempt: only when nobody took it in the last `leaseMs` (two overlapping runs
 * never send the same document twice at once; the mgtKey makes a second RegistIssue fail anyway).
 */
export async function claimForIssue(db: TTx, id: string, now: Date, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(billingTaxInvoices)
    .set({ stateCheckedAt: now })
    .where(
      and(
        eq(billingTaxInvoices.id, id),
        eq(billingTaxInvoices.state, 'pending'),
        sql`(${billingTaxInvoices.stateCheckedAt} is null or ${billingTaxInvoices.stateCheckedAt} < ${new Date(now.getTime() - leaseMs).toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: billingTaxInvoices.id });
  return rows.length > 0;
}

// ---------- webhooks ----------

/** Records a webhook event once; false when its id was recorded before (the same event again). */
export async function recordWebhook(
  db: TTx,
  row: { id: string; eventType: string; outcome: 'applied' | 'ignored' | 'rejected'; detail: Record<string, unknown>; at: Date },
): Promise<boolean> {
  const rows = await db
    .insert(billingWebhookEvents)
    .values({ id: row.id, source: 'popbill', eventType: row.eventType, outcome: row.outcome, detail: row.detail, receivedAt: row.at })
    .onConflictDoNothing()
    .returning({ id: billingWebhookEvents.id });
  return rows.length > 0;
}
