import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Link, useNavigate } from 'react-router';
import { ZCreateAdminAppInput, ZRenameAdminAppInput, type TAdminApp } from '@suite/shared/schemas/admin-builder';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Badge } from '@/components/ui/badge';
import { ApiError } from '@/lib/api';
import { useCreateApp } from '../api/create-app';
import { useDeleteApp } from '../api/delete-app';
import { useApps } from '../api/list-apps';
import { useConnectionTables } from '../api/list-connection-tables';
import { useConnections } from '../api/list-connections';
import { useRenameApp } from '../api/rename-app';
import { appPath, auditPath, isManager, Note, t, useSelectedSeed } from '../components/common';

/** /admin/services/admin-builder: the seed's admin apps and the create wizard (connection, tables). */
export function AdminBuilderAppsPage() {
  const { seed } = useSelectedSeed();
  if (!seed) return <Note>{t.noSeed}</Note>;
  return (
    <div className="grid gap-4">
      <Note>{t.subtitle}</Note>
      <AppList seedId={seed.id} />
      {isManager(seed.role) ? <CreateApp seedId={seed.id} /> : null}
    </div>
  );
}

function AppList({ seedId }: { seedId: string }) {
  const apps = useApps(seedId);
  const rename = useRenameApp(seedId);
  const del = useDeleteApp(seedId);
  const [deleting, setDeleting] = useState<TAdminApp | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t.apps}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {apps.isLoading ? <Note>{t.loading}</Note> : null}
        {apps.isError ? <Note alert>{apps.error.message}</Note> : null}
        {apps.data?.length === 0 ? <Note>{t.noApps}</Note> : null}
        <ul className="grid gap-2">
          {apps.data?.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center gap-2 rounded-md border p-3">
              {editing === a.id ? (
                <RenameForm app={a} rename={rename} onDone={() => setEditing(null)} />
              ) : (
                <Link to={appPath(a.id)} className="font-medium underline-offset-4 hover:underline">
                  {a.name}
                </Link>
              )}
              <Badge variant="secondary">{a.connectionName}</Badge>
              <span className="text-xs text-muted-foreground">{a.tables.join(', ')}</span>
              <span className="ml-auto flex gap-1">
                {a.canManage ? (
                  <>
                    <Button asChild size="sm" variant="ghost">
                      <Link to={auditPath(a.id)}>{t.audit}</Link>
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setEditing(a.id)}>
                      {t.rename}
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setDeleting(a)}>
                      {t.deleteApp}
                    </Button>
                  </>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
        {rename.isError ? <Note alert>{rename.error.message}</Note> : null}
        {del.isError ? <Note alert>{del.error.message}</Note> : null}
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(open) => !open && setDeleting(null)}
          title={deleting ? t.deleteAppConfirm(deleting.name) : ''}
          confirmLabel={t.deleteApp}
          destructive
          pending={del.isPending}
          onConfirm={() => deleting && del.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        />
      </CardContent>
    </Card>
  );
}

function RenameForm({ app, rename, onDone }: { app: TAdminApp; rename: ReturnType<typeof useRenameApp>; onDone: () => void }) {
  const { register, handleSubmit, formState } = useForm<z.input<typeof ZRenameAdminAppInput>, unknown, z.output<typeof ZRenameAdminAppInput>>({
    resolver: zodResolver(ZRenameAdminAppInput),
    defaultValues: { name: app.name },
  });
  const error = formState.errors.name?.message;
  return (
    <form
      className="flex flex-1 flex-wrap gap-2"
      onSubmit={handleSubmit((v) => rename.mutate({ appId: app.id, name: v.name }, { onSuccess: onDone }))}
      noValidate
    >
      <Input aria-label={t.appName} className="max-w-xs" aria-invalid={error ? true : undefined} {...register('name')} />
      <Button type="submit" size="sm">
        {t.save}
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={onDone}>
        {t.cancel}
      </Button>
      {error ? (
        <div className="basis-full">
          <Note alert>{error}</Note>
        </div>
      ) : null}
    </form>
  );
}

function CreateApp({ seedId }: { seedId: string }) {
  const conns = useConnections(seedId);
  const { register, handleSubmit, formState, setValue, watch } = useForm<z.input<typeof ZCreateAdminAppInput>, unknown, z.output<typeof ZCreateAdminAppInput>>({
    resolver: zodResolver(ZCreateAdminAppInput),
    defaultValues: { name: '', connectionId: '', tables: [] },
  });
  const [name, connectionId, picked] = watch(['name', 'connectionId', 'tables']);
  const fieldErr = formState.errors;
  const tables = useConnectionTables(seedId, connectionId);
  const create = useCreateApp(seedId);
  const navigate = useNavigate();
  const err = create.error instanceof ApiError ? create.error : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t.createTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        {conns.data?.length === 0 ? (
          <div className="grid gap-2">
            <Note>{t.noConnections}</Note>
            <Button asChild variant="outline" className="w-fit">
              <Link to="/admin/services/api-builder">{t.toApiBuilder}</Link>
            </Button>
          </div>
        ) : (
          <form className="grid gap-3" onSubmit={handleSubmit((v) => create.mutate(v, { onSuccess: (r) => void navigate(appPath(r.id)) }))} noValidate>
            <div className="grid gap-1">
              <Label htmlFor="ad-name">{t.appName}</Label>
              <Input id="ad-name" maxLength={60} required aria-invalid={fieldErr.name ? true : undefined} {...register('name')} />
              {fieldErr.name?.message ? <Note alert>{fieldErr.name.message}</Note> : null}
            </div>
            <div className="grid gap-1">
              <Label htmlFor="ad-conn">{t.connection}</Label>
              <NativeSelect id="ad-conn" required {...register('connectionId', { onChange: () => setValue('tables', []) })}>
                <option value="">{t.pick}</option>
                {conns.data?.map((c) => (
                  <option key={c.id} value={c.id}>{`${c.name} (${c.database})`}</option>
                ))}
              </NativeSelect>
              {fieldErr.connectionId?.message ? <Note alert>{fieldErr.connectionId.message}</Note> : null}
            </div>
            {connectionId ? (
              <fieldset className="grid gap-1">
                <legend className="text-sm font-medium">{t.pickTables}</legend>
                {tables.isLoading ? <Note>{t.loading}</Note> : null}
                <div className="flex flex-wrap gap-3">
                  {tables.data?.map((tb) => (
                    <label key={tb.name} className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        checked={picked.includes(tb.name)}
                        onChange={(e) => setValue('tables', e.target.checked ? [...picked, tb.name] : picked.filter((x) => x !== tb.name))}
                      />
                      <span className="font-mono">{tb.name}</span>
                      {tb.kind === 'view' ? <Badge variant="outline">{t.view}</Badge> : null}
                    </label>
                  ))}
                </div>
                {fieldErr.tables?.message ? <Note alert>{fieldErr.tables.message}</Note> : null}
              </fieldset>
            ) : null}
            {err ? <Note alert>{err.message}</Note> : null}
            <Button type="submit" className="w-fit" disabled={create.isPending || !name.trim() || !connectionId || !picked.length}>
              {create.isPending ? t.creating : t.create}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
