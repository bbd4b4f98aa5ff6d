/**
 * Popbill's event callback for 세금계산서 (issue 31): `POST /api/billing/webhooks/popbill` with headers Pb-Webhook-Type
 * TAXINVOICE.STATE, Pb-Webhook-MID (the event's id) and a body naming the document (invoicerMgtKey). The body is never
 * trusted: the row is found by the mgtKey, the state fetched again with GetInfo and applied. Each applied event is
 * recorded in billing_webhook_events under its MID (else the mgtKey and the fetched state code), so the same event twice
 * changes nothing. An unknown mgtKey (ignored) and a mgtKey Popbill does not know (rejected, forged) are only logged,
 * never stored: anyone can send them, and a flood of them must not grow a table (the route is limited per IP as well).
 */
import type { TPopbillWebhookBody } from '@suite/shared/schemas/billing';
import { AppError } from '../../lib/app-error.ts';
import { PopbillError } from '../../adapters/popbill.ts';
import type { TBillingDeps } from './billing.deps.ts';
import * as repo from './tax-invoices.repository.ts';
import { afterChange, applyState } from './tax-invoices.service.ts';

export type TPopbillOutcome = 'applied' | 'duplicate' | 'ignored' | 'rejected';

export async function handlePopbillEvent(deps: TBillingDeps, body: TPopbillWebhookBody, mid: string | null): Promise<TPopbillOutcome> {
  const mgtKey = (body.invoicerMgtKey ?? body.mgtKey)!;
  const eventType = (body.eventType ?? 'TAXINVOICE.STATE').slice(0, 40);
  const now = deps.now();
  const row = await repo.findByMgtKey(deps.db, mgtKey);
  if (!row || !deps.popbill) {
    deps.log.warn({ mgtKey, mid }, 'billing: popbill event for an unknown document, ignored');
    return 'ignored';
  }
  let info;
  try {
    info = await deps.popbill.getInfo(mgtKey);
  } catch (err) {
    deps.log.warn(
      { mgtKey, reason: err instanceof PopbillError ? err.message : 'failed' },
      'billing: popbill event could not be checked (Popbill sends it again)',
    );
    throw new AppError('SERVICE_UNAVAILABLE');
  }
  if (!info) {
    deps.log.warn({ mgtKey, mid }, 'billing: popbill event for a document Popbill does not know, rejected');
    return 'rejected';
  }
  const id = `popbill:${mid ?? `${mgtKey}:${info.stateCode}`}`;
  const result = await deps.db.transaction(async (tx) => {
    const fresh = await repo.findTaxInvoice(tx, row.id);
    if (!fresh) return { outcome: 'ignored' as const, after: null, before: row };
    if (!(await repo.recordWebhook(tx, { id, eventType, outcome: 'applied', detail: { mgtKey, stateCode: info.stateCode }, at: now }))) {
      return { outcome: 'duplicate' as const, after: null, before: fresh };
    }
    return { outcome: 'applied' as const, after: await applyState(deps, fresh, info, tx), before: fresh };
  });
  if (result.after) await afterChange(deps, result.before, result.after);
  if (result.outcome === 'duplicate') deps.log.info({ mgtKey, mid }, 'billing: popbill event seen before, nothing changed');
  return result.outcome;
}
