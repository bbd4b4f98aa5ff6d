import { ko } from '@suite/shared';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { TBooking, TRoom } from '@suite/shared/schemas/rooms';
import { hhmm, seoulDate, seoulMinute, weekday } from '../lib/seoul';

const t = ko.rooms.ui;

/** Rooms free at this moment (active, within bookable hours, no booking now) and until when; busy ones until when. */
export function FreeNow({ rooms, bookings, now, onBook }: { rooms: TRoom[]; bookings: TBooking[]; now: number; onBook: (roomId: string) => void }) {
  const today = seoulDate(new Date(now));
  const minute = seoulMinute(new Date(now));
  const live = bookings.filter((b) => b.status === 'confirmed' || b.status === 'checked_in');
  const rows = rooms
    .filter((r) => r.active && r.weekdays.includes(weekday(today)) && minute >= r.openMinute && minute < r.closeMinute)
    .map((r) => {
      const mine = live.filter((b) => b.roomId === r.id);
      const current = mine.find((b) => Date.parse(b.startsAt) <= now && Date.parse(b.endsAt) > now);
      const next = mine.filter((b) => Date.parse(b.startsAt) > now).sort((a, b) => a.startsAt.localeCompare(b.startsAt))[0];
      const until = current
        ? hhmm(seoulMinute(current.endsAt))
        : next && seoulDate(next.startsAt) === today
          ? hhmm(seoulMinute(next.startsAt))
          : hhmm(r.closeMinute);
      return { room: r, busy: Boolean(current), until };
    });
  const free = rows.filter((r) => !r.busy);
  const busy = rows.filter((r) => r.busy);
  const dot = (isBusy: boolean) => (
    <span aria-hidden="true" className={isBusy ? 'size-2 shrink-0 rounded-full bg-red-500' : 'size-2 shrink-0 rounded-full bg-emerald-500'} />
  );
  // Free rooms first, then busy ones with until when, each under its own heading (never 'none free' above a free one).
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{t.freeNow}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3" aria-live="polite">
        {free.length === 0 ? <p className="text-sm text-muted-foreground">{t.noneFree}</p> : null}
        {free.length ? (
          <ul className="grid gap-1.5" aria-label={t.freeNow}>
            {free.map(({ room, until }) => (
              <li key={room.id} className="flex items-center justify-between gap-2 text-sm" data-testid={`free-now-${room.name}`} data-busy={false}>
                <span className="flex min-w-0 items-center gap-2">
                  {dot(false)}
                  <span className="min-w-0 font-medium break-keep wrap-anywhere">{room.name}</span>
                </span>
                <button type="button" className="shrink-0 text-xs text-primary underline-offset-2 hover:underline" onClick={() => onBook(room.id)}>
                  {t.freeUntil(until)}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {busy.length ? (
          <div className="grid gap-1.5 border-t pt-3">
            <h3 className="text-xs font-medium text-muted-foreground">{t.busyNow}</h3>
            <ul className="grid gap-1.5" aria-label={t.busyNow}>
              {busy.map(({ room, until }) => (
                <li key={room.id} className="flex items-center justify-between gap-2 text-sm" data-testid={`free-now-${room.name}`} data-busy={true}>
                  <span className="flex min-w-0 items-center gap-2">
                    {dot(true)}
                    <span className="min-w-0 font-medium break-keep wrap-anywhere">{room.name}</span>
                  </span>
                  <span className="shrink-0 text-xs text-muted-foreground">{t.busyUntil(until)}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
