import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { koCalendarSync } from '@suite/shared/messages/ko-calendar-sync';
import { ZCalDavConnectInput, type TCalDavConnectInput, type TCalendarConnection } from '@suite/shared/schemas/calendar-sync';
import { toast, toastError } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useCalendarConnections, useConnectCalDav, useDisconnectCalendar, useRoomAddresses, useStartGoogle, useSyncNow } from '../api/calendar-sync';

const t = koCalendarSync;
const seoulTime = (iso: string) => new Date(iso).toLocaleString('ko-KR', { timeZone: 'Asia/Seoul' });

/**
 * '캘린더 연결': the member's Google and CalDAV connections (status, last sync, error, sync now, disconnect), the
 * forms to connect, and the rooms' calendar addresses to invite from there (issue 37).
 */
export function CalendarSyncCard({ seedId }: { seedId: string }) {
  const list = useCalendarConnections();
  const startGoogle = useStartGoogle();
  const [params, setParams] = useSearchParams();
  const result = params.get('calendar');
  useEffect(() => {
    if (!result) return;
    if (result === 'connected') toast.success(t.oauthResult.connected);
    else toast.error(result === 'denied' ? t.oauthResult.denied : t.oauthResult.failed);
    const next = new URLSearchParams(params);
    next.delete('calendar');
    setParams(next, { replace: true });
  }, [result, params, setParams]);
  const connections = list.data?.data ?? [];
  const hasGoogle = connections.some((c) => c.provider === 'google');
  const hasCalDav = connections.some((c) => c.provider === 'caldav');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t.title}</CardTitle>
        <CardDescription className="break-keep">{t.intro}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {connections.length === 0 && list.isSuccess ? <p className="text-sm text-muted-foreground">{t.none}</p> : null}
        <ul className="grid gap-3">
          {connections.map((c) => (
            <ConnectionRow key={c.id} connection={c} />
          ))}
        </ul>
        {!hasGoogle ? (
          <div className="grid gap-1">
            <div>
              <Button
                size="sm"
                disabled={!list.data?.googleAvailable || startGoogle.isPending}
                onClick={() => startGoogle.mutate(undefined, { onError: (e) => toastError(e) })}
              >
                {t.connectGoogle}
              </Button>
            </div>
            {list.data && !list.data.googleAvailable ? <p className="text-xs text-muted-foreground break-keep">{t.server.googleNotConfigured}</p> : null}
          </div>
        ) : null}
        {!hasCalDav ? <CalDavForm /> : null}
        <RoomAddresses seedId={seedId} />
      </CardContent>
    </Card>
  );
}

function ConnectionRow({ connection: c }: { connection: TCalendarConnection }) {
  const sync = useSyncNow();
  const disconnect = useDisconnectCalendar();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="grid gap-1 rounded-md border p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{c.provider === 'google' ? t.google : t.caldav}</span>
        <Badge variant={c.status === 'error' ? 'destructive' : 'secondary'}>{t.status[c.status]}</Badge>
        <span className="text-muted-foreground break-all">{c.accountEmail || c.calendarUrl}</span>
      </div>
      <p className="text-muted-foreground">{c.lastSyncAt ? t.lastSync(seoulTime(c.lastSyncAt)) : t.neverSynced}</p>
      {c.lastError ? (
        <p className="text-destructive break-keep" role="alert">
          {c.lastError}
        </p>
      ) : null}
      {confirming ? <p className="break-keep">{t.disconnectConfirm}</p> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={sync.isPending}
          onClick={() => sync.mutate(c.id, { onSuccess: (r) => toast.success(r.message), onError: (e) => toastError(e) })}
        >
          {t.syncNow}
        </Button>
        <Button
          size="sm"
          variant={confirming ? 'destructive' : 'outline'}
          disabled={disconnect.isPending}
          onClick={() => {
            if (!confirming) return setConfirming(true);
            disconnect.mutate(c.id, { onSuccess: (r) => toast.success(r.message), onError: (e) => toastError(e) });
          }}
        >
          {t.disconnect}
        </Button>
      </div>
    </li>
  );
}

function CalDavForm() {
  const connect = useConnectCalDav();
  const { register, handleSubmit, formState, reset } = useForm<TCalDavConnectInput, unknown, z.output<typeof ZCalDavConnectInput>>({
    resolver: zodResolver(ZCalDavConnectInput),
    defaultValues: { serverUrl: '', username: '', password: '' },
  });
  const submit = handleSubmit((body) =>
    connect.mutate(
      { ...body, ...(body.calendarUrl ? {} : { calendarUrl: undefined }) },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          reset();
        },
        onError: (e) => toastError(e),
      },
    ),
  );
  const e = formState.errors;
  return (
    <form className="grid gap-3 rounded-md border p-3" onSubmit={submit} noValidate>
      <p className="text-sm font-medium">{t.caldav}</p>
      <div className="grid gap-1">
        <Label htmlFor="caldav-server">{t.serverUrl}</Label>
        <Input id="caldav-server" inputMode="url" autoComplete="url" {...register('serverUrl')} />
        <p className="text-xs text-muted-foreground break-keep">{t.serverUrlHint}</p>
        <FieldError message={e.serverUrl?.message} />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="caldav-calendar">{t.calendarUrl}</Label>
        <Input id="caldav-calendar" inputMode="url" {...register('calendarUrl', { setValueAs: (v: string) => (v ? v : undefined) })} />
        <FieldError message={e.calendarUrl?.message} />
      </div>
      <div className="grid gap-1 sm:grid-cols-2 sm:gap-3">
        <div className="grid gap-1">
          <Label htmlFor="caldav-user">{t.username}</Label>
          <Input id="caldav-user" autoComplete="username" {...register('username')} />
          <FieldError message={e.username?.message} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="caldav-password">{t.password}</Label>
          <Input id="caldav-password" type="password" autoComplete="new-password" {...register('password')} />
          <FieldError message={e.password?.message} />
        </div>
      </div>
      <p className="text-xs text-muted-foreground break-keep">{t.passwordHint}</p>
      <div>
        <Button size="sm" type="submit" disabled={connect.isPending}>
          {t.connectCaldav}
        </Button>
      </div>
    </form>
  );
}

function RoomAddresses({ seedId }: { seedId: string }) {
  const addresses = useRoomAddresses(seedId);
  const rows = addresses.data?.data ?? [];
  if (rows.length === 0) return null;
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium">{t.roomAddresses}</p>
      <p className="text-xs text-muted-foreground break-keep">{t.roomAddressesHint}</p>
      <ul className="grid gap-1 text-sm">
        {rows.map((r) => (
          <li key={r.roomId} className="flex flex-wrap items-center gap-2">
            <span className="min-w-24 font-medium">{r.name}</span>
            <code className="break-all text-xs">{r.address}</code>
            <Button
              size="sm"
              variant="ghost"
              onClick={() =>
                void navigator.clipboard.writeText(r.address).then(
                  () => toast.success(t.copied),
                  (err: unknown) => toastError(err),
                )
              }
            >
              {t.copy}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
