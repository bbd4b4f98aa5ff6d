import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko, MAX_SERIES_OCCURRENCES } from '@suite/shared';
import { aBooking, aRoom } from '../testing/fixtures';
import { tokenStorage } from '@/lib/token-storage';
import { dateLabel } from '../lib/seoul';
import { BookingDialog, type TDialogTarget } from './booking-dialog';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import '@/lib/testing/resize-observer';

const t = ko.rooms.ui;

const room = (id: string, name: string, active = true) => aRoom(id, name, { active });
// Room ids are UUIDs, as the server's: the form checks the request with the shared schema before sending it.
const roomA = '5f0c3b8e-1d2a-4c3b-9e4f-a1b2c3d4e5f6';
const roomB = '6a1d4c9f-2e3b-4d4c-8f5a-b2c3d4e5f6a7';
const rooms = [room(roomA, '대회의실'), room(roomB, '소회의실'), room('7b2e5daf-3f4c-4e5d-9a6b-c3d4e5f6a7b8', '폐쇄된 방', false)];
const target: TDialogTarget = { kind: 'new', roomId: roomA, date: '2031-03-03', start: 540, end: 600 };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const booking = (startsAt: string, endsAt: string) =>
  aBooking({ id: 'bk-1', roomId: roomB, roomName: '소회의실', organizer: { id: 'u1', name: '김예약', email: 'owner@example.com' }, startsAt, endsAt });

let fetchMock: ReturnType<typeof vi.fn>;
/** What POST /api/seeds/seed-1/bookings answers in the current test. */
let answer: () => Response;

beforeEach(() => {
  localStorage.clear();
  tokenStorage.set({ access_token: 'test-access-token' });
  answer = () => json(500, { success: false, error: 'not set up' });
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (url === '/api/seeds/seed-1/members') return Promise.resolve(json(200, { success: true, data: [] }));
    if (url === '/api/seeds/seed-1/bookings' && init?.method === 'POST') return Promise.resolve(answer());
    return Promise.resolve(json(404, { success: false, error: 'unexpected', code: 'NOT_FOUND' }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function setup(at: TDialogTarget = target) {
  const onClose = vi.fn();
  renderWithQueries(<BookingDialog seedId="seed-1" rooms={rooms} target={at} onClose={onClose} />);
  return { onClose };
}

const postCalls = () =>
  fetchMock.mock.calls.filter(([url, init]) => url === '/api/seeds/seed-1/bookings' && (init as RequestInit | undefined)?.method === 'POST');
const sentBody = () => {
  const calls = postCalls();
  expect(calls).toHaveLength(1);
  return JSON.parse(String((calls[0]![1] as RequestInit).body)) as Record<string, unknown>;
};
const attendeesLabel = `${t.attendees} (${t.attendeesHint})`;

function fillOneOff() {
  fireEvent.change(screen.getByLabelText(t.meetingTitle), { target: { value: '주간 회의' } });
  fireEvent.change(screen.getByLabelText(t.room), { target: { value: roomB } });
  fireEvent.change(screen.getByLabelText(t.date), { target: { value: '2031-03-05' } });
  fireEvent.change(screen.getByLabelText(t.from), { target: { value: '600' } });
  fireEvent.change(screen.getByLabelText(t.to), { target: { value: '690' } });
  fireEvent.change(screen.getByLabelText(attendeesLabel), { target: { value: 'kim@example.com, lee@example.com;\npark@example.com  ' } });
  fireEvent.change(screen.getByLabelText(t.agenda), { target: { value: '지난주 회고' } });
}

describe('BookingDialog: new booking', () => {
  it('shows the form fields with their Korean labels, seeded from the target, listing only active rooms', () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: t.newBooking });
    expect(within(dialog).getByLabelText(t.meetingTitle)).toBeTruthy();
    const roomSelect = within(dialog).getByLabelText(t.room) as HTMLSelectElement;
    expect(roomSelect.value).toBe(roomA);
    expect(Array.from(roomSelect.options).map((o) => o.value)).toEqual([roomA, roomB]);
    expect(roomSelect.options[0]!.textContent).toBe(`대회의실 · ${t.capacityN(6)}`);
    expect((within(dialog).getByLabelText(t.date) as HTMLInputElement).value).toBe('2031-03-03');
    expect((within(dialog).getByLabelText(t.from) as HTMLSelectElement).value).toBe('540');
    expect((within(dialog).getByLabelText(t.to) as HTMLSelectElement).value).toBe('600');
    expect(within(dialog).getByLabelText(attendeesLabel)).toBeTruthy();
    expect(within(dialog).getByLabelText(t.agenda)).toBeTruthy();
    expect((within(dialog).getByLabelText(t.repeat) as HTMLSelectElement).value).toBe('');
    // The end date of a series is asked only once a repeat is chosen.
    expect(within(dialog).queryByLabelText(t.repeatUntil)).toBeNull();
    expect(within(dialog).getByRole('button', { name: t.book })).toBeTruthy();
  });

  it('sends a one-off booking to the seed with Seoul times as ISO instants, split attendees and no recurrence, then closes', async () => {
    answer = () =>
      json(201, {
        success: true,
        message: '예약했습니다.',
        data: booking('2031-03-05T01:00:00.000Z', '2031-03-05T02:30:00.000Z'),
        created: [booking('2031-03-05T01:00:00.000Z', '2031-03-05T02:30:00.000Z')],
        skipped: [],
        leftOut: [],
      });
    const { onClose } = setup();
    fillOneOff();
    fireEvent.click(screen.getByRole('button', { name: t.book }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const [, init] = postCalls()[0]!;
    expect((init as RequestInit).headers).toMatchObject({ 'content-type': 'application/json', authorization: 'Bearer test-access-token' });
    const body = sentBody();
    expect(body).toEqual({
      roomId: roomB,
      title: '주간 회의',
      // 10:00 and 11:30 in Seoul (UTC+9).
      startsAt: '2031-03-05T01:00:00.000Z',
      endsAt: '2031-03-05T02:30:00.000Z',
      attendees: ['kim@example.com', 'lee@example.com', 'park@example.com'],
      agenda: '지난주 회고',
    });
    expect(body).not.toHaveProperty('recurrence');
  });

  it('sends the recurrence only when a repeat is chosen', async () => {
    answer = () =>
      json(201, {
        success: true,
        message: '4건을 예약했습니다.',
        data: booking('2031-03-05T01:00:00.000Z', '2031-03-05T02:30:00.000Z'),
        created: [],
        skipped: [],
        leftOut: [],
      });
    const { onClose } = setup();
    fillOneOff();
    fireEvent.change(screen.getByLabelText(t.repeat), { target: { value: 'weekly' } });
    fireEvent.change(screen.getByLabelText(t.repeatUntil), { target: { value: '2031-03-26' } });
    fireEvent.click(screen.getByRole('button', { name: t.book }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sentBody()).toMatchObject({
      roomId: roomB,
      startsAt: '2031-03-05T01:00:00.000Z',
      endsAt: '2031-03-05T02:30:00.000Z',
      recurrence: { freq: 'weekly', until: '2031-03-26' },
    });
  });

  it('after a series with skipped and left-out dates, lists each skipped reason and the left-out dates instead of closing', async () => {
    answer = () =>
      json(201, {
        success: true,
        message: ko.rooms.server.createdSome(1, 2),
        data: booking('2031-03-03T00:00:00.000Z', '2031-03-03T01:00:00.000Z'),
        created: [booking('2031-03-03T00:00:00.000Z', '2031-03-03T01:00:00.000Z')],
        skipped: [
          { startsAt: '2031-03-04T00:00:00.000Z', endsAt: '2031-03-04T01:00:00.000Z', reason: '이미 다른 예약이 있습니다.' },
          { startsAt: '2031-03-05T00:00:00.000Z', endsAt: '2031-03-05T01:00:00.000Z', reason: '회의실 운영 시간이 아닙니다.' },
        ],
        leftOut: ['2031-06-11', '2031-06-12', '2031-06-13'],
      });
    const { onClose } = setup();
    fireEvent.change(screen.getByLabelText(t.meetingTitle), { target: { value: '스탠드업' } });
    fireEvent.change(screen.getByLabelText(t.repeat), { target: { value: 'daily' } });
    fireEvent.click(screen.getByRole('button', { name: t.book }));

    expect(await screen.findByRole('heading', { name: t.skipped })).toBeTruthy();
    expect(screen.getByText('이미 다른 예약이 있습니다.')).toBeTruthy();
    expect(screen.getByText('회의실 운영 시간이 아닙니다.')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByTestId('series-left-out').textContent).toBe(t.beyondLimit(MAX_SERIES_OCCURRENCES, 3, dateLabel('2031-06-11'), dateLabel('2031-06-13')));
    expect(screen.getByTestId('series-left-out').textContent).toContain('3회');
    expect(onClose).not.toHaveBeenCalled();
    expect(sentBody()).toMatchObject({ recurrence: { freq: 'daily', until: '2031-03-31' } });

    fireEvent.click(screen.getAllByRole('button', { name: t.close }).find((b) => b.textContent === t.close)!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the left-out dates even when nothing else was skipped', async () => {
    answer = () =>
      json(201, {
        success: true,
        message: '100건을 예약했습니다.',
        data: booking('2031-03-03T00:00:00.000Z', '2031-03-03T01:00:00.000Z'),
        created: [],
        skipped: [],
        leftOut: ['2031-06-11'],
      });
    const { onClose } = setup();
    fireEvent.change(screen.getByLabelText(t.meetingTitle), { target: { value: '스탠드업' } });
    fireEvent.click(screen.getByRole('button', { name: t.book }));
    expect(await screen.findByRole('heading', { name: t.skipped })).toBeTruthy();
    expect(screen.getByTestId('series-left-out').textContent).toBe(t.beyondLimit(MAX_SERIES_OCCURRENCES, 1, dateLabel('2031-06-11'), dateLabel('2031-06-11')));
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("on a refusal shows the server's Korean message and stays open with the form", async () => {
    answer = () => json(409, { success: false, error: '이 시간에는 이미 예약이 있습니다.', code: 'CONFLICT' });
    const { onClose } = setup();
    fillOneOff();
    fireEvent.click(screen.getByRole('button', { name: t.book }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('이 시간에는 이미 예약이 있습니다.');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: t.newBooking })).toBeTruthy();
    // What was typed is still there for another try.
    expect((screen.getByLabelText(t.meetingTitle) as HTMLInputElement).value).toBe('주간 회의');
    expect(screen.queryByRole('heading', { name: t.skipped })).toBeNull();
  });

  it('checks the request with the shared schema first: Korean messages under the fields, nothing sent until it passes', async () => {
    const v = ko.rooms.validation;
    answer = () =>
      json(201, {
        success: true,
        message: '예약했습니다.',
        data: booking('2031-03-03T00:00:00.000Z', '2031-03-03T01:00:00.000Z'),
        created: [],
        skipped: [],
        leftOut: [],
      });
    const { onClose } = setup();
    fireEvent.change(screen.getByLabelText(attendeesLabel), { target: { value: 'kim@example.com, 김철수' } });
    fireEvent.click(screen.getByRole('button', { name: t.book }));
    expect(await screen.findByText(v.title)).toBeTruthy();
    expect(screen.getByText(v.attendee)).toBeTruthy();
    expect(postCalls()).toHaveLength(0);

    // 09:00–22:00 is longer than the schema allows.
    fireEvent.change(screen.getByLabelText(t.meetingTitle), { target: { value: '워크숍' } });
    fireEvent.change(screen.getByLabelText(attendeesLabel), { target: { value: 'kim@example.com' } });
    fireEvent.change(screen.getByLabelText(t.to), { target: { value: '1320' } });
    fireEvent.click(screen.getByRole('button', { name: t.book }));
    expect(await screen.findByText(v.tooLong)).toBeTruthy();
    expect(screen.queryByText(v.title)).toBeNull();
    expect(screen.queryByText(v.attendee)).toBeNull();
    expect(postCalls()).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(t.to), { target: { value: '600' } });
    fireEvent.click(screen.getByRole('button', { name: t.book }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sentBody()).toMatchObject({ roomId: roomA, title: '워크숍', attendees: ['kim@example.com'] });
  });

  it('says before booking when a daily series goes past the cap, and not when it fits', () => {
    setup();
    fireEvent.change(screen.getByLabelText(t.repeat), { target: { value: 'daily' } });
    // Default end date: four weeks on (29 days) — within the cap.
    expect(screen.queryByTestId('series-limit')).toBeNull();
    // 2031-03-03 … 2031-07-01 every day: 121 dates; the 100th is 2031-06-10.
    fireEvent.change(screen.getByLabelText(t.repeatUntil), { target: { value: '2031-07-01' } });
    const notice = screen.getByTestId('series-limit');
    expect(notice.textContent).toBe(t.seriesLimit(MAX_SERIES_OCCURRENCES, 121, dateLabel('2031-06-10')));
    expect(notice.textContent).toContain('121회');
    // Exactly 100 dates (2031-03-03 … 2031-06-10) fit.
    fireEvent.change(screen.getByLabelText(t.repeatUntil), { target: { value: '2031-06-10' } });
    expect(screen.queryByTestId('series-limit')).toBeNull();
    expect(postCalls()).toHaveLength(0);
  });
});

describe('BookingDialog: an existing booking', () => {
  it('saves the minutes on their own (then they can be sent) and the edited booking as one PATCH', async () => {
    const patches: unknown[] = [];
    const existing = booking('2031-03-05T01:00:00.000Z', '2031-03-05T02:00:00.000Z');
    fetchMock.mockImplementation((url: string, init?: RequestInit) => {
      if (url === '/api/seeds/seed-1/members') return Promise.resolve(json(200, { success: true, data: [] }));
      if (url === '/api/seeds/seed-1/bookings/bk-1' && init?.method === 'PATCH') {
        patches.push(JSON.parse(String(init.body)));
        return Promise.resolve(json(200, { success: true, message: '저장했습니다.', data: existing }));
      }
      return Promise.resolve(json(404, { success: false, error: 'unexpected', code: 'NOT_FOUND' }));
    });
    const { onClose } = setup({ kind: 'edit', booking: existing });
    const send = screen.getByRole('button', { name: t.sendMinutes }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);

    fireEvent.change(screen.getByLabelText(t.minutes), { target: { value: '결정: 목표 3개 확정' } });
    fireEvent.click(screen.getByRole('button', { name: t.saveMinutes }));
    await waitFor(() => expect(send.disabled).toBe(false));
    expect(patches).toEqual([{ minutes: '결정: 목표 3개 확정' }]);
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(t.agenda), { target: { value: '1. 지난 분기 회고' } });
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(patches[1]).toEqual({
      title: '주간 회의',
      startsAt: '2031-03-05T01:00:00.000Z',
      endsAt: '2031-03-05T02:00:00.000Z',
      attendees: [],
      agenda: '1. 지난 분기 회고',
    });
  });
});
