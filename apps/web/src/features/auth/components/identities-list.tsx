import { toast, toastError } from '@/lib/toast';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { useConfirmIdentity } from '@/features/auth/api/confirm-identity';
import { useIdentities } from '@/features/auth/api/identities';
import { useUnlinkIdentity } from '@/features/auth/api/unlink-identity';

const t = ko.accounts.ui;
const fmt = new Intl.DateTimeFormat('ko-KR', { dateStyle: 'medium', timeZone: 'Asia/Seoul' });

/** /settings: outside accounts that sign in to this one; pending links can be confirmed, any can be unlinked. */
export function IdentitiesList() {
  const list = useIdentities();
  const confirm = useConfirmIdentity();
  const unlink = useUnlinkIdentity();
  if (list.isLoading) return <p className="text-sm text-muted-foreground">{ko.common.loading}</p>;
  if (list.isError) return <p className="text-sm text-destructive">{list.error.message}</p>;
  const rows = list.data ?? [];
  if (!rows.length) return <p className="text-sm text-muted-foreground break-keep">{t.noIdentities}</p>;
  const done = { onSuccess: (r: { message: string }) => toast.success(r.message), onError: (e: Error) => toastError(e) };
  return (
    <ul className="grid gap-2" aria-label={t.identities}>
      {rows.map((i) => (
        <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3" data-testid="identity">
          <div className="text-sm">
            <p className="font-medium">
              {ko.accounts.providers[i.provider] ?? i.provider}{' '}
              <span
                className={
                  i.confirmed
                    ? 'ml-1 rounded bg-primary/10 px-1.5 py-0.5 text-xs text-primary'
                    : 'ml-1 rounded bg-amber-500/15 px-1.5 py-0.5 text-xs text-amber-700 dark:text-amber-300'
                }
              >
                {i.confirmed ? t.confirmed : t.pending}
              </span>
            </p>
            <p className="text-muted-foreground">
              {i.email || '-'} · {t.linkedAt} {fmt.format(new Date(i.linked_at))}
            </p>
          </div>
          <div className="flex gap-2">
            {i.confirmed ? null : (
              <Button size="sm" disabled={confirm.isPending} onClick={() => confirm.mutate(i.id, done)}>
                {t.confirm}
              </Button>
            )}
            <Button variant="outline" size="sm" disabled={unlink.isPending} onClick={() => unlink.mutate(i.id, done)}>
              {t.unlink}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
