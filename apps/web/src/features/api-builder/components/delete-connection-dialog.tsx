import { ko } from '@suite/shared';
import type { TApiConnection } from '@suite/shared/schemas/api-builder';
import { toast, toastError } from '@/lib/toast';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useConnectionUsage } from '../api/connection-usage';
import { useDeleteConnection } from '../api/delete-connection';

const d = ko.apiBuilder.ui.deleteDialog;

/**
 * Confirms deleting a connection and says what goes with it: its APIs and keys, the admin apps built on it (by name,
 * with their settings, rights and change records), and the change triggers removed from the customer's database.
 */
export function DeleteConnectionDialog({ seedId, connection, onClose }: { seedId: string; connection: TApiConnection | null; onClose: () => void }) {
  const usage = useConnectionUsage(seedId, connection?.id ?? null);
  const del = useDeleteConnection(seedId);
  const apps = usage.data?.adminApps ?? [];
  const confirm = async () => {
    if (!connection || !usage.data) return;
    try {
      const r = await del.mutateAsync({ id: connection.id, force: apps.length > 0 });
      toast.success(r.message);
      onClose();
    } catch (e) {
      toastError(e, ko.errors.internal);
      void usage.refetch();
    }
  };
  return (
    <ConfirmDialog
      open={Boolean(connection)}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={d.title(connection?.name ?? '')}
      description={
        <div className="grid gap-2 break-keep" data-testid="delete-connection-details">
          {usage.isLoading ? <p>{d.loading}</p> : null}
          {usage.isError ? <p role="alert">{usage.error.message}</p> : null}
          {usage.data ? (
            <>
              <p>{d.apis(usage.data.apis)}</p>
              {apps.length ? (
                <>
                  <p className="font-medium text-destructive">{d.apps}</p>
                  <ul className="list-disc pl-5">
                    {apps.map((a) => (
                      <li key={a.id}>{a.name}</li>
                    ))}
                  </ul>
                </>
              ) : null}
              <p>{usage.data.triggerTables.length ? d.triggers(usage.data.triggerTables.join(', ')) : d.noTriggers}</p>
            </>
          ) : null}
        </div>
      }
      confirmLabel={apps.length ? d.confirmWithApps(apps.length) : d.confirm}
      destructive
      pending={del.isPending || !usage.data}
      onConfirm={() => void confirm()}
    />
  );
}
