import { formatWon, ko } from '@suite/shared';
import type { TRevenueResponse } from '@suite/shared/schemas/billing';
import { ErrorAlert } from '@/components/error-alert';
import { HeadCells } from '@/components/head-cells';
import { ScrollRegion } from '@/components/scroll-region';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useRevenue } from '../api/get-revenue';
import { formatDay, formatMonth } from './invoice-format';

const r = ko.billing.ui.history.revenue;
const th = 'px-3 py-2 font-medium whitespace-nowrap';
const num = 'px-3 py-2 text-right font-medium whitespace-nowrap';
const cell = 'px-3 py-2 text-right tabular-nums whitespace-nowrap';

function Months({ months }: { months: TRevenueResponse['months'] }) {
  if (!months.length) return <p className="text-sm text-muted-foreground break-keep">{r.noMonths}</p>;
  return (
    <ScrollRegion label={r.monthsLabel} className="rounded-md border" tableClassName="w-full min-w-[42rem] text-sm">
      <thead className="bg-muted/50 text-left">
        <tr>
          <HeadCells
            cells={[
              [r.month, th],
              [r.count, num],
              [r.paidSupply, num],
              [r.paidVat, num],
              [r.paidTotal, num],
              [r.refunded, num],
              [r.outstanding, num],
            ]}
          />
        </tr>
      </thead>
      <tbody>
        {months.map((m) => (
          <tr key={m.month} className="border-t" data-testid="revenue-month" data-month={m.month}>
            <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap">
              {formatMonth(m.month)}
            </th>
            <td className={cell}>{m.invoices.toLocaleString('ko-KR')}</td>
            <td className={cell}>{formatWon(m.paid.supply)}</td>
            <td className={cell}>{formatWon(m.paid.vat)}</td>
            <td className={`${cell} font-semibold`}>{formatWon(m.paid.total)}</td>
            <td className={cell}>{m.refunded ? `−${formatWon(m.refunded)}` : formatWon(0)}</td>
            <td className={`${cell} ${m.outstanding ? 'text-destructive' : ''}`}>{formatWon(m.outstanding)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollRegion>
  );
}

function Failed({ failed }: { failed: TRevenueResponse['failed'] }) {
  if (!failed.length) return <p className="text-sm text-muted-foreground break-keep">{r.noFailed}</p>;
  return (
    <ScrollRegion label={r.failedLabel} className="rounded-md border" tableClassName="w-full min-w-[48rem] text-sm">
      <thead className="bg-muted/50 text-left">
        <tr>
          <HeadCells
            cells={[
              [r.seed, th],
              [r.number, th],
              [r.amount, num],
              [r.attempts, num],
              [r.lastError, th],
              [r.nextAttemptAt, th],
            ]}
          />
        </tr>
      </thead>
      <tbody>
        {failed.map((f) => (
          <tr key={f.invoiceId} className="border-t align-top" data-testid="failed-payment" data-number={f.number}>
            <td className="px-3 py-2 break-keep">{f.seedName}</td>
            <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{f.number}</td>
            <td className={cell}>{formatWon(f.total)}</td>
            <td className={cell}>{f.attempts.toLocaleString('ko-KR')}</td>
            <td className="max-w-[20rem] px-3 py-2 break-keep">{f.lastError ?? '-'}</td>
            <td className="px-3 py-2 whitespace-nowrap tabular-nums">{f.nextAttemptAt ? formatDay(f.nextAttemptAt) : r.noNextAttempt}</td>
          </tr>
        ))}
      </tbody>
    </ScrollRegion>
  );
}

/** For the platform admin: paid revenue per month (VAT apart), what is outstanding, and the payments that failed. */
export function RevenueSection() {
  const q = useRevenue(true);
  return (
    <Card className="min-w-0" data-testid="revenue-section">
      <CardHeader className="p-4 sm:p-6">
        <CardTitle className="text-lg">{r.title}</CardTitle>
        <CardDescription>{r.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 p-4 pt-0 sm:p-6 sm:pt-0">
        {q.error ? <ErrorAlert message={`${r.loadFailed} ${q.error.message}`} error={q.error} /> : null}
        {!q.data && !q.error ? <p className="text-sm text-muted-foreground">{ko.common.loading}</p> : null}
        {q.data ? (
          <>
            <div className="grid gap-2">
              <h3 className="text-sm font-semibold">{r.monthsLabel}</h3>
              <Months months={q.data.months} />
            </div>
            <div className="grid gap-2">
              <h3 className="text-sm font-semibold">{r.failedTitle}</h3>
              <Failed failed={q.data.failed} />
            </div>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
