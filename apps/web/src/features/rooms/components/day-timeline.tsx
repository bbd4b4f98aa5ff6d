import { Link } from 'react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { TBooking, TRoom } from '@suite/shared/schemas/rooms';
import { hhmm, seoulInstant, seoulMinute, STEP_MIN, weekday } from '../lib/seoul';

const t = ko.rooms.ui;
const SLOT_MIN_PX = 16;
const cellStyle = { flex: `1 0 ${SLOT_MIN_PX}px` };

/** The span of the day shown: from the earliest opening to the latest closing of the active rooms. */
export function daySpan(rooms: TRoom[]): [number, number] {
  const active = rooms.filter((r) => r.active);
  if (active.length === 0) return [480, 1320];
  return [Math.min(...active.map((r) => r.openMinute)), Math.max(...active.map((r) => r.closeMinute))];
}

type TProps = {
  date: string;
  rooms: TRoom[];
  bookings: TBooking[];
  now: number;
  onPick: (roomId: string, start: number, end: number) => void;
  onOpen: (booking: TBooking) => void;
  /** The day's public holiday or closed day: rooms that do not opt in cannot be booked (issue 37). */
  closedName?: string | undefined;
};

/**
 * Rooms × time on a 15-minute grid. Keyboard: one cell is in the tab order; arrow keys move (left/right in time,
 * up/down between rooms), Enter or Space books the slot. Mouse/touch: drag across free slots of a room to book them.
 */
export function DayTimeline({ date, rooms, bookings, now, onPick, onOpen, closedName }: TProps) {
  const active = useMemo(() => rooms.filter((r) => r.active), [rooms]);
  const [from, to] = daySpan(active);
  const slots = Array.from({ length: (to - from) / STEP_MIN }, (_, i) => from + i * STEP_MIN);
  const [focus, setFocus] = useState<{ row: number; col: number }>({ row: 0, col: 0 });
  const [drag, setDrag] = useState<{ roomId: string; a: number; b: number } | null>(null);
  const grid = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const dayStart = seoulInstant(date).getTime();
  const nowMinute = now >= dayStart && now < dayStart + 86_400_000 ? seoulMinute(new Date(now)) : null;

  /** Left offset and width of a span of minutes, relative to a row (the room column excluded). */
  const at = (minute: number) => `calc(var(--rh) + (100% - var(--rh)) * ${(minute - from) / (to - from)})`;
  const span = (a: number, b: number) => `calc((100% - var(--rh)) * ${(b - a) / (to - from)} - 2px)`;

  // Bring the interesting part of the day into view on a narrow screen: now, else the first booking.
  const firstStart = bookings.length ? Math.min(...bookings.map((b) => seoulMinute(b.startsAt))) : from;
  const focusMinute = nowMinute ?? firstStart;
  useEffect(() => {
    const el = scroller.current;
    if (!el || el.scrollWidth <= el.clientWidth) return;
    const header = el.querySelector<HTMLElement>('[role="rowheader"]')?.offsetWidth ?? 0;
    const frac = Math.max(0, (focusMinute - 60 - from) / (to - from));
    el.scrollLeft = frac * (el.scrollWidth - header);
  }, [date, focusMinute, from, to]);

  const byRoom = useMemo(() => {
    const map = new Map<string, TBooking[]>();
    for (const b of bookings) if (b.status !== 'cancelled' && b.status !== 'released') map.set(b.roomId, [...(map.get(b.roomId) ?? []), b]);
    return map;
  }, [bookings]);

  const busy = (roomId: string, minute: number) => {
    const at = seoulInstant(date, minute).getTime();
    return (byRoom.get(roomId) ?? []).some((b) => Date.parse(b.startsAt) < at + STEP_MIN * 60_000 && Date.parse(b.endsAt) > at);
  };
  const bookable = (room: TRoom, minute: number) =>
    (!closedName || room.openOnHolidays) &&
    room.weekdays.includes(weekday(date)) &&
    minute >= room.openMinute &&
    minute < room.closeMinute &&
    seoulInstant(date, minute + STEP_MIN).getTime() > now;

  useEffect(() => {
    const el = grid.current?.querySelector<HTMLElement>(`[data-cell="${focus.row}-${focus.col}"]`);
    if (el && grid.current?.contains(document.activeElement)) el.focus();
  }, [focus]);

  const onKey = (e: React.KeyboardEvent, row: number, col: number) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      Home: [0, -col],
      End: [0, slots.length - 1 - col],
    };
    const mv = moves[e.key];
    if (mv) {
      e.preventDefault();
      setFocus({ row: Math.max(0, Math.min(active.length - 1, row + mv[0])), col: Math.max(0, Math.min(slots.length - 1, col + mv[1])) });
    }
  };

  const endDrag = () => {
    if (!drag) return;
    const a = Math.min(drag.a, drag.b);
    const b = Math.max(drag.a, drag.b) + STEP_MIN;
    setDrag(null);
    onPick(drag.roomId, a, b - a < 30 && a + 30 <= to ? a + 30 : b);
  };

  if (active.length === 0) {
    return (
      <div className="flex flex-col items-start gap-2 rounded-md border border-dashed p-4">
        <p className="text-sm text-muted-foreground break-keep">{t.noRooms}</p>
        <Button asChild size="sm">
          <Link to="/admin/services/schedule/settings">{t.addRooms}</Link>
        </Button>
      </div>
    );
  }

  return (
    <div ref={scroller} className="overflow-x-auto rounded-md border" onPointerUp={endDrag} onPointerLeave={() => setDrag(null)}>
      <div
        ref={grid}
        role="grid"
        aria-label={t.day}
        className="relative w-full min-w-max select-none [--rh:7rem] sm:[--rh:9rem]"
        style={{ touchAction: drag ? 'none' : 'pan-x pan-y' }}
      >
        <div role="row" className="flex border-b bg-muted/40 text-[11px] text-muted-foreground">
          <div role="columnheader" className="sticky left-0 z-20 w-28 shrink-0 bg-muted px-2 py-1 sm:w-36">
            {t.room}
          </div>
          {slots.map((m) => (
            <div role="columnheader" key={m} className="border-l border-border/50 py-1 pl-0.5 whitespace-nowrap" style={cellStyle}>
              <span aria-hidden="true">{m % 60 === 0 ? hhmm(m).slice(0, 2) : ''}</span>
              <span className="sr-only">{hhmm(m)}</span>
            </div>
          ))}
        </div>
        {active.map((room, row) => (
          <div role="row" key={room.id} className="relative flex border-b last:border-b-0">
            <div role="rowheader" className="sticky left-0 z-20 w-28 shrink-0 bg-background px-2 py-2 text-sm sm:w-36">
              <div className="line-clamp-2 font-medium break-keep wrap-anywhere" title={room.name}>
                {room.name}
              </div>
              <div className="truncate text-[11px] text-muted-foreground">{[room.location, t.capacityN(room.capacity)].filter(Boolean).join(' · ')}</div>
            </div>
            {slots.map((m, col) => {
              const free = bookable(room, m) && !busy(room.id, m);
              const inDrag = drag?.roomId === room.id && m >= Math.min(drag.a, drag.b) && m <= Math.max(drag.a, drag.b);
              return (
                <div
                  role="gridcell"
                  key={m}
                  data-cell={`${row}-${col}`}
                  tabIndex={focus.row === row && focus.col === col ? 0 : -1}
                  aria-label={t.timelineLabel(room.name, hhmm(m))}
                  aria-disabled={!free}
                  onFocus={() => setFocus({ row, col })}
                  onKeyDown={(e) => {
                    onKey(e, row, col);
                    if ((e.key === 'Enter' || e.key === ' ') && free) {
                      e.preventDefault();
                      onPick(room.id, m, Math.min(m + 60, room.closeMinute));
                    }
                  }}
                  onPointerDown={(e) => {
                    if (!free) return;
                    e.preventDefault();
                    setDrag({ roomId: room.id, a: m, b: m });
                  }}
                  onPointerEnter={() => {
                    if (drag && drag.roomId === room.id && free) setDrag({ ...drag, b: m });
                  }}
                  className={cn(
                    'border-l border-border/40 focus-visible:outline-2 focus-visible:outline-ring',
                    m % 60 === 0 && 'border-border',
                    free ? 'cursor-pointer hover:bg-primary/10' : 'bg-muted/60',
                    inDrag && 'bg-primary/25',
                  )}
                  style={cellStyle}
                />
              );
            })}
            {/* The bookings of the row, laid over its cells (a cell of their own for assistive technology). */}
            <div role="gridcell" aria-label={`${room.name} ${t.bookingsOf}`} className="pointer-events-none absolute inset-0">
              {(byRoom.get(room.id) ?? []).map((b) => {
                const s = Math.max(from, seoulMinute(b.startsAt));
                const e = Math.min(to, seoulMinute(b.endsAt) || 1440);
                if (e <= s) return null;
                return (
                  <button
                    type="button"
                    key={b.id}
                    onClick={() => onOpen(b)}
                    className={cn(
                      '@container pointer-events-auto absolute top-1 bottom-1 z-10 overflow-hidden rounded-md border px-1.5 text-left text-[11px] leading-tight shadow-sm focus-visible:outline-2 focus-visible:outline-ring',
                      b.status === 'checked_in'
                        ? 'border-emerald-600/50 bg-emerald-100 text-emerald-950 dark:bg-emerald-900/60 dark:text-emerald-50'
                        : 'border-primary/40 bg-primary/15 text-foreground',
                    )}
                    style={{ left: at(s), width: span(s, e) }}
                    title={`${b.title} ${hhmm(seoulMinute(b.startsAt))}–${hhmm(e)}`}
                    aria-label={`${b.title} ${hhmm(seoulMinute(b.startsAt))}–${hhmm(e)}`}
                  >
                    {/* The block is a size container: wide enough (4rem inside), the title on one line and the time under it;
                      narrower, the title over two lines (never '1…') and no time. The tooltip (title attribute) and the
                      accessible name always hold both. */}
                    <span className="line-clamp-2 font-medium break-all @min-[4rem]:line-clamp-1 @min-[4rem]:break-normal">{b.title}</span>
                    <span className="hidden truncate text-muted-foreground @min-[4rem]:block">{`${hhmm(seoulMinute(b.startsAt))}–${hhmm(e)}`}</span>
                  </button>
                );
              })}
            </div>
          </div>
        ))}
        {nowMinute !== null && nowMinute >= from && nowMinute <= to ? (
          <div aria-hidden="true" className="pointer-events-none absolute top-0 bottom-0 z-10 w-0.5 bg-red-500" style={{ left: at(nowMinute) }} />
        ) : null}
      </div>
    </div>
  );
}
