/**
 * The monthly cycle and dunning (issue 31, docs/decisions/060-billing-cycle-and-dunning.md). Every 10 minutes, on
 * one instance of the cluster (`billing.cycle`):
 *
 *   1. ended periods roll over (invoices.service `rollPeriods`) and each new invoice is charged (`chargeInvoice`);
 *   2. failed invoices whose next attempt is due are charged again;
 *   3. a declined / failed / method-less charge is a dunning step: the invoice's next attempt by DUNNING, the
 *      subscription past due with its grace end, a notice to the owner;
 *   4. a virtual account whose due date passed without the deposit is the same step (the next attempt opens a new one),
 *      and so is a period invoice that failed outside the cycle (the payments part's charge job) without a next attempt;
 *   5. a subscription whose grace ended with money still owed drops to the free plan (`dropToFree`) — nothing deleted.
 *
 * Paying later (a new card: the payments part charges the owed invoices) settles the debt: dunning.ts
 * `afterInvoiceSettled` (called from billing-hooks.ts afterInvoicePaid) sets the seed active again once nothing is owed.
 */
import { ko, type TRevenueResponse } from '@suite/shared';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import { seedNames } from '../seeds/seeds.service.ts';
import type { TBillingDeps } from './billing.deps.ts';
import { noticeCardExpiring, noticeDroppedToFree, noticePaymentFailed, noticePlanChanged, type TFailedStep } from './billing-notices.ts';
import * as repo from './cycle.repository.ts';
import { DUNNING_ATTEMPTS, dunningPoint } from './dunning.ts';
import { dropToFree, rollPeriods } from './invoices.service.ts';
import { chargeInvoice, type TChargeOutcome } from './payments.service.ts';

const KST_MS = 9 * 3_600_000;

export type TCycleReport = { created: number; charged: number; retried: number; failed: number; lapsed: number; dropped: number; errors: number };

/** What failed, for the dunning step (a thrown charge counts as an error: the invoice's Idempotency-Key keeps the retry safe). */
export type TFailure = { reason: TFailedStep['reason']; detail?: string | undefined };

/** Answers that say nothing about the payment: another charge of the invoice is in flight, or it cannot be charged. */
const NOT_A_FAILURE = new Set(['CHARGE_IN_PROGRESS', 'INVOICE_NOT_FOUND', 'NOT_CHARGEABLE']);

/** The dunning step's failure for a charge's answer, or null when the answer is no payment failure (callers of dunningStep use it). */
export function failureOf(result: TChargeOutcome): TFailure | null {
  if (result.outcome === 'error' && result.code && NOT_A_FAILURE.has(result.code)) return null;
  if (result.outcome === 'declined' || result.outcome === 'error' || result.outcome === 'no-method') return { reason: result.outcome, detail: result.message };
  return null;
}

/** The failure an attempt row tells of ('outcome|code|message'), for an invoice that failed outside the cycle. */
function failureFromAttempt(last: string | null): TFailure {
  const [outcome, code, ...message] = (last ?? '').split('|');
  const detail = message.join('|') || undefined;
  if (code === 'NO_PAYMENT_METHOD') return { reason: 'no-method' };
  return { reason: outcome === 'declined' ? 'declined' : 'error', detail };
}

async function charge(deps: TBillingDeps, invoiceId: string): Promise<TChargeOutcome> {
  try {
    return await chargeInvoice(deps, invoiceId);
  } catch (err) {
    deps.log.error({ err, invoiceId }, 'billing: charge threw');
    return { outcome: 'error' };
  }
}

/**
 * One dunning step for an owed invoice, in one transaction: the invoice 'failed' with its next attempt, the seed's
 * subscription past due from its first failure (kept while it stays past due) with the grace end. A seed without a
 * paid plan (already dropped to free) gets no schedule: the invoice stays failed until someone pays it. The notice
 * goes after the commit. Returns the step, or null when the invoice was paid meanwhile.
 */
export async function dunningStep(deps: TBillingDeps, invoiceId: string, failure: TFailure, now: Date): Promise<TFailedStep | null> {
  const step = await deps.db.transaction(async (tx) => {
    const inv = await repo.lockInvoice(tx, invoiceId);
    if (!inv || !['open', 'failed', 'waiting_deposit'].includes(inv.status)) return null;
    const sub = await repo.lockSubscription(tx, inv.seedId);
    if (!sub || sub.planId === 'free') {
      await repo.setFailed(tx, inv.id, null, now);
      return null;
    }
    const first = sub.status === 'past_due' && sub.pastDueSince ? sub.pastDueSince : now;
    const point = dunningPoint(first, now);
    await repo.setFailed(tx, inv.id, point.nextAttemptAt, now);
    await repo.setPastDue(tx, inv.seedId, first, point.graceEndsAt, now);
    return { invoiceId: inv.id, attempts: DUNNING_ATTEMPTS, ...point, ...failure } satisfies TFailedStep;
  });
  if (step) await safely(deps, 'payment-failed notice', () => noticePaymentFailed(deps, step));
  return step;
}

async function safely(deps: TBillingDeps, what: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (err) {
    deps.log.error({ err }, `billing: ${what} failed`);
  }
}

/** Charges an invoice and, when the charge failed, takes the dunning step. True when it failed. */
async function chargeAndFollow(deps: TBillingDeps, invoiceId: string, now: Date): Promise<boolean> {
  const failure = failureOf(await charge(deps, invoiceId));
  if (!failure) return false;
  await dunningStep(deps, invoiceId, failure, now);
  return true;
}

/** The due date of a virtual account ({ dueDate } as Toss gives it, ISO 8601), or null when it has none. */
function dueDateOf(va: Record<string, unknown> | null): Date | null {
  const due = typeof va?.dueDate === 'string' ? new Date(va.dueDate) : null;
  return due && !Number.isNaN(due.getTime()) ? due : null;
}

/** One pass of the cycle (the `billing.cycle` schedule; tests call it with their clock). */
export async function runCycle(deps: TBillingDeps, now: Date): Promise<TCycleReport> {
  const report: TCycleReport = { created: 0, charged: 0, retried: 0, failed: 0, lapsed: 0, dropped: 0, errors: 0 };
  // One item's failure is logged and counted, never stops the others; the next run takes it again.
  const each = async (what: string, id: string, work: () => Promise<boolean>): Promise<boolean> => {
    try {
      return await work();
    } catch (err) {
      report.errors += 1;
      deps.log.error({ err, id }, `billing: cycle ${what} failed`);
      return false;
    }
  };
  const changing = await repo.changesDue(deps.db, now);
  const created = await rollPeriods(deps, now);
  report.created = created.length;
  await noticeAppliedChanges(deps, changing);
  for (const id of created) {
    report.charged += 1;
    if (await each('charge', id, () => chargeAndFollow(deps, id, now))) report.failed += 1;
  }
  for (const id of await repo.dueRetries(deps.db, now)) {
    report.retried += 1;
    if (await each('retry', id, () => chargeAndFollow(deps, id, now))) report.failed += 1;
  }
  for (const f of await repo.unscheduledFailures(deps.db, now)) {
    if (await each('dunning step', f.id, async () => Boolean(await dunningStep(deps, f.id, failureFromAttempt(f.last), now)))) report.failed += 1;
  }
  for (const t of await repo.waitingTransfers(deps.db)) {
    const due = dueDateOf(t.virtualAccount);
    if (!due || due > now) continue;
    if (await each('lapsed transfer', t.id, async () => Boolean(await dunningStep(deps, t.id, { reason: 'lapsed' }, now)))) report.lapsed += 1;
  }
  for (const sub of await repo.graceEnded(deps.db, now)) {
    if (await each('grace end', sub.seedId, () => endGrace(deps, sub, now))) report.dropped += 1;
  }
  // The schedule's last run shows the failure on the monitoring page; what succeeded stays done.
  if (report.errors) throw new Error(`billing cycle: ${report.errors} item(s) failed (see the log)`);
  return report;
}

/** A waiting downgrade (or interval change) that the roll applied: the owner hears the plan changed. */
async function noticeAppliedChanges(deps: TBillingDeps, before: repo.TSubscriptionRow[]): Promise<void> {
  const after = new Map(
    (
      await repo.subscriptionsOf(
        deps.db,
        before.map((b) => b.seedId),
      )
    ).map((a) => [a.seedId, a]),
  );
  for (const b of before) {
    const a = after.get(b.seedId);
    if (!a || a.nextPlanId || a.planId === b.planId) continue;
    const change = { seedId: a.seedId, fromPlanId: b.planId, toPlanId: a.planId, at: b.periodEnd, version: a.version };
    await safely(deps, 'plan-changed notice', () => noticePlanChanged(deps, change));
  }
}

/** The grace period ended: with money still owed the seed drops to free (retries stop; the invoices stay owed). */
async function endGrace(deps: TBillingDeps, sub: repo.TSubscriptionRow, now: Date): Promise<boolean> {
  const unpaid = await repo.unpaidOf(deps.db, sub.seedId);
  // Not while an owed invoice is being charged or its due attempt is not made yet: the next run decides, after it.
  const pending = (i: repo.TInvoiceRow) => (i.chargingUntil && i.chargingUntil > now) || (i.status === 'failed' && i.nextAttemptAt && i.nextAttemptAt <= now);
  if (unpaid.some(pending)) return false;
  if (unpaid.length && sub.planId !== 'free') await dropToFree(deps, sub.seedId);
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockSubscription(tx, sub.seedId);
    await repo.stopRetries(tx, sub.seedId, now);
    // dropToFree clears it already; a seed with nothing owed any more (paid meanwhile) is cleared here.
    if (locked?.status === 'past_due') await repo.clearPastDue(tx, sub.seedId, now);
  });
  if (!unpaid.length || sub.planId === 'free') return false;
  const owed = unpaid.reduce((s, i) => s + i.total, 0);
  await safely(deps, 'dropped notice', () => noticeDroppedToFree(deps, sub.seedId, sub.planId, owed, sub.pastDueSince ?? now));
  return true;
}

/** 'YYYY-MM' of the KST month `offset` months after the one holding `at`. */
export function kstMonth(at: Date, offset = 0): string {
  const d = new Date(at.getTime() + KST_MS);
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1));
  return m.toISOString().slice(0, 7);
}

/** Cards ending this KST month or next: one notice per card and month. */
export async function noticeExpiringCards(deps: TBillingDeps, now: Date): Promise<number> {
  const month = kstMonth(now);
  const cards = await repo.cardsExpiringIn(deps.db, [month, kstMonth(now, 1)]);
  for (const card of cards) {
    await safely(deps, 'card-expiring notice', () => noticeCardExpiring(deps, { ...card, cardExpiresOn: card.cardExpiresOn! }, month));
  }
  return cards.length;
}

export function registerCycleJobs(deps: TBillingDeps, jobs: Pick<TJobRunner, 'register' | 'every' | 'enqueue'>): void {
  jobs.every('billing.cycle', () => runCycle(deps, deps.now()));
  jobs.every('billing.card-expiry', () => noticeExpiringCards(deps, deps.now()));
}

// ---------- platform admin: revenue and failed payments ----------

/**
 * The last 12 KST months that have invoices, newest first: the invoices paid in each month (count, 공급가액, 부가세,
 * 합계 as paid, not reduced by refunds) with `refunded`, the 원 refunded of those invoices since (a refund counts in
 * the month its invoice was paid: the invoice keeps only its refunded total), and the total still outstanding of the
 * invoices issued that month; and every failed invoice with its seed, attempts, last error and next attempt.
 */
export async function revenueReport(deps: TBillingDeps, now: Date): Promise<TRevenueResponse> {
  const from = new Date(`${kstMonth(now, -11)}-01T00:00:00+09:00`);
  const [paid, outstanding, failed] = await Promise.all([
    repo.paidByMonth(deps.db, from),
    repo.outstandingByMonth(deps.db, from),
    repo.failedInvoices(deps.db),
  ]);
  const months = new Map<string, TRevenueResponse['months'][number]>();
  const monthOf = (month: string) => {
    let m = months.get(month);
    if (!m) months.set(month, (m = { month, invoices: 0, paid: { supply: 0, vat: 0, total: 0 }, refunded: 0, outstanding: 0 }));
    return m;
  };
  for (const p of paid) Object.assign(monthOf(p.month), { invoices: p.invoices, paid: { supply: p.supply, vat: p.vat, total: p.total }, refunded: p.refunded });
  for (const o of outstanding) monthOf(o.month).outstanding = o.total;
  const names = await seedNames(deps.db, [...new Set(failed.map((f) => f.seedId))]);
  return {
    months: [...months.values()].sort((a, b) => b.month.localeCompare(a.month)),
    failed: failed.map((f) => ({
      invoiceId: f.id,
      seedId: f.seedId,
      seedName: names.get(f.seedId) ?? ko.billing.dunning.admin.deletedSeed,
      number: f.number,
      total: f.total,
      attempts: f.attempts,
      lastError: [f.code, f.message].filter(Boolean).join(': ') || null,
      nextAttemptAt: f.nextAttemptAt?.toISOString() ?? null,
    })),
  };
}
