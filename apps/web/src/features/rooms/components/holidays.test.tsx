import { cleanup, fireEvent, screen, waitFor, within, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import { koRoomsHolidays } from '@suite/shared/messages/ko-rooms-holidays';
import { tokenStorage } from '@/lib/token-storage';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import '@/lib/testing/resize-observer';
import { aRoom } from '../testing/fixtures';
import { WeekView } from './booking-list';
import { ClosedDaysCard } from './closed-days';
import { RoomFormDialog } from './room-form';

const h = koRoomsHolidays;
const chuseok = { '2026-09-24': '추석', '2026-09-25': '추석', '2026-09-26': '추석' };

let fetchMock: ReturnType<typeof vi.fn>;
const respond = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
beforeEach(() => {
  tokenStorage.set({ access_token: 'test-access-token' });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('holidays in the week view', () => {
  it('names the holiday in the day header and shades the day when no room opts in', () => {
    render(<WeekView monday="2026-09-21" today="2026-09-21" bookings={[]} holidays={chuseok} closedOnHolidays onOpen={() => {}} />);
    const days = within(screen.getByTestId('week-grid')).getAllByRole('listitem');
    expect(days).toHaveLength(7);
    const closed = days.filter((d) => d.dataset.closed === 'true');
    expect(closed.map((d) => d.dataset.holiday)).toEqual(['추석', '추석', '추석']);
    // Under the date from the small breakpoint up, beside it on a phone (the date column is too narrow there).
    expect(
      within(days[4]!)
        .getAllByText('추석')
        .map((e) => e.className.includes('sm:hidden')),
    ).toEqual([false, true]);
    expect(within(days[4]!).getByText(h.ui.closedBadge)).toBeTruthy();
    expect(days[4]!.className).toContain('bg-muted');
    expect(days[2]!.dataset.holiday).toBeUndefined();
    expect(days[2]!.className).not.toContain('bg-muted');
  });

  it('only names the holiday when some room takes bookings on holidays', () => {
    render(<WeekView monday="2026-09-21" today="2026-09-21" bookings={[]} holidays={chuseok} closedOnHolidays={false} onOpen={() => {}} />);
    const days = within(screen.getByTestId('week-grid')).getAllByRole('listitem');
    expect(days[3]!.dataset.holiday).toBe('추석');
    expect(days[3]!.dataset.closed).toBeUndefined();
    expect(within(days[3]!).queryByText(h.ui.closedBadge)).toBeNull();
  });
});

describe('closed days and the opt-in', () => {
  it('an admin adds a closed day through the API and sees the server-computed list', async () => {
    const list = [
      { date: '2026-06-03', name: '지방선거', kind: 'company' },
      { date: '2026-09-25', name: '추석', kind: 'public' },
    ];
    fetchMock = vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return respond({ success: true, message: '추가했습니다.', data: list[0] }, 201);
      return respond({ data: String(url).includes('year=2026') ? list : [] });
    });
    vi.stubGlobal('fetch', fetchMock);
    // The card asks for this year's list: the date is 2026-05-01 for the whole test (only Date is faked; the user
    // events' timers stay real). Restored after it (afterEach), so the test does not depend on the day it runs.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-01T03:00:00Z'));
    renderWithQueries(<ClosedDaysCard seedId="seed-1" canManage />);
    expect(await screen.findByText('지방선거')).toBeTruthy();
    // Empty name: the shared schema's Korean message, nothing sent.
    const before = fetchMock.mock.calls.length;
    fireEvent.change(screen.getByLabelText(h.ui.closedDayDate), { target: { value: '2026-10-02' } });
    fireEvent.click(screen.getByRole('button', { name: h.ui.addClosedDay }));
    expect(await screen.findByText(h.validation.name)).toBeTruthy();
    expect(fetchMock.mock.calls.length).toBe(before);
    fireEvent.change(screen.getByLabelText(h.ui.closedDayName), { target: { value: '창립기념일' } });
    fireEvent.click(screen.getByRole('button', { name: h.ui.addClosedDay }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, i]) => (i as RequestInit | undefined)?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, i]) => (i as RequestInit | undefined)?.method === 'POST')!;
    expect(String(post[0])).toBe('/api/seeds/seed-1/rooms/closed-days');
    expect(JSON.parse(String((post[1] as RequestInit).body))).toEqual({ date: '2026-10-02', name: '창립기념일' });
    expect(screen.getByRole('button', { name: h.ui.removeClosedDay('2026-06-03') })).toBeTruthy();
  });

  it('a member sees the closed days without the form or delete buttons', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => respond({ data: [{ date: '2026-06-03', name: '지방선거', kind: 'company' }] })),
    );
    renderWithQueries(<ClosedDaysCard seedId="seed-1" canManage={false} />);
    expect(await screen.findAllByText('지방선거')).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: h.ui.addClosedDay })).toBeNull();
    expect(screen.queryByRole('button', { name: /휴무일 삭제/ })).toBeNull();
  });

  it('the room form sends 공휴일에도 예약 받기', async () => {
    fetchMock = vi.fn(() => respond({ success: true, message: '저장했습니다.' }));
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    renderWithQueries(<RoomFormDialog seedId="seed-1" room={aRoom('room-1', '소회의실')} open onClose={onClose} />);
    fireEvent.click(screen.getByRole('checkbox', { name: new RegExp(`^${h.ui.openOnHolidays}`) }));
    fireEvent.click(screen.getByRole('button', { name: ko.rooms.ui.save }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    // The form of an existing room also reads that room's own booking rules (a GET): find the save.
    const save = fetchMock.mock.calls.find((c) => ((c as unknown[])[1] as RequestInit | undefined)?.body !== undefined);
    const body = JSON.parse(String(((save as unknown[])[1] as RequestInit).body)) as { openOnHolidays: boolean };
    expect(body.openOnHolidays).toBe(true);
  });
});
