import { useState } from 'react';
import { formatWon, ko, planById, type TBillingInterval } from '@suite/shared';
import type { TBillingOverview, TPublicPlan } from '@suite/shared/schemas/billing';
import { ErrorAlert } from '@/components/error-alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useChangePlan } from '../api/change-plan';
import { koMonthDay, meterValue } from '../lib/format';
import { useCardWindow } from './use-card-window';

const t = ko.billing.ui.page.change;
const c = ko.billing.ui.page.current;
const meters = ko.billing.meters;

type TChoice = { plan: TPublicPlan; interval: TBillingInterval; when: 'now' | 'later' };

/** Higher rank (the shared catalogue) starts now with proration; anything else waits for the period's end. */
function whenOf(from: TBillingOverview['plan'], to: TPublicPlan): 'now' | 'later' {
  return (planById(to.id)?.rank ?? 0) > (planById(from.id)?.rank ?? 0) ? 'now' : 'later';
}

function IntervalSwitch({ value, onChange }: { value: TBillingInterval; onChange: (v: TBillingInterval) => void }) {
  return (
    <div role="group" aria-label={t.intervalLabel} className="inline-flex w-fit rounded-md border p-0.5">
      {(['month', 'year'] as const).map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={value === v}
          onClick={() => onChange(v)}
          className={cn(
            'rounded px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            value === v ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-accent',
          )}
        >
          {t[v]}
        </button>
      ))}
    </div>
  );
}

type TPlanCardProps = { plan: TPublicPlan; interval: TBillingInterval; billing: TBillingOverview; onChoose: (choice: TChoice) => void };

function PlanCard({ plan, interval, billing, onChoose }: TPlanCardProps) {
  const free = plan.monthlyPrice === 0;
  const current = plan.id === billing.plan.id && (free || interval === billing.plan.interval);
  const price = interval === 'year' ? plan.yearlyPrice : plan.monthlyPrice;
  const saving = plan.monthlyPrice * 12 - plan.yearlyPrice;
  const when = plan.id === billing.plan.id ? 'later' : whenOf(billing.plan, plan);
  const blocked = !free && !billing.paymentMethod;
  const { next } = billing;
  // The change already waiting for the period's end: marked, not offered again.
  const waiting = !current && next !== null && next.planId === plan.id && (free || next.interval === interval);
  return (
    <li className={cn('flex flex-col gap-3 rounded-lg border p-4', current && 'border-primary ring-1 ring-primary')} data-testid={`plan-${plan.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold break-keep">{plan.name}</h3>
        {current ? <Badge>{t.current}</Badge> : null}
        {waiting ? <Badge variant="amber">{t.waiting(koMonthDay(next.at))}</Badge> : null}
      </div>
      <p className="text-sm text-muted-foreground break-keep">{plan.description}</p>
      <p>
        {free ? (
          <span className="text-xl font-bold">{c.free}</span>
        ) : (
          <>
            <span className="text-xl font-bold tabular-nums">{formatWon(price)}</span>{' '}
            <span className="text-sm text-muted-foreground">
              {interval === 'year' ? c.perYear : c.perMonth} · {c.vatExcluded}
            </span>
          </>
        )}
      </p>
      {interval === 'year' && saving > 0 ? (
        <p className="text-sm font-medium text-emerald-700 dark:text-emerald-400">{t.yearlySaving(formatWon(saving))}</p>
      ) : null}
      <div className="grid gap-1">
        <p className="text-xs font-medium text-muted-foreground">{t.includes}</p>
        <ul className="grid gap-1 text-sm">
          {plan.meters.map((m) => (
            <li key={m.meter} className="grid">
              <span className="break-keep">
                {meters[m.meter].name} <span className="font-medium tabular-nums">{meterValue(m.meter, m.included)}</span>
              </span>
              <span className="text-xs text-muted-foreground break-keep">
                {m.overage ? t.overagePrice(meterValue(m.meter, m.overage.per), formatWon(m.overage.price)) : t.noOverage}
              </span>
            </li>
          ))}
        </ul>
      </div>
      {!current && !waiting && billing.canManage ? (
        <div className="mt-auto grid gap-2 pt-2">
          <p className="text-xs text-muted-foreground break-keep">{when === 'now' ? t.upgradeNote : t.downgradeNote}</p>
          <Button
            variant={when === 'now' ? 'default' : 'outline'}
            disabled={blocked}
            onClick={() => onChoose({ plan, interval: free ? 'month' : interval, when })}
          >
            {t.choose}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/**
 * 요금제 변경: the catalogue as cards with a 월간/연간 switch (yearly shows the saving), the current plan marked. A
 * higher plan applies now with the rest of the period prorated; a lower one (or another interval) at the period's
 * end. A paid plan needs a payment method first; the confirm dialog shows the server's refusal (409, 402) as it came.
 */
export function PlanPicker({ seedId, billing, plans }: { seedId: string; billing: TBillingOverview; plans: TPublicPlan[] }) {
  const [interval, setCycle] = useState<TBillingInterval>(billing.plan.interval);
  const [choice, setChoice] = useState<TChoice | null>(null);
  const change = useChangePlan(seedId);
  const card = useCardWindow(seedId);
  const confirm = () => {
    if (!choice) return;
    change.mutate(
      { planId: choice.plan.id, interval: choice.interval },
      {
        onSuccess: (now) => {
          // The server's answer says what happened: changed at once, or waiting for the period's end.
          toast.success(now?.next ? t.scheduled(koMonthDay(now.next.at)) : t.changed);
          setChoice(null);
        },
      },
    );
  };
  const open = (o: boolean) => {
    if (!o) {
      setChoice(null);
      change.reset();
    }
  };
  const chosenPrice = choice ? (choice.interval === 'year' ? choice.plan.yearlyPrice : choice.plan.monthlyPrice) : 0;
  return (
    <Card data-testid="billing-plans">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="grid gap-1.5">
          <CardTitle className="text-lg">{t.title}</CardTitle>
          <CardDescription>{t.description}</CardDescription>
        </div>
        <IntervalSwitch value={interval} onChange={setCycle} />
      </CardHeader>
      <CardContent className="grid gap-4">
        {billing.canManage && !billing.paymentMethod ? (
          <Alert data-testid="billing-needs-payment">
            <AlertDescription className="flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:justify-between">
              <p>{t.needsPaymentMethod}</p>
              <Button size="sm" onClick={card.open} disabled={card.opening}>
                {ko.billing.ui.page.payment.registerCard}
              </Button>
            </AlertDescription>
          </Alert>
        ) : null}
        <ul className="grid gap-4 md:grid-cols-3">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} interval={interval} billing={billing} onChoose={setChoice} />
          ))}
        </ul>
      </CardContent>
      <ConfirmDialog
        open={choice !== null}
        onOpenChange={open}
        title={choice ? t.confirmTitle(choice.plan.name) : ''}
        description={
          choice ? (
            <div className="grid gap-2">
              <p className="break-keep">{chosenPrice > 0 ? `${ko.billing.intervals[choice.interval]} ${formatWon(chosenPrice)} (${c.vatExcluded})` : c.free}</p>
              <p className="break-keep">{choice.when === 'now' ? t.upgradeNote : t.downgradeNote}</p>
              <ErrorAlert message={change.error?.message} error={change.error} />
            </div>
          ) : null
        }
        confirmLabel={t.confirm}
        pending={change.isPending}
        onConfirm={confirm}
      />
    </Card>
  );
}
