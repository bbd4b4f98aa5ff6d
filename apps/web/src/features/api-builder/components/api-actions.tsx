import { useState } from 'react';
import { ko } from '@suite/shared';
import type { TApiDefinition } from '@suite/shared/schemas/api-builder';
import { toast, toastError } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteApi } from '../api/delete-api';
import { useUpdateApi } from '../api/update-api';
import { fromPublished, TablePicker, toPublished, type TPicked } from './table-picker';

const p = ko.apiBuilder.ui.publish;

/** A published API's editor (tables and requests) and its unpublishing, confirmed in a dialog. */
export function ApiActions({ seedId, api }: { seedId: string; api: TApiDefinition }) {
  const update = useUpdateApi(seedId);
  const remove = useDeleteApi(seedId);
  const [editing, setEditing] = useState(false);
  const [picked, setPicked] = useState<TPicked>({});
  const [confirm, setConfirm] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tables = toPublished(picked, api.tables);
  const startEdit = () => {
    setPicked(fromPublished(api.tables));
    setError(null);
    setEditing(true);
  };
  const save = async () => {
    setError(null);
    try {
      const r = await update.mutateAsync({ apiId: api.id, body: { tables } });
      toast.success(r.message);
      setEditing(false);
    } catch (e) {
      setError(e instanceof Error ? e.message : ko.errors.internal);
    }
  };
  const unpublish = async () => {
    try {
      const r = await remove.mutateAsync(api.id);
      toast.success(r.message);
      setConfirm(false);
    } catch (e) {
      toastError(e, ko.errors.internal);
    }
  };
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => (editing ? setEditing(false) : startEdit())} aria-expanded={editing}>
          {editing ? p.cancel : p.edit}
        </Button>
        <Button size="sm" variant="outline" className="text-destructive" onClick={() => setConfirm(true)}>
          {p.unpublish}
        </Button>
      </div>
      {editing ? (
        <section className="grid gap-3 rounded-md border border-primary/40 p-3" aria-label={p.editTitle(api.connectionName)}>
          <p className="text-sm font-medium break-keep">{p.editTitle(api.connectionName)}</p>
          <TablePicker seedId={seedId} connectionId={api.connectionId} value={picked} onChange={setPicked} idPrefix={`edit-${api.id.slice(0, 8)}`} />
          {error ? (
            <p role="alert" className="text-sm text-destructive break-keep">
              {error}
            </p>
          ) : null}
          <div className="flex gap-2">
            <Button size="sm" onClick={() => void save()} disabled={!tables.length || update.isPending}>
              {p.saveEdit}
            </Button>
          </div>
        </section>
      ) : null}
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={p.unpublishTitle}
        description={
          <div className="grid gap-2 break-keep">
            <p>{p.unpublishBody(api.baseUrl)}</p>
            {api.cacheMode === 'trigger' ? <p>{p.unpublishTriggers}</p> : null}
          </div>
        }
        confirmLabel={p.unpublish}
        destructive
        pending={remove.isPending}
        onConfirm={() => void unpublish()}
      />
    </div>
  );
}
