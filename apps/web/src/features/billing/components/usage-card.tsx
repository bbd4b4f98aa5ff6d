import { formatWon, ko } from '@suite/shared';
import type { TBillingOverview, TPublicPlan } from '@suite/shared/schemas/billing';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { kstMonthDays, meterValue } from '../lib/format';

const u = ko.billing.ui.page.usage;
const meters = ko.billing.meters;

type TUsage = TBillingOverview['usage'][number];

function Bar({ row }: { row: TUsage }) {
  const limit = Math.max(row.included, 1);
  const ratio = row.used / limit;
  const tone = ratio >= 1 ? 'bg-destructive' : ratio >= 0.8 ? 'bg-amber-500' : 'bg-primary';
  return (
    <div
      className="h-2 overflow-hidden rounded-full bg-muted"
      role="meter"
      aria-label={u.meterLabel(meters[row.meter].name)}
      aria-valuemin={0}
      aria-valuemax={limit}
      aria-valuenow={Math.min(row.used, limit)}
      aria-valuetext={u.of(meterValue(row.meter, row.used), meterValue(row.meter, row.included))}
    >
      <div className={`h-full ${tone}`} style={{ width: `${Math.min(100, ratio * 100)}%` }} />
    </div>
  );
}

/**
 * 이번 달 사용량: one row per meter — used against the plan's included volume, the straight-line projection to the
 * month's end and the overage in 원 when there is any (a free plan's meter has a limit instead of an overage price).
 */
export function UsageCard({ billing, plan }: { billing: TBillingOverview; plan: TPublicPlan | undefined }) {
  const { usage } = billing;
  return (
    <Card data-testid="billing-usage">
      <CardHeader>
        <CardTitle className="text-lg">{u.title}</CardTitle>
        {/* Usage is counted per Korean calendar month, whatever the plan's period (an upgrade mid-month, a yearly plan). */}
        <CardDescription>{u.period(...kstMonthDays(new Date()))}</CardDescription>
      </CardHeader>
      <CardContent>
        {usage.length === 0 ? (
          <p className="text-sm text-muted-foreground">{u.empty}</p>
        ) : (
          <ul className="grid gap-5 md:grid-cols-2" aria-label={u.listLabel}>
            {usage.map((row) => {
              const limited = plan?.meters.find((m) => m.meter === row.meter)?.overage === null;
              return (
                <li key={row.meter} className="grid gap-1.5" data-testid={`meter-${row.meter}`}>
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="text-sm font-medium break-keep">{meters[row.meter].name}</span>
                    <span className="text-sm tabular-nums">{u.of(meterValue(row.meter, row.used), meterValue(row.meter, row.included))}</span>
                  </div>
                  <Bar row={row} />
                  <div className="flex flex-wrap justify-between gap-x-3 text-xs text-muted-foreground">
                    <span className="tabular-nums">{u.projected(meterValue(row.meter, row.projected))}</span>
                    {row.overage > 0 ? <span className="font-medium text-foreground tabular-nums">{u.overage(formatWon(row.overage))}</span> : null}
                  </div>
                  {limited && row.used >= row.included && row.included > 0 ? <p className="text-xs text-destructive break-keep">{u.freeLimit}</p> : null}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
