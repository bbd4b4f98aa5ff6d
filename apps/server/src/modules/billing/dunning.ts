/**
 * The dunning schedule and the end of a debt (issue 31, docs/decisions/060-billing-cycle-and-dunning.md). Apart from
 * cycle.service.ts because billing-hooks.ts (which the payments part imports) calls `afterInvoiceSettled`.
 */
import type { TBillingDeps } from './billing.deps.ts';
import * as repo from './cycle.repository.ts';

const DAY_MS = 86_400_000;

/**
 * The dunning schedule, in one place: after the first failure (attempt 1), retries 1, 3, 5, 7, 10 and 14 days later
 * (7 attempts in 2 weeks; Stripe's default is 8 in 2 weeks); the seed keeps its plan for `graceDays` from the first
 * failure and then drops to the free plan. The last retry falls on the grace end, just before the drop is checked.
 */
export const DUNNING = { retryDays: [1, 3, 5, 7, 10, 14], graceDays: 14 } as const;
export const DUNNING_ATTEMPTS = DUNNING.retryDays.length + 1;

export type TDunningPoint = { attempt: number; nextAttemptAt: Date | null; graceEndsAt: Date };

/** Where `now` stands in the schedule that began at `firstFailure`: the attempt just made (1-based), the next one, the grace end. */
export function dunningPoint(firstFailure: Date, now: Date): TDunningPoint {
  const elapsed = now.getTime() - firstFailure.getTime();
  const passed = DUNNING.retryDays.filter((d) => elapsed >= d * DAY_MS).length;
  const next = DUNNING.retryDays[passed];
  return {
    attempt: passed + 1,
    nextAttemptAt: next === undefined ? null : new Date(firstFailure.getTime() + next * DAY_MS),
    graceEndsAt: new Date(firstFailure.getTime() + DUNNING.graceDays * DAY_MS),
  };
}

/**
 * After an invoice is paid (billing-hooks.ts afterInvoicePaid): a past-due seed with nothing owed any more is active
 * again, its grace period cleared. A seed that already dropped to free stays on free until its owner upgrades.
 */
export async function afterInvoiceSettled(deps: TBillingDeps, invoiceId: string): Promise<void> {
  const inv = await repo.findInvoice(deps.db, invoiceId);
  if (!inv) return;
  await deps.db.transaction(async (tx) => {
    const sub = await repo.lockSubscription(tx, inv.seedId);
    if (sub?.status !== 'past_due') return;
    if ((await repo.unpaidOf(tx, inv.seedId)).length) return;
    await repo.clearPastDue(tx, inv.seedId, deps.now());
  });
}
