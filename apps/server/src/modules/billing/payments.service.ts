import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import type { TBillingDeps } from './billing.deps.ts';

// SKELETON: charges and virtual accounts (helper C).
export function registerPaymentJobs(_deps: TBillingDeps, _jobs: Pick<TJobRunner, 'register' | 'every' | 'enqueue'>): void {}

export type TChargeOutcome = {
  outcome: 'paid' | 'declined' | 'error' | 'waiting_deposit' | 'no-method' | 'already-paid';
  code?: string;
  message?: string;
};

/**
 * Charges an open or failed invoice once: by card (billing key, the invoice's Idempotency-Key, so a retry after a
 * timeout never charges twice) or, for a transfer seed, opens its virtual account. SKELETON (helper C).
 */
export async function chargeInvoice(_deps: TBillingDeps, _invoiceId: string): Promise<TChargeOutcome> {
  return { outcome: 'no-method' };
}
