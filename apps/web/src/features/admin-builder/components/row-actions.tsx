import { useState } from 'react';
import { ko } from '@suite/shared';
import type { TAdminAction } from '@suite/shared/schemas/admin-builder-actions';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useActions, useRunAction } from '../api/actions';

const u = ko.adminBuilder.actions.ui;

/**
 * The table's actions the caller may run on `keys` (a row page: one key; the list: the selected rows), each behind a
 * confirm dialog with the action's confirm text and the number of rows; the answer shown is the server's (decision 094).
 */
export function RowActions({ seedId, appId, table, keys }: { seedId: string; appId: string; table: string; keys: string[] }) {
  const actions = useActions(seedId, appId, table, keys.length > 0);
  const list = (Array.isArray(actions.data?.data) ? actions.data.data : []).filter((a) => a.canRun && (a.scope === 'selection' || keys.length === 1));
  const [open, setOpen] = useState<TAdminAction | null>(null);
  const [notice, setNotice] = useState('');
  if (!keys.length || !list.length) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={u.menu}>
      {list.map((a) => (
        <Button key={a.id} size="sm" variant="outline" onClick={() => setOpen(a)}>
          {a.label}
        </Button>
      ))}
      {notice ? (
        <p role="status" className="text-sm text-green-700 dark:text-green-400">
          {notice}
        </p>
      ) : null}
      {open ? (
        <ActionConfirm
          seedId={seedId}
          appId={appId}
          table={table}
          action={open}
          keys={keys}
          onClose={() => setOpen(null)}
          onDone={(message) => {
            setNotice(message);
            setOpen(null);
          }}
        />
      ) : null}
    </div>
  );
}

/** The confirm step: the action's text and the row count; 실행 calls the server; its refusal stays in the dialog, its answer goes to `onDone`. */
function ActionConfirm({
  seedId,
  appId,
  table,
  action,
  keys,
  onClose,
  onDone,
}: {
  seedId: string;
  appId: string;
  table: string;
  action: TAdminAction;
  keys: string[];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const run = useRunAction(seedId, appId, table);
  const [error, setError] = useState('');
  const description = (
    <span className="grid gap-1 break-keep">
      {action.confirmText ? <span>{action.confirmText}</span> : null}
      <span>{u.confirmRows(keys.length)}</span>
      {error ? (
        <span role="alert" className="text-destructive">
          {error}
        </span>
      ) : null}
    </span>
  );
  return (
    <ConfirmDialog
      open
      onOpenChange={(v) => (v ? undefined : onClose())}
      title={u.confirmTitle(action.label)}
      description={description}
      confirmLabel={run.isPending ? u.running : u.run}
      cancelLabel={u.cancel}
      pending={run.isPending}
      onConfirm={() =>
        run.mutate(
          { id: action.id, keys },
          {
            onSuccess: (res) => onDone(res.message),
            onError: (e) => setError(e.message),
          },
        )
      }
    />
  );
}
