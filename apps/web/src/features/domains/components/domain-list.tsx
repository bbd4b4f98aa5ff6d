import { useState } from 'react';
import { ko, type TDomain } from '@suite/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toast, toastError } from '@/lib/toast';
import { useDomains } from '../api/list-domains';
import { useRemoveDomain } from '../api/remove-domain';
import { useVerifyDomain } from '../api/verify-domain';
import { DomainItem } from './domain-item';

const t = ko.domains.ui;

/** The seed's domains, each with its records and actions; removal asks first. Polls while one is 확인 중. */
export function DomainList({ seedId }: { seedId: string }) {
  const list = useDomains(seedId);
  const verify = useVerifyDomain(seedId);
  const remove = useRemoveDomain(seedId);
  const [removing, setRemoving] = useState<TDomain | null>(null);

  if (list.isError)
    return (
      <p className="text-sm text-destructive break-keep" role="alert">
        {list.error.message || t.loadFailed}
      </p>
    );
  if (list.isPending) return <p className="text-sm text-muted-foreground">{ko.common.loading}</p>;
  if (!list.data.data.length) return <p className="text-sm text-muted-foreground">{t.empty}</p>;

  const onVerify = (id: string) =>
    verify.mutate(id, {
      onSuccess: (d) => (d.status === 'error' && d.error ? toast.error(d.error) : toast.success(t.verified)),
      onError: (e) => toastError(e),
    });
  const onRemove = () =>
    removing &&
    remove.mutate(removing.id, {
      onSuccess: () => {
        setRemoving(null);
        toast.success(t.removed);
      },
      onError: (e) => {
        setRemoving(null);
        toastError(e);
      },
    });

  return (
    <>
      <ul className="grid gap-4" aria-label={t.listTitle}>
        {list.data.data.map((d) => (
          <li key={d.id}>
            <DomainItem domain={d} verifying={verify.isPending && verify.variables === d.id} onVerify={() => onVerify(d.id)} onRemove={() => setRemoving(d)} />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={Boolean(removing)}
        title={t.removeTitle}
        message={removing ? t.removeConfirm(removing.host) : ''}
        confirmLabel={t.remove}
        destructive
        busy={remove.isPending}
        onConfirm={onRemove}
        onOpenChange={(o) => !o && setRemoving(null)}
      />
    </>
  );
}
