import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { koCalendarSync } from '@suite/shared/messages/ko-calendar-sync';
import { tokenStorage } from '@/lib/token-storage';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import { CalendarSyncCard } from './calendar-sync-card';

const t = koCalendarSync;
const seedId = '11111111-1111-4111-8111-111111111111';
const roomId = '22222222-2222-4222-8222-222222222222';
const respond = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

let fetchMock: ReturnType<typeof vi.fn>;
let connections: unknown[];
beforeEach(() => {
  tokenStorage.set({ access_token: 'test-access-token' });
  connections = [
    {
      id: '33333333-3333-4333-8333-333333333333',
      provider: 'google',
      accountEmail: 'member@example.test',
      calendarUrl: '',
      status: 'error',
      lastSyncAt: '2026-11-27T01:00:00.000Z',
      lastError: t.server.tokenRevoked,
      createdAt: '2026-11-20T01:00:00.000Z',
    },
  ];
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (url.endsWith('/api/calendar-sync/connections')) return respond({ data: connections, googleAvailable: false });
    if (url.endsWith(`/api/seeds/${seedId}/calendar-sync/room-addresses`))
      return respond({ data: [{ roomId, name: '대회의실', address: `room-${roomId}@suite.test` }] });
    if (url.endsWith('/api/calendar-sync/caldav') && init?.method === 'POST')
      return respond({ error: 'CalDAV 서버가 사용자 이름이나 앱 비밀번호를 받아들이지 않았습니다.', code: 'VALIDATION_FAILED' }, 400);
    return respond({ error: 'unexpected' }, 500);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const renderCard = () =>
  renderWithQueries(
    <MemoryRouter initialEntries={['/admin/services/schedule/settings']}>
      <CalendarSyncCard seedId={seedId} />
    </MemoryRouter>,
  );

describe('캘린더 연결 card', () => {
  it('shows a connection with its status, last sync and error, the room addresses, and Google as unavailable when not configured', async () => {
    renderCard();
    expect(await screen.findByText('member@example.test')).toBeTruthy();
    expect(screen.getByText(t.status.error)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(t.server.tokenRevoked);
    expect(screen.getByText(/마지막 동기화/)).toBeTruthy();
    expect(await screen.findByText(`room-${roomId}@suite.test`)).toBeTruthy();
    // Google is connected already: no second connect button; CalDAV can still be added.
    expect(screen.queryByRole('button', { name: t.connectGoogle })).toBeNull();
    expect(screen.getByRole('button', { name: t.connectCaldav })).toBeTruthy();
  });

  it('validates the CalDAV form with the shared schema before sending, then sends it without an empty calendar URL', async () => {
    connections = [];
    renderCard();
    expect(await screen.findByText(t.none)).toBeTruthy();
    expect((screen.getByRole('button', { name: t.connectGoogle }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(t.server.googleNotConfigured)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(t.serverUrl), { target: { value: 'not a url' } });
    fireEvent.click(screen.getByRole('button', { name: t.connectCaldav }));
    expect(await screen.findByText('올바른 http(s) 주소를 입력하세요.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/api/calendar-sync/caldav'))).toBe(false);

    fireEvent.change(screen.getByLabelText(t.serverUrl), { target: { value: 'https://caldav.example.test/' } });
    fireEvent.change(screen.getByLabelText(t.username), { target: { value: 'member' } });
    fireEvent.change(screen.getByLabelText(t.password), { target: { value: 'app-password' } });
    fireEvent.click(screen.getByRole('button', { name: t.connectCaldav }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/api/calendar-sync/caldav'))).toBe(true));
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/api/calendar-sync/caldav'))!;
    expect(JSON.parse(String((call[1] as RequestInit).body))).toEqual({
      serverUrl: 'https://caldav.example.test/',
      username: 'member',
      password: 'app-password',
    });
  });
});
