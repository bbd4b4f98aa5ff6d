/**
 * A seed's plan (issue 31, decision 059): the overview (plan, period, usage with the projection to the month's end,
 * the next invoice) and plan changes — an upgrade at once with a proration invoice charged right away, a downgrade at
 * the period's end. The subscription row is locked for every change, so concurrent changes end in one plan.
 */
import { ko } from '@suite/shared';
import { withVat } from '@suite/shared/billing-money';
import { FREE_PLAN_ID, planById, planPrice } from '@suite/shared/plans';
import type { TBillingOverview, TChangePlanInput, TPaymentMethod } from '@suite/shared/schemas/billing';
import { AppError } from '../../lib/app-error.ts';
import type { TBillingAccess } from './billing.access.ts';
import type { TBillingDeps } from './billing.deps.ts';
import { chargeInvoice, type TChargeOutcome } from './payments.service.ts';
import { dunningStep, failureOf } from './cycle.service.ts';
import {
  businessOf,
  ensureSubscription,
  findSubscription,
  owedInvoiceIds,
  paymentMethodOf,
  setInvoiceStatus,
  updateSubscription,
  usageOf,
  type TSubscriptionRow,
} from './invoices.repository.ts';
import { businessView, createInvoice, freeRow, intervalOf, planOf, rollSubscription, sellerOf } from './invoices.service.ts';
import { changeKind, fullSpanAt, kstMonthStart, projectUsage, prorationLines, usagePeriod, type TPlanChoice, type TUsage } from './pricing.ts';
import { refreshPlanGate } from './metering.service.ts';

function paymentMethodView(row: Awaited<ReturnType<typeof paymentMethodOf>>): TPaymentMethod | null {
  if (!row || (row.kind !== 'card' && row.kind !== 'transfer')) return null;
  return { kind: row.kind, cardCompany: row.cardCompany, cardNumber: row.cardNumber, cardExpiresOn: row.cardExpiresOn };
}

/** GET /api/seeds/{seedId}/billing: no subscription row = the free plan for the current KST month. */
export async function billingOverview(deps: TBillingDeps, access: TBillingAccess): Promise<TBillingOverview> {
  const now = deps.now();
  const { seedId } = access;
  const sub = await findSubscription(deps.db, seedId);
  const current: TPlanChoice = { plan: planOf(sub?.planId), interval: intervalOf(sub?.interval) };
  const period = sub ? { start: sub.periodStart, end: sub.periodEnd } : { start: kstMonthStart(now), end: kstMonthStart(now, 1) };
  const next: TPlanChoice | null = sub?.nextPlanId ? { plan: planOf(sub.nextPlanId), interval: intervalOf(sub.nextInterval ?? sub.interval) } : null;

  const month = usagePeriod(now);
  const usage: TUsage = {};
  for (const r of await usageOf(deps.db, seedId, [month])) usage[r.meter as keyof TUsage] = r.value;
  const rows = projectUsage(current.plan, usage, now);
  // The next invoice comes at the next KST month's start: the plan fee when a period starts then, plus the overage.
  const due = next ?? current;
  const fee = period.end <= kstMonthStart(now, 1) ? planPrice(due.plan, due.interval) : 0;
  const [method, business] = await Promise.all([paymentMethodOf(deps.db, seedId), businessOf(deps.db, seedId)]);
  return {
    configured: deps.toss !== null,
    plan: { id: current.plan.id, name: ko.billing.plans[current.plan.id].name, interval: current.interval, price: planPrice(current.plan, current.interval) },
    status: sub?.status === 'past_due' ? 'past_due' : 'active',
    graceEndsAt: sub?.graceEndsAt?.toISOString() ?? null,
    next: next ? { planId: next.plan.id, interval: next.interval, at: period.end.toISOString() } : null,
    period: { start: period.start.toISOString(), end: period.end.toISOString() },
    usage: rows,
    projection: withVat(fee + rows.reduce((sum, r) => sum + r.overage, 0)),
    paymentMethod: paymentMethodView(method),
    business: businessView(business),
    canManage: access.canManage,
  };
}

type TUpgrade = { invoiceId: string | null; before: TSubscriptionRow; version: number };
type TChange = { rolled: string[]; upgrade: TUpgrade | null };

/**
 * The plan change inside one transaction on the locked row: the invoices of periods that ended meanwhile (the cycle
 * had not run yet), and for an upgrade what its charge needs.
 */
async function applyChange(deps: TBillingDeps, seedId: string, to: TPlanChoice, now: Date): Promise<TChange> {
  return deps.db.transaction(async (tx) => {
    await ensureSubscription(tx, freeRow(seedId, now));
    let sub = (await findSubscription(tx, seedId, true))!;
    // A period that has ended (or a yearly plan's ended months) is invoiced first, under the plan it ran on.
    let rolled: string[] = [];
    if (sub.periodEnd <= now || sub.interval === 'year') {
      rolled = await rollSubscription(tx, sub, now, sellerOf(deps.company));
      sub = (await findSubscription(tx, seedId))!;
    }
    const from: TPlanChoice = { plan: planOf(sub.planId), interval: intervalOf(sub.interval) };
    const kind = changeKind(from, to);
    if (kind === 'none') {
      // Choosing the current plan again cancels a waiting downgrade.
      if (sub.nextPlanId || sub.nextInterval) await updateSubscription(tx, seedId, { nextPlanId: null, nextInterval: null }, now);
      return { rolled, upgrade: null };
    }
    if (kind === 'downgrade') {
      if (sub.nextPlanId !== to.plan.id || sub.nextInterval !== to.interval)
        await updateSubscription(tx, seedId, { nextPlanId: to.plan.id, nextInterval: to.interval }, now);
      return { rolled, upgrade: null };
    }
    if (!(await paymentMethodOf(tx, seedId))) throw new AppError('BILLING_NO_PAYMENT_METHOD');
    // No paid plan on credit: a seed past due, or with an invoice still owed (failed, waiting for a deposit, or open —
    // a charge in flight included), pays first. Only the invoices this change just rolled (charged right after) pass.
    const owed = (await owedInvoiceIds(tx, seedId)).filter((id) => !rolled.includes(id));
    if (sub.status === 'past_due' || owed.length > 0) throw new AppError('BILLING_UNPAID_INVOICES');
    const lines = prorationLines({ ...from, periodEnd: sub.periodEnd }, to, now);
    const end = fullSpanAt(now, to.interval).end;
    const updated = await updateSubscription(
      tx,
      seedId,
      { planId: to.plan.id, interval: to.interval, periodStart: now, periodEnd: end, nextPlanId: null, nextInterval: null },
      now,
    );
    const invoiceId = await createInvoice(tx, seedId, { kind: 'proration', periodStart: now, periodEnd: end, lines }, now, sellerOf(deps.company));
    return { rolled, upgrade: { invoiceId, before: sub, version: updated.version } };
  });
}

async function charge(deps: TBillingDeps, invoiceId: string): Promise<TChargeOutcome> {
  try {
    return await chargeInvoice(deps, invoiceId);
  } catch (err) {
    deps.log.error({ err, invoiceId }, 'billing: charging an invoice failed');
    return { outcome: 'error' };
  }
}

/** Invoices a plan change rolled are charged as the cycle charges its own: a failure is a dunning step. */
async function chargeRolled(deps: TBillingDeps, invoiceIds: string[]): Promise<void> {
  for (const id of invoiceIds) {
    const failure = failureOf(await charge(deps, id));
    if (failure) await dunningStep(deps, id, failure, deps.now());
  }
}

/** A refused upgrade: the old plan back (unless the row changed since), the invoice void. */
async function undoUpgrade(deps: TBillingDeps, seedId: string, upgrade: TUpgrade & { invoiceId: string }): Promise<void> {
  const now = deps.now();
  const b = upgrade.before;
  await deps.db.transaction(async (tx) => {
    const current = await findSubscription(tx, seedId, true);
    if (current?.version === upgrade.version) {
      const { planId, interval, periodStart, periodEnd, nextPlanId, nextInterval } = b;
      await updateSubscription(tx, seedId, { planId, interval, periodStart, periodEnd, nextPlanId, nextInterval }, now);
    }
    await setInvoiceStatus(tx, upgrade.invoiceId, 'void', now);
  });
}

/** PUT /api/seeds/{seedId}/billing/plan: the server prices everything; the browser sends only the plan and interval. */
export async function changePlan(deps: TBillingDeps, access: TBillingAccess, input: TChangePlanInput): Promise<TBillingOverview> {
  const plan = planById(input.planId)!;
  const to: TPlanChoice = { plan, interval: plan.id === FREE_PLAN_ID ? 'month' : input.interval };
  if (plan.id !== FREE_PLAN_ID && deps.toss === null) throw new AppError('BILLING_NOT_CONFIGURED');
  const { rolled, upgrade } = await applyChange(deps, access.seedId, to, deps.now());
  await chargeRolled(deps, rolled);
  if (upgrade?.invoiceId) {
    const { outcome } = await charge(deps, upgrade.invoiceId);
    // A refusal undoes the upgrade. An 'error' is an unknown outcome (a timeout may have charged the card): the plan
    // and the open invoice stay, and the payments part retries it with the same Idempotency-Key (decision 059).
    if (outcome === 'declined' || outcome === 'no-method') {
      await undoUpgrade(deps, access.seedId, { ...upgrade, invoiceId: upgrade.invoiceId });
      throw new AppError(outcome === 'no-method' ? 'BILLING_NO_PAYMENT_METHOD' : 'BILLING_PAYMENT_DECLINED');
    }
    // A seed that was over a free volume may call again at once (not only after the next flush).
    await refreshPlanGate(deps);
  }
  return billingOverview(deps, access);
}
