import { ko } from '@suite/shared';
import { Badge } from '@/components/ui/badge';
import type { TBooking } from '../api/rooms';
import { addDays, dateLabel, hhmm, seoulDate, seoulMinute } from '../lib/seoul';

const t = ko.rooms.ui;
const status = ko.rooms.status;

function Item({ b, onOpen }: { b: TBooking; onOpen: (b: TBooking) => void }) {
  return (
    <li>
      <button type="button" onClick={() => onOpen(b)} className="grid w-full gap-0.5 rounded-md border p-2 text-left text-sm hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-ring">
        <span className="flex items-center justify-between gap-2">
          <span className="truncate font-medium">{b.title}</span>
          {b.status !== 'confirmed' ? <Badge variant="secondary">{status[b.status]}</Badge> : null}
        </span>
        <span className="text-xs text-muted-foreground">{`${hhmm(seoulMinute(b.startsAt))}–${hhmm(seoulMinute(b.endsAt) || 1440)} · ${b.roomName}`}</span>
      </button>
    </li>
  );
}

/** Seven columns (one per day) on a desktop, stacked days on a phone. */
export function WeekView({ monday, bookings, onOpen }: { monday: string; bookings: TBooking[]; onOpen: (b: TBooking) => void }) {
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  return (
    <div className="grid gap-3 md:grid-cols-7">
      {days.map((d) => {
        const list = bookings.filter((b) => seoulDate(b.startsAt) === d && b.status !== 'cancelled');
        return (
          <section key={d} aria-label={dateLabel(d)} className="grid content-start gap-1.5">
            <h2 className="text-sm font-medium">{dateLabel(d)}</h2>
            {list.length === 0 ? <p className="text-xs text-muted-foreground">{t.noBookings}</p> : <ul className="grid gap-1.5">{list.map((b) => <Item key={b.id} b={b} onOpen={onOpen} />)}</ul>}
          </section>
        );
      })}
    </div>
  );
}

/** The signed-in user's bookings (organizer or attendee), by day. */
export function MyBookings({ bookings, onOpen }: { bookings: TBooking[]; onOpen: (b: TBooking) => void }) {
  const live = bookings.filter((b) => b.status !== 'cancelled');
  if (live.length === 0) return <p className="text-sm text-muted-foreground">{t.noBookings}</p>;
  const days = [...new Set(live.map((b) => seoulDate(b.startsAt)))];
  return (
    <div className="grid gap-4">
      {days.map((d) => (
        <section key={d} className="grid gap-1.5">
          <h2 className="text-sm font-medium">{dateLabel(d)}</h2>
          <ul className="grid gap-1.5 sm:grid-cols-2 lg:grid-cols-3">{live.filter((b) => seoulDate(b.startsAt) === d).map((b) => <Item key={b.id} b={b} onOpen={onOpen} />)}</ul>
        </section>
      ))}
    </div>
  );
}
