/**
 * Periods and invoices (issue 31, decision 059): rolling subscriptions into their next period with its invoice (the
 * plan fee in advance, the ended month's overage), dropping a seed to the free plan, and the invoice answers.
 */
import { randomUUID } from 'node:crypto';
import { ko } from '@suite/shared';
import { withVat } from '@suite/shared/billing-money';
import { FREE_PLAN_ID, planById, type TBillingInterval, type TMeter, type TPlan } from '@suite/shared/plans';
import type { TBusiness, TInvoice, TInvoiceLine, TInvoiceSummary } from '@suite/shared/schemas/billing';
import type { TTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TBillingDeps } from './billing.deps.ts';
import { taxInvoiceStates } from './tax-invoices.service.ts';
import {
  businessOf,
  ensureSubscription,
  findInvoice,
  findSubscription,
  insertInvoice,
  listInvoices,
  nextInvoiceNumber,
  periodInvoiceExists,
  subscriptionsDue,
  updateSubscription,
  usageOf,
  type TInvoiceRow,
  type TSubscriptionRow,
} from './invoices.repository.ts';
import { kstMonthStart, monthsOf, overageLines, planLine, supplyOf, usagePeriod, type TUsage } from './pricing.ts';

/** The plan of a stored id (an id no longer in the catalogue counts as free). */
export function planOf(id: string | null | undefined): TPlan {
  return planById(id ?? FREE_PLAN_ID) ?? planById(FREE_PLAN_ID)!;
}
export const intervalOf = (value: string | null | undefined): TBillingInterval => (value === 'year' ? 'year' : 'month');

/** A new free row for a seed without one: the current KST month. */
export function freeRow(seedId: string, now: Date) {
  return { seedId, planId: FREE_PLAN_ID, interval: 'month', periodStart: kstMonthStart(now), periodEnd: kstMonthStart(now, 1), createdAt: now, updatedAt: now };
}

/** The 공급자 of an invoice (COMPANY_* configuration), kept on the invoice when it is created. */
export type TSeller = { name: string | null; businessNumber: string | null };
export const sellerOf = (company: TBillingDeps['company']): TSeller => ({ name: company.name ?? null, businessNumber: company.businessNumber ?? null });

/**
 * Creates an invoice of `lines` (none when their total is zero or, for a period invoice, when the seed already has
 * that period's); the caller's transaction holds the numbering lock until its commit.
 */
export async function createInvoice(
  tx: TTx,
  seedId: string,
  inv: { kind: 'period' | 'proration'; periodStart: Date; periodEnd: Date; lines: TInvoiceLine[] },
  now: Date,
  seller: TSeller,
): Promise<string | null> {
  const supply = supplyOf(inv.lines);
  if (supply <= 0) return null;
  if (inv.kind === 'period' && (await periodInvoiceExists(tx, seedId, inv.periodStart))) return null;
  const number = await nextInvoiceNumber(tx, usagePeriod(now).replace('-', ''));
  // The parties as they are now: the 청구서 keeps showing them after the business details change or are removed.
  const buyer = businessView(await businessOf(tx, seedId));
  const id = randomUUID();
  const row = await insertInvoice(tx, {
    id,
    seedId,
    number,
    kind: inv.kind,
    periodStart: inv.periodStart,
    periodEnd: inv.periodEnd,
    lines: inv.lines,
    ...withVat(supply),
    status: 'open',
    orderId: number,
    idempotencyKey: `invoice-${id}`,
    buyer,
    seller,
    createdAt: now,
    updatedAt: now,
  });
  return row?.id ?? null;
}

async function usageByMonth(tx: TTx, seedId: string, periods: string[]): Promise<Map<string, TUsage>> {
  const byMonth = new Map<string, TUsage>(periods.map((p) => [p, {}]));
  for (const r of await usageOf(tx, seedId, periods)) byMonth.get(r.period)![r.meter as TMeter] = r.value;
  return byMonth;
}

/**
 * Brings one locked subscription up to `now`: a yearly plan's ended months get an overage invoice each; every period
 * that ended is rolled (a waiting plan applied) with its invoice (the new period's fee and the last month's overage).
 * Returns the ids of the invoices created.
 */
export async function rollSubscription(tx: TTx, sub: TSubscriptionRow, now: Date, seller: TSeller): Promise<string[]> {
  const created: string[] = [];
  let row = sub;
  for (;;) {
    if (row.interval === 'year') {
      // Month boundaries inside the year that have passed: overage only, priced by the yearly plan.
      const bounds: Date[] = [];
      for (let b = kstMonthStart(row.periodStart, 1); b < row.periodEnd && b <= now; b = kstMonthStart(b, 1)) bounds.push(b);
      const usage = await usageByMonth(
        tx,
        row.seedId,
        bounds.map((b) => usagePeriod(new Date(b.getTime() - 1))),
      );
      for (const b of bounds) {
        const month = usagePeriod(new Date(b.getTime() - 1));
        const lines = overageLines(planOf(row.planId), month, usage.get(month)!);
        const id = await createInvoice(tx, row.seedId, { kind: 'period', periodStart: b, periodEnd: kstMonthStart(b, 1), lines }, now, seller);
        if (id) created.push(id);
      }
    }
    if (row.periodEnd > now) return created;
    const boundary = row.periodEnd;
    const ended = usagePeriod(new Date(boundary.getTime() - 1));
    const plan = planOf(row.nextPlanId ?? row.planId);
    const interval = plan.id === FREE_PLAN_ID ? 'month' : intervalOf(row.nextInterval ?? row.interval);
    const periodEnd = kstMonthStart(boundary, monthsOf(interval));
    const usage = await usageByMonth(tx, row.seedId, [ended]);
    const lines = [...planLine({ plan, interval }), ...overageLines(planOf(row.planId), ended, usage.get(ended)!)];
    const id = await createInvoice(tx, row.seedId, { kind: 'period', periodStart: boundary, periodEnd, lines }, now, seller);
    if (id) created.push(id);
    row = await updateSubscription(tx, row.seedId, { planId: plan.id, interval, periodStart: boundary, periodEnd, nextPlanId: null, nextInterval: null }, now);
  }
}

/**
 * Rolls every subscription whose period ended by `now` into its next period (applying a waiting downgrade or interval
 * change) and creates that period's invoice (the plan fee in advance, the ended month's overage); a yearly plan's
 * months get an overage-only invoice. Returns the ids of invoices created. Idempotent: a second run creates nothing.
 */
export async function rollPeriods(deps: TBillingDeps, now: Date): Promise<string[]> {
  const created: string[] = [];
  for (const seedId of await subscriptionsDue(deps.db, now)) {
    try {
      const ids = await deps.db.transaction(async (tx) => {
        const sub = await findSubscription(tx, seedId, true);
        return sub ? rollSubscription(tx, sub, now, sellerOf(deps.company)) : [];
      });
      created.push(...ids);
    } catch (err) {
      // One seed's failure must not stop the others; the next run tries it again.
      deps.log.error({ err, seedId }, 'billing: rolling a period failed');
    }
  }
  return created;
}

/** After the grace period: the seed drops to the free plan at once (nothing deleted; unpaid invoices stay as they are). */
export async function dropToFree(deps: TBillingDeps, seedId: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await ensureSubscription(tx, freeRow(seedId, now));
    await findSubscription(tx, seedId, true);
    await updateSubscription(
      tx,
      seedId,
      {
        planId: FREE_PLAN_ID,
        interval: 'month',
        periodStart: kstMonthStart(now),
        periodEnd: kstMonthStart(now, 1),
        nextPlanId: null,
        nextInterval: null,
        status: 'active',
        pastDueSince: null,
        graceEndsAt: null,
      },
      now,
    );
  });
}

/** The buyer as the answers show it (billing_businesses, helper E's). */
export function businessView(row: Awaited<ReturnType<typeof businessOf>>): TBusiness | null {
  if (!row) return null;
  const taxType = row.taxType === 'general' || row.taxType === 'simple' || row.taxType === 'exempt' ? row.taxType : null;
  const { businessNumber, name, ceo, businessType, businessItem, address, email } = row;
  return { businessNumber, name, ceo, businessType, businessItem, address, email, taxType };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function summaryOf(row: TInvoiceRow, tax: TInvoiceSummary['taxInvoice']): TInvoiceSummary {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind as TInvoiceSummary['kind'],
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    supply: row.supply,
    vat: row.vat,
    total: row.total,
    status: row.status as TInvoiceSummary['status'],
    method: row.method === 'card' || row.method === 'transfer' ? row.method : null,
    paidAt: iso(row.paidAt),
    createdAt: row.createdAt.toISOString(),
    taxInvoice: tax,
    attempts: row.attempts,
    nextAttemptAt: iso(row.nextAttemptAt),
    refundedAmount: row.refundedAmount,
  };
}

/** The seed's invoices, newest first. */
export async function invoiceList(deps: TBillingDeps, seedId: string): Promise<{ data: TInvoiceSummary[] }> {
  const rows = await listInvoices(deps.db, seedId);
  const tax = await taxInvoiceStates(
    deps,
    rows.map((r) => r.id),
  );
  return { data: rows.map((r) => summaryOf(r, tax.get(r.id) ?? { state: 'none' })) };
}

const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** A stored buyer snapshot read back (every field a string; the tax type one of the known ones or null). */
function storedBuyer(v: Record<string, unknown> | null): TBusiness | null {
  if (!v) return null;
  const f = (k: keyof TBusiness) => str(v[k]) ?? '';
  const taxType = v.taxType === 'general' || v.taxType === 'simple' || v.taxType === 'exempt' ? v.taxType : null;
  const [ceo, businessType, businessItem, address, email] = [f('ceo'), f('businessType'), f('businessItem'), f('address'), f('email')];
  return { businessNumber: f('businessNumber'), name: f('name'), ceo, businessType, businessItem, address, email, taxType };
}

/**
 * The seller and buyer of an invoice as they were when it was created. An invoice made before they were kept (its
 * `seller` is null) shows today's: the configured company and the seed's business details now.
 */
async function partiesOf(deps: TBillingDeps, row: TInvoiceRow): Promise<Pick<TInvoice, 'seller' | 'buyer'>> {
  const snapshot = row.seller ? { name: str(row.seller.name), businessNumber: str(row.seller.businessNumber) } : null;
  const seller = snapshot ?? sellerOf(deps.company);
  const buyer = snapshot ? storedBuyer(row.buyer) : businessView(await businessOf(deps.db, row.seedId));
  return { seller: { name: seller.name ?? ko.billing.server.sellerUnset, businessNumber: seller.businessNumber }, buyer };
}

/** One invoice of the seed, with its lines, payment details, seller and buyer; 404 when it is not this seed's. */
export async function invoiceDetail(deps: TBillingDeps, seedId: string, invoiceId: string): Promise<TInvoice> {
  const row = await findInvoice(deps.db, seedId, invoiceId);
  if (!row) throw new AppError('NOT_FOUND', ko.billing.server.invoiceNotFound);
  const tax = (await taxInvoiceStates(deps, [row.id])).get(row.id) ?? { state: 'none' as const };
  const va = row.virtualAccount;
  const cash = row.cashReceipt;
  return {
    ...summaryOf(row, tax),
    lines: row.lines as TInvoiceLine[],
    receiptUrl: row.receiptUrl,
    virtualAccount:
      va && str(va.bank) && str(va.accountNumber)
        ? { bank: str(va.bank)!, accountNumber: str(va.accountNumber)!, customerName: str(va.customerName) ?? '', dueDate: str(va.dueDate) ?? '' }
        : null,
    cashReceipt: cash && str(cash.type) ? { type: str(cash.type)!, receiptUrl: str(cash.receiptUrl) } : null,
    refundedAmount: row.refundedAmount,
    attempts: row.attempts,
    nextAttemptAt: iso(row.nextAttemptAt),
    ...(await partiesOf(deps, row)),
  };
}
