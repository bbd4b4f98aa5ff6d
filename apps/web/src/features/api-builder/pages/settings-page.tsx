import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast, toastError } from '@/lib/toast';
import { ko } from '@suite/shared';
import { lowHitRatio } from '../lib/hit-ratio';
import { ZUpdateApiInput, type TApiConnection, type TApiDefinition } from '@suite/shared/schemas/api-builder';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useChangeTriggers } from '../api/change-triggers';
import { useApis } from '../api/list-apis';
import { useConnections } from '../api/list-connections';
import { useKeys } from '../api/list-keys';
import { fetchTables } from '../api/list-tables';
import { useRevokeKey } from '../api/revoke-key';
import { useUpdateApi } from '../api/update-api';
import { ApiActions } from '../components/api-actions';
import { AggregatesToggle } from '../components/aggregates-toggle';
import { FunctionPicker } from '../components/function-picker';
import { EndUserAccess } from '../components/end-user-access';
import { ConnectionForm } from '../components/connection-form';
import { DeleteConnectionDialog } from '../components/delete-connection-dialog';
import { KeyForm } from '../components/key-form';
import { KeyPersonalToggle } from '../components/key-personal-toggle';
import { PublishApi } from '../components/publish-api';
import { isManager, ManagersOnly, NoSeed, useSelectedSeed } from '../components/use-seed';

const t = ko.apiBuilder.ui;
const fail = (e: unknown) => toastError(e, ko.errors.internal);

/** /admin/services/api-builder/settings: connections (publish an API from any of them), keys, the published APIs and their cache. */
export function ApiBuilderSettingsPage() {
  const { seed } = useSelectedSeed();
  if (!seed) return <NoSeed />;
  if (!isManager(seed.role)) return <ManagersOnly />;
  return (
    <div className="grid gap-4">
      <Connections seedId={seed.id} />
      <Keys seedId={seed.id} />
      <Cache seedId={seed.id} />
    </div>
  );
}

function Connections({ seedId }: { seedId: string }) {
  const conns = useConnections(seedId);
  const [adding, setAdding] = useState(false);
  const [publishFor, setPublishFor] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TApiConnection | null>(null);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-lg">{t.connections}</CardTitle>
        <Button size="sm" variant={adding ? 'outline' : 'default'} onClick={() => setAdding((a) => !a)}>
          {adding ? ko.rooms.ui.close : t.firstRun.steps[0]}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-3">
        {adding ? (
          <ConnectionForm
            seedId={seedId}
            onCreated={(c) => {
              setAdding(false);
              setPublishFor(c.id);
            }}
          />
        ) : null}
        {conns.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {conns.error.message}
          </p>
        ) : null}
        {conns.data?.length === 0 ? <p className="text-sm text-muted-foreground">{t.noConnections}</p> : null}
        <ul className="grid gap-2">
          {conns.data?.map((c) => (
            <li key={c.id} className="grid gap-3 rounded-md border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="grid min-w-0 gap-0.5">
                  <span className="flex flex-wrap items-center gap-2 font-medium">
                    {c.name} <Badge variant="outline">{t.form.engines[c.engine]}</Badge>
                    <Badge variant={c.canWrite ? 'destructive' : 'secondary'}>{c.canWrite ? t.canWrite : t.readOnly}</Badge>
                  </span>
                  <span className="break-all text-xs text-muted-foreground">
                    {c.user}@{c.host}:{c.port}/{c.database} · {t.tables(c.tableCount)} · {c.statementTimeoutMs}ms · {c.rowCap}
                  </span>
                  {c.canWrite ? <span className="text-xs text-muted-foreground break-keep">{t.form.readOnlyAdvice}</span> : null}
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" variant={publishFor === c.id ? 'outline' : 'default'} onClick={() => setPublishFor((x) => (x === c.id ? null : c.id))}>
                    {publishFor === c.id ? t.publish.close : t.publish.publishFor}
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => fetchTables(seedId, c.id, true).then(() => toast.success(t.resync), fail)}>
                    {t.resync}
                  </Button>
                  <Button size="sm" variant="outline" className="text-destructive" onClick={() => setDeleting(c)}>
                    {t.deleteConnection}
                  </Button>
                </div>
              </div>
              {publishFor === c.id ? <PublishApi seedId={seedId} connectionId={c.id} fixedConnection onPublished={() => setPublishFor(null)} /> : null}
            </li>
          ))}
        </ul>
        <DeleteConnectionDialog seedId={seedId} connection={deleting} onClose={() => setDeleting(null)} />
      </CardContent>
    </Card>
  );
}

function Keys({ seedId }: { seedId: string }) {
  const keys = useKeys(seedId);
  const apis = useApis(seedId);
  const revoke = useRevokeKey(seedId);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t.keys}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {apis.data?.length ? (
          <KeyForm seedId={seedId} apis={apis.data} />
        ) : (
          <p className="text-sm text-muted-foreground break-keep">{t.publish.noApisSettings}</p>
        )}
        {keys.data?.length === 0 ? <p className="text-sm text-muted-foreground">{t.noKeys}</p> : null}
        <ul className="grid gap-2">
          {keys.data?.map((k) => (
            <li key={k.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm">
              <span className="grid gap-0.5">
                <span className="flex items-center gap-2 font-medium">
                  {k.name} <code className="text-xs">{k.prefix}…</code> {k.revokedAt ? <Badge variant="secondary">{t.revoked}</Badge> : null}
                  {k.readPersonalData ? <Badge variant="outline">{t.keyForm.personalBadge}</Badge> : null}
                </span>
                <span className="text-xs text-muted-foreground">
                  {t.keyScope(k.methods?.map((m) => t.methodLabels[m]).join(', ') ?? t.all, k.tables?.join(', ') ?? t.all)} ·{' '}
                  {t.perMinute(k.rateLimitPerMinute)} · {t.callsToday} {k.callsToday}
                </span>
              </span>
              {!k.revokedAt ? (
                <span className="flex items-center gap-3">
                  <KeyPersonalToggle seedId={seedId} apiKey={k} />
                  <Button size="sm" variant="outline" onClick={() => revoke.mutateAsync(k.id).then((r) => toast.success(r.message), fail)}>
                    {t.revoke}
                  </Button>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function Cache({ seedId }: { seedId: string }) {
  const apis = useApis(seedId);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t.apisAndCache}</CardTitle>
        <CardDescription className="break-keep">{t.ttlNote}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {apis.data?.length === 0 ? <p className="text-sm text-muted-foreground break-keep">{t.publish.noApisSettings}</p> : null}
        {apis.data?.map((a) => (
          <CacheRow key={a.id} seedId={seedId} api={a} />
        ))}
      </CardContent>
    </Card>
  );
}

const ZTtlForm = ZUpdateApiInput.pick({ cacheTtlSeconds: true });

function CacheRow({ seedId, api }: { seedId: string; api: TApiDefinition }) {
  const update = useUpdateApi(seedId);
  const triggers = useChangeTriggers(seedId);
  const { register, handleSubmit, formState } = useForm<z.input<typeof ZTtlForm>>({
    resolver: zodResolver(ZTtlForm),
    defaultValues: { cacheTtlSeconds: api.cacheTtlSeconds },
  });
  const onSubmit = handleSubmit((body) => update.mutateAsync({ apiId: api.id, body }).then((r) => toast.success(r.message), fail));
  const ttlError = formState.errors.cacheTtlSeconds?.message;
  const total = api.cacheHitsToday + api.cacheMissesToday;
  return (
    <div className="grid gap-2 rounded-md border p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{api.connectionName}</span>
        <Badge>{t.cacheMode[api.cacheMode]}</Badge>
        <span className="text-xs text-muted-foreground">
          {t.hitRatio} {total ? `${Math.round((api.cacheHitsToday / total) * 1000) / 10}%` : t.noData}
        </span>
      </div>
      {lowHitRatio(api.cacheHitsToday, api.cacheMissesToday) ? <p className="text-xs text-amber-700 dark:text-amber-400">{t.lowHitRatio}</p> : null}
      <code className="break-all text-xs text-muted-foreground">{api.baseUrl}</code>
      <span className="text-xs text-muted-foreground">
        {api.tables.map((x) => `${x.name} (${x.methods.map((m) => t.methodLabels[m]).join(', ')})`).join(' · ')}
      </span>
      <ApiActions seedId={seedId} api={api} />
      <AggregatesToggle seedId={seedId} api={api} />
      <FunctionPicker seedId={seedId} api={api} />
      <EndUserAccess seedId={seedId} api={api} />
      {api.engine === 'postgres' ? (
        <div className="grid gap-1">
          <p className="text-xs text-muted-foreground break-keep">{t.triggersConsent}</p>
          <div>
            <Button
              size="sm"
              variant={api.cacheMode === 'trigger' ? 'outline' : 'default'}
              disabled={triggers.isPending}
              onClick={() => triggers.mutateAsync({ apiId: api.id, install: api.cacheMode !== 'trigger' }).then((r) => toast.success(r.message), fail)}
            >
              {api.cacheMode === 'trigger' ? t.removeTriggers : t.installTriggers}
            </Button>
          </div>
        </div>
      ) : (
        <p className="text-xs text-muted-foreground break-keep">{t.probeNote}</p>
      )}
      <form className="flex flex-wrap items-end gap-2" onSubmit={onSubmit} noValidate>
        <div className="grid gap-1">
          <Label htmlFor={`ttl-${api.id}`}>{t.cacheTtl}</Label>
          <Input
            id={`ttl-${api.id}`}
            inputMode="numeric"
            className="w-28"
            aria-invalid={ttlError ? true : undefined}
            {...register('cacheTtlSeconds', { setValueAs: (v: string) => Number(v) })}
          />
        </div>
        <Button size="sm" type="submit" variant="outline" disabled={update.isPending}>
          {t.save}
        </Button>
        {ttlError ? (
          <p role="alert" className="basis-full text-sm text-destructive">
            {ttlError}
          </p>
        ) : null}
      </form>
    </div>
  );
}
