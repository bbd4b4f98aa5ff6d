/**
 * The list's "보기" menu (issue 36, decision 093): the person's own saved views of this table. Saving keeps the current
 * filters, sort, search and columns; choosing one puts them back (the filters and sort in the URL, the columns in the
 * chooser); a view can be renamed or deleted. The server checks each config against the table.
 */
import { useState } from 'react';
import { ko } from '@suite/shared';
import type { TAdminTable } from '@suite/shared/schemas/admin-builder';
import { ZAdminViewInput, type TAdminView, type TAdminViewConfig } from '@suite/shared/schemas/admin-builder-views';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteView, useSaveView, useViews } from '../api/views';
import { inputClass, Note } from './common';

const v = ko.adminBuilder.views.ui;

/** The list's current state as a view's config (the list route's own shape). */
export function configOf(params: URLSearchParams, columns: string[]): TAdminViewConfig {
  const filters: Record<string, string[]> = {};
  for (const k of new Set(params.keys())) if (k.startsWith('f.')) filters[k.slice(2)] = params.getAll(k).filter(Boolean);
  const sort = params.get('sort');
  return { filters, sort: sort && /^[^.]+\.(asc|desc)$/.test(sort) ? sort : null, columns, q: params.get('q') ?? '' };
}

/** A view's config as the list's URL parameters (page size kept, page back to the first). */
export function paramsOf(current: URLSearchParams, config: TAdminViewConfig): URLSearchParams {
  const next = new URLSearchParams();
  const size = current.get('pageSize');
  if (size) next.set('pageSize', size);
  for (const [c, values] of Object.entries(config.filters)) for (const one of values) next.append(`f.${c}`, one);
  if (config.sort) next.set('sort', config.sort);
  if (config.q) next.set('q', config.q);
  return next;
}

function NameForm({
  initialName,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  initialName: string;
  pending: boolean;
  error: string;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initialName);
  const [local, setLocal] = useState('');
  const shown = local || error;
  return (
    <form
      className="flex flex-wrap items-start gap-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const r = ZAdminViewInput.shape.name.safeParse(name);
        if (!r.success) return setLocal(r.error.issues[0]?.message ?? '');
        setLocal('');
        onSubmit(r.data);
      }}
    >
      <label className="grid min-w-0 flex-1 basis-48 gap-1 text-sm">
        {v.nameLabel}
        <input className={inputClass} value={name} maxLength={80} autoFocus aria-invalid={shown ? true : undefined} onChange={(e) => setName(e.target.value)} />
        {shown ? (
          <span role="alert" className="text-xs text-destructive">
            {shown}
          </span>
        ) : null}
      </label>
      <div className="flex gap-2 self-end">
        <Button type="submit" size="sm" disabled={pending}>
          {v.save}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          {v.cancel}
        </Button>
      </div>
    </form>
  );
}

export function ViewsPanel(props: {
  seedId: string;
  appId: string;
  table: TAdminTable;
  current: TAdminViewConfig;
  chosen: string | null;
  onApply: (view: TAdminView) => void;
}) {
  const views = useViews(props.seedId, props.appId, props.table.name);
  const save = useSaveView(props.seedId, props.appId, props.table.name);
  const del = useDeleteView(props.seedId, props.appId, props.table.name);
  const [mode, setMode] = useState<{ kind: 'new' } | { kind: 'rename'; view: TAdminView } | null>(null);
  const [deleting, setDeleting] = useState<TAdminView | null>(null);
  const [message, setMessage] = useState('');
  const list = views.data?.data ?? [];
  return (
    <Card>
      <CardContent className="grid gap-3 p-3" data-testid="ad-views">
        {views.isError ? <Note alert>{views.error.message}</Note> : null}
        {message ? <Note>{message}</Note> : null}
        {mode ? (
          <NameForm
            key={mode.kind === 'rename' ? mode.view.id : 'new'}
            initialName={mode.kind === 'rename' ? mode.view.name : ''}
            pending={save.isPending}
            error={save.isError ? save.error.message : ''}
            onCancel={() => {
              setMode(null);
              save.reset();
            }}
            onSubmit={(name) =>
              save.mutate(mode.kind === 'rename' ? { id: mode.view.id, body: { name } } : { id: null, body: { name, config: props.current } }, {
                onSuccess: (res) => {
                  setMode(null);
                  setMessage(res.message);
                  if (mode.kind === 'new') props.onApply(res.data);
                },
              })
            }
          />
        ) : (
          <Button size="sm" className="w-fit" onClick={() => (setMessage(''), save.reset(), setMode({ kind: 'new' }))}>
            {v.saveCurrent}
          </Button>
        )}
        {views.data && !list.length ? <Note>{v.none}</Note> : null}
        {list.length ? (
          <ul className="grid gap-1" aria-label={v.menu}>
            {list.map((view) => (
              <li key={view.id} className="flex flex-wrap items-center gap-1 rounded border px-2 py-1 text-sm">
                {/* A long name wraps (at 360 px too) while 이름 바꾸기 and 삭제 stay together on one line at the right. */}
                <Button
                  size="sm"
                  variant={props.chosen === view.id ? 'secondary' : 'ghost'}
                  className="h-auto min-h-9 min-w-0 max-w-full flex-1 basis-28 justify-start py-1.5 text-left whitespace-normal break-keep"
                  aria-pressed={props.chosen === view.id}
                  onClick={() => {
                    props.onApply(view);
                    setMessage(v.applied(view.name));
                  }}
                >
                  {view.name}
                </Button>
                <span className="ml-auto flex shrink-0 gap-1">
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`${view.name} ${v.rename}`}
                    onClick={() => (setMessage(''), save.reset(), setMode({ kind: 'rename', view }))}
                  >
                    {v.rename}
                  </Button>
                  <Button size="sm" variant="outline" aria-label={`${view.name} ${v.delete}`} onClick={() => setDeleting(view)}>
                    {v.delete}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        {del.isError ? <Note alert>{del.error.message}</Note> : null}
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(o) => (o ? undefined : setDeleting(null))}
          title={deleting ? v.deleteConfirm(deleting.name) : ''}
          confirmLabel={v.delete}
          destructive
          pending={del.isPending}
          onConfirm={() => deleting && del.mutate(deleting.id, { onSuccess: (r) => setMessage(r.message), onSettled: () => setDeleting(null) })}
        />
      </CardContent>
    </Card>
  );
}
