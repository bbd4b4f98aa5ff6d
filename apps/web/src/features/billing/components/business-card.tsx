import { useState } from 'react';
import { formatBusinessNumber, ko } from '@suite/shared';
import type { TBusiness } from '@suite/shared/schemas/billing';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast, toastError } from '@/lib/toast';
import { useDeleteBusiness } from '../api/delete-business';
import { BusinessForm } from './business-form';

const b = ko.billing.ui.page.business;

function Details({ business }: { business: TBusiness }) {
  const rows: [string, string][] = [
    [b.businessNumber, formatBusinessNumber(business.businessNumber)],
    [b.name, business.name],
    [b.ceo, business.ceo],
    [b.businessType, business.businessType],
    [b.businessItem, business.businessItem],
    [b.address, business.address],
    [b.email, business.email],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-0.5">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * 사업자 정보 for 세금계산서: the owner edits it (or turns the seed into an individual, who gets cash receipts), an
 * admin reads it. The NTS status check's 과세 유형 is noted when the server has it (간이과세자 in particular).
 */
export function BusinessCard({ seedId, business, canManage }: { seedId: string; business: TBusiness | null; canManage: boolean }) {
  const remove = useDeleteBusiness(seedId);
  const [confirming, setConfirming] = useState(false);
  const toIndividual = () =>
    remove.mutate(undefined, {
      onSuccess: () => toast.success(b.removed),
      onError: (e) => toastError(e),
      onSettled: () => setConfirming(false),
    });
  const taxNote = business?.taxType ? b[business.taxType] : null;
  return (
    <Card data-testid="billing-business">
      <CardHeader>
        <CardTitle className="text-lg">{b.title}</CardTitle>
        <CardDescription>{business ? b.description : b.individual}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {taxNote ? (
          <Alert data-testid="business-tax-type">
            <AlertDescription>{taxNote}</AlertDescription>
          </Alert>
        ) : null}
        {canManage ? (
          <BusinessForm key={business?.businessNumber ?? 'none'} seedId={seedId} business={business} />
        ) : business ? (
          <Details business={business} />
        ) : (
          <p className="text-sm text-muted-foreground">{b.none}</p>
        )}
        {canManage && business ? (
          <div className="grid gap-2 border-t pt-4">
            <p className="text-sm text-muted-foreground break-keep">{b.toIndividualBody}</p>
            <Button variant="outline" className="w-fit" onClick={() => setConfirming(true)}>
              {b.toIndividual}
            </Button>
          </div>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={b.toIndividualTitle}
        description={b.toIndividualBody}
        confirmLabel={b.toIndividualConfirm}
        destructive
        pending={remove.isPending}
        onConfirm={toIndividual}
      />
    </Card>
  );
}
