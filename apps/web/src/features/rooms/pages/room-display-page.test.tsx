import { cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { koRoomsDoor } from '@suite/shared/messages/ko-rooms-door';
import type { TDisplayState } from '@suite/shared/schemas/rooms-door';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import { tokenStorage } from '@/lib/token-storage';
import { RoomDisplayPage } from './room-display-page';

const t = koRoomsDoor;
const TOKEN = 'A'.repeat(32);
const respond = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

const state = (over: Partial<TDisplayState> = {}): TDisplayState => ({
  displayName: '3층 로비 태블릿',
  room: { id: 'room-1', name: '대회의실', location: '3층' },
  now: null,
  next: {
    id: 'b-2',
    title: '디자인 리뷰',
    organizerName: '김예약',
    startsAt: '2030-01-07T05:00:00.000Z',
    endsAt: '2030-01-07T05:30:00.000Z',
    status: 'confirmed',
    canCheckIn: false,
  },
  freeUntil: '2030-01-07T05:00:00.000Z',
  closedReason: null,
  quickMinutes: [15, 30, 60],
  checkInUrl: 'https://example.com/rooms/check-in/room-1?c=abcdefghijkl',
  serverTime: '2030-01-07T03:00:00.000Z',
  ...over,
});

function show() {
  renderWithQueries(
    <MemoryRouter initialEntries={[`/rooms/display/${TOKEN}`]}>
      <Routes>
        <Route path="/rooms/display/:token" element={<RoomDisplayPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the door display', () => {
  it('shows the room free until the next booking, the next one, and books 지금 사용 without a session', async () => {
    // Even on a device where someone is signed in, the display sends no session: its token is its only credential.
    tokenStorage.set({ access_token: 'test-access-token' });
    const calls: { url: string; init?: RequestInit }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        calls.push({ url, init });
        if (init?.method === 'POST') {
          const now = {
            ...state().next!,
            id: 'b-1',
            title: '지금 사용 (3층 로비 태블릿)',
            status: 'checked_in' as const,
            startsAt: '2030-01-07T03:00:00.000Z',
            endsAt: '2030-01-07T03:30:00.000Z',
          };
          return respond({ success: true, message: '12:30까지 예약했습니다.', data: state({ now, freeUntil: null, quickMinutes: [] }) });
        }
        return respond({ data: state() });
      }),
    );
    show();
    expect((await screen.findByTestId('display-room')).textContent).toBe('대회의실');
    expect(screen.getByTestId('display-free').textContent).toBe(t.display.free);
    expect(screen.getByTestId('display-free-until').textContent).toBe(t.display.freeUntil('14:00'));
    expect(screen.getByTestId('display-next-title').textContent).toBe('디자인 리뷰');
    fireEvent.click(screen.getByRole('button', { name: '지금 사용 30분' }));
    expect((await screen.findByTestId('display-message')).textContent).toBe('12:30까지 예약했습니다.');
    expect(screen.getByTestId('display-now-title').textContent).toBe('지금 사용 (3층 로비 태블릿)');
    expect(screen.queryByRole('button', { name: '지금 사용 15분' })).toBeNull();
    const post = calls.find((c) => c.init?.method === 'POST')!;
    expect(post.url).toBe(`/api/room-displays/${TOKEN}/quick-book`);
    expect(JSON.parse(String(post.init?.body))).toEqual({ minutes: 30 });
    expect(new Headers(post.init?.headers).get('authorization')).toBeNull();
  });

  it('says so when the address was revoked', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => respond({ success: false, error: t.server.displayRevoked, code: 'NOT_FOUND' }, 410)),
    );
    show();
    expect((await screen.findByTestId('display-error')).textContent).toBe(t.server.displayRevoked);
    expect(screen.queryByTestId('display-room')).toBeNull();
  });
});
