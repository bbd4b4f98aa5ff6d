import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { TAdminTable } from '@suite/shared/schemas/admin-builder';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteRows } from '../api/delete-rows';
import { useRow } from '../api/get-row';
import { useRows } from '../api/list-rows';
import { useSaveRow } from '../api/save-row';
import { RowForm } from '../components/row-form';
import { MaskedFields } from '../components/reveal';
import { RowActions } from '../components/row-actions';
import { keyOf, labelOf, Note, rowPath, show, t, tableLabel, tablePath, WithAppTable } from '../components/common';

/** /…/apps/:appId/:table/row?key=… (detail, edit, related rows) and /…/:table/new (create). */
export function AdminBuilderRowPage({ mode }: { mode: 'row' | 'new' }) {
  const [params] = useSearchParams();
  return (
    <WithAppTable>
      {({ seedId, appId, app, table: tb }) =>
        mode === 'new' ? (
          <Create seedId={seedId} appId={appId} table={tb} />
        ) : (
          <Detail key={params.get('key') ?? ''} seedId={seedId} appId={appId} table={tb} rowKey={params.get('key') ?? ''} schema={app.schema} />
        )
      }
    </WithAppTable>
  );
}

function Create({ seedId, appId, table }: { seedId: string; appId: string; table: TAdminTable }) {
  const save = useSaveRow(seedId, appId, table.name);
  const navigate = useNavigate();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{`${tableLabel(table)} — ${t.newRow}`}</CardTitle>
        <Link to={tablePath(appId, table.name)} className="text-sm underline">
          {t.back}
        </Link>
      </CardHeader>
      <CardContent>
        <RowForm
          seedId={seedId}
          appId={appId}
          table={table}
          row={null}
          refs={{}}
          saving={save.isPending}
          error={save.error}
          readOnly={!table.rights.includes('create')}
          onSubmit={(values) =>
            save.mutate(
              { key: null, values },
              { onSuccess: (r) => void navigate(table.primaryKey.length ? rowPath(appId, table.name, keyOf(table, r.data)) : tablePath(appId, table.name)) },
            )
          }
        />
      </CardContent>
    </Card>
  );
}

function Detail({ seedId, appId, table, rowKey, schema }: { seedId: string; appId: string; table: TAdminTable; rowKey: string; schema: TAdminTable[] }) {
  const row = useRow(seedId, appId, table.name, rowKey);
  const save = useSaveRow(seedId, appId, table.name);
  const del = useDeleteRows(seedId, appId, table.name);
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const [tab, setTab] = useState<string>('detail');
  const [saved, setSaved] = useState('');
  // The form keeps what the user typed: a background refetch never resets it; a save starts it again from the saved row.
  const [version, setVersion] = useState(0);
  const [savedRow, setSavedRow] = useState<Record<string, unknown> | null>(null);
  if (row.isError) return <Note alert>{row.error.message}</Note>;
  if (!row.data) return <Note>{t.loading}</Note>;
  const data = row.data.data;
  const related = table.related.filter((r) => schema.some((s) => s.name === r.table));
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Link to={tablePath(appId, table.name)} className="text-sm underline">
          {t.back}
        </Link>
        <span className="ml-auto flex gap-1" role="tablist">
          <Button size="sm" role="tab" aria-selected={tab === 'detail'} variant={tab === 'detail' ? 'default' : 'outline'} onClick={() => setTab('detail')}>
            {t.detail}
          </Button>
          {related.map((r) => (
            <Button
              key={`${r.table}.${r.column}`}
              size="sm"
              role="tab"
              aria-selected={tab === r.table}
              variant={tab === r.table ? 'default' : 'outline'}
              onClick={() => setTab(r.table)}
            >
              {`${t.related}: ${tableLabel(schema.find((s) => s.name === r.table)!)}`}
            </Button>
          ))}
        </span>
      </div>
      {tab === 'detail' ? (
        <Card>
          <CardHeader className="flex flex-row flex-wrap items-center gap-2">
            <CardTitle className="text-lg">{`${tableLabel(table)} ${table.primaryKey.map((k) => show(data[k])).join(', ')}`}</CardTitle>
            {table.rights.includes('delete') ? (
              <Button size="sm" variant="destructive" className="ml-auto" onClick={() => setConfirming(true)}>
                {t.delete}
              </Button>
            ) : null}
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              title={t.deleteRowConfirm}
              confirmLabel={t.delete}
              destructive
              pending={del.isPending}
              onConfirm={() => del.mutate([rowKey], { onSuccess: () => void navigate(tablePath(appId, table.name)), onSettled: () => setConfirming(false) })}
            />
          </CardHeader>
          <CardContent className="grid gap-3">
            {del.isError ? <Note alert>{del.error.message}</Note> : null}
            <RowActions seedId={seedId} appId={appId} table={table.name} keys={[rowKey]} />
            {saved ? (
              <p role="status" className="text-sm text-green-700 dark:text-green-400">
                {saved}
              </p>
            ) : null}
            {table.columns
              .filter((c) => c.ref && data[c.name] !== null && data[c.name] !== undefined)
              .map((c) => (
                <p key={c.name} className="text-sm">
                  {labelOf(table, c.name)}:{' '}
                  <Link className="underline" to={rowPath(appId, c.ref!.table, JSON.stringify([data[c.name]]))}>
                    {`${row.data.refs[c.name]?.[String(data[c.name])] ?? show(data[c.name])} — ${t.openRef}`}
                  </Link>
                </p>
              ))}
            <MaskedFields seedId={seedId} appId={appId} table={table} rowKey={rowKey} row={savedRow ?? data} />
            <RowForm
              key={version}
              seedId={seedId}
              appId={appId}
              table={table}
              row={savedRow ?? data}
              refs={row.data.refs}
              saving={save.isPending}
              error={save.error}
              readOnly={!table.rights.includes('edit')}
              onSubmit={(values) =>
                save.mutate(
                  { key: rowKey, values },
                  {
                    onSuccess: (r) => {
                      setSaved(r.message);
                      setSavedRow(r.data);
                      setVersion((v) => v + 1);
                      const next = keyOf(table, r.data);
                      if (next !== rowKey) void navigate(rowPath(appId, table.name, next), { replace: true });
                    },
                  },
                )
              }
            />
          </CardContent>
        </Card>
      ) : (
        <Related
          seedId={seedId}
          appId={appId}
          table={schema.find((s) => s.name === tab)!}
          column={related.find((r) => r.table === tab)!.column}
          value={data[related.find((r) => r.table === tab)!.refColumn]}
        />
      )}
    </div>
  );
}

function Related({ seedId, appId, table, column, value }: { seedId: string; appId: string; table: TAdminTable; column: string; value: unknown }) {
  const params = new URLSearchParams({ pageSize: '50', [`f.${column}`]: `eq:${String(value)}` });
  const rows = useRows(seedId, appId, table.name, params);
  const cols = table.settings.listColumns.slice(0, 6);
  return (
    <Card>
      <CardContent className="grid gap-2 p-3">
        {rows.isError ? <Note alert>{rows.error.message}</Note> : null}
        <Link
          className="text-sm underline"
          to={`${tablePath(appId, table.name)}?${params.toString()}`}
        >{`${tableLabel(table)} ${t.total(rows.data?.total ?? 0)}`}</Link>
        <table className="w-full text-sm" aria-label={`${t.related}: ${tableLabel(table)}`}>
          <thead>
            <tr className="border-b text-left">
              {cols.map((c) => (
                <th key={c} className="p-2">
                  {labelOf(table, c)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.data?.data.map((r) => (
              <tr key={keyOf(table, r)} className="border-b">
                {cols.map((c, i) => (
                  <td key={c} className="p-2">
                    {i === 0 && table.primaryKey.length ? (
                      <Link className="underline" to={rowPath(appId, table.name, keyOf(table, r))}>
                        {show(r[c])}
                      </Link>
                    ) : (
                      show(r[c])
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
