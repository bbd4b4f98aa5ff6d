import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { toast } from '@/lib/toast';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { ZCreateRoomInput, type TCreateRoomInput, type TRoom } from '@suite/shared/schemas/rooms';
import { useRoomMutation } from '../api/room-mutation';
import { hhmm } from '../lib/seoul';
import { FieldError } from '@/components/ui/field-error';
import { koRoomsHolidays } from '@suite/shared/messages/ko-rooms-holidays';
import { RoomRulesSection } from './booking-rules';

const t = ko.rooms.ui;
const times = Array.from({ length: 97 }, (_, i) => i * 15);
const splitList = (line: string) =>
  line
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
/** A list's errors are per item: the first item's message. */
const firstItemMessage = (e: unknown) => (Array.isArray(e) ? (e.find(Boolean) as { message?: string } | undefined)?.message : undefined);

/** Add or edit a room; validated with the same schema as the server. */
export function RoomFormDialog({ seedId, room, open, onClose }: { seedId: string; room: TRoom | null; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90dvh] max-w-lg overflow-y-auto" closeLabel={t.close}>
        {open ? <RoomForm key={room?.id ?? 'new'} seedId={seedId} room={room} onDone={onClose} /> : null}
        {open && room ? <RoomRulesSection seedId={seedId} roomId={room.id} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RoomForm({ seedId, room, onDone }: { seedId: string; room: TRoom | null; onDone: () => void }) {
  const mutate = useRoomMutation(seedId);
  const { register, handleSubmit, formState, watch, setValue, setError } = useForm<TCreateRoomInput, unknown, z.output<typeof ZCreateRoomInput>>({
    resolver: zodResolver(ZCreateRoomInput),
    defaultValues: {
      name: room?.name ?? '',
      location: room?.location ?? '',
      capacity: room?.capacity ?? 6,
      openMinute: room?.openMinute ?? 480,
      closeMinute: room?.closeMinute ?? 1320,
      weekdays: room?.weekdays ?? [1, 2, 3, 4, 5],
      active: room?.active ?? true,
      openOnHolidays: room?.openOnHolidays ?? false,
    },
  });
  const submit = handleSubmit((body) =>
    mutate.mutate(room ? { method: 'PATCH', roomId: room.id, body } : { method: 'POST', body }, {
      onSuccess: (r) => {
        toast.success(r.message);
        onDone();
      },
      onError: (err) => setError('root', { message: err.message }),
    }),
  );
  const err = formState.errors;
  const days = watch('weekdays') ?? [];
  return (
    <form onSubmit={submit} className="grid gap-3" noValidate>
      <DialogHeader>
        <DialogTitle>{room ? t.editRoom : t.addRoom}</DialogTitle>
        <DialogDescription className="sr-only">{room ? t.editRoom : t.addRoom}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-1.5">
        <Label htmlFor="rm-name">{t.name}</Label>
        <Input id="rm-name" maxLength={50} autoFocus {...register('name')} />
        <FieldError message={err.name?.message} />
      </div>
      <div className="grid grid-cols-2 gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor="rm-loc">{t.location}</Label>
          <Input id="rm-loc" {...register('location')} />
          <FieldError message={err.location?.message} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="rm-cap">{t.capacity}</Label>
          <Input id="rm-cap" type="number" inputMode="numeric" min={1} {...register('capacity', { valueAsNumber: true })} />
          <FieldError message={err.capacity?.message} />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="rm-eq">{`${t.equipment} (${t.equipmentHint})`}</Label>
        {/* Typed as one line and split into the list the schema checks; the line starts as the input's own default. */}
        <Input id="rm-eq" defaultValue={room?.equipment.join(', ')} {...register('equipment', { setValueAs: splitList })} />
        <FieldError message={err.equipment?.message ?? firstItemMessage(err.equipment)} />
      </div>
      <div className="grid grid-cols-2 gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor="rm-open">{t.openTime}</Label>
          <NativeSelect id="rm-open" {...register('openMinute', { valueAsNumber: true })}>
            {times.slice(0, 96).map((m) => (
              <option key={m} value={m}>
                {hhmm(m)}
              </option>
            ))}
          </NativeSelect>
          <FieldError message={err.openMinute?.message} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="rm-close">{t.closeTime}</Label>
          <NativeSelect id="rm-close" {...register('closeMinute', { valueAsNumber: true })}>
            {times.slice(1).map((m) => (
              <option key={m} value={m}>
                {hhmm(m)}
              </option>
            ))}
          </NativeSelect>
          <FieldError message={err.closeMinute?.message} />
        </div>
      </div>
      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">{t.weekdays}</legend>
        <div className="flex flex-wrap gap-3">
          {t.weekdayNames.map((n, i) => (
            <label key={n} className="flex items-center gap-1.5 text-sm">
              <Checkbox
                checked={days.includes(i + 1)}
                onCheckedChange={(c) => setValue('weekdays', c ? [...days, i + 1].sort() : days.filter((d) => d !== i + 1))}
              />
              {n}
            </label>
          ))}
        </div>
        <FieldError message={err.weekdays?.message} />
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <Checkbox checked={watch('active')} onCheckedChange={(c) => setValue('active', c === true)} />
        {t.active}
      </label>
      <label className="flex items-start gap-2 text-sm break-keep">
        <Checkbox className="mt-0.5" checked={watch('openOnHolidays')} onCheckedChange={(c) => setValue('openOnHolidays', c === true)} />
        <span className="grid gap-0.5">
          {koRoomsHolidays.ui.openOnHolidays}
          <span className="text-xs text-muted-foreground">{koRoomsHolidays.ui.openOnHolidaysHint}</span>
        </span>
      </label>
      <FieldError message={err.root?.message} />
      <DialogFooter>
        <Button type="submit" disabled={mutate.isPending}>
          {t.save}
        </Button>
      </DialogFooter>
    </form>
  );
}
