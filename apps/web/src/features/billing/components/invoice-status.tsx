import { formatWon, ko } from '@suite/shared';
import type { TInvoiceSummary } from '@suite/shared/schemas/billing';
import { Badge } from '@/components/ui/badge';
import { formatDay, periodDays, statusVariant } from './invoice-format';

const h = ko.billing.ui.history;

type TStatusOf = Pick<TInvoiceSummary, 'status' | 'attempts' | 'nextAttemptAt'> & Partial<Pick<TInvoiceSummary, 'total' | 'refundedAmount'>>;

/** The status in Korean: 결제 완료, 결제 실패 — n회 시도, 입금 대기, 미결제, 취소, 환불. */
export function invoiceStatusText(invoice: TStatusOf): string {
  if (invoice.status === 'failed') return invoice.attempts ? h.status.failedAttempts(invoice.attempts) : h.status.failed;
  return h.status[invoice.status];
}

/** 부분 환불 n원 or 환불 n원 under the status of an invoice with a refund; nothing without one. */
function refundText({ refundedAmount, total }: TStatusOf): string | null {
  if (!refundedAmount) return null;
  const note = ko.billing.refundNote;
  return (total !== undefined && refundedAmount >= total ? note.full : note.partial)(formatWon(refundedAmount));
}

/** The status badge; a failed payment also says when it is tried again, a refunded one how much went back. */
export function InvoiceStatusBadge({ invoice }: { invoice: TStatusOf }) {
  const next = invoice.status === 'failed' && invoice.nextAttemptAt ? invoice.nextAttemptAt : null;
  const refund = refundText(invoice);
  return (
    <span className="inline-flex flex-col items-start gap-0.5" data-testid="invoice-status" data-status={invoice.status}>
      <Badge variant={statusVariant(invoice.status)}>{invoiceStatusText(invoice)}</Badge>
      {next ? <span className="text-xs text-muted-foreground break-keep">{h.status.nextAttempt(formatDay(next))}</span> : null}
      {refund ? (
        <span className="text-xs text-muted-foreground break-keep" data-testid="invoice-refund">
          {refund}
        </span>
      ) : null}
    </span>
  );
}

/** The 세금계산서 state in Korean, with the 국세청 승인번호 once it is known. */
export function TaxInvoiceState({ taxInvoice }: { taxInvoice: TInvoiceSummary['taxInvoice'] }) {
  const failed = taxInvoice.state === 'failed';
  return (
    <span className="inline-flex flex-col gap-0.5" data-testid="tax-invoice-state" data-state={taxInvoice.state}>
      <span className={`break-keep ${failed ? 'font-medium text-destructive' : ''}`}>{h.tax[taxInvoice.state]}</span>
      {taxInvoice.ntsConfirmNum ? (
        <span className="break-all font-mono text-xs text-muted-foreground">{h.tax.confirmNum(taxInvoice.ntsConfirmNum)}</span>
      ) : null}
    </span>
  );
}

/** A billing period; on a narrow screen it breaks after the '~', never inside a date. */
export function PeriodText({ start, end }: { start: string; end: string }) {
  const [first, last] = periodDays(start, end);
  return (
    <span className="tabular-nums">
      <span className="whitespace-nowrap">{first} ~</span> <span className="whitespace-nowrap">{last}</span>
    </span>
  );
}

/** 카드, 계좌이체(가상계좌) or '-' before any payment. */
export const methodText = (method: TInvoiceSummary['method']) => (method ? h.methods[method] : h.methods.none);
