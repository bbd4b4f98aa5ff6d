/**
 * The notices billing sends to a seed's owner (issue 31), every one through the notification service (decision 051):
 * the console's inbox and, by the owner's preferences, mail (payment-failed is locked on). Each is sent once per
 * `dedupeKey`, so a job or webhook that runs twice notifies nobody twice. Callers send them after their commit.
 *
 *   payment-succeeded  noticeInvoicePaid        (billing-hooks afterInvoicePaid)
 *   payment-failed     noticePaymentFailed      (each dunning step: which attempt, the next date, the grace end)
 *   plan-changed       noticePlanChanged        (a plan change; the drop to free after the grace period)
 *   card-expiring      noticeCardExpiring       (the card-expiry schedule, once per card and month)
 *   transfer-waiting   noticeTransferWaiting    (a virtual account opened: bank, account, amount, due date)
 *   tax-invoice        noticeTaxInvoice         (a 세금계산서 issued, or its NTS transmission failed)
 */
import { formatWon, ko, type TPlanId } from '@suite/shared';
import type { TNotificationEvent } from '@suite/shared/schemas/notifications';
import { notify } from '../notifications/notifications.service.ts';
import { seedOwners } from '../seeds/seeds.service.ts';
import type { TBillingDeps } from './billing.deps.ts';
import * as repo from './cycle.repository.ts';

const t = ko.billing.dunning;
const n = t.notices;
const KST_MS = 9 * 3_600_000;
const HISTORY = '/admin/billing/history';
const BILLING = '/admin/billing';

/** '2026년 12월 3일' (Asia/Seoul). */
export function kstDate(at: Date): string {
  const d = new Date(at.getTime() + KST_MS);
  return t.date(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** '2026년 12월 3일 23:59' (Asia/Seoul). */
function kstDateTime(at: Date): string {
  const d = new Date(at.getTime() + KST_MS);
  return `${kstDate(at)} ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

/** '2026-12' → '2026년 12월'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return y && m ? t.month(y, m) : month;
}

const planName = (planId: string) => ko.billing.plans[planId as TPlanId]?.name ?? planId;

/** One notice to the seed's owner (nobody when the seed no longer exists). */
async function toOwner(
  deps: TBillingDeps,
  seedId: string,
  event: TNotificationEvent,
  notice: { title: string; body: string; link: string; dedupeKey: string },
): Promise<void> {
  const owner = (await seedOwners(deps.db, [seedId])).get(seedId);
  if (!owner) {
    deps.log.warn({ seedId, event }, 'billing: notice for a seed that no longer exists');
    return;
  }
  await notify(deps.notifications, event, { userId: owner.ownerId, seedId, ...notice });
}

export async function noticeInvoicePaid(deps: TBillingDeps, invoiceId: string): Promise<void> {
  const inv = await repo.findInvoice(deps.db, invoiceId);
  if (!inv || !inv.paidAt) return;
  const total = formatWon(inv.total);
  const period = t.period(kstDate(inv.periodStart), kstDate(new Date(inv.periodEnd.getTime() - 1)));
  await toOwner(deps, inv.seedId, 'billing.payment-succeeded', {
    title: n.paidTitle(total),
    body: n.paidBody(inv.number, period, total, t.methods[inv.method ?? 'card'] ?? t.methods.card!),
    link: HISTORY,
    dedupeKey: `billing-paid:${inv.id}`,
  });
}

export type TFailedStep = {
  invoiceId: string;
  /** 1-based: the attempt of the schedule that failed, of `attempts`. */
  attempt: number;
  attempts: number;
  reason: 'declined' | 'error' | 'no-method' | 'lapsed';
  /** The provider's message, when it gave one (shown after our reason). */
  detail?: string | undefined;
  nextAttemptAt: Date | null;
  graceEndsAt: Date;
};

/** A dunning step: which attempt failed and why, when the next one is, when the grace period ends. Once per invoice and step. */
export async function noticePaymentFailed(deps: TBillingDeps, step: TFailedStep): Promise<void> {
  const inv = await repo.findInvoice(deps.db, step.invoiceId);
  if (!inv) return;
  const total = formatWon(inv.total);
  const next = step.nextAttemptAt ? kstDate(step.nextAttemptAt) : null;
  const grace = kstDate(step.graceEndsAt);
  let body: string;
  if (step.reason === 'lapsed') {
    const due = typeof inv.virtualAccount?.dueDate === 'string' ? inv.virtualAccount.dueDate : null;
    const dueAt = due ? new Date(due) : null;
    body = n.transferLapsedBody(inv.number, total, dueAt && !Number.isNaN(dueAt.getTime()) ? kstDateTime(dueAt) : (due ?? '-'), next, grace);
  } else {
    // The provider's own words after ours (a card company's refusal); 'no payment method' needs none.
    const detail = step.reason === 'no-method' ? undefined : step.detail;
    const reason = [n.reasons[step.reason] ?? n.unknownReason, detail].filter(Boolean).join(' — ');
    body = n.failedBody(inv.number, total, reason, next, grace);
  }
  await toOwner(deps, inv.seedId, 'billing.payment-failed', {
    title: n.failedTitle(step.attempt, step.attempts),
    body,
    link: BILLING,
    dedupeKey: `billing-failed:${inv.id}:${step.attempt}`,
  });
}

/** After the grace period: the seed is on the free plan now (nothing deleted; the unpaid total still owed). */
export async function noticeDroppedToFree(deps: TBillingDeps, seedId: string, fromPlanId: string, unpaid: number, since: Date): Promise<void> {
  await toOwner(deps, seedId, 'billing.plan-changed', {
    title: n.droppedTitle,
    body: n.droppedBody(planName(fromPlanId), formatWon(unpaid)),
    link: BILLING,
    dedupeKey: `billing-dropped:${seedId}:${since.getTime()}`,
  });
}

/** A plan change took effect (helper B's upgrades and downgrades); once per seed and change (`version`). */
export async function noticePlanChanged(
  deps: TBillingDeps,
  change: { seedId: string; fromPlanId: string; toPlanId: string; at: Date; version: number },
): Promise<void> {
  await toOwner(deps, change.seedId, 'billing.plan-changed', {
    title: n.planChangedTitle(planName(change.toPlanId)),
    body: n.planChangedBody(planName(change.fromPlanId), planName(change.toPlanId), kstDate(change.at)),
    link: BILLING,
    dedupeKey: `billing-plan:${change.seedId}:${change.version}`,
  });
}

/** The card ends this month or next: once per card and KST month (`month` = the month the notice is sent in). */
export async function noticeCardExpiring(
  deps: TBillingDeps,
  card: { seedId: string; cardCompany: string | null; cardNumber: string | null; cardExpiresOn: string },
  month: string,
): Promise<void> {
  const label = [card.cardCompany, card.cardNumber].filter(Boolean).join(' ') || ko.billing.dunning.methods.card!;
  await toOwner(deps, card.seedId, 'billing.card-expiring', {
    title: n.cardExpiringTitle,
    body: n.cardExpiringBody(label, monthLabel(card.cardExpiresOn)),
    link: BILLING,
    dedupeKey: `billing-card-expiring:${card.seedId}:${card.cardNumber ?? ''}:${card.cardExpiresOn}:${month}`,
  });
}

/** A virtual account was opened for an invoice (helper C calls this after its commit): where to pay, how much, by when. */
export async function noticeTransferWaiting(deps: TBillingDeps, invoiceId: string): Promise<void> {
  const inv = await repo.findInvoice(deps.db, invoiceId);
  const va = inv?.virtualAccount;
  if (!inv || !va) return;
  const str = (k: string) => (typeof va[k] === 'string' ? (va[k] as string) : '-');
  const dueAt = new Date(str('dueDate'));
  const due = Number.isNaN(dueAt.getTime()) ? str('dueDate') : kstDateTime(dueAt);
  const total = formatWon(inv.total);
  await toOwner(deps, inv.seedId, 'billing.transfer-waiting', {
    title: n.transferWaitingTitle(total),
    body: n.transferWaitingBody(inv.number, str('bank'), str('accountNumber'), str('customerName'), total, due),
    link: HISTORY,
    dedupeKey: `billing-transfer:${inv.id}:${str('accountNumber')}`,
  });
}

/** A 세금계산서 was issued, or its transmission to the NTS failed (helper E calls this after its commit). */
export async function noticeTaxInvoice(deps: TBillingDeps, taxInvoiceId: string, outcome: 'issued' | 'failed'): Promise<void> {
  const row = await repo.findTaxInvoice(deps.db, taxInvoiceId);
  if (!row) return;
  const { tax } = row;
  const month = monthLabel(tax.month);
  const total = formatWon(tax.total);
  await toOwner(deps, tax.seedId, 'billing.tax-invoice', {
    title: outcome === 'issued' ? n.taxIssuedTitle(month) : n.taxFailedTitle(month),
    body: outcome === 'issued' ? n.taxIssuedBody(month, total, row.email ?? '-') : n.taxFailedBody(month, total, tax.error ?? tax.ntsResult ?? n.unknownReason),
    link: HISTORY,
    dedupeKey: `billing-tax:${tax.id}:${outcome}`,
  });
}
