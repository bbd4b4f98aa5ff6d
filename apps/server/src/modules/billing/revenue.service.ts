/**
 * Revenue for the console overview (issue 31): the 공급가액 (VAT excluded) of the invoices paid in a range, and the
 * part of it that a service's own meter earned (its overage lines). Plan fees buy every service at once, so they are
 * counted in the total but not split between services.
 */
import type { TMeter } from '@suite/shared/plans';
import type { TUsageServiceId } from '@suite/shared/schemas/admin';
import type { TTx } from '../../db/client.ts';
import { paidInvoicesBetween } from './revenue.repository.ts';

const SERVICE_OF_METER: Partial<Record<TMeter, TUsageServiceId>> = {
  'api.calls': 'api-builder',
  'chatbot.answers': 'ai-chatbot',
  'slack.answers': 'slack-ai',
  'admin-builder.apps': 'admin-builder',
};

export type TRevenue = { supply: number; byService: Partial<Record<TUsageServiceId, number>> };

export async function paidRevenue(db: TTx, from: Date, to: Date): Promise<TRevenue> {
  const rows = await paidInvoicesBetween(db, from, to);
  const byService: TRevenue['byService'] = {};
  let supply = 0;
  for (const row of rows) {
    supply += row.supply;
    for (const line of row.lines) {
      const service = line.kind === 'overage' && typeof line.meter === 'string' ? SERVICE_OF_METER[line.meter as TMeter] : undefined;
      if (service && typeof line.amount === 'number') byService[service] = (byService[service] ?? 0) + line.amount;
    }
  }
  return { supply, byService };
}
