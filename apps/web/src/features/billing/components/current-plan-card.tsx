import { useState } from 'react';
import { Link } from 'react-router';
import { formatWon, ko } from '@suite/shared';
import type { TBillingOverview } from '@suite/shared/schemas/billing';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast, toastError } from '@/lib/toast';
import { useChangePlan } from '../api/change-plan';
import { koFullDate, koMonthDay, lastDayOf } from '../lib/format';

const c = ko.billing.ui.page.current;
const plans = ko.billing.plans;
const intervals = ko.billing.intervals;

/** 현재 요금제: name, 월간/연간, price (VAT apart), status with the grace period, and a waiting change to cancel. */
export function CurrentPlanCard({ seedId, billing }: { seedId: string; billing: TBillingOverview }) {
  const { plan, next } = billing;
  const [confirming, setConfirming] = useState(false);
  const change = useChangePlan(seedId);
  const cancelNext = () =>
    change.mutate(
      { planId: plan.id, interval: plan.interval },
      {
        onSuccess: () => {
          setConfirming(false);
          toast.success(c.cancelled);
        },
        onError: (e) => {
          setConfirming(false);
          toastError(e);
        },
      },
    );
  return (
    <Card data-testid="billing-current">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <CardTitle className="text-lg">{c.title}</CardTitle>
        {billing.status === 'past_due' ? <Badge variant="destructive">{c.pastDue}</Badge> : <Badge variant="success">{c.active}</Badge>}
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="text-2xl font-bold break-keep">{plan.name}</span>
          {plan.price > 0 ? <Badge variant="outline">{intervals[plan.interval]}</Badge> : null}
        </div>
        {plan.price > 0 ? (
          <p className="text-sm">
            <span className="text-lg font-semibold tabular-nums">{formatWon(plan.price)}</span>{' '}
            <span className="text-muted-foreground">
              {plan.interval === 'year' ? c.perYear : c.perMonth} · {c.vatExcluded}
            </span>
          </p>
        ) : (
          <p className="text-sm text-muted-foreground break-keep">{plans[plan.id].description}</p>
        )}
        <p className="text-sm text-muted-foreground">{c.period(koFullDate(billing.period.start), lastDayOf(billing.period.end, koFullDate))}</p>
        {billing.status === 'past_due' ? (
          <Alert variant="destructive" data-testid="billing-past-due">
            <AlertDescription className="grid gap-2">
              <p>{billing.graceEndsAt ? c.pastDueBody(koFullDate(billing.graceEndsAt)) : c.pastDueNoDate}</p>
              <Link to="/admin/billing/history" className="font-medium underline underline-offset-4">
                {c.history}
              </Link>
            </AlertDescription>
          </Alert>
        ) : null}
        {next ? (
          <div className="grid gap-2 rounded-md border border-dashed p-3" data-testid="billing-next">
            <p className="text-sm break-keep">{c.next(koMonthDay(next.at), `${plans[next.planId].name}(${intervals[next.interval]})`)}</p>
            {billing.configured && billing.canManage ? (
              <Button variant="outline" size="sm" className="w-fit" onClick={() => setConfirming(true)}>
                {c.cancelNext}
              </Button>
            ) : null}
          </div>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={c.cancelNextTitle}
        description={c.cancelNextBody}
        confirmLabel={c.cancelNextConfirm}
        pending={change.isPending}
        onConfirm={cancelNext}
      />
    </Card>
  );
}
