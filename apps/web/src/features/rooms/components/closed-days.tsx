import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ko } from '@suite/shared';
import { koRoomsHolidays } from '@suite/shared/messages/ko-rooms-holidays';
import { ZClosedDayInput, type TClosedDayInput } from '@suite/shared/schemas/rooms-holidays';
import type { z } from 'zod';
import { toast, toastError } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAddClosedDay, useHolidays, useRemoveClosedDay } from '../api/holidays';
import { dateLabel, seoulToday } from '../lib/seoul';

const t = koRoomsHolidays.ui;

/**
 * The seed's one-off closed days (election days, company days) for this year and the next, and the year's public
 * holidays for reference. Owner and admins add and remove; members only read.
 */
export function ClosedDaysCard({ seedId, canManage }: { seedId: string; canManage: boolean }) {
  const year = Number(seoulToday().slice(0, 4));
  const all = useHolidays(seedId, [year, year + 1]);
  const company = all.filter((h) => h.kind === 'company');
  const publicDays = all.filter((h) => h.kind !== 'company' && h.date.startsWith(`${year}-`));
  const add = useAddClosedDay(seedId);
  const remove = useRemoveClosedDay(seedId);
  const [showPublic, setShowPublic] = useState(false);
  const { register, handleSubmit, formState, reset, setError } = useForm<TClosedDayInput, unknown, z.output<typeof ZClosedDayInput>>({
    resolver: zodResolver(ZClosedDayInput),
    defaultValues: { date: '', name: '' },
  });
  const submit = handleSubmit((body) =>
    add.mutate(body, {
      onSuccess: (r) => {
        toast.success(r.message);
        reset({ date: '', name: '' });
      },
      onError: (err) => setError('root', { message: err.message }),
    }),
  );
  const err = formState.errors;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t.closedDaysTitle}</CardTitle>
        <CardDescription className="break-keep">{t.closedDaysLead}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {canManage ? (
          <form onSubmit={submit} noValidate className="grid gap-2 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-end">
            <div className="grid gap-1.5">
              <Label htmlFor="cd-date">{t.closedDayDate}</Label>
              <Input id="cd-date" type="date" aria-invalid={Boolean(err.date)} {...register('date')} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="cd-name">{t.closedDayName}</Label>
              <Input id="cd-name" placeholder={t.closedDayNamePlaceholder} maxLength={50} aria-invalid={Boolean(err.name)} {...register('name')} />
            </div>
            <Button type="submit" disabled={add.isPending}>
              {t.addClosedDay}
            </Button>
            <div className="sm:col-span-3">
              <FieldError message={err.date?.message ?? err.name?.message ?? err.root?.message} />
            </div>
          </form>
        ) : null}
        {company.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t.noClosedDays}</p>
        ) : (
          <ul className="grid gap-1.5" aria-label={t.closedDaysTitle}>
            {company.map((c) => (
              <li key={c.date} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm">
                <span className="min-w-0 break-keep">
                  <span className="font-medium">{dateLabel(c.date)}</span> {c.name}
                </span>
                {canManage ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t.removeClosedDay(c.date)}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(c.date, { onSuccess: (r) => toast.success(r.message), onError: (e) => toastError(e) })}
                  >
                    {ko.rooms.ui.deleteRoom}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <div>
          <Button size="sm" variant="outline" aria-expanded={showPublic} onClick={() => setShowPublic((s) => !s)}>
            {t.yearHolidays(year)}
          </Button>
          {showPublic ? (
            <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
              {publicDays.map((h) => (
                <li key={`${h.date}-${h.name}`} className="flex items-center gap-2 break-keep">
                  <span className="tabular-nums">{dateLabel(h.date)}</span>
                  <span>{h.name}</span>
                  {h.kind === 'substitute' ? <Badge variant="secondary">{koRoomsHolidays.kind.substitute}</Badge> : null}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
