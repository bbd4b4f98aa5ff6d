import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ko, ZCreateRoomInput } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import type { TRoom } from '@suite/shared/schemas/rooms';
import { useRoomMutation } from '../api/room-mutation';
import { hhmm } from '../lib/seoul';

const t = ko.rooms.ui;
const times = Array.from({ length: 97 }, (_, i) => i * 15);

/** Add or edit a room; validated with the same schema as the server. */
export function RoomFormDialog({ seedId, room, open, onClose }: { seedId: string; room: TRoom | null; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90dvh] max-w-lg overflow-y-auto" closeLabel={t.close}>
        {open ? <RoomForm key={room?.id ?? 'new'} seedId={seedId} room={room} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RoomForm({ seedId, room, onDone }: { seedId: string; room: TRoom | null; onDone: () => void }) {
  const [name, setName] = useState(room?.name ?? '');
  const [location, setLocation] = useState(room?.location ?? '');
  const [capacity, setCapacity] = useState(String(room?.capacity ?? 6));
  const [equipment, setEquipment] = useState(room?.equipment.join(', ') ?? '');
  const [open, setOpen] = useState(room?.openMinute ?? 480);
  const [close, setClose] = useState(room?.closeMinute ?? 1320);
  const [days, setDays] = useState<number[]>(room?.weekdays ?? [1, 2, 3, 4, 5]);
  const [active, setActive] = useState(room?.active ?? true);
  const [error, setError] = useState<string | null>(null);
  const mutate = useRoomMutation(seedId);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      name,
      location,
      capacity: Number(capacity),
      equipment: equipment
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
      openMinute: open,
      closeMinute: close,
      weekdays: days,
      active,
    };
    const parsed = ZCreateRoomInput.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ko.errors.validation);
      return;
    }
    mutate.mutate(room ? { method: 'PATCH', roomId: room.id, body: parsed.data } : { method: 'POST', body: parsed.data }, {
      onSuccess: (r) => {
        toast.success(r.message);
        onDone();
      },
      onError: (err) => setError(err.message),
    });
  };
  return (
    <form onSubmit={submit} className="grid gap-3" noValidate>
      <DialogHeader>
        <DialogTitle>{room ? t.editRoom : t.addRoom}</DialogTitle>
        <DialogDescription className="sr-only">{room ? t.editRoom : t.addRoom}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-1.5">
        <Label htmlFor="rm-name">{t.name}</Label>
        <Input id="rm-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={50} autoFocus />
      </div>
      <div className="grid grid-cols-2 gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor="rm-loc">{t.location}</Label>
          <Input id="rm-loc" value={location} onChange={(e) => setLocation(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="rm-cap">{t.capacity}</Label>
          <Input id="rm-cap" type="number" inputMode="numeric" min={1} value={capacity} onChange={(e) => setCapacity(e.target.value)} />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="rm-eq">{`${t.equipment} (${t.equipmentHint})`}</Label>
        <Input id="rm-eq" value={equipment} onChange={(e) => setEquipment(e.target.value)} />
      </div>
      <div className="grid grid-cols-2 gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor="rm-open">{t.openTime}</Label>
          <NativeSelect id="rm-open" value={open} onChange={(e) => setOpen(Number(e.target.value))}>
            {times.slice(0, 96).map((m) => (
              <option key={m} value={m}>
                {hhmm(m)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="rm-close">{t.closeTime}</Label>
          <NativeSelect id="rm-close" value={close} onChange={(e) => setClose(Number(e.target.value))}>
            {times.slice(1).map((m) => (
              <option key={m} value={m}>
                {hhmm(m)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">{t.weekdays}</legend>
        <div className="flex flex-wrap gap-3">
          {t.weekdayNames.map((n, i) => (
            <label key={n} className="flex items-center gap-1.5 text-sm">
              <Checkbox checked={days.includes(i + 1)} onCheckedChange={(c) => setDays(c ? [...days, i + 1].sort() : days.filter((d) => d !== i + 1))} />
              {n}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <Checkbox checked={active} onCheckedChange={(c) => setActive(c === true)} />
        {t.active}
      </label>
      {error ? (
        <p role="alert" className="text-sm text-destructive break-keep">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="submit" disabled={mutate.isPending}>
          {t.save}
        </Button>
      </DialogFooter>
    </form>
  );
}
