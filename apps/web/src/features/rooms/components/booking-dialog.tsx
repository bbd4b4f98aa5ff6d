import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ko, MAX_SERIES_OCCURRENCES } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import type { TBooking, TRoom } from '@suite/shared/schemas/rooms';
import { useBookingAction } from '../api/booking-action';
import { useCreateBooking } from '../api/create-booking';
import { useMemberChoices } from '../api/member-choices';
import { useUpdateBooking } from '../api/update-booking';
import { getBookingIcs } from '../api/booking-ics';
import { useSendMinutes } from '../api/send-minutes';
import { beyondCap } from '../lib/series';
import { addDays, dateLabel, hhmm, seoulDate, seoulInstant, seoulMinute, slotLabel } from '../lib/seoul';

const t = ko.rooms.ui;
const status = ko.rooms.status;

/** What the dialog opens with: a new booking (room, date, minutes) or an existing one. */
export type TDialogTarget = { kind: 'new'; roomId?: string; date: string; start: number; end: number } | { kind: 'edit'; booking: TBooking };

const times = Array.from({ length: 97 }, (_, i) => i * 15);
const splitEmails = (s: string) =>
  s
    .split(/[\s,;]+/)
    .map((x) => x.trim())
    .filter(Boolean);

export function BookingDialog({ seedId, rooms, target, onClose }: { seedId: string; rooms: TRoom[]; target: TDialogTarget | null; onClose: () => void }) {
  return (
    <Dialog open={Boolean(target)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] max-w-lg overflow-y-auto" closeLabel={t.close}>
        {target?.kind === 'new' ? (
          <NewBooking
            key={`${target.roomId ?? ''}-${target.date}-${target.start}-${target.end}`}
            seedId={seedId}
            rooms={rooms}
            target={target}
            onDone={onClose}
          />
        ) : null}
        {target?.kind === 'edit' ? <EditBooking key={target.booking.id} seedId={seedId} booking={target.booking} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

function TimeSelect({
  id,
  value,
  onChange,
  min = 0,
  max = 1440,
  disabled = false,
}: {
  id: string;
  value: number;
  onChange: (v: number) => void;
  min?: number;
  max?: number;
  disabled?: boolean;
}) {
  return (
    <NativeSelect id={id} value={value} disabled={disabled} onChange={(e) => onChange(Number(e.target.value))}>
      {times
        .filter((m) => m >= min && m <= max)
        .map((m) => (
          <option key={m} value={m}>
            {hhmm(m)}
          </option>
        ))}
    </NativeSelect>
  );
}

/** A field of a booking the viewer cannot change: plain text, not a disabled input. */
function ReadField({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="whitespace-pre-wrap break-words">{children}</dd>
    </div>
  );
}

/** Attendee addresses, with a picker that adds a member of the seed. */
function Attendees({ id, seedId, value, onChange }: { id: string; seedId: string; value: string; onChange: (v: string) => void }) {
  const members = useMemberChoices(seedId);
  const chosen = new Set(splitEmails(value).map((e) => e.toLowerCase()));
  const left = (members.data ?? []).filter((m) => !chosen.has(m.email.toLowerCase()));
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{`${t.attendees} (${t.attendeesHint})`}</Label>
      <Textarea id={id} rows={2} value={value} onChange={(e) => onChange(e.target.value)} />
      {left.length ? (
        <NativeSelect aria-label={t.addMember} value="" onChange={(e) => e.target.value && onChange([...splitEmails(value), e.target.value].join(', '))}>
          <option value="">{t.addMember}</option>
          {left.map((m) => (
            <option key={m.user_id} value={m.email}>{`${m.full_name} (${m.email})`}</option>
          ))}
        </NativeSelect>
      ) : null}
    </div>
  );
}

function NewBooking({
  seedId,
  rooms,
  target,
  onDone,
}: {
  seedId: string;
  rooms: TRoom[];
  target: Extract<TDialogTarget, { kind: 'new' }>;
  onDone: () => void;
}) {
  const active = rooms.filter((r) => r.active);
  const [roomId, setRoomId] = useState(target.roomId ?? active[0]?.id ?? '');
  const [date, setDate] = useState(target.date);
  const [start, setStart] = useState(target.start);
  const [end, setEnd] = useState(target.end);
  const [title, setTitle] = useState('');
  const [attendees, setAttendees] = useState('');
  const [agenda, setAgenda] = useState('');
  const [repeat, setRepeat] = useState<'' | 'daily' | 'weekly'>('');
  const [until, setUntil] = useState(addDays(target.date, 28));
  const [error, setError] = useState<string | null>(null);
  const [skipped, setSkipped] = useState<{ startsAt: string; endsAt: string; reason: string }[]>([]);
  const [leftOut, setLeftOut] = useState<string[]>([]);
  const create = useCreateBooking(seedId);
  // Said before booking: a series past the cap books only its first occurrences.
  const cap = repeat && until >= date ? beyondCap(date, repeat, until) : null;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const body = {
      roomId,
      title,
      startsAt: seoulInstant(date, start).toISOString(),
      endsAt: seoulInstant(date, end).toISOString(),
      attendees: splitEmails(attendees),
      agenda,
      ...(repeat ? { recurrence: { freq: repeat, until } } : {}),
    };
    create.mutate(body, {
      onSuccess: (r) => {
        toast.success(r.message);
        if (r.skipped.length || r.leftOut.length) {
          setSkipped(r.skipped);
          setLeftOut(r.leftOut);
        } else onDone();
      },
      onError: (err) => {
        setError(err.message);
        toast.error(err.message);
      },
    });
  };

  if (skipped.length || leftOut.length) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>{t.skipped}</DialogTitle>
        </DialogHeader>
        {leftOut.length ? (
          <p className="text-sm break-keep" data-testid="series-left-out">
            {t.beyondLimit(MAX_SERIES_OCCURRENCES, leftOut.length, dateLabel(leftOut[0]!), dateLabel(leftOut[leftOut.length - 1]!))}
          </p>
        ) : null}
        <ul className="grid gap-2 text-sm">
          {skipped.map((s) => (
            <li key={s.startsAt} className="rounded-md border p-2 break-keep">
              <div className="font-medium">{slotLabel(s.startsAt, s.endsAt)}</div>
              <div className="text-muted-foreground">{s.reason}</div>
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button onClick={onDone}>{t.close}</Button>
        </DialogFooter>
      </>
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-3" noValidate>
      <DialogHeader>
        <DialogTitle>{t.newBooking}</DialogTitle>
        <DialogDescription className="sr-only">{t.newBooking}</DialogDescription>
      </DialogHeader>
      <Field id="bk-title" label={t.meetingTitle}>
        <Input id="bk-title" value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={100} autoFocus />
      </Field>
      <Field id="bk-room" label={t.room}>
        <NativeSelect id="bk-room" value={roomId} onChange={(e) => setRoomId(e.target.value)}>
          {active.map((r) => (
            <option key={r.id} value={r.id}>{`${r.name} · ${t.capacityN(r.capacity)}`}</option>
          ))}
        </NativeSelect>
      </Field>
      <div className="grid grid-cols-3 gap-2">
        <Field id="bk-date" label={t.date}>
          <Input id="bk-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} required />
        </Field>
        <Field id="bk-start" label={t.from}>
          <TimeSelect
            id="bk-start"
            value={start}
            max={1425}
            onChange={(v) => {
              setStart(v);
              if (end <= v) setEnd(v + 30 > 1440 ? 1440 : v + 30);
            }}
          />
        </Field>
        <Field id="bk-end" label={t.to}>
          <TimeSelect id="bk-end" value={end} min={start + 15} onChange={setEnd} />
        </Field>
      </div>
      <Attendees id="bk-attendees" seedId={seedId} value={attendees} onChange={setAttendees} />
      <Field id="bk-agenda" label={t.agenda}>
        <Textarea id="bk-agenda" rows={3} value={agenda} onChange={(e) => setAgenda(e.target.value)} />
      </Field>
      <div className="grid grid-cols-2 gap-2">
        <Field id="bk-repeat" label={t.repeat}>
          <NativeSelect id="bk-repeat" value={repeat} onChange={(e) => setRepeat(e.target.value as '' | 'daily' | 'weekly')}>
            <option value="">{t.repeatNone}</option>
            <option value="daily">{t.repeatDaily}</option>
            <option value="weekly">{t.repeatWeekly}</option>
          </NativeSelect>
        </Field>
        {repeat ? (
          <Field id="bk-until" label={t.repeatUntil}>
            <Input id="bk-until" type="date" value={until} onChange={(e) => setUntil(e.target.value)} />
          </Field>
        ) : null}
      </div>
      {cap?.left.length ? (
        <p
          role="status"
          className="rounded-md border border-amber-500/50 bg-amber-50 p-2 text-sm text-amber-950 break-keep dark:bg-amber-950/40 dark:text-amber-100"
          data-testid="series-limit"
        >
          {t.seriesLimit(MAX_SERIES_OCCURRENCES, cap.total, dateLabel(cap.lastBooked))}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive break-keep">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="submit" disabled={create.isPending || !roomId}>
          {t.book}
        </Button>
      </DialogFooter>
    </form>
  );
}

function EditBooking({ seedId, booking, onDone }: { seedId: string; booking: TBooking; onDone: () => void }) {
  const [title, setTitle] = useState(booking.title);
  const [date, setDate] = useState(seoulDate(booking.startsAt));
  const [start, setStart] = useState(seoulMinute(booking.startsAt));
  const [end, setEnd] = useState(seoulMinute(booking.endsAt) || 1440);
  const [attendees, setAttendees] = useState(booking.attendees.map((a) => a.email).join(', '));
  const [agenda, setAgenda] = useState(booking.agenda);
  const [minutes, setMinutes] = useState(booking.minutes);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateBooking(seedId);
  const action = useBookingAction(seedId);
  const send = useSendMinutes(seedId);
  const [confirming, setConfirming] = useState(false);
  const [now] = useState(() => Date.now());

  const fail = (err: Error) => {
    setError(err.message);
    toast.error(err.message);
  };
  const save = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    update.mutate(
      {
        id: booking.id,
        body: {
          title,
          startsAt: seoulInstant(date, start).toISOString(),
          endsAt: seoulInstant(date, end).toISOString(),
          attendees: splitEmails(attendees),
          agenda,
        },
      },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          onDone();
        },
        onError: fail,
      },
    );
  };
  const [savedMinutes, setSavedMinutes] = useState(booking.minutes);
  const saveMinutes = () =>
    update.mutate(
      { id: booking.id, body: { minutes } },
      {
        onSuccess: () => {
          setSavedMinutes(minutes);
          toast.success(t.minutesSaved);
        },
        onError: fail,
      },
    );
  const sendSavedMinutes = () => send.mutate(booking.id, { onSuccess: (r) => toast.success(r.message), onError: fail });
  const run = (kind: 'cancel' | 'cancel-following' | 'check-in') =>
    action.mutate(
      { id: booking.id, action: kind },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          onDone();
        },
        onError: fail,
      },
    );
  const download = async () => {
    try {
      const text = await getBookingIcs(seedId, booking.id);
      const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `${booking.title}.ics`;
      a.click();
      URL.revokeObjectURL(url);
    } catch (err) {
      fail(err as Error);
    }
  };
  const ro = !booking.canEdit;
  const canCheckIn =
    booking.status === 'confirmed' && booking.canWriteMinutes && now >= Date.parse(booking.startsAt) - 15 * 60_000 && now < Date.parse(booking.endsAt);

  return (
    <div className="grid gap-3">
      <DialogHeader>
        <DialogTitle>{t.editBooking}</DialogTitle>
        <DialogDescription className="break-keep">{`${booking.roomName} · ${slotLabel(booking.startsAt, booking.endsAt)} · ${status[booking.status] ?? booking.status} · ${t.organizer} ${booking.organizer.name}`}</DialogDescription>
      </DialogHeader>
      {ro ? <p className="text-xs text-muted-foreground break-keep">{t.readOnlyNote}</p> : null}
      {ro ? (
        <dl className="grid gap-3 text-sm" data-testid="booking-readonly">
          <ReadField label={t.meetingTitle}>{booking.title}</ReadField>
          <ReadField label={t.date}>{slotLabel(booking.startsAt, booking.endsAt)}</ReadField>
          <ReadField label={t.attendees}>
            {booking.attendees.length ? booking.attendees.map((a) => a.email).join(', ') : <span className="text-muted-foreground">{t.noAttendees}</span>}
          </ReadField>
          <ReadField label={t.agenda}>{booking.agenda.trim() ? booking.agenda : <span className="text-muted-foreground">{t.noAgenda}</span>}</ReadField>
          {!booking.canWriteMinutes ? (
            <ReadField label={t.minutes}>{booking.minutes.trim() ? booking.minutes : <span className="text-muted-foreground">{t.noMinutes}</span>}</ReadField>
          ) : null}
        </dl>
      ) : (
        <form onSubmit={save} className="grid gap-3" noValidate>
          <Field id="ed-title" label={t.meetingTitle}>
            <Input id="ed-title" value={title} onChange={(e) => setTitle(e.target.value)} />
          </Field>
          <div className="grid grid-cols-3 gap-2">
            <Field id="ed-date" label={t.date}>
              <Input id="ed-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
            </Field>
            <Field id="ed-start" label={t.from}>
              <TimeSelect
                id="ed-start"
                value={start}
                max={1425}
                onChange={(v) => {
                  setStart(v);
                  if (end <= v) setEnd(Math.min(1440, v + 30));
                }}
              />
            </Field>
            <Field id="ed-end" label={t.to}>
              <TimeSelect id="ed-end" value={end} min={start + 15} onChange={setEnd} />
            </Field>
          </div>
          <Attendees id="ed-attendees" seedId={seedId} value={attendees} onChange={setAttendees} />
          <Field id="ed-agenda" label={t.agenda}>
            <Textarea id="ed-agenda" rows={3} value={agenda} onChange={(e) => setAgenda(e.target.value)} />
          </Field>
          <Button type="submit" disabled={update.isPending}>
            {t.save}
          </Button>
        </form>
      )}
      {booking.canWriteMinutes ? (
        <Field id="ed-minutes" label={t.minutes}>
          <Textarea id="ed-minutes" rows={4} value={minutes} onChange={(e) => setMinutes(e.target.value)} />
        </Field>
      ) : ro ? null : (
        <dl className="text-sm">
          <ReadField label={t.minutes}>{booking.minutes.trim() ? booking.minutes : <span className="text-muted-foreground">{t.noMinutes}</span>}</ReadField>
        </dl>
      )}
      {booking.canWriteMinutes ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button type="button" variant="secondary" onClick={saveMinutes} disabled={update.isPending}>
            {t.saveMinutes}
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={sendSavedMinutes}
            disabled={send.isPending || !savedMinutes.trim() || minutes !== savedMinutes}
            title={t.sendMinutesHint}
          >
            {t.sendMinutes}
          </Button>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive break-keep">
          {error}
        </p>
      ) : null}
      <DialogFooter className="flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void download()}>
          {t.downloadIcs}
        </Button>
        {canCheckIn ? (
          <Button type="button" variant="outline" onClick={() => run('check-in')}>
            {t.checkIn}
          </Button>
        ) : null}
        {booking.canEdit ? (
          confirming ? (
            <>
              <Button type="button" variant="destructive" onClick={() => run('cancel')}>
                {t.confirmCancel}
              </Button>
              {booking.seriesId ? (
                <Button type="button" variant="outline" onClick={() => run('cancel-following')}>
                  {t.cancelFollowing}
                </Button>
              ) : null}
            </>
          ) : (
            <Button type="button" variant="destructive" onClick={() => setConfirming(true)}>
              {t.cancelBooking}
            </Button>
          )
        ) : null}
      </DialogFooter>
    </div>
  );
}
