import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Loader2 } from 'lucide-react';
import { ko, ZCardInput } from '@suite/shared';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useSeeds } from '@/lib/seed-context';
import { toast } from '@/lib/toast';
import { useRegisterCard } from '../api/register-card';

const r = ko.billing.ui.page.cardReturn;

function Back() {
  return (
    <Button asChild variant="outline" className="w-fit">
      <Link to="/admin/billing">{r.back}</Link>
    </Button>
  );
}

/** Posts the card once (a re-render or React's double effect must not send it twice), then back to 구독 with a toast. */
function RegisterCard({ seedId, authKey, customerKey }: { seedId: string; authKey: string; customerKey: string }) {
  const navigate = useNavigate();
  const register = useRegisterCard(seedId);
  const sent = useRef(false);
  const { mutate } = register;
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate(
      { authKey, customerKey },
      {
        onSuccess: (card) => {
          toast.success(card.cardCompany && card.cardNumber ? r.savedCard(`${card.cardCompany} ${card.cardNumber}`) : r.saved);
          void navigate('/admin/billing', { replace: true });
        },
      },
    );
  }, [mutate, navigate, authKey, customerKey]);
  if (register.error)
    return (
      <>
        <ErrorAlert message={`${r.failed} ${register.error.message}`} error={register.error} />
        <Back />
      </>
    );
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
      <Loader2 className="size-4 animate-spin" aria-hidden="true" />
      {r.saving}
    </p>
  );
}

/**
 * /admin/billing/card: where Toss Payments' card window comes back — `?result=success&customerKey=…&authKey=…`
 * (registered here, once) or `?result=fail&code=…&message=…` (Toss's reason, and the way back).
 */
export function BillingCardPage() {
  const [params] = useSearchParams();
  const { selected, isLoading } = useSeeds();
  const seedId = params.get('seedId') ?? selected?.id;
  const result = params.get('result');
  const input = ZCardInput.safeParse({ authKey: params.get('authKey') ?? '', customerKey: params.get('customerKey') ?? '' });
  let body: React.ReactNode;
  if (result === 'success' && input.success && seedId) {
    body = <RegisterCard seedId={seedId} authKey={input.data.authKey} customerKey={input.data.customerKey} />;
  } else if (result === 'success' && isLoading) {
    body = <p className="text-sm text-muted-foreground">{ko.common.loading}</p>;
  } else if (result === 'fail') {
    const code = params.get('code');
    body = (
      <>
        <ErrorAlert message={[r.cancelled, params.get('message'), code ? r.code(code) : null].filter(Boolean).join(' ')} />
        <Back />
      </>
    );
  } else {
    body = (
      <>
        <ErrorAlert message={r.missing} />
        <Back />
      </>
    );
  }
  return (
    <Card className="max-w-xl" data-testid="billing-card-return">
      <CardHeader>
        <CardTitle className="text-lg">{r.title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">{body}</CardContent>
    </Card>
  );
}
