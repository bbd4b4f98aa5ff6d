import { formatBusinessNumber, formatWon, ko } from '@suite/shared';
import type { TInvoice } from '@suite/shared/schemas/billing';
import { formatDay } from './invoice-format';
import { Fact, InvoicePayment } from './invoice-payment';
import { PeriodText } from './invoice-status';

const h = ko.billing.ui.history;
const v = h.invoice;
const num = 'px-3 py-2 text-right tabular-nums whitespace-nowrap';
/** 수량 and 단가 where there is room (a phone shows 품목 and 공급가액). */
const roomy = 'hidden sm:table-cell';

function Party({ title, note, children }: { title: string; note?: string; children: React.ReactNode }) {
  return (
    <section className="grid content-start gap-1 rounded-md border p-3" aria-label={title}>
      <h3 className="text-sm font-semibold">{title}</h3>
      <dl>{children}</dl>
      {note ? <p className="pt-1 text-xs text-muted-foreground break-keep">{note}</p> : null}
    </section>
  );
}

function Buyer({ invoice, seedName }: { invoice: TInvoice; seedName: string }) {
  const b = invoice.buyer;
  if (!b)
    return (
      <Party title={v.buyer} note={v.buyerNoBusiness}>
        <Fact label={v.buyerName}>{seedName}</Fact>
      </Party>
    );
  return (
    <Party title={v.buyer}>
      <Fact label={v.buyerName}>{b.name}</Fact>
      <Fact label={v.businessNumber}>
        <span className="tabular-nums">{formatBusinessNumber(b.businessNumber)}</span>
      </Fact>
      <Fact label={v.ceo}>{b.ceo}</Fact>
      <Fact label={v.address}>{b.address}</Fact>
      <Fact label={`${v.businessType} / ${v.businessItem}`}>
        {b.businessType} / {b.businessItem}
      </Fact>
      <Fact label={v.email}>
        <span className="break-all">{b.email}</span>
      </Fact>
    </Party>
  );
}

function Lines({ invoice }: { invoice: TInvoice }) {
  if (!invoice.lines.length) return <p className="text-sm text-muted-foreground">{v.noLines}</p>;
  return (
    <div className="overflow-x-auto rounded-md border" role="region" aria-label={v.lines} tabIndex={0}>
      <table className="w-full text-sm sm:min-w-[28rem]">
        <thead className="bg-muted/50 text-left">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {v.lineDescription}
            </th>
            <th scope="col" className={`px-3 py-2 text-right font-medium ${roomy}`}>
              {v.quantity}
            </th>
            <th scope="col" className={`px-3 py-2 text-right font-medium ${roomy}`}>
              {v.unitPrice}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {v.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((l, i) => (
            <tr key={i} className="border-t" data-testid="invoice-line" data-kind={l.kind}>
              <td className="px-3 py-2 break-keep">{l.description}</td>
              <td className={`${num} ${roomy}`}>{l.quantity.toLocaleString('ko-KR')}</td>
              <td className={`${num} ${roomy}`}>{formatWon(l.unitPrice)}</td>
              <td className={num}>{formatWon(l.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Totals({ invoice }: { invoice: TInvoice }) {
  return (
    <dl className="ml-auto grid w-full max-w-xs gap-1 text-sm" data-testid="invoice-totals">
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">{v.supply}</dt>
        <dd className="tabular-nums">{formatWon(invoice.supply)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">{v.vat}</dt>
        <dd className="tabular-nums">{formatWon(invoice.vat)}</dd>
      </div>
      <div className="flex justify-between gap-4 border-t pt-1 text-base font-semibold">
        <dt>{v.total}</dt>
        <dd className="tabular-nums" data-testid="invoice-document-total">
          {formatWon(invoice.total)}
        </dd>
      </div>
    </dl>
  );
}

/** The printable 청구서: parties, lines, 공급가액 / 부가세 / 합계 and how it was (or is to be) paid. */
export function InvoiceDocument({ invoice, seedName }: { invoice: TInvoice; seedName: string }) {
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3 border-b pb-4">
        <h2 className="text-2xl font-bold tracking-tight">{v.title}</h2>
        <dl className="grid gap-x-6 text-sm sm:grid-cols-2">
          <Fact label={v.number}>
            <span className="font-mono" data-testid="invoice-number">
              {invoice.number}
            </span>
          </Fact>
          <Fact label={v.issuedOn}>{formatDay(invoice.createdAt)}</Fact>
          <Fact label={v.period}>
            <PeriodText start={invoice.periodStart} end={invoice.periodEnd} />
          </Fact>
          <Fact label={v.kind}>{h.kinds[invoice.kind]}</Fact>
        </dl>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Party title={v.seller}>
          <Fact label={v.sellerName}>{invoice.seller.name}</Fact>
          {invoice.seller.businessNumber ? (
            <Fact label={v.businessNumber}>
              <span className="tabular-nums">{formatBusinessNumber(invoice.seller.businessNumber)}</span>
            </Fact>
          ) : null}
        </Party>
        <Buyer invoice={invoice} seedName={seedName} />
      </div>
      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">{v.lines}</h3>
        <Lines invoice={invoice} />
        <Totals invoice={invoice} />
      </div>
      <div className="grid gap-2 border-t pt-4">
        <h3 className="text-sm font-semibold">{v.payment}</h3>
        <InvoicePayment invoice={invoice} />
      </div>
    </div>
  );
}
