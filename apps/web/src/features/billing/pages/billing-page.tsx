import { Link } from 'react-router';
import { Info } from 'lucide-react';
import { ko } from '@suite/shared';
import { ErrorAlert } from '@/components/error-alert';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useSeeds } from '@/lib/seed-context';
import { useBilling } from '../api/get-billing';
import { usePlans } from '../api/get-plans';
import { BusinessCard } from '../components/business-card';
import { CurrentPlanCard } from '../components/current-plan-card';
import { PaymentMethodCard } from '../components/payment-method-card';
import { PlanPicker } from '../components/plan-picker';
import { ProjectionCard } from '../components/projection-card';
import { UsageCard } from '../components/usage-card';

const t = ko.billing.ui.page;

function Note({ children }: { children: React.ReactNode }) {
  return <p className="text-sm text-muted-foreground break-keep">{children}</p>;
}

/** The selected seed's billing: what the owner changes and the admins read. */
function SeedBilling({ seedId }: { seedId: string }) {
  const q = useBilling(seedId);
  const billing = q.data;
  const plans = usePlans(Boolean(billing?.configured));
  if (q.error)
    return (
      <div className="grid gap-3">
        <ErrorAlert message={`${t.loadFailed} ${q.error.message}`} error={q.error} />
        <Button variant="outline" className="w-fit" onClick={() => void q.refetch()}>
          {t.retry}
        </Button>
      </div>
    );
  if (!billing) return <Note>{ko.common.loading}</Note>;
  const plan = plans.data?.data.find((p) => p.id === billing.plan.id);
  return (
    <div className="grid gap-6" data-testid="billing-page">
      {!billing.configured ? (
        <Alert data-testid="billing-not-configured">
          <Info className="size-4" aria-hidden="true" />
          <AlertDescription className="grid gap-1">
            <p className="font-semibold">{t.notConfiguredTitle}</p>
            <p>{t.notConfiguredBody}</p>
          </AlertDescription>
        </Alert>
      ) : !billing.canManage ? (
        <Alert data-testid="billing-read-only">
          <Info className="size-4" aria-hidden="true" />
          <AlertDescription>{t.adminReadOnly}</AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <CurrentPlanCard seedId={seedId} billing={billing} />
        <ProjectionCard projection={billing.projection} />
      </div>
      <UsageCard billing={billing} plan={plan} />
      {billing.configured ? (
        <>
          {plans.error ? <ErrorAlert message={`${t.change.catalogueFailed} ${plans.error.message}`} error={plans.error} /> : null}
          {plans.data ? <PlanPicker seedId={seedId} billing={billing} plans={plans.data.data} /> : null}
          <PaymentMethodCard seedId={seedId} method={billing.paymentMethod} canManage={billing.canManage} />
          <BusinessCard seedId={seedId} business={billing.business} canManage={billing.canManage} />
        </>
      ) : null}
    </div>
  );
}

/**
 * /admin/billing (구독): plan, this month's usage against it with the projection, the projected invoice, plan change,
 * payment method and business details for the selected seed. Its owner changes billing, its admins read it (the
 * server enforces both), members are told who can see it.
 */
export function BillingPage() {
  const { selected, isLoading } = useSeeds();
  if (isLoading) return <Note>{ko.common.loading}</Note>;
  if (!selected)
    return (
      <div className="grid gap-3" data-testid="billing-no-seed">
        <Note>{t.noSeed}</Note>
        <Button asChild variant="outline" className="w-fit">
          <Link to="/admin">{t.noSeedAction}</Link>
        </Button>
      </div>
    );
  if (selected.role !== 'owner' && selected.role !== 'admin')
    return (
      <p role="alert" className="text-sm text-destructive break-keep">
        {t.managersOnly}
      </p>
    );
  return <SeedBilling key={selected.id} seedId={selected.id} />;
}
