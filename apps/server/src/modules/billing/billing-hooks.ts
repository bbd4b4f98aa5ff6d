/**
 * What happens after an invoice's money moves, in one place (issue 31): whoever marks an invoice paid (a card charge,
 * a deposit webhook) or refunded calls these, after the commit; each follower's failure is logged, never thrown back.
 */
import type { TBillingDeps } from './billing.deps.ts';
import { noticeInvoicePaid } from './billing-notices.ts';
import { afterInvoiceSettled } from './dunning.ts';
import { onInvoicePaid, onInvoiceRefunded } from './tax-invoices.service.ts';

export async function afterInvoicePaid(deps: TBillingDeps, invoiceId: string): Promise<void> {
  // afterInvoiceSettled: a past-due seed with nothing owed any more is active again (dunning.ts).
  const results = await Promise.allSettled([noticeInvoicePaid(deps, invoiceId), onInvoicePaid(deps, invoiceId), afterInvoiceSettled(deps, invoiceId)]);
  for (const r of results) if (r.status === 'rejected') deps.log.error({ err: r.reason, invoiceId }, 'billing: after-paid step failed');
}

export async function afterInvoiceRefunded(deps: TBillingDeps, invoiceId: string, amount: number): Promise<void> {
  try {
    await onInvoiceRefunded(deps, invoiceId, amount);
  } catch (err) {
    deps.log.error({ err, invoiceId }, 'billing: after-refund step failed');
  }
}
