import { useState, type ComponentProps } from 'react';
import { Controller, get, useForm, type FieldError as TFieldError, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast, toastError } from '@/lib/toast';
import { ko, MAX_SERIES_OCCURRENCES } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import {
  ZCreateBookingInput,
  ZUpdateBookingInput,
  type TBooking,
  type TRoom,
  type TUpdateBookingData,
  type TUpdateBookingInput,
} from '@suite/shared/schemas/rooms';
import { useBookingAction } from '../api/booking-action';
import { useCreateBooking } from '../api/create-booking';
import { useMemberChoices } from '../api/member-choices';
import { useUpdateBooking } from '../api/update-booking';
import { getBookingIcs } from '../api/booking-ics';
import { useSendMinutes } from '../api/send-minutes';
import { MinutesItems } from './minutes-items';
import { BookingRuleNotes, useRuleOverride } from './booking-rules';
import { beyondCap } from '../lib/series';
import { addDays, dateLabel, hhmm, seoulDate, seoulInstant, seoulMinute, slotLabel } from '../lib/seoul';
import { FieldError } from '@/components/ui/field-error';

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
/** An ISO instant, or '' (refused by the schema) when the date is not a date. */
const instant = (date: string, minute: number) => {
  const d = seoulInstant(date, minute);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString();
};

/** What both booking forms ask: a Seoul date and minutes of the day, and the attendees as one text. */
const ZSlotFields = z.object({ title: z.string(), date: z.string(), start: z.number(), end: z.number(), attendees: z.string(), agenda: z.string() });
const slotBody = (v: z.infer<typeof ZSlotFields>) => ({
  title: v.title,
  startsAt: instant(v.date, v.start),
  endsAt: instant(v.date, v.end),
  attendees: splitEmails(v.attendees),
  agenda: v.agenda,
});
/** The forms' fields, turned into the requests the shared schemas check (their errors name the requests' fields). */
const ZNewBookingForm = ZSlotFields.extend({ roomId: z.string(), repeat: z.enum(['', 'daily', 'weekly']), until: z.string() })
  .transform((v): z.input<typeof ZCreateBookingInput> => ({
    roomId: v.roomId,
    ...slotBody(v),
    ...(v.repeat ? { recurrence: { freq: v.repeat, until: v.until } } : {}),
  }))
  .pipe(ZCreateBookingInput);
const ZEditBookingForm = ZSlotFields.transform((v): z.input<typeof ZUpdateBookingInput> => slotBody(v)).pipe(ZUpdateBookingInput);

/** The first message the schema gave at these paths (a list's errors are per item). */
const messageAt = (errors: FieldErrors, ...paths: string[]) =>
  paths
    .map((path) => get(errors, path) as TFieldError | (TFieldError | undefined)[] | undefined)
    .map((e) => (Array.isArray(e) ? e.find(Boolean) : e)?.message)
    .find(Boolean);
/** Moving the start past the end moves the end to half an hour after it. */
const endAfter = (start: number, end: number) => (end <= start ? Math.min(1440, start + 30) : end);

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

function Field({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn('grid min-w-0 gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError message={error} />
    </div>
  );
}

function TimeSelect({ earliest = 0, latest = 1440, ...props }: { earliest?: number; latest?: number } & ComponentProps<typeof NativeSelect>) {
  return (
    <NativeSelect {...props}>
      {times
        .filter((m) => m >= earliest && m <= latest)
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
function Attendees({
  id,
  seedId,
  value,
  onChange,
  error,
}: {
  id: string;
  seedId: string;
  value: string;
  onChange: (v: string) => void;
  error: string | undefined;
}) {
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
      <FieldError message={error} />
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
  const [skipped, setSkipped] = useState<{ startsAt: string; endsAt: string; reason: string }[]>([]);
  const [leftOut, setLeftOut] = useState<string[]>([]);
  const create = useCreateBooking(seedId);
  const override = useRuleOverride(seedId);
  const { register, control, handleSubmit, formState, watch, getValues, setValue, setError } = useForm<
    z.input<typeof ZNewBookingForm>,
    unknown,
    z.output<typeof ZNewBookingForm>
  >({
    resolver: zodResolver(ZNewBookingForm),
    defaultValues: {
      roomId: target.roomId ?? active[0]?.id ?? '',
      title: '',
      date: target.date,
      start: target.start,
      end: target.end,
      attendees: '',
      agenda: '',
      repeat: '',
      until: addDays(target.date, 28),
    },
  });
  const [roomId, date, start, repeat, until] = watch(['roomId', 'date', 'start', 'repeat', 'until']);
  // Said before booking: a series past the cap books only its first occurrences.
  const cap = repeat && until >= date ? beyondCap(date, repeat, until) : null;
  const errors = formState.errors;

  const submit = handleSubmit((body) => {
    // An owner or admin may book against a booking rule with a reason, once the server named the rule (issue 37).
    const sent = override.apply(body);
    if (!sent) return;
    create.mutate(sent, {
      onSuccess: (r) => {
        toast.success(r.message);
        if (r.skipped.length || r.leftOut.length) {
          setSkipped(r.skipped);
          setLeftOut(r.leftOut);
        } else onDone();
      },
      onError: (err) => {
        override.onError(err);
        setError('root', { message: err.message });
        toastError(err);
      },
    });
  });

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
      <Field id="bk-title" label={t.meetingTitle} error={errors.title?.message}>
        <Input id="bk-title" required maxLength={100} autoFocus {...register('title')} />
      </Field>
      <Field id="bk-room" label={t.room} error={errors.roomId?.message}>
        <NativeSelect id="bk-room" {...register('roomId')}>
          {active.map((r) => (
            <option key={r.id} value={r.id}>{`${r.name} · ${t.capacityN(r.capacity)}`}</option>
          ))}
        </NativeSelect>
      </Field>
      {/* On a phone the date takes its own row: three fields side by side cut the date and the times off. */}
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Field id="bk-date" label={t.date} className="col-span-2 sm:col-span-1">
          <Input id="bk-date" type="date" required {...register('date')} />
        </Field>
        <Field id="bk-start" label={t.from}>
          <TimeSelect
            id="bk-start"
            latest={1425}
            {...register('start', { valueAsNumber: true, onChange: () => setValue('end', endAfter(getValues('start'), getValues('end'))) })}
          />
        </Field>
        <Field id="bk-end" label={t.to}>
          <TimeSelect id="bk-end" earliest={start + 15} {...register('end', { valueAsNumber: true })} />
        </Field>
      </div>
      <FieldError message={messageAt(errors, 'startsAt', 'endsAt')} />
      <Controller
        control={control}
        name="attendees"
        render={({ field }) => (
          <Attendees id="bk-attendees" seedId={seedId} value={field.value} onChange={field.onChange} error={messageAt(errors, 'attendees')} />
        )}
      />
      <Field id="bk-agenda" label={t.agenda} error={errors.agenda?.message}>
        <Textarea id="bk-agenda" rows={3} {...register('agenda')} />
      </Field>
      <div className="grid grid-cols-2 gap-2">
        <Field id="bk-repeat" label={t.repeat}>
          <NativeSelect id="bk-repeat" {...register('repeat')}>
            <option value="">{t.repeatNone}</option>
            <option value="daily">{t.repeatDaily}</option>
            <option value="weekly">{t.repeatWeekly}</option>
          </NativeSelect>
        </Field>
        {repeat ? (
          <Field id="bk-until" label={t.repeatUntil} error={messageAt(errors, 'recurrence.until', 'recurrence')}>
            <Input id="bk-until" type="date" {...register('until')} />
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
      <FieldError message={errors.root?.message} />
      {override.field}
      <DialogFooter>
        <Button type="submit" disabled={create.isPending || !roomId}>
          {t.book}
        </Button>
      </DialogFooter>
    </form>
  );
}

function EditBooking({ seedId, booking, onDone }: { seedId: string; booking: TBooking; onDone: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateBooking(seedId);
  const action = useBookingAction(seedId);
  const override = useRuleOverride(seedId);
  const [confirming, setConfirming] = useState(false);
  const [now] = useState(() => Date.now());
  const { register, control, handleSubmit, formState, watch, getValues, setValue } = useForm<
    z.input<typeof ZEditBookingForm>,
    unknown,
    z.output<typeof ZEditBookingForm>
  >({
    resolver: zodResolver(ZEditBookingForm),
    defaultValues: {
      title: booking.title,
      date: seoulDate(booking.startsAt),
      start: seoulMinute(booking.startsAt),
      end: seoulMinute(booking.endsAt) || 1440,
      attendees: booking.attendees.map((a) => a.email).join(', '),
      agenda: booking.agenda,
    },
  });
  const errors = formState.errors;

  const fail = (err: Error) => {
    setError(err.message);
    toastError(err);
  };
  const save = handleSubmit((body) => {
    setError(null);
    const sent = override.apply(body);
    if (!sent) return;
    update.mutate(
      { id: booking.id, body: sent },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          onDone();
        },
        onError: (err) => {
          override.onError(err);
          fail(err);
        },
      },
    );
  });
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
          <Field id="ed-title" label={t.meetingTitle} error={errors.title?.message}>
            <Input id="ed-title" {...register('title')} />
          </Field>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            <Field id="ed-date" label={t.date} className="col-span-2 sm:col-span-1">
              <Input id="ed-date" type="date" {...register('date')} />
            </Field>
            <Field id="ed-start" label={t.from}>
              <TimeSelect
                id="ed-start"
                latest={1425}
                {...register('start', { valueAsNumber: true, onChange: () => setValue('end', endAfter(getValues('start'), getValues('end'))) })}
              />
            </Field>
            <Field id="ed-end" label={t.to}>
              <TimeSelect id="ed-end" earliest={watch('start') + 15} {...register('end', { valueAsNumber: true })} />
            </Field>
          </div>
          <FieldError message={messageAt(errors, 'startsAt', 'endsAt')} />
          <Controller
            control={control}
            name="attendees"
            render={({ field }) => (
              <Attendees id="ed-attendees" seedId={seedId} value={field.value} onChange={field.onChange} error={messageAt(errors, 'attendees')} />
            )}
          />
          <Field id="ed-agenda" label={t.agenda} error={errors.agenda?.message}>
            <Textarea id="ed-agenda" rows={3} {...register('agenda')} />
          </Field>
          {override.field}
          <Button type="submit" disabled={update.isPending}>
            {t.save}
          </Button>
        </form>
      )}
      {booking.canWriteMinutes ? (
        <MinutesForm seedId={seedId} booking={booking} update={update} onError={fail} />
      ) : ro ? null : (
        <dl className="text-sm">
          <ReadField label={t.minutes}>{booking.minutes.trim() ? booking.minutes : <span className="text-muted-foreground">{t.noMinutes}</span>}</ReadField>
        </dl>
      )}
      <MinutesItems seedId={seedId} bookingId={booking.id} hasMinutes={Boolean(booking.minutes.trim())} />
      <BookingRuleNotes seedId={seedId} booking={booking} />
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

/** The minutes: saved on their own, and mailed to the attendees once saved unchanged. */
function MinutesForm({
  seedId,
  booking,
  update,
  onError,
}: {
  seedId: string;
  booking: TBooking;
  update: ReturnType<typeof useUpdateBooking>;
  onError: (err: Error) => void;
}) {
  const send = useSendMinutes(seedId);
  const [saved, setSaved] = useState(booking.minutes);
  const { register, handleSubmit, formState, watch } = useForm<TUpdateBookingInput, unknown, TUpdateBookingData>({
    resolver: zodResolver(ZUpdateBookingInput),
    defaultValues: { minutes: booking.minutes },
  });
  const save = handleSubmit((body) =>
    update.mutate(
      { id: booking.id, body },
      {
        onSuccess: () => {
          setSaved(body.minutes ?? '');
          toast.success(t.minutesSaved);
        },
        onError,
      },
    ),
  );
  return (
    <form onSubmit={save} className="grid gap-3" noValidate>
      <Field id="ed-minutes" label={t.minutes} error={formState.errors.minutes?.message}>
        <Textarea id="ed-minutes" rows={4} {...register('minutes')} />
      </Field>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="secondary" disabled={update.isPending}>
          {t.saveMinutes}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => send.mutate(booking.id, { onSuccess: (r) => toast.success(r.message), onError })}
          disabled={send.isPending || !saved.trim() || watch('minutes') !== saved}
          title={t.sendMinutesHint}
        >
          {t.sendMinutes}
        </Button>
      </div>
    </form>
  );
}
