import { Link } from 'react-router';
import { formatWon, ko } from '@suite/shared';
import type { TInvoiceSummary } from '@suite/shared/schemas/billing';
import { HeadCells } from '@/components/head-cells';
import { ScrollRegion } from '@/components/scroll-region';
import { useIsMobile } from '@/lib/use-media-query';
import { InvoiceStatusBadge, methodText, PeriodText, TaxInvoiceState } from './invoice-status';

const h = ko.billing.ui.history;
const c = h.columns;
const th = 'px-3 py-2 font-medium whitespace-nowrap';
const num = 'px-3 py-2 text-right font-medium whitespace-nowrap';
/** 공급가액 and 부가세 only where there is room for them (the 합계 always). */
const wide = 'hidden xl:table-cell';

const invoicePath = (id: string) => `/admin/billing/history/${id}`;

function rowData(inv: TInvoiceSummary) {
  return { 'data-testid': 'invoice-row', 'data-number': inv.number, 'data-status': inv.status, 'data-tax-state': inv.taxInvoice.state };
}

function InvoiceLink({ invoice }: { invoice: TInvoiceSummary }) {
  return (
    <Link
      to={invoicePath(invoice.id)}
      className="font-mono text-sm font-medium text-primary underline-offset-4 hover:underline"
      aria-label={h.openInvoice(invoice.number)}
    >
      {invoice.number}
    </Link>
  );
}

function InvoiceTable({ invoices }: { invoices: TInvoiceSummary[] }) {
  return (
    <ScrollRegion label={h.listLabel} className="rounded-md border" tableClassName="w-full min-w-[44rem] text-sm">
      <thead className="bg-muted/50 text-left">
        <tr>
          <HeadCells
            cells={[
              [c.number, th],
              [c.period, th],
              [c.supply, `${num} ${wide}`],
              [c.vat, `${num} ${wide}`],
              [c.total, num],
              [c.status, th],
              [c.method, th],
              [c.taxInvoice, th],
            ]}
          />
        </tr>
      </thead>
      <tbody>
        {invoices.map((inv) => (
          <tr key={inv.id} className="border-t align-top" {...rowData(inv)}>
            <td className="px-3 py-2">
              <InvoiceLink invoice={inv} />
            </td>
            <td className="px-3 py-2">
              <span className="block whitespace-nowrap">
                <PeriodText start={inv.periodStart} end={inv.periodEnd} />
              </span>
              <span className="text-xs text-muted-foreground break-keep">{h.kinds[inv.kind]}</span>
            </td>
            <td className={`px-3 py-2 text-right tabular-nums whitespace-nowrap ${wide}`}>{formatWon(inv.supply)}</td>
            <td className={`px-3 py-2 text-right tabular-nums whitespace-nowrap ${wide}`}>{formatWon(inv.vat)}</td>
            <td className="px-3 py-2 text-right font-medium tabular-nums whitespace-nowrap" data-testid="invoice-total">
              {formatWon(inv.total)}
            </td>
            <td className="px-3 py-2">
              <InvoiceStatusBadge invoice={inv} />
            </td>
            <td className="px-3 py-2 break-keep">{methodText(inv.method)}</td>
            <td className="px-3 py-2">
              <TaxInvoiceState taxInvoice={inv.taxInvoice} />
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollRegion>
  );
}

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <dt className="shrink-0 text-muted-foreground break-keep">{label}</dt>
      <dd className="min-w-0 text-right">{children}</dd>
    </div>
  );
}

/** On a phone: one card per invoice instead of the wide table. */
function InvoiceCards({ invoices }: { invoices: TInvoiceSummary[] }) {
  return (
    <ul className="grid gap-3" aria-label={h.listLabel}>
      {invoices.map((inv) => (
        <li key={inv.id} className="grid gap-3 rounded-md border p-3" {...rowData(inv)}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <InvoiceLink invoice={inv} />
            <InvoiceStatusBadge invoice={inv} />
          </div>
          <dl className="grid gap-1.5 text-sm">
            <Line label={c.period}>
              <PeriodText start={inv.periodStart} end={inv.periodEnd} />
              <span className="block text-xs text-muted-foreground break-keep">{h.kinds[inv.kind]}</span>
            </Line>
            <Line label={c.total}>
              <span className="font-semibold tabular-nums" data-testid="invoice-total">
                {formatWon(inv.total)}
              </span>
              <span className="block text-xs text-muted-foreground tabular-nums">
                {c.supply} {formatWon(inv.supply)} · {c.vat} {formatWon(inv.vat)}
              </span>
            </Line>
            <Line label={c.method}>{methodText(inv.method)}</Line>
            <Line label={c.taxInvoice}>
              <TaxInvoiceState taxInvoice={inv.taxInvoice} />
            </Line>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** The seed's invoices, newest first as the server lists them: a table, or cards on a phone. */
export function InvoiceList({ invoices }: { invoices: TInvoiceSummary[] }) {
  const mobile = useIsMobile();
  return mobile ? <InvoiceCards invoices={invoices} /> : <InvoiceTable invoices={invoices} />;
}
