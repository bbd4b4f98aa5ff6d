import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aBooking, aRoom } from '../testing/fixtures';
import { seoulInstant } from '../lib/seoul';
import { DayTimeline } from './day-timeline';

const room = (id: string, name: string, open = 540, close = 720) => aRoom(id, name, { openMinute: open, closeMinute: close });
const booking = (roomId: string, date: string, from: number, to: number, title: string) =>
  aBooking({
    id: `${roomId}-${from}`,
    roomId,
    roomName: roomId,
    title,
    startsAt: seoulInstant(date, from).toISOString(),
    endsAt: seoulInstant(date, to).toISOString(),
  });

afterEach(cleanup);

describe('DayTimeline', () => {
  const date = '2031-03-03';
  const before = seoulInstant('2031-03-01').getTime();

  it('shows rooms × 15-minute cells over the opening hours, with bookings and busy cells not bookable', () => {
    const onOpen = vi.fn();
    render(
      <DayTimeline
        date={date}
        rooms={[room('a', '대회의실'), room('b', '소회의실', 600, 660)]}
        bookings={[booking('a', date, 600, 660, '주간 회의')]}
        now={before}
        onPick={vi.fn()}
        onOpen={onOpen}
      />,
    );
    // 09:00–12:00 → 12 columns; the small room is closed before 10:00.
    expect(screen.getAllByRole('columnheader')).toHaveLength(13);
    expect(screen.getByRole('gridcell', { name: '대회의실 10:15 예약하기' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('gridcell', { name: '대회의실 11:00 예약하기' }).getAttribute('aria-disabled')).toBe('false');
    expect(screen.getByRole('gridcell', { name: '소회의실 09:00 예약하기' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: /주간 회의/ }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ title: '주간 회의' }));
  });

  it('moves with the arrow keys and books the focused free slot with Enter', () => {
    const onPick = vi.fn();
    render(<DayTimeline date={date} rooms={[room('a', '대회의실'), room('b', '소회의실')]} bookings={[]} now={before} onPick={onPick} onOpen={vi.fn()} />);
    const first = screen.getByRole('gridcell', { name: '대회의실 09:00 예약하기' });
    expect(first.tabIndex).toBe(0);
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    fireEvent.keyDown(screen.getByRole('gridcell', { name: '대회의실 09:15 예약하기' }), { key: 'ArrowDown' });
    const target = screen.getByRole('gridcell', { name: '소회의실 09:15 예약하기' });
    expect(target.tabIndex).toBe(0);
    fireEvent.keyDown(target, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith('b', 555, 615);
  });

  it('does not offer slots that are already over', () => {
    const now = seoulInstant(date, 630).getTime();
    render(<DayTimeline date={date} rooms={[room('a', '대회의실')]} bookings={[]} now={now} onPick={vi.fn()} onOpen={vi.fn()} />);
    expect(screen.getByRole('gridcell', { name: '대회의실 10:00 예약하기' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('gridcell', { name: '대회의실 10:30 예약하기' }).getAttribute('aria-disabled')).toBe('false');
  });
});
