import { toast, toastError } from '@/lib/toast';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { ScrollRegion } from '@/components/scroll-region';
import { useTrash } from '@/features/console/api/list-trash';
import { useAdminAction } from '@/features/console/api/run-user-action';
import { koDate } from '@/features/console/lib/format';
import { ColumnHeads } from '@/features/console/components/column-heads';

const t = ko.consoleUi.users;

export function TrashList() {
  const trash = useTrash();
  const action = useAdminAction();
  if (trash.isError)
    return (
      <p className="text-sm text-destructive" role="alert">
        {trash.error.message}
      </p>
    );
  if (!trash.data) return <p className="text-sm text-muted-foreground">{ko.common.loading}</p>;
  if (!trash.data.data.length) return <p className="py-10 text-center text-sm text-muted-foreground">{t.trashEmpty}</p>;
  return (
    <ScrollRegion label={t.tabs.trash} className="rounded-md border" tableClassName="w-full min-w-[600px] text-sm">
      <thead className="bg-muted/50 text-left">
        <tr>
          <ColumnHeads names={[t.colEmail, t.colName, t.deletedAt, t.purgeAt]} />
          <th scope="col" className="px-3 py-2">
            <span className="sr-only">{t.colActions}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {trash.data.data.map((u) => (
          <tr key={u.id} className="border-t" data-testid="trash-row">
            <td className="px-3 py-2 break-all">{u.email}</td>
            <td className="px-3 py-2">{u.full_name}</td>
            <td className="px-3 py-2">{koDate(u.deleted_at)}</td>
            <td className="px-3 py-2">{koDate(u.purge_at)}</td>
            <td className="px-3 py-2 text-right">
              <Button
                size="sm"
                variant="outline"
                disabled={action.isPending}
                onClick={() =>
                  action.mutate(
                    { path: `/${u.id}/restore`, method: 'POST' },
                    { onSuccess: (r) => toast.success(r.message ?? t.restore), onError: (e) => toastError(e) },
                  )
                }
              >
                {t.restore}
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollRegion>
  );
}
