/**
 * The notices billing sends to a seed's owner through the notification service (issue 31). SKELETON — the
 * dunning helper writes them (payment succeeded / failed at each dunning step / transfer waiting / plan changed /
 * card expiring / 세금계산서 issued).
 */
import type { TBillingDeps } from './billing.deps.ts';

export async function noticeInvoicePaid(_deps: TBillingDeps, _invoiceId: string): Promise<void> {}
