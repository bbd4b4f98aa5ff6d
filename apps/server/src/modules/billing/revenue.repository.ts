/** Paid invoices in a time range, for the console overview's revenue (issue 31). */
import { and, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import { billingInvoices } from '../../db/schema-billing.ts';
import type { TTx } from '../../db/client.ts';

export async function paidInvoicesBetween(db: TTx, from: Date, to: Date) {
  return db
    .select({ supply: billingInvoices.supply, paidAt: billingInvoices.paidAt, lines: billingInvoices.lines })
    .from(billingInvoices)
    .where(
      and(
        inArray(billingInvoices.status, ['paid', 'refunded']),
        isNotNull(billingInvoices.paidAt),
        gte(billingInvoices.paidAt, from),
        lt(billingInvoices.paidAt, to),
      ),
    );
}
