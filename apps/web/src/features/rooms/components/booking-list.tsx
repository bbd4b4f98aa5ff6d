import { ko } from '@suite/shared';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import type { TBooking } from '@suite/shared/schemas/rooms';
import { koRoomsHolidays } from '@suite/shared/messages/ko-rooms-holidays';
import { addDays, dateLabel, hhmm, seoulDate, seoulMinute } from '../lib/seoul';

const t = ko.rooms.ui;
const status = ko.rooms.status;

function Item({ b, onOpen }: { b: TBooking; onOpen: (b: TBooking) => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(b)}
        className="grid w-full gap-0.5 rounded-md border p-2 text-left text-sm hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-ring"
      >
        <span className="flex items-center justify-between gap-2">
          <span className="truncate font-medium">{b.title}</span>
          {b.status !== 'confirmed' ? <Badge variant="secondary">{status[b.status]}</Badge> : null}
        </span>
        <span className="text-xs text-muted-foreground">{`${hhmm(seoulMinute(b.startsAt))}–${hhmm(seoulMinute(b.endsAt) || 1440)} · ${b.roomName}`}</span>
      </button>
    </li>
  );
}

/**
 * The week, Monday first, today marked: seven day columns from the small breakpoint up; on a phone seven day rows (a
 * column there is 45 px, which cut titles mid-word), each booking with its time, title and room at full width.
 * Titles wrap between words only (break-keep; a word longer than the line may still break); the button's name and
 * tooltip hold everything. A public holiday or closed day (`holidays`: date → name) shows its name under the date;
 * when no room opts in to holidays (`closedOnHolidays`) the day is shaded and marked closed.
 */
export function WeekView({
  monday,
  today,
  bookings,
  onOpen,
  holidays = {},
  closedOnHolidays = false,
}: {
  monday: string;
  today: string;
  bookings: TBooking[];
  onOpen: (b: TBooking) => void;
  holidays?: Record<string, string>;
  closedOnHolidays?: boolean;
}) {
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const live = bookings.filter((b) => b.status !== 'cancelled' && b.status !== 'released');
  return (
    <div className="grid gap-2">
      <div role="list" aria-label={t.week} className="grid overflow-hidden rounded-md border sm:grid-cols-7" data-testid="week-grid">
        {days.map((d, i) => {
          const list = live.filter((b) => seoulDate(b.startsAt) === d).sort((x, y) => x.startsAt.localeCompare(y.startsAt));
          const isToday = d === today;
          const day = Number(d.slice(8, 10));
          const holiday = holidays[d];
          const closed = Boolean(holiday) && closedOnHolidays;
          return (
            <section
              role="listitem"
              key={d}
              aria-label={`${dateLabel(d)}${isToday ? ` (${t.todayMark})` : ''}${holiday ? ` ${holiday}${closed ? ` · ${koRoomsHolidays.ui.closedBadge}` : ''}` : ''}`}
              data-holiday={holiday || undefined}
              data-closed={closed || undefined}
              aria-current={isToday ? 'date' : undefined}
              data-today={isToday || undefined}
              className={cn(
                'flex min-w-0 gap-2 p-1.5 sm:min-h-32 sm:flex-col sm:gap-1',
                i > 0 && 'border-t sm:border-t-0 sm:border-l',
                isToday && 'bg-primary/5',
                closed && 'bg-muted bg-[repeating-linear-gradient(135deg,transparent_0_6px,var(--color-border)_6px_7px)]',
              )}
            >
              <h2 className="flex w-9 shrink-0 flex-col items-center text-center leading-tight sm:w-auto">
                <span
                  className={cn(
                    'text-[11px] text-muted-foreground',
                    (i === 6 || holiday) && 'text-red-600 dark:text-red-400',
                    i === 5 && 'text-blue-600 dark:text-blue-400',
                  )}
                >
                  {t.weekdayNames[i]}
                </span>
                <span className={cn('mt-0.5 grid size-7 place-items-center rounded-full text-sm font-medium', isToday && 'bg-primary text-primary-foreground')}>
                  {day}
                </span>
                {isToday ? <span className="sr-only">{t.todayMark}</span> : null}
                {holiday ? (
                  <span className="mt-0.5 hidden max-w-full text-[11px] leading-tight font-medium break-keep text-red-600 sm:block dark:text-red-400">
                    {holiday}
                  </span>
                ) : null}
                {closed ? <span className="hidden text-[11px] text-muted-foreground sm:block">{koRoomsHolidays.ui.closedBadge}</span> : null}
              </h2>
              {holiday ? (
                // On a phone the date column is 36 px: the name goes beside it, on the row.
                <p className="shrink-0 self-center text-xs font-medium break-keep text-red-600 sm:hidden dark:text-red-400">
                  {holiday}
                  {closed ? <span className="ml-1 font-normal text-muted-foreground">{`· ${koRoomsHolidays.ui.closedBadge}`}</span> : null}
                </p>
              ) : null}
              {list.length ? (
                <ul className="grid min-w-0 flex-1 gap-1">
                  {list.map((b) => {
                    const time = `${hhmm(seoulMinute(b.startsAt))}–${hhmm(seoulMinute(b.endsAt) || 1440)}`;
                    const label = `${b.title} ${time} · ${b.roomName}${b.status !== 'confirmed' ? ` · ${status[b.status]}` : ''}`;
                    return (
                      <li key={b.id}>
                        <button
                          type="button"
                          onClick={() => onOpen(b)}
                          title={label}
                          aria-label={label}
                          className={cn(
                            'grid w-full gap-0.5 overflow-hidden rounded border px-2 py-1 text-left text-xs leading-tight hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-ring sm:px-1 sm:py-0.5 sm:text-[11px]',
                            b.status === 'checked_in'
                              ? 'border-emerald-600/50 bg-emerald-100 text-emerald-950 dark:bg-emerald-900/60 dark:text-emerald-50'
                              : 'border-primary/40 bg-primary/10',
                          )}
                        >
                          <span className="whitespace-nowrap text-muted-foreground tabular-nums">
                            <span className="sm:hidden">{time}</span>
                            <span className="hidden sm:inline">{hhmm(seoulMinute(b.startsAt))}</span>
                          </span>
                          <span className="line-clamp-2 font-medium break-keep wrap-anywhere sm:line-clamp-3">{b.title}</span>
                          <span className="truncate text-muted-foreground sm:hidden lg:block">{b.roomName}</span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              ) : null}
            </section>
          );
        })}
      </div>
      {live.length === 0 ? <p className="text-sm text-muted-foreground">{t.weekEmpty}</p> : null}
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
          <ul className="grid gap-1.5 sm:grid-cols-2 lg:grid-cols-3">
            {live
              .filter((b) => seoulDate(b.startsAt) === d)
              .map((b) => (
                <Item key={b.id} b={b} onOpen={onOpen} />
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
