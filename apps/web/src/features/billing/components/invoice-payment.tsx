import { useState } from 'react';
import { Copy, ExternalLink } from 'lucide-react';
import { formatWon, ko } from '@suite/shared';
import type { TInvoice } from '@suite/shared/schemas/billing';
import { Button } from '@/components/ui/button';
import { formatDay, formatDayTime } from './invoice-format';
import { InvoiceStatusBadge, methodText, TaxInvoiceState } from './invoice-status';

const v = ko.billing.ui.history.invoice;

export function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-2 py-1 text-sm" data-testid={testId}>
      <dt className="text-muted-foreground break-keep">{label}</dt>
      <dd className="min-w-0 break-keep">{children}</dd>
    </div>
  );
}

/** Copies the account number; says so (or that it could not, e.g. without clipboard permission) in a live region. */
function CopyButton({ text }: { text: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-2 print:hidden">
      <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
        <Copy aria-hidden="true" /> {v.copy}
      </Button>
      <span role="status" className={`text-xs break-keep ${state === 'failed' ? 'text-destructive' : 'text-muted-foreground'}`}>
        {state === 'copied' ? v.copied : state === 'failed' ? v.copyFailed : ''}
      </span>
    </span>
  );
}

/** While a transfer is awaited: the virtual account to pay into, with its deadline and the exact amount. */
function VirtualAccount({ invoice }: { invoice: TInvoice }) {
  const va = invoice.virtualAccount;
  if (!va || invoice.status !== 'waiting_deposit') return null;
  return (
    <section
      className="grid gap-1 rounded-md border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950/40"
      aria-labelledby="va-title"
      data-testid="virtual-account"
    >
      <h3 id="va-title" className="text-sm font-semibold">
        {v.virtualAccount}
      </h3>
      <dl>
        <Fact label={v.bank}>{va.bank}</Fact>
        <Fact label={v.accountNumber}>
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-mono font-semibold break-all" data-testid="account-number">
              {va.accountNumber}
            </span>
            <CopyButton text={va.accountNumber} />
          </span>
        </Fact>
        <Fact label={v.holder}>{va.customerName}</Fact>
        <Fact label={v.dueDate}>{formatDayTime(va.dueDate)}</Fact>
        <Fact label={v.depositAmount}>
          <span className="font-semibold tabular-nums">{formatWon(invoice.total)}</span>
        </Fact>
      </dl>
    </section>
  );
}

/** Payment facts: status, method, paid date, refund, tries, the card receipt, the cash receipt and the 세금계산서. */
export function InvoicePayment({ invoice }: { invoice: TInvoice }) {
  const cash = invoice.cashReceipt;
  return (
    <div className="grid gap-4">
      <dl className="grid gap-x-8 sm:grid-cols-2">
        <Fact label={v.status}>
          <InvoiceStatusBadge invoice={invoice} />
        </Fact>
        <Fact label={v.method}>{methodText(invoice.method)}</Fact>
        {invoice.paidAt ? <Fact label={v.paidAt}>{formatDayTime(invoice.paidAt)}</Fact> : null}
        {invoice.refundedAmount ? <Fact label={v.refunded}>{formatWon(invoice.refundedAmount)}</Fact> : null}
        {invoice.attempts ? <Fact label={v.attempts}>{v.attemptsValue(invoice.attempts)}</Fact> : null}
        {invoice.status === 'failed' && invoice.nextAttemptAt ? <Fact label={v.nextAttemptAt}>{formatDay(invoice.nextAttemptAt)}</Fact> : null}
        <Fact label={v.taxInvoice} testId="invoice-tax">
          <TaxInvoiceState taxInvoice={invoice.taxInvoice} />
        </Fact>
        {invoice.taxInvoice.ntsConfirmNum ? (
          <Fact label={v.ntsConfirmNum}>
            <span className="font-mono break-all">{invoice.taxInvoice.ntsConfirmNum}</span>
          </Fact>
        ) : null}
        {cash ? (
          <Fact label={v.cashReceipt}>
            <span className="break-keep">{cash.type}</span>
            {cash.receiptUrl ? (
              <a href={cash.receiptUrl} target="_blank" rel="noopener noreferrer" className="ml-2 text-primary underline-offset-4 hover:underline print:hidden">
                {v.cashReceiptOpen}
              </a>
            ) : null}
          </Fact>
        ) : null}
      </dl>
      {invoice.receiptUrl ? (
        <p className="flex flex-wrap items-center gap-2 print:hidden">
          <Button asChild variant="outline" size="sm">
            <a href={invoice.receiptUrl} target="_blank" rel="noopener noreferrer" data-testid="receipt-link">
              <ExternalLink aria-hidden="true" /> {v.receipt}
            </a>
          </Button>
          <span className="text-xs text-muted-foreground break-keep">{v.receiptHint}</span>
        </p>
      ) : null}
      <VirtualAccount invoice={invoice} />
    </div>
  );
}
