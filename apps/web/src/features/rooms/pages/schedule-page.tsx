import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { TBooking } from '@suite/shared/schemas/rooms';
import { koRoomsHolidays } from '@suite/shared/messages/ko-rooms-holidays';
import { useHolidays } from '../api/holidays';
import { useBookings } from '../api/list-bookings';
import { useRooms } from '../api/list-rooms';
import { useBookingStream } from '../api/use-booking-stream';
import { BookingDialog, type TDialogTarget } from '../components/booking-dialog';
import { MyBookings, WeekView } from '../components/booking-list';
import { DayTimeline } from '../components/day-timeline';
import { Finder } from '../components/finder';
import { FreeNow } from '../components/free-now';
import { NoSeed, useSelectedSeed } from '../components/use-seed-id';
import { nextFreeSlot } from '../lib/next-slot';
import { addDays, dateLabel, mondayOf, seoulInstant, seoulMinute, seoulToday, STEP_MIN } from '../lib/seoul';

const t = ko.rooms.ui;
type TView = 'day' | 'week' | 'mine';

/**
 * The clock of the screen: every 30 s for the now-line, and exactly at each 15-minute boundary — bookings start and
 * end only there, so a room turns busy or free on screen at that moment.
 */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const step = STEP_MIN * 60_000;
    const wait = Math.min(30_000, step - (now % step) + 50);
    const id = setTimeout(() => setNow(Date.now()), wait);
    return () => clearTimeout(id);
  }, [now]);
  return now;
}

export function SchedulePage() {
  const { seed } = useSelectedSeed();
  if (!seed) return <NoSeed />;
  return <Schedule seedId={seed.id} />;
}

function Schedule({ seedId }: { seedId: string }) {
  const [params, setParams] = useSearchParams();
  const view = (['day', 'week', 'mine'].includes(params.get('view') ?? '') ? params.get('view') : 'day') as TView;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : seoulToday();
  const set = (next: Partial<{ view: TView; date: string }>) => {
    const p = new URLSearchParams(params);
    if (next.view) p.set('view', next.view);
    if (next.date) p.set('date', next.date);
    setParams(p, { replace: true });
  };
  const now = useNow();
  const live = useBookingStream(seedId);
  const rooms = useRooms(seedId);
  const monday = mondayOf(date);
  const range = useMemo(() => {
    if (view === 'week') return { from: seoulInstant(monday).toISOString(), to: seoulInstant(addDays(monday, 7)).toISOString() };
    if (view === 'mine') return { from: seoulInstant(seoulToday()).toISOString(), to: seoulInstant(addDays(seoulToday(), 60)).toISOString() };
    return { from: seoulInstant(date).toISOString(), to: seoulInstant(addDays(date, 1)).toISOString() };
  }, [view, date, monday]);
  const bookings = useBookings(seedId, range.from, range.to, view === 'mine');
  // Holidays and closed days of the shown week's years: a map date → name (the first when two fall on one date).
  const holidayList = useHolidays(seedId, [Number(monday.slice(0, 4)), Number(addDays(monday, 6).slice(0, 4))]);
  const holidays = useMemo(() => {
    const map: Record<string, string> = {};
    for (const h of holidayList) map[h.date] ??= h.name;
    return map;
  }, [holidayList]);
  const closedOnHolidays = !(rooms.data ?? []).some((r) => r.active && r.openOnHolidays);
  const today = seoulToday(now);
  const todays = useBookings(seedId, seoulInstant(today).toISOString(), seoulInstant(addDays(today, 1)).toISOString());
  const [target, setTarget] = useState<TDialogTarget | null>(null);
  // Keep an open booking in step with live changes.
  const openBooking = target?.kind === 'edit' ? bookings.data?.find((b) => b.id === target.booking.id) : undefined;
  const dialogTarget = target?.kind === 'edit' && openBooking ? { kind: 'edit' as const, booking: openBooking } : target;

  const openNew = (roomId?: string, d = date, start?: number, end?: number) => {
    if (start !== undefined) {
      setTarget({ kind: 'new', ...(roomId ? { roomId } : {}), date: d, start, end: end ?? Math.min(1440, start + 60) });
      return;
    }
    // No time picked: the next free hour inside the room's hours (not the next quarter hour of the night).
    const room = rooms.data?.find((r) => r.id === roomId) ?? rooms.data?.find((r) => r.active);
    const known = [...(todays.data ?? []), ...(bookings.data ?? [])];
    const base = d < today ? today : d;
    const slot = room ? nextFreeSlot(room, known, base, base === today ? seoulMinute(new Date(now)) + 1 : 0) : null;
    const s = slot ?? { date: d, start: 600, end: 660 };
    setTarget({ kind: 'new', ...(room ? { roomId: room.id } : {}), date: s.date, start: s.start, end: s.end });
  };
  const step = view === 'week' ? 7 : 1;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label={t.title} className="inline-flex rounded-md border p-0.5">
            {(['day', 'week', 'mine'] as const).map((v) => (
              <Button key={v} size="sm" variant={view === v ? 'default' : 'ghost'} aria-pressed={view === v} onClick={() => set({ view: v })}>
                {v === 'day' ? t.day : v === 'week' ? t.week : t.mine}
              </Button>
            ))}
          </div>
          {view !== 'mine' ? (
            <div className="flex items-center gap-1">
              <Button size="icon" variant="outline" aria-label={t.prev} onClick={() => set({ date: addDays(date, -step) })}>
                <ChevronLeft className="size-4" aria-hidden="true" />
              </Button>
              <Button size="sm" variant="outline" onClick={() => set({ date: seoulToday() })}>
                {t.today}
              </Button>
              <Button size="icon" variant="outline" aria-label={t.next} onClick={() => set({ date: addDays(date, step) })}>
                <ChevronRight className="size-4" aria-hidden="true" />
              </Button>
              <Input
                type="date"
                aria-label={t.date}
                className="h-9 w-[9.5rem]"
                value={date}
                onChange={(e) => e.target.value && set({ date: e.target.value })}
              />
            </div>
          ) : null}
        </div>
        <div className="flex items-center gap-3">
          <span className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="live-status" data-status={live}>
            <span aria-hidden="true" className={live === 'live' ? 'size-2 rounded-full bg-emerald-500' : 'size-2 rounded-full bg-amber-500'} />
            {live === 'live' ? t.live : t.offline}
          </span>
          <Button size="sm" onClick={() => openNew()} disabled={!rooms.data?.some((r) => r.active)}>
            <Plus className="size-4" aria-hidden="true" />
            {t.newBooking}
          </Button>
        </div>
      </div>
      {rooms.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {rooms.error.message}
        </p>
      ) : null}
      {bookings.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {bookings.error.message}
        </p>
      ) : null}
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-label={view === 'day' ? dateLabel(date) : view === 'week' ? t.week : t.mine} className="min-w-0">
          {view === 'day' ? (
            <h2 className="mb-2 text-sm font-medium">
              {dateLabel(date)}
              {holidays[date] ? (
                <span className="ml-2 text-red-600 break-keep dark:text-red-400">
                  {closedOnHolidays ? koRoomsHolidays.ui.closedCell(holidays[date]) : holidays[date]}
                </span>
              ) : null}
            </h2>
          ) : null}
          {!rooms.data || !bookings.data ? (
            <p className="text-sm text-muted-foreground">{t.loading}</p>
          ) : view === 'day' ? (
            <DayTimeline
              date={date}
              rooms={rooms.data}
              bookings={bookings.data}
              now={now}
              closedName={holidays[date]}
              onPick={(roomId, s, e) => openNew(roomId, date, s, e)}
              onOpen={(b: TBooking) => setTarget({ kind: 'edit', booking: b })}
            />
          ) : view === 'week' ? (
            <WeekView
              monday={monday}
              today={today}
              bookings={bookings.data}
              holidays={holidays}
              closedOnHolidays={closedOnHolidays}
              onOpen={(b) => setTarget({ kind: 'edit', booking: b })}
            />
          ) : (
            <MyBookings bookings={bookings.data} onOpen={(b) => setTarget({ kind: 'edit', booking: b })} />
          )}
        </section>
        <aside className="grid content-start gap-4">
          {rooms.data && todays.data ? <FreeNow rooms={rooms.data} bookings={todays.data} now={now} onBook={(roomId) => openNew(roomId, today)} /> : null}
          <Finder seedId={seedId} date={date} onBook={(roomId, d, s, e) => openNew(roomId, d, s, e)} />
        </aside>
      </div>
      {rooms.data ? <BookingDialog seedId={seedId} rooms={rooms.data} target={dialogTarget} onClose={() => setTarget(null)} /> : null}
    </div>
  );
}
