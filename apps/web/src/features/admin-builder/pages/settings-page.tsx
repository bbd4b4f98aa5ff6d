import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useParams } from 'react-router';
import { ZAdminTableSettings, type TAdminRight, type TAdminTable, type TAdminTableSettings } from '@suite/shared/schemas/admin-builder';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useApp } from '../api/get-app';
import { useSaveSettings } from '../api/save-settings';
import { isManager, Note, t, tableLabel, tablePath, useSelectedSeed } from '../components/common';
import { ko } from '@suite/shared';

const RIGHTS: TAdminRight[] = ['view', 'create', 'edit', 'delete'];

/** /…/apps/:appId/:table/settings: labels, list/form/read-only columns, default sort, role rights (managers). */
export function AdminBuilderSettingsPage() {
  const { appId = '', table = '' } = useParams();
  const { seed } = useSelectedSeed();
  const app = useApp(seed?.id ?? '', appId);
  if (!seed) return <Note>{t.noSeed}</Note>;
  if (!isManager(seed.role)) return <Note>{ko.adminBuilder.server.managersOnly}</Note>;
  if (app.isError) return <Note alert>{app.error.message}</Note>;
  if (!app.data) return <Note>{t.loading}</Note>;
  const tb = app.data.schema.find((x) => x.name === table);
  if (!tb) return <Note alert>{t.noRows}</Note>;
  return <SettingsForm key={JSON.stringify(tb.settings)} seedId={seed.id} appId={appId} table={tb} canSetRights={app.data.canSetRights} />;
}

function Checks({
  legend,
  all,
  value,
  onChange,
  label,
  error,
  disabled,
}: {
  disabled?: boolean;
  legend: string;
  all: string[];
  value: string[];
  onChange: (v: string[]) => void;
  label?: (x: string) => string;
  error?: string | undefined;
}) {
  return (
    <fieldset className="grid gap-1" disabled={disabled}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-3">
        {all.map((x) => (
          <label key={x} className="flex items-center gap-1 text-sm">
            <input type="checkbox" checked={value.includes(x)} onChange={(e) => onChange(e.target.checked ? [...value, x] : value.filter((y) => y !== x))} />
            {label ? label(x) : x}
          </label>
        ))}
      </div>
      {error ? <Note alert>{error}</Note> : null}
    </fieldset>
  );
}

function SettingsForm({ seedId, appId, table, canSetRights }: { seedId: string; appId: string; table: TAdminTable; canSetRights: boolean }) {
  const save = useSaveSettings(seedId, appId, table.name);
  const cols = table.columns.map((c) => c.name);
  const columnOptions = cols.map((c) => (
    <option key={c} value={c}>
      {c}
    </option>
  ));
  const inTableOrder = (v: string[]) => cols.filter((c) => v.includes(c));
  // Column names may hold a '.', which react-hook-form reads as a path: the per-column values are set as whole objects.
  const { register, handleSubmit, formState, setValue, watch } = useForm<TAdminTableSettings>({
    resolver: zodResolver(ZAdminTableSettings),
    defaultValues: table.settings,
  });
  const s = watch();
  const err = formState.errors;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{`${tableLabel(table)} — ${t.settings}`}</CardTitle>
        <Link to={tablePath(appId, table.name)} className="text-sm underline">
          {t.back}
        </Link>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={handleSubmit((v) => save.mutate(v))} noValidate>
          <label className="grid gap-1 text-sm font-medium">
            {t.label}
            <Input maxLength={60} placeholder={table.name} aria-invalid={err.label ? true : undefined} {...register('label')} />
          </label>
          {err.label?.message ? <Note alert>{err.label.message}</Note> : null}
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">{`${t.label} (${t.columns})`}</legend>
            <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {cols.map((c) => (
                <label key={c} className="grid gap-1 text-sm">
                  <span className="font-mono text-xs">{c}</span>
                  <Input
                    value={s.columnLabels[c] ?? ''}
                    maxLength={60}
                    placeholder={c}
                    aria-invalid={err.columnLabels?.[c] ? true : undefined}
                    onChange={(e) => setValue('columnLabels', { ...s.columnLabels, [c]: e.target.value })}
                  />
                  {err.columnLabels?.[c]?.message ? <Note alert>{err.columnLabels[c].message}</Note> : null}
                </label>
              ))}
            </div>
          </fieldset>
          {(
            [
              ['listColumns', t.listColumns],
              ['formColumns', t.formColumns],
              ['readOnlyColumns', t.readOnlyColumns],
            ] as const
          ).map(([name, legend]) => (
            <Checks
              key={name}
              legend={legend}
              all={cols}
              value={s[name]}
              error={err[name]?.message}
              disabled={!canSetRights}
              onChange={(v) => setValue(name, name === 'readOnlyColumns' ? v : inTableOrder(v))}
            />
          ))}
          <div className="grid gap-1">
            <Checks
              legend={ko.adminBuilder.roles.ui.maskedColumns}
              all={cols}
              value={s.maskedColumns ?? []}
              disabled={!canSetRights}
              onChange={(v) => setValue('maskedColumns', inTableOrder(v))}
            />
            <Note>{ko.adminBuilder.roles.ui.maskedColumnsHint}</Note>
          </div>
          <div className="grid gap-2 sm:grid-cols-2">
            <label className="grid gap-1 text-sm font-medium">
              {t.defaultSort}
              <NativeSelect
                value={s.defaultSort?.column ?? ''}
                onChange={(e) => setValue('defaultSort', e.target.value ? { column: e.target.value, dir: s.defaultSort?.dir ?? 'asc' } : null)}
              >
                <option value="">—</option>
                {columnOptions}
              </NativeSelect>
            </label>
            <label className="grid gap-1 text-sm font-medium">
              {`${t.defaultSort} (${t.asc}/${t.desc})`}
              <NativeSelect
                value={s.defaultSort?.dir ?? 'asc'}
                disabled={!s.defaultSort}
                onChange={(e) => s.defaultSort && setValue('defaultSort', { ...s.defaultSort, dir: e.target.value as 'asc' | 'desc' })}
              >
                <option value="asc">{t.asc}</option>
                <option value="desc">{t.desc}</option>
              </NativeSelect>
            </label>
            <label className="grid gap-1 text-sm font-medium">
              {t.displayColumn}
              <NativeSelect value={s.displayColumn ?? ''} onChange={(e) => setValue('displayColumn', e.target.value || null)}>
                {columnOptions}
              </NativeSelect>
            </label>
          </div>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">{t.permissions}</legend>
            <Note>{t.ownerAll}</Note>
            {canSetRights ? null : <Note>{ko.adminBuilder.server.ownerOnlyRights}</Note>}
            <Checks
              legend={t.roleAdmin}
              all={RIGHTS}
              value={s.permissions.admin}
              label={(r) => t.rights[r] ?? r}
              disabled={!canSetRights}
              onChange={(v) => setValue('permissions.admin', v as TAdminRight[])}
            />
            <Checks
              legend={t.roleMember}
              all={RIGHTS}
              value={s.permissions.member}
              label={(r) => t.rights[r] ?? r}
              onChange={(v) => setValue('permissions.member', v as TAdminRight[])}
            />
          </fieldset>
          {save.isError ? <Note alert>{save.error.message}</Note> : null}
          {save.isSuccess ? (
            <p role="status" className="text-sm text-green-700 dark:text-green-400">
              {ko.adminBuilder.server.settingsSaved}
            </p>
          ) : null}
          <Button type="submit" className="w-fit" disabled={save.isPending}>
            {t.save}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
