import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, Printer } from 'lucide-react';
import { ko } from '@suite/shared';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ApiError } from '@/lib/api';
import { useSeeds } from '@/lib/seed-context';
import { useInvoice } from '../api/get-invoice';
import { InvoiceDocument } from '../components/invoice-document';
import '../components/invoice-print.css';

const h = ko.billing.ui.history;
const v = h.invoice;

function BackLink() {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to="/admin/billing/history">
        <ArrowLeft aria-hidden="true" /> {v.back}
      </Link>
    </Button>
  );
}

/** A 청구서 is printed light: the dark theme's class is taken off for the print and put back after it. */
function usePrintLight() {
  useEffect(() => {
    const root = document.documentElement;
    let wasDark = false;
    const before = () => {
      wasDark = root.classList.contains('dark');
      if (wasDark) root.classList.remove('dark');
    };
    const after = () => {
      if (wasDark) root.classList.add('dark');
      wasDark = false;
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
}

function Invoice({ seedId, seedName, invoiceId }: { seedId: string; seedName: string; invoiceId: string }) {
  const q = useInvoice(seedId, invoiceId);
  usePrintLight();
  if (q.error) {
    const missing = q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400);
    return (
      <div className="grid justify-items-start gap-3">
        <ErrorAlert message={missing ? v.notFound : `${v.loadFailed} ${q.error.message}`} error={q.error} />
        <BackLink />
      </div>
    );
  }
  if (!q.data) return <p className="text-sm text-muted-foreground">{ko.common.loading}</p>;
  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2" data-print-hide>
        <BackLink />
        <Button type="button" size="sm" onClick={() => window.print()}>
          <Printer aria-hidden="true" /> {v.print}
        </Button>
      </div>
      <Card className="min-w-0" data-print-invoice>
        <CardContent className="p-4 sm:p-8">
          <InvoiceDocument invoice={q.data} seedName={seedName} />
        </CardContent>
      </Card>
    </div>
  );
}

/** /admin/billing/history/:invoiceId — one invoice of the selected seed as a printable 청구서 (owner and admins). */
export function InvoicePage() {
  const { invoiceId = '' } = useParams();
  const { selected, isLoading } = useSeeds();
  if (isLoading) return <p className="text-sm text-muted-foreground">{ko.common.loading}</p>;
  if (!selected) return <p className="text-sm text-muted-foreground break-keep">{h.noSeed}</p>;
  if (selected.role !== 'owner' && selected.role !== 'admin')
    return (
      <p role="alert" className="text-sm text-destructive break-keep">
        {h.managersOnly}
      </p>
    );
  return <Invoice key={`${selected.id}/${invoiceId}`} seedId={selected.id} seedName={selected.seed_name} invoiceId={invoiceId} />;
}
