import { useMemo, useState } from 'react';
import { ko } from '@suite/shared';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ZAdminRowsQuery, type TAdminColumn, type TAdminTable } from '@suite/shared/schemas/admin-builder';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { ExportClearDialog } from '../components/export-clear';
import { FkPicker } from '../components/fk-picker';
import { useActions } from '../api/actions';
import { useDeleteRows } from '../api/delete-rows';
import { downloadExport } from '../api/export-csv';
import { useImportCsv } from '../api/import-csv';
import { useRows } from '../api/list-rows';
import { GridCell, useInlineGrid } from '../components/inline-grid';
import { configOf, paramsOf, ViewsPanel } from '../components/views-menu';
import { RowActions } from '../components/row-actions';
import { appPath, fromLocal, inputClass, keyOf, labelOf, Note, rowPath, SearchRow, show, t, tableLabel, tablePath, WithAppTable } from '../components/common';

/** /admin/services/admin-builder/apps/:appId/:table: the generated list (server paging, sort, search, filters). */
export function AdminBuilderTablePage() {
  return (
    <WithAppTable>
      {({ seedId, appId, app, table: tb }) => <TableList seedId={seedId} appId={appId} table={tb} canManage={app.canManage} appName={app.name} />}
    </WithAppTable>
  );
}

/** Visible columns in order, remembered per app and table in this browser. */
function useColumnPrefs(appId: string, table: TAdminTable) {
  const storeKey = `admin-builder:${appId}:${table.name}:columns`;
  const base = table.settings.listColumns;
  const [cols, setCols] = useState<string[]>(() => {
    try {
      const saved = JSON.parse(localStorage.getItem(storeKey) ?? 'null') as string[] | null;
      if (Array.isArray(saved)) return saved.filter((c) => base.includes(c));
    } catch {
      /* fall back */
    }
    return base;
  });
  const save = (next: string[]) => {
    setCols(next);
    localStorage.setItem(storeKey, JSON.stringify(next));
  };
  return [cols.length ? cols : base, save] as const;
}

function TableList({ seedId, appId, table, canManage, appName }: { seedId: string; appId: string; table: TAdminTable; canManage: boolean; appName: string }) {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => {
    const p = new URLSearchParams(params);
    if (!p.get('pageSize')) p.set('pageSize', '25');
    return p;
  }, [params]);
  const rows = useRows(seedId, appId, table.name, query);
  const [cols, setCols] = useColumnPrefs(appId, table);
  const [showCols, setShowCols] = useState(false);
  const [showViews, setShowViews] = useState(false);
  // The saved view last chosen (decision 093); applying one remounts the filters so their fields show its values.
  const [chosenView, setChosenView] = useState<{ id: string; stamp: number } | null>(null);
  const [showImport, setShowImport] = useState(false);
  const [picked, setSelected] = useState<string[]>([]);
  const del = useDeleteRows(seedId, appId, table.name);
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const display = table.settings.displayColumn;
  const [exportError, setExportError] = useState('');
  const [exportClear, setExportClear] = useState<'csv' | 'xlsx' | null>(null);
  const can = (r: string) => table.rights.includes(r as never);
  // Rows can be picked for a bulk delete or for an action that runs on a selection (decision 094).
  const actions = useActions(seedId, appId, table.name);
  const selectable = can('delete') || (Array.isArray(actions.data?.data) ? actions.data.data : []).some((a) => a.canRun && a.scope === 'selection');
  const page = Number(query.get('page') ?? 1);
  const pageSize = Number(query.get('pageSize'));
  const total = rows.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const sort = query.get('sort') ?? '';
  const columns = table.columns.filter((c) => cols.includes(c.name)).sort((a, b) => cols.indexOf(a.name) - cols.indexOf(b.name));
  const set = (changes: Record<string, string | string[] | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      next.delete(k);
      for (const one of v === null ? [] : Array.isArray(v) ? v : [v]) if (one !== '') next.append(k, one);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };
  const keys = rows.data?.data.map((r) => keyOf(table, r)) ?? [];
  const { attachTable, ...grid } = useInlineGrid({
    seedId,
    appId,
    table,
    params: query.toString(),
    rows: rows.data?.data ?? [],
    columns,
    open: (key) => void navigate(rowPath(appId, table.name, key)),
  });
  // Only rows on the page shown count as selected (a new filter or page leaves nothing hidden selected).
  const selected = picked.filter((k) => keys.includes(k));
  return (
    <div className="grid gap-4">
      <nav className="flex flex-wrap items-center gap-2 text-sm">
        <Link to={appPath(appId)} className="underline-offset-4 hover:underline">
          {appName}
        </Link>
        <span aria-hidden="true">/</span>
        <span className="font-medium">{tableLabel(table)}</span>
        <span className="ml-auto flex flex-wrap gap-1">
          {can('create') ? (
            <Button asChild size="sm">
              <Link to={`${tablePath(appId, table.name)}/new`}>{t.newRow}</Link>
            </Button>
          ) : null}
          {can('export') ? (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button size="sm" variant="outline">
                  {t.exportMenu}
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                {(['csv', 'xlsx'] as const).map((kind) => (
                  <DropdownMenuItem
                    key={kind}
                    onSelect={() =>
                      void downloadExport(seedId, appId, table.name, query, kind)
                        .then(() => setExportError(''))
                        .catch((e: Error) => setExportError(e.message))
                    }
                  >
                    {kind === 'csv' ? t.exportCsv : t.exportXlsx}
                  </DropdownMenuItem>
                ))}
                {can('unmask') && table.columns.some((c) => c.masked)
                  ? (['csv', 'xlsx'] as const).map((kind) => (
                      <DropdownMenuItem key={`clear-${kind}`} onSelect={() => setExportClear(kind)}>
                        {ko.adminBuilder.roles.ui.exportClear[kind]}
                      </DropdownMenuItem>
                    ))
                  : null}
              </DropdownMenuContent>
            </DropdownMenu>
          ) : null}
          {can('import') ? (
            <Button size="sm" variant="outline" onClick={() => setShowImport((x) => !x)}>
              {t.importCsv}
            </Button>
          ) : null}
          <Button size="sm" variant="outline" aria-expanded={showViews} onClick={() => setShowViews((x) => !x)}>
            {ko.adminBuilder.views.ui.menu}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setShowCols((x) => !x)}>
            {t.columns}
          </Button>
          {canManage ? (
            <Button asChild size="sm" variant="ghost">
              <Link to={`${tablePath(appId, table.name)}/settings`}>{t.settings}</Link>
            </Button>
          ) : null}
        </span>
      </nav>
      {exportError ? <Note alert>{exportError}</Note> : null}
      {exportClear ? (
        <ExportClearDialog seedId={seedId} appId={appId} table={table.name} params={query} kind={exportClear} onClose={() => setExportClear(null)} />
      ) : null}
      {!can('edit') && !can('create') && !can('delete') ? <Note>{t.readOnly}</Note> : null}
      {showViews ? (
        <ViewsPanel
          seedId={seedId}
          appId={appId}
          table={table}
          current={configOf(params, cols)}
          chosen={chosenView?.id ?? null}
          onApply={(view) => {
            setParams(paramsOf(params, view.config), { replace: true });
            setCols(view.config.columns.length ? view.config.columns : table.settings.listColumns);
            setChosenView({ id: view.id, stamp: Date.now() });
          }}
        />
      ) : null}
      {showCols ? <ColumnChooser table={table} cols={cols} onChange={setCols} /> : null}
      {showImport ? <ImportPanel seedId={seedId} appId={appId} table={table} /> : null}
      <Filters key={chosenView?.stamp ?? 0} table={table} seedId={seedId} appId={appId} params={params} set={set} />
      <Card>
        <CardContent className="grid gap-3 p-3">
          {rows.isError ? <Note alert>{rows.error.message}</Note> : null}
          {/* One bar for the selection: how many, the actions the caller may run on them, then 선택한 행 삭제. */}
          {selected.length ? (
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-sm">{t.selected(selected.length)}</span>
              <RowActions seedId={seedId} appId={appId} table={table.name} keys={selected} />
              {can('delete') ? (
                <Button size="sm" variant="destructive" onClick={() => setConfirming(true)}>
                  {t.deleteSelected}
                </Button>
              ) : null}
            </div>
          ) : null}
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t.deleteRowsConfirm(selected.length)}
            confirmLabel={t.deleteSelected}
            destructive
            pending={del.isPending}
            onConfirm={() => del.mutate(selected, { onSuccess: () => setSelected([]), onSettled: () => setConfirming(false) })}
          />
          {del.isError ? <Note alert>{del.error.message}</Note> : null}
          <div className="overflow-x-auto">
            <p id={grid.hintId} className="sr-only">
              {ko.adminBuilder.views.ui.gridHint}
            </p>
            <table ref={attachTable} role="grid" className="w-full text-sm" aria-label={tableLabel(table)} aria-describedby={grid.hintId}>
              <thead>
                <tr className="border-b text-left">
                  {selectable ? (
                    <th className="w-8 p-2">
                      <input
                        type="checkbox"
                        aria-label={t.selected(keys.length)}
                        checked={keys.length > 0 && keys.every((k) => selected.includes(k))}
                        onChange={(e) => setSelected(e.target.checked ? keys : [])}
                      />
                    </th>
                  ) : null}
                  {columns.map((c) => {
                    const dir = sort === `${c.name}.asc` ? 'asc' : sort === `${c.name}.desc` ? 'desc' : null;
                    return (
                      <th
                        key={c.name}
                        className="whitespace-nowrap p-2 font-medium"
                        aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
                      >
                        <button type="button" className="hover:underline" onClick={() => set({ sort: `${c.name}.${dir === 'asc' ? 'desc' : 'asc'}` })}>
                          {labelOf(table, c.name)} {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : ''}
                        </button>
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {rows.data?.data.map((r, ri) => {
                  const key = keyOf(table, r);
                  return (
                    <tr
                      key={key}
                      className={`border-b hover:bg-muted/50 ${table.primaryKey.length ? 'cursor-pointer' : ''}`}
                      data-testid="ad-row"
                      // The whole row opens it (links and check boxes inside keep their own action; a double-click edits a cell).
                      onClick={(e) => grid.onRowClick(e, key)}
                    >
                      {selectable ? (
                        <td className="p-2">
                          <input
                            type="checkbox"
                            aria-label={key}
                            checked={selected.includes(key)}
                            onChange={(e) => setSelected(e.target.checked ? [...selected, key] : selected.filter((x) => x !== key))}
                          />
                        </td>
                      ) : null}
                      {columns.map((c, i) => {
                        const ref = c.ref && r[c.name] !== null ? rows.data?.refs[c.name]?.[String(r[c.name])] : undefined;
                        const text = ref !== undefined ? `${ref} (#${show(r[c.name])})` : show(r[c.name]);
                        return (
                          <GridCell key={c.name} grid={grid} r={ri} c={i} table={table} column={c} row={r}>
                            {(i === 0 || c.name === display) && table.primaryKey.length && !c.ref ? (
                              <Link to={rowPath(appId, table.name, key)} tabIndex={-1} className="underline-offset-4 hover:underline">
                                {text || '—'}
                              </Link>
                            ) : c.ref && r[c.name] !== null ? (
                              <Link to={rowPath(appId, c.ref.table, JSON.stringify([r[c.name]]))} tabIndex={-1} className="underline-offset-4 hover:underline">
                                {text}
                              </Link>
                            ) : (
                              text
                            )}
                          </GridCell>
                        );
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {rows.data && rows.data.data.length === 0 ? <Note>{t.noRows}</Note> : null}
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span data-testid="ad-total">{t.total(total)}</span>
            <span className="ml-auto">{t.page(page, pages)}</span>
            <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => set({ page: String(page - 1) })}>
              {t.prev}
            </Button>
            <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => set({ page: String(page + 1) })}>
              {t.next}
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

const arrowClass = 'grid size-7 place-items-center rounded hover:bg-muted';

function ColumnChooser({ table, cols, onChange }: { table: TAdminTable; cols: string[]; onChange: (c: string[]) => void }) {
  const all = [...cols, ...table.settings.listColumns.filter((c) => !cols.includes(c))];
  const move = (c: string, d: number) => {
    const i = cols.indexOf(c);
    const j = i + d;
    if (i < 0 || j < 0 || j >= cols.length) return;
    const next = [...cols];
    [next[i], next[j]] = [next[j]!, next[i]!];
    onChange(next);
  };
  return (
    <Card>
      <CardContent className="flex flex-wrap gap-3 p-3">
        {all.map((c) => (
          <span key={c} className="flex items-center gap-0.5 rounded border py-0.5 pr-0.5 pl-2 text-sm">
            <label className="flex items-center gap-1">
              <input type="checkbox" checked={cols.includes(c)} onChange={(e) => onChange(e.target.checked ? [...cols, c] : cols.filter((x) => x !== c))} />
              {labelOf(table, c)}
            </label>
            {/* Arrows big enough to tap on a phone (they were the width of the glyph). */}
            <button type="button" className={arrowClass} aria-label={`${labelOf(table, c)} ${t.moveUp}`} onClick={() => move(c, -1)}>
              ↑
            </button>
            <button type="button" className={arrowClass} aria-label={`${labelOf(table, c)} ${t.moveDown}`} onClick={() => move(c, 1)}>
              ↓
            </button>
          </span>
        ))}
      </CardContent>
    </Card>
  );
}

/** The list query's search term (the server checks the same rule). */
const ZSearch = z.object({ q: ZAdminRowsQuery.shape.q });

const filterOf = (params: URLSearchParams, col: string, op: string) =>
  params
    .getAll(`f.${col}`)
    .find((v) => v.startsWith(`${op}:`))
    ?.slice(op.length + 1) ?? '';

function Filters({
  table,
  seedId,
  appId,
  params,
  set,
}: {
  table: TAdminTable;
  seedId: string;
  appId: string;
  params: URLSearchParams;
  set: (c: Record<string, string | string[] | null>) => void;
}) {
  const search = useForm<z.input<typeof ZSearch>, unknown, z.output<typeof ZSearch>>({
    resolver: zodResolver(ZSearch),
    defaultValues: { q: params.get('q') ?? '' },
  });
  const searchError = search.formState.errors.q?.message;
  const setRange = (c: TAdminColumn, op: 'gte' | 'lte' | 'eq', v: string) => {
    const others = params.getAll(`f.${c.name}`).filter((x) => !x.startsWith(`${op}:`));
    set({ [`f.${c.name}`]: v ? [...others, `${op}:${v}`] : others });
  };
  const applyContains = (c: TAdminColumn, raw: string) => {
    const v = raw.trim();
    const others = params.getAll(`f.${c.name}`).filter((x) => !x.startsWith('contains:'));
    const next = v ? [...others, `contains:${v}`] : others;
    if (JSON.stringify(next) !== JSON.stringify(params.getAll(`f.${c.name}`))) set({ [`f.${c.name}`]: next });
  };
  // A range bound: applied on blur or Enter; a datetime bound is Asia/Seoul time.
  const applyBound = (c: TAdminColumn, op: 'gte' | 'lte', raw: string) => {
    const v = c.kind === 'datetime' ? fromLocal(c.type, raw) : raw;
    if (v !== filterOf(params, c.name, op)) setRange(c, op, v);
  };
  const boundProps = (c: TAdminColumn, op: 'gte' | 'lte') => ({
    defaultValue: c.kind === 'datetime' ? filterOf(params, c.name, op).slice(0, 16) : filterOf(params, c.name, op),
    onBlur: (e: React.FocusEvent<HTMLInputElement>) => applyBound(c, op, e.currentTarget.value),
    onKeyDown: (e: React.KeyboardEvent<HTMLInputElement>) => {
      if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
      e.preventDefault();
      applyBound(c, op, e.currentTarget.value);
    },
  });
  // Masked personal data is not filtered by (the server refuses it: decision 092).
  const filterable = table.columns.filter((c) => table.settings.listColumns.includes(c.name) && c.kind !== 'json' && c.kind !== 'other' && !c.masked);
  return (
    <Card>
      <CardHeader className="p-3 pb-0">
        <CardTitle className="text-base">{t.filters}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 p-3">
        <form className="grid gap-1" onSubmit={search.handleSubmit((v) => set({ q: v.q ?? '' }))} noValidate>
          <SearchRow label={t.search} placeholder={t.searchPlaceholder} error={searchError} field={search.register('q')} />
        </form>
        <div className="grid min-w-0 gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {filterable.map((c) => {
            const name = labelOf(table, c.name);
            if (c.enumValues)
              return (
                <label key={c.name} className="grid gap-1 text-sm">
                  {name}
                  <NativeSelect aria-label={name} value={filterOf(params, c.name, 'eq')} onChange={(e) => setRange(c, 'eq', e.target.value)}>
                    <option value="">{t.any}</option>
                    {c.enumValues.map((v) => (
                      <option key={v} value={v}>
                        {v}
                      </option>
                    ))}
                  </NativeSelect>
                </label>
              );
            if (c.ref)
              return (
                <div key={c.name} className="grid gap-1 text-sm">
                  <span>{name}</span>
                  <FkPicker
                    seedId={seedId}
                    appId={appId}
                    table={c.ref.table}
                    value={filterOf(params, c.name, 'eq') || null}
                    onChange={(v) => setRange(c, 'eq', v === null ? '' : String(v))}
                    label={`${name} =`}
                  />
                </div>
              );
            if (c.kind === 'text')
              return (
                <label key={c.name} className="grid gap-1 text-sm">
                  {`${name} ${t.contains}`}
                  <input
                    className={inputClass}
                    aria-label={`${name} ${t.contains}`}
                    defaultValue={filterOf(params, c.name, 'contains')}
                    onBlur={(e) => applyContains(c, e.currentTarget.value)}
                    onKeyDown={(e) => {
                      if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
                      e.preventDefault();
                      applyContains(c, e.currentTarget.value);
                    }}
                  />
                </label>
              );
            if (c.kind === 'boolean')
              return (
                <label key={c.name} className="grid gap-1 text-sm">
                  {name}
                  <NativeSelect
                    aria-label={name}
                    value={filterOf(params, c.name, 'is')}
                    onChange={(e) => set({ [`f.${c.name}`]: e.target.value ? `is:${e.target.value}` : null })}
                  >
                    <option value="">{t.any}</option>
                    <option value="true">{t.yes}</option>
                    <option value="false">{t.no}</option>
                  </NativeSelect>
                </label>
              );
            const type = c.kind === 'number' ? 'number' : c.kind === 'date' ? 'date' : 'datetime-local';
            return (
              <fieldset key={c.name} className="grid min-w-0 gap-1 text-sm" data-testid={`ad-range-${c.name}`}>
                <legend>{name}</legend>
                {/* A fieldset is min-content wide by default: min-w-0 and wrapping keep two datetime fields inside 360 px. */}
                <div className="flex min-w-0 flex-wrap items-center gap-1">
                  <input type={type} lang="ko" className={`${inputClass} min-w-0 flex-1 basis-36`} aria-label={`${name} ${t.from}`} {...boundProps(c, 'gte')} />
                  <span aria-hidden="true">~</span>
                  <input type={type} lang="ko" className={`${inputClass} min-w-0 flex-1 basis-36`} aria-label={`${name} ${t.to}`} {...boundProps(c, 'lte')} />
                </div>
              </fieldset>
            );
          })}
        </div>
        {[...params.keys()].some((k) => k.startsWith('f.') || k === 'q') ? (
          <Button
            variant="ghost"
            size="sm"
            className="w-fit"
            onClick={() => {
              search.reset({ q: '' });
              set(Object.fromEntries([...params.keys()].filter((k) => k.startsWith('f.') || k === 'q').map((k) => [k, null])));
            }}
          >
            {t.clearFilters}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

/**
 * The file's bytes in base64: a CSV (the server detects UTF-8 with or without BOM, or CP949) or an Excel workbook
 * (.xlsx, its first sheet); the server answers the decoded preview.
 */
async function fileBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

function ImportPanel({ seedId, appId, table }: { seedId: string; appId: string; table: TAdminTable }) {
  const [csv, setCsv] = useState('');
  const [file, setFile] = useState<{ name: string; base64: string; xlsx: boolean } | null>(null);
  // One key per content: a retry after a dropped connection returns the first result instead of importing twice.
  const [importId, setImportId] = useState(() => crypto.randomUUID());
  const imp = useImportCsv(seedId, appId, table.name);
  const res = imp.data;
  const source = file ? (file.xlsx ? { xlsxBase64: file.base64 } : { csvBase64: file.base64 }) : { csv };
  const ready = Boolean(file || csv);
  return (
    <Card>
      <CardContent className="grid gap-2 p-3">
        <Note>{t.importHint}</Note>
        <input
          type="file"
          accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-label={t.importCsv}
          onChange={(e) => {
            const f = e.target.files?.[0];
            imp.reset();
            setImportId(crypto.randomUUID());
            if (!f) return setFile(null);
            void fileBase64(f).then((base64) => {
              setFile({ name: f.name, base64, xlsx: /\.xlsx$/i.test(f.name) || base64.startsWith('UEsDB') });
              setCsv('');
            });
          }}
        />
        <Textarea
          aria-label="CSV"
          rows={5}
          value={csv}
          placeholder={file ? file.name : undefined}
          onChange={(e) => {
            setCsv(e.target.value);
            setFile(null);
            imp.reset();
            setImportId(crypto.randomUUID());
          }}
        />
        <div className="flex gap-2">
          <Button size="sm" variant="outline" disabled={!ready || imp.isPending} onClick={() => imp.mutate({ ...source, commit: false })}>
            {t.preview}
          </Button>
          <Button
            size="sm"
            disabled={!ready || imp.isPending || !res || !res.success || res.imported > 0}
            onClick={() => imp.mutate({ ...source, commit: true, importId })}
          >
            {t.importNow}
          </Button>
        </div>
        {imp.isError ? <Note alert>{imp.error.message}</Note> : null}
        {res ? <Note>{t.encoding(res.encoding === 'xlsx' ? t.encodingXlsx : res.encoding === 'cp949' ? t.encodingCp949 : t.encodingUtf8)}</Note> : null}
        {res?.message ? <Note alert={!res.success}>{res.message}</Note> : null}
        {res && res.rows.length ? (
          <ul className="grid gap-1 text-sm" data-testid="ad-import-rows">
            {res.rows.map((r) => (
              <li key={r.line} className={r.errors.length ? 'text-destructive' : ''}>
                {t.line(r.line)}:{' '}
                {r.errors.length ? r.errors.map((e) => e.message).join(' ') : `${t.ok} — ${res.columns.map((c) => show(r.values[c])).join(', ')}`}
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
