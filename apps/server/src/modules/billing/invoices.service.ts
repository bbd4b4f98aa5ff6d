/**
 * Subscriptions, pricing and invoices (issue 31). SKELETON — helper B writes them. What the others call:
 */
import type { TBillingDeps } from './billing.deps.ts';

/**
 * Rolls every subscription whose period ended by `now` into its next period (applying a waiting downgrade or interval
 * change) and creates that period's invoice (the plan fee in advance, the ended month's overage); returns the ids of
 * invoices created (none for a free seed without overage). Idempotent: a second run creates nothing.
 */
export async function rollPeriods(_deps: TBillingDeps, _now: Date): Promise<string[]> {
  return [];
}

/** After the grace period: the seed drops to the free plan at once (nothing deleted; unpaid invoices stay as they are). */
export async function dropToFree(_deps: TBillingDeps, _seedId: string): Promise<void> {}
