import { Link } from 'react-router';
import { ReceiptText } from 'lucide-react';
import { ko } from '@suite/shared';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSeeds } from '@/lib/seed-context';
import { useSession } from '@/lib/session';
import { useInvoices } from '../api/get-invoices';
import { InvoiceList } from '../components/invoice-list';
import { RevenueSection } from '../components/revenue-section';

const h = ko.billing.ui.history;

function Empty() {
  return (
    <div className="flex flex-col items-center gap-2 py-8 text-center" role="status" data-testid="invoices-empty">
      <ReceiptText className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium break-keep">{h.emptyTitle}</p>
      <p className="max-w-md text-sm text-muted-foreground break-keep">{h.emptyBody}</p>
    </div>
  );
}

/** The selected seed's invoices (its owner and admins; the server checks the same). */
function SeedInvoices({ seedId }: { seedId: string }) {
  const q = useInvoices(seedId);
  return (
    <Card className="min-w-0">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 p-4 sm:p-6">
        <div className="grid gap-1.5">
          <CardTitle className="text-lg">{h.listTitle}</CardTitle>
          <CardDescription>{h.description}</CardDescription>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to="/admin/billing">{h.backToBilling}</Link>
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        {q.error ? (
          <div className="grid justify-items-start gap-2">
            <ErrorAlert message={`${h.loadFailed} ${q.error.message}`} error={q.error} />
            <Button variant="outline" size="sm" onClick={() => void q.refetch()}>
              {h.retry}
            </Button>
          </div>
        ) : null}
        {!q.data && !q.error ? <p className="text-sm text-muted-foreground">{ko.common.loading}</p> : null}
        {q.data ? q.data.data.length ? <InvoiceList invoices={q.data.data} /> : <Empty /> : null}
      </CardContent>
    </Card>
  );
}

/**
 * /admin/billing/history (결제 내역): the selected seed's invoices for its owner and admins (a member is told who may
 * see them); a platform admin also sees every seed's revenue per month and the failed payments.
 */
export function BillingHistoryPage() {
  const { user } = useSession();
  const { selected, isLoading } = useSeeds();
  const platformAdmin = user?.role === 'admin';
  const manager = selected?.role === 'owner' || selected?.role === 'admin';
  let seedPart: React.ReactNode;
  if (isLoading) seedPart = <p className="text-sm text-muted-foreground">{ko.common.loading}</p>;
  else if (!selected) seedPart = <p className="text-sm text-muted-foreground break-keep">{h.noSeed}</p>;
  else if (!manager)
    seedPart = (
      <p role="alert" className="text-sm text-destructive break-keep">
        {h.managersOnly}
      </p>
    );
  else seedPart = <SeedInvoices seedId={selected.id} />;
  return (
    <div className="grid min-w-0 gap-6">
      {seedPart}
      {platformAdmin ? <RevenueSection /> : null}
    </div>
  );
}
