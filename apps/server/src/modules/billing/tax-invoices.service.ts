import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import type { TBillingDeps } from './billing.deps.ts';

// SKELETON: 세금계산서 issue and state (helper E).
export function registerTaxJobs(_deps: TBillingDeps, _jobs: Pick<TJobRunner, 'register' | 'every' | 'enqueue'>): void {}

/** After an invoice is paid (e.g. a cash receipt for an individual's transfer). SKELETON (helper E). */
export async function onInvoicePaid(_deps: TBillingDeps, _invoiceId: string): Promise<void> {}

/** After a refund: a 수정세금계산서 for an invoice already in an issued 세금계산서. SKELETON (helper E). */
export async function onInvoiceRefunded(_deps: TBillingDeps, _invoiceId: string, _amount: number): Promise<void> {}

export type TTaxInvoiceState = { state: 'none' | 'pending' | 'issued' | 'sending' | 'sent' | 'failed' | 'cancelled' | 'cash-receipt'; ntsConfirmNum?: string };

/** The 세금계산서 state of each invoice (for the invoice answers). SKELETON (helper E): everything 'none'. */
export async function taxInvoiceStates(_deps: TBillingDeps, invoiceIds: string[]): Promise<Map<string, TTaxInvoiceState>> {
  return new Map(invoiceIds.map((id) => [id, { state: 'none' as const }]));
}
