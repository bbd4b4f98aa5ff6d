import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from '@/lib/toast';
import { ko } from '@suite/shared';
import { ZCreateApiKeyInput, ZUpdateApiInput, type TApiDefinition } from '@suite/shared/schemas/api-builder';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useChangeTriggers } from '../api/change-triggers';
import { useCreateKey } from '../api/create-key';
import { useDeleteConnection } from '../api/delete-connection';
import { useApis } from '../api/list-apis';
import { useConnections } from '../api/list-connections';
import { useKeys } from '../api/list-keys';
import { fetchTables } from '../api/list-tables';
import { useRevokeKey } from '../api/revoke-key';
import { useUpdateApi } from '../api/update-api';
import { ConnectionForm } from '../components/connection-form';
import { CopyBlock } from '../components/snippets';
import { isManager, ManagersOnly, NoSeed, useSelectedSeed } from '../components/use-seed';

const t = ko.apiBuilder.ui;
const fail = (e: unknown) => toast.error(e instanceof Error ? e.message : ko.errors.internal);

/** /admin/services/api-builder/settings: connections, keys, cache. */
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
  const del = useDeleteConnection(seedId);
  const [adding, setAdding] = useState(false);
  const [confirm, setConfirm] = useState<string | null>(null);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-lg">{t.connections}</CardTitle>
        <Button size="sm" variant={adding ? 'outline' : 'default'} onClick={() => setAdding((a) => !a)}>
          {adding ? ko.rooms.ui.close : t.firstRun.steps[0]}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-3">
        {adding ? <ConnectionForm seedId={seedId} onCreated={() => setAdding(false)} /> : null}
        {conns.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {conns.error.message}
          </p>
        ) : null}
        {conns.data?.length === 0 ? <p className="text-sm text-muted-foreground">{t.noConnections}</p> : null}
        <ul className="grid gap-2">
          {conns.data?.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
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
              <div className="flex gap-2">
                <Button size="sm" variant="outline" onClick={() => fetchTables(seedId, c.id, true).then(() => toast.success(t.resync), fail)}>
                  {t.resync}
                </Button>
                {confirm === c.id ? (
                  <Button size="sm" variant="destructive" onClick={() => del.mutateAsync(c.id).then((r) => toast.success(r.message), fail)}>
                    {t.confirmDelete}
                  </Button>
                ) : (
                  <Button size="sm" variant="outline" onClick={() => setConfirm(c.id)}>
                    {t.deleteConnection}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The shared key schema's name; the API is the one picked (the first one until another is picked; the server checks it). */
const ZKeyForm = ZCreateApiKeyInput.pick({ name: true }).extend({ apiId: z.string(), readOnly: z.boolean() });

function Keys({ seedId }: { seedId: string }) {
  const keys = useKeys(seedId);
  const apis = useApis(seedId);
  const create = useCreateKey(seedId);
  const revoke = useRevokeKey(seedId);
  const [shown, setShown] = useState<string | null>(null);
  const { register, handleSubmit, formState, resetField, setValue, watch } = useForm<z.input<typeof ZKeyForm>, unknown, z.output<typeof ZKeyForm>>({
    resolver: zodResolver(ZKeyForm),
    defaultValues: { name: '', apiId: '', readOnly: true },
  });
  const submit = handleSubmit(async (v) => {
    try {
      const r = await create.mutateAsync({ name: v.name, apiId: v.apiId || apis.data?.[0]?.id || '', ...(v.readOnly ? { methods: ['GET'] } : {}) });
      setShown(r.key);
      resetField('name');
    } catch (err) {
      fail(err);
    }
  });
  const nameError = formState.errors.name?.message;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t.keys}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1">
            <Label htmlFor="key-name">{t.firstRun.keyName}</Label>
            <Input id="key-name" className="w-48" aria-invalid={nameError ? true : undefined} {...register('name')} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="key-api">{t.test.api}</Label>
            {/* Controlled: until one is picked, the first API shows as picked (it is the one sent). */}
            <NativeSelect id="key-api" value={watch('apiId')} onChange={(e) => setValue('apiId', e.target.value)}>
              {apis.data?.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.connectionName} ({a.id.slice(0, 8)})
                </option>
              ))}
            </NativeSelect>
          </div>
          <label className="flex items-center gap-1 pb-2 text-sm">
            <input type="checkbox" {...register('readOnly')} /> {t.getOnly}
          </label>
          <Button type="submit" disabled={!watch('name').trim() || !apis.data?.length || create.isPending}>
            {t.newKey}
          </Button>
          {nameError ? (
            <p role="alert" className="basis-full text-sm text-destructive">
              {nameError}
            </p>
          ) : null}
        </form>
        {shown ? (
          <div className="grid gap-1 rounded-md border border-primary/40 p-2">
            <p className="text-sm break-keep">{t.firstRun.keyOnce}</p>
            <CopyBlock label={t.keys} text={shown} />
          </div>
        ) : null}
        {keys.data?.length === 0 ? <p className="text-sm text-muted-foreground">{t.noKeys}</p> : null}
        <ul className="grid gap-2">
          {keys.data?.map((k) => (
            <li key={k.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm">
              <span className="grid gap-0.5">
                <span className="flex items-center gap-2 font-medium">
                  {k.name} <code className="text-xs">{k.prefix}…</code> {k.revokedAt ? <Badge variant="secondary">{t.revoked}</Badge> : null}
                </span>
                <span className="text-xs text-muted-foreground">
                  {t.keyScope(k.methods?.join(', ') ?? t.all, k.tables?.join(', ') ?? t.all)} · {t.perMinute(k.rateLimitPerMinute)} · {t.callsToday}{' '}
                  {k.callsToday}
                </span>
              </span>
              {!k.revokedAt ? (
                <Button size="sm" variant="outline" onClick={() => revoke.mutateAsync(k.id).then((r) => toast.success(r.message), fail)}>
                  {t.revoke}
                </Button>
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
        <CardTitle className="text-lg">{t.cache}</CardTitle>
        <CardDescription className="break-keep">{t.ttlNote}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {apis.data?.length === 0 ? <p className="text-sm text-muted-foreground">{t.noApis}</p> : null}
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
