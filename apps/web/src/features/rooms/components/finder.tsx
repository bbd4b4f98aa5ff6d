import { useState } from 'react';
import { useForm, type FieldError as TFieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ko } from '@suite/shared';
import { ZFreeRoomsQuery } from '@suite/shared/schemas/rooms';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useFreeRooms, type TFreeRoomsQuery } from '../api/free-rooms';
import { hhmm, seoulInstant } from '../lib/seoul';
import { FieldError } from '@/components/ui/field-error';

const t = ko.rooms.ui;
const times = Array.from({ length: 97 }, (_, i) => i * 15);
/** An ISO instant, or '' (refused by the schema) when the date is not a date. */
const instant = (day: string, minute: number) => {
  const d = seoulInstant(day, minute);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString();
};
const endOf = (start: number, end: number) => Math.max(end, start + 15);

/** The finder's fields, turned into the query the shared schema checks. */
const ZFinderForm = z
  .object({ day: z.string(), start: z.number(), end: z.number(), capacity: z.string(), equipment: z.string() })
  .transform((v): z.input<typeof ZFreeRoomsQuery> => ({
    from: instant(v.day, v.start),
    to: instant(v.day, endOf(v.start, v.end)),
    ...(Number(v.capacity) > 0 ? { capacity: Number(v.capacity) } : {}),
    ...(v.equipment.trim() ? { equipment: v.equipment.trim() } : {}),
  }))
  .pipe(ZFreeRoomsQuery);

/** From–to, capacity and equipment → the rooms free for the whole slot (asked of the server). */
export function Finder({ seedId, date, onBook }: { seedId: string; date: string; onBook: (roomId: string, date: string, start: number, end: number) => void }) {
  const [query, setQuery] = useState<TFreeRoomsQuery | null>(null);
  const result = useFreeRooms(seedId, query);
  const { register, handleSubmit, formState, getValues } = useForm<z.input<typeof ZFinderForm>, unknown, z.output<typeof ZFinderForm>>({
    resolver: zodResolver(ZFinderForm),
    defaultValues: { day: date, start: 600, end: 660, capacity: '', equipment: '' },
  });
  const submit = handleSubmit((q) => setQuery(q));
  // The errors are the shared query schema's, named by its fields (from and to come from the date and the times).
  const err = formState.errors as Partial<Record<keyof TFreeRoomsQuery, TFieldError>>;
  const book = (roomId: string) => {
    const { day, start, end } = getValues();
    onBook(roomId, day, start, endOf(start, end));
  };
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{t.finder}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <form onSubmit={submit} className="grid gap-2">
          <div className="grid gap-1">
            <Label htmlFor="fd-date">{t.date}</Label>
            <Input id="fd-date" type="date" {...register('day')} />
            <FieldError message={err.from?.message ?? err.to?.message} />
          </div>
          <div className="grid grid-cols-2 gap-2">
            <div className="grid gap-1">
              <Label htmlFor="fd-from">{t.from}</Label>
              <NativeSelect id="fd-from" {...register('start', { valueAsNumber: true })}>
                {times.slice(0, 96).map((m) => (
                  <option key={m} value={m}>
                    {hhmm(m)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1">
              <Label htmlFor="fd-to">{t.to}</Label>
              <NativeSelect id="fd-to" {...register('end', { valueAsNumber: true })}>
                {times.slice(1).map((m) => (
                  <option key={m} value={m}>
                    {hhmm(m)}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          {/* The capacity takes a few digits; the equipment gets the rest, so its example is never cut off. */}
          <div className="grid grid-cols-[minmax(0,5.5rem)_minmax(0,1fr)] gap-2">
            <div className="grid gap-1">
              <Label htmlFor="fd-cap">{t.minCapacity}</Label>
              <Input id="fd-cap" type="number" min={1} inputMode="numeric" {...register('capacity')} />
              <FieldError message={err.capacity?.message} />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="fd-eq">{`${t.equipment} (${t.equipmentSeparated})`}</Label>
              <Input id="fd-eq" placeholder={t.equipmentExample} {...register('equipment')} />
              <FieldError message={err.equipment?.message} />
            </div>
          </div>
          <Button type="submit" variant="secondary">
            {t.find}
          </Button>
        </form>
        {result.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {result.error.message}
          </p>
        ) : null}
        {result.data ? (
          <div aria-live="polite" className="grid gap-1.5">
            <p className="text-sm text-muted-foreground">{t.found(result.data.length)}</p>
            <ul className="grid gap-1">
              {result.data.map((r) => (
                <li key={r.id} className="flex items-center justify-between gap-2 text-sm">
                  <span className="truncate">{`${r.name} · ${t.capacityN(r.capacity)}${r.equipment.length ? ` · ${r.equipment.join(', ')}` : ''}`}</span>
                  <Button size="sm" variant="outline" onClick={() => book(r.id)}>
                    {t.book}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
