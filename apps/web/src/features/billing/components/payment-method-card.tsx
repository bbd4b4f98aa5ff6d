import { useId, useState, type FormEvent } from 'react';
import { CreditCard, Landmark } from 'lucide-react';
import { ko } from '@suite/shared';
import type { TPaymentMethod } from '@suite/shared/schemas/billing';
import { BusyButton } from '@/components/busy-button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast, toastError } from '@/lib/toast';
import { useChooseTransfer } from '../api/choose-transfer';
import { useSetCardExpiry } from '../api/set-card-expiry';
import { cardExpiry } from '../lib/format';
import { useCardWindow } from './use-card-window';

const p = ko.billing.ui.page.payment;

function Method({ method }: { method: TPaymentMethod | null }) {
  if (!method) return <p className="text-sm text-muted-foreground">{p.none}</p>;
  if (method.kind === 'card')
    return (
      <div className="flex items-start gap-3">
        <CreditCard className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="grid gap-0.5 text-sm">
          <span className="font-medium break-keep">
            {method.cardCompany ?? p.card} <span className="tabular-nums">{method.cardNumber}</span>
          </span>
          {method.cardExpiresOn ? <span className="text-muted-foreground">{p.expires(cardExpiry(method.cardExpiresOn))}</span> : null}
        </div>
      </div>
    );
  return (
    <div className="flex items-start gap-3">
      <Landmark className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="grid gap-0.5 text-sm">
        <span className="font-medium">{p.transfer}</span>
        <span className="text-muted-foreground break-keep">{p.transferBody}</span>
      </div>
    </div>
  );
}

/** The card's expiry as the owner reads it on the card (Toss does not give it): the notice before it ends needs it. */
function CardExpiryForm({ seedId, value }: { seedId: string; value: string | null }) {
  const id = useId();
  const [month, setMonth] = useState(value ?? '');
  const save = useSetCardExpiry(seedId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ expiresOn: month }, { onSuccess: () => toast.success(p.expirySaved), onError: (err) => toastError(err) });
  };
  return (
    <form className="grid gap-1.5" onSubmit={submit} data-testid="card-expiry-form">
      <Label htmlFor={id}>{p.expiryLabel}</Label>
      <div className="flex flex-wrap items-center gap-2">
        <Input id={id} type="month" className="w-44" value={month} onChange={(e) => setMonth(e.target.value)} aria-describedby={`${id}-hint`} />
        <BusyButton type="submit" variant="outline" busy={save.isPending} disabled={!month || save.isPending}>
          {p.expirySave}
        </BusyButton>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground break-keep">
        {p.expiryHint}
      </p>
    </form>
  );
}

/** 결제 수단: the card (company, masked number, expiry) or 계좌이체; the owner registers a card or switches to transfer. */
export function PaymentMethodCard({ seedId, method, canManage }: { seedId: string; method: TPaymentMethod | null; canManage: boolean }) {
  const card = useCardWindow(seedId);
  const transfer = useChooseTransfer(seedId);
  const [confirming, setConfirming] = useState(false);
  const chooseTransfer = () =>
    transfer.mutate(undefined, {
      onSuccess: () => toast.success(p.transferSaved),
      onError: (e) => toastError(e),
      onSettled: () => setConfirming(false),
    });
  return (
    <Card id="billing-payment" data-testid="billing-payment">
      <CardHeader>
        <CardTitle className="text-lg">{p.title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Method method={method} />
        {canManage && method?.kind === 'card' ? <CardExpiryForm key={method.cardExpiresOn ?? ''} seedId={seedId} value={method.cardExpiresOn} /> : null}
        {canManage ? (
          <div className="flex flex-wrap gap-2">
            <BusyButton busy={card.opening} disabled={card.opening} onClick={card.open}>
              {method?.kind === 'card' ? p.changeCard : p.registerCard}
            </BusyButton>
            {method?.kind !== 'transfer' ? (
              <Button variant="outline" onClick={() => setConfirming(true)}>
                {p.useTransfer}
              </Button>
            ) : null}
          </div>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={p.transferTitle}
        description={p.transferConfirmBody}
        confirmLabel={p.transferConfirm}
        pending={transfer.isPending}
        onConfirm={chooseTransfer}
      />
    </Card>
  );
}
