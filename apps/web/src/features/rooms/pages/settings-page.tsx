import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast, toastError } from '@/lib/toast';
import { ko } from '@suite/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormCard } from '@/components/form-card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ZRoomSettings, type TRoom, type TRoomSettings } from '@suite/shared/schemas/rooms';
import { useCalendarFeed, useCalendarFeedAction } from '../api/calendar-feed';
import { useRoomMutation } from '../api/room-mutation';
import { useRoomSettings, useSaveRoomSettings } from '../api/room-settings';
import { useRooms } from '../api/list-rooms';
import { RoomFormDialog } from '../components/room-form';
import { ClosedDaysCard } from '../components/closed-days';
import { BookingRulesCard } from '../components/booking-rules';
import { DoorSettingsCard } from '../components/door-settings';
import { CalendarSyncCard } from '../components/calendar-sync-card';
import { NoSeed, useSelectedSeed } from '../components/use-seed-id';
import { hhmm } from '../lib/seoul';

const t = ko.rooms.ui;

export function RoomSettingsPage() {
  const { seed } = useSelectedSeed();
  if (!seed) return <NoSeed />;
  return (
    <div className="grid gap-4">
      <RoomsCard seedId={seed.id} />
      <SettingsCard seedId={seed.id} />
      <HolidaysCard seedId={seed.id} />
      <BookingRulesCard seedId={seed.id} />
      <DoorCard seedId={seed.id} />
      <CalendarSyncCard seedId={seed.id} />
      <FeedCard />
    </div>
  );
}

function RoomsCard({ seedId }: { seedId: string }) {
  const rooms = useRooms(seedId);
  const settings = useRoomSettings(seedId);
  const del = useRoomMutation(seedId);
  const [editing, setEditing] = useState<TRoom | null | 'new'>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const canManage = settings.data?.canManage ?? false;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle className="text-lg">{t.rooms}</CardTitle>
          {!canManage ? <CardDescription className="break-keep">{t.managersOnlyNote}</CardDescription> : null}
        </div>
        {canManage ? (
          <Button size="sm" onClick={() => setEditing('new')}>
            {t.addRoom}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {rooms.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {rooms.error.message}
          </p>
        ) : null}
        {rooms.data?.length === 0 ? <p className="text-sm text-muted-foreground">{t.noRoomsHere}</p> : null}
        <ul className="grid gap-2">
          {rooms.data?.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
              <div className="grid min-w-0 gap-0.5">
                <span className="flex items-center gap-2 font-medium">
                  {r.name}
                  {!r.active ? <Badge variant="secondary">{t.inactive}</Badge> : null}
                </span>
                <span className="text-xs text-muted-foreground break-keep">
                  {[
                    r.location,
                    t.capacityN(r.capacity),
                    r.equipment.join(', '),
                    `${r.weekdays.map((d) => t.weekdayNames[d - 1]).join('·')} ${hhmm(r.openMinute)}–${hhmm(r.closeMinute)}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </div>
              {canManage ? (
                <div className="flex gap-2">
                  <Button size="sm" variant="outline" onClick={() => setEditing(r)}>
                    {t.editRoom}
                  </Button>
                  {deleting === r.id ? (
                    <Button
                      size="sm"
                      variant="destructive"
                      disabled={del.isPending}
                      onClick={() =>
                        del.mutate(
                          { method: 'DELETE', roomId: r.id },
                          {
                            onSuccess: (x) => {
                              toast.success(x.message);
                              setDeleting(null);
                            },
                            onError: (e) => toastError(e),
                          },
                        )
                      }
                    >
                      {t.confirmDeleteRoom}
                    </Button>
                  ) : (
                    <Button size="sm" variant="ghost" onClick={() => setDeleting(r.id)}>
                      {t.deleteRoom}
                    </Button>
                  )}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </CardContent>
      <RoomFormDialog seedId={seedId} room={editing === 'new' ? null : editing} open={editing !== null} onClose={() => setEditing(null)} />
    </Card>
  );
}

function HolidaysCard({ seedId }: { seedId: string }) {
  const settings = useRoomSettings(seedId);
  return <ClosedDaysCard seedId={seedId} canManage={settings.data?.canManage ?? false} />;
}

function DoorCard({ seedId }: { seedId: string }) {
  const settings = useRoomSettings(seedId);
  return <DoorSettingsCard seedId={seedId} canManage={settings.data?.canManage ?? false} />;
}

function SettingsCard({ seedId }: { seedId: string }) {
  const settings = useRoomSettings(seedId);
  if (!settings.data) return null;
  return <SettingsForm key={JSON.stringify(settings.data.data)} seedId={seedId} initial={settings.data.data} canManage={settings.data.canManage} />;
}

function SettingsForm({ seedId, initial, canManage }: { seedId: string; initial: TRoomSettings; canManage: boolean }) {
  const save = useSaveRoomSettings(seedId);
  const { register, handleSubmit, formState, watch, setValue } = useForm<TRoomSettings>({ resolver: zodResolver(ZRoomSettings), defaultValues: initial });
  const submit = handleSubmit((body) =>
    save.mutate(body, { onSuccess: () => toast.success(ko.rooms.server.settingsSaved), onError: (err) => toastError(err) }),
  );
  const minutesError = formState.errors.reminderMinutes?.message;
  return (
    <FormCard title={t.settingsTitle} onSubmit={submit} canSave={canManage} saving={save.isPending} saveLabel={t.save}>
      <div className="grid gap-1.5">
        <Label htmlFor="st-min">{t.reminderMinutes}</Label>
        <Input
          id="st-min"
          type="number"
          min={0}
          max={1440}
          inputMode="numeric"
          disabled={!canManage}
          {...register('reminderMinutes', { valueAsNumber: true })}
        />
        {minutesError ? (
          <p role="alert" className="text-sm text-destructive break-keep">
            {minutesError}
          </p>
        ) : null}
      </div>
      <label className="flex items-center gap-2 text-sm break-keep">
        <Checkbox checked={watch('autoRelease')} onCheckedChange={(c) => setValue('autoRelease', c === true)} disabled={!canManage} />
        {t.autoRelease}
      </label>
    </FormCard>
  );
}

function FeedCard() {
  const feed = useCalendarFeed();
  const action = useCalendarFeedAction();
  const [url, setUrl] = useState<string | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t.feedTitle}</CardTitle>
        <CardDescription className="break-keep">{t.feedHint}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm">
          {feed.data?.active && feed.data.createdAt
            ? t.feedActive(new Date(feed.data.createdAt).toLocaleString('ko-KR', { timeZone: 'Asia/Seoul' }))
            : t.feedNone}
        </p>
        {url ? <Input readOnly value={url} aria-label={t.feedTitle} onFocus={(e) => e.target.select()} /> : null}
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            onClick={() =>
              action.mutate('create', {
                onSuccess: (r) => {
                  setUrl('url' in r ? r.url : null);
                  toast.success(r.message);
                },
                onError: (e) => toastError(e),
              })
            }
          >
            {feed.data?.active ? t.feedRegenerate : t.feedCreate}
          </Button>
          {feed.data?.active ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                action.mutate('revoke', {
                  onSuccess: (r) => {
                    setUrl(null);
                    toast.success(r.message);
                  },
                  onError: (e) => toastError(e),
                })
              }
            >
              {t.feedRevoke}
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
