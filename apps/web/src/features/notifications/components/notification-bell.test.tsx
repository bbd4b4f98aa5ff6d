import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { koNotificationsUi } from '@suite/shared/messages/ko-notifications-ui';
import type { TNotice } from '@suite/shared/schemas/notifications';
import '@/lib/testing/resize-observer';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import { NotificationBell } from './notification-bell';

const b = koNotificationsUi.bell;
const notice = (id: number, title: string, read = false): TNotice => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  event: 'rooms.reminder',
  seedId: null,
  title,
  body: '대회의실 · 14:00–15:00',
  link: `/admin/services/schedule?booking=${id}`,
  read,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
});

function Where() {
  return <p data-testid="where">{useLocation().pathname + useLocation().search}</p>;
}

describe('NotificationBell', () => {
  let inbox: TNotice[];
  let stream: ReadableStreamDefaultController<Uint8Array> | undefined;
  const posts: unknown[] = [];
  const send = (unread: number) => stream!.enqueue(new TextEncoder().encode(`event: unread\ndata: {"unread":${unread}}\n\n`));

  beforeEach(() => {
    localStorage.setItem('__access_token', 'test-token');
    inbox = [notice(1, '회의 알림: 주간 회의 · 14:00')];
    posts.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url === '/api/me/notifications/stream')
          return new Response(new ReadableStream<Uint8Array>({ start: (c) => void (stream = c) }), { headers: { 'content-type': 'text/event-stream' } });
        if (url === '/api/me/notifications/read') {
          const { ids } = JSON.parse(String(init.body)) as { ids: string[] };
          posts.push(ids);
          inbox = inbox.map((n) => (ids.includes(n.id) ? { ...n, read: true } : n));
        }
        const unread = inbox.filter((n) => !n.read).length;
        return new Response(JSON.stringify({ data: inbox, unread, nextCursor: null, message: '', marked: 1 }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    stream = undefined;
  });

  it('shows the unread count, raises it when the event stream says so, and lists the new notice', async () => {
    renderWithQueries(
      <MemoryRouter>
        <NotificationBell />
      </MemoryRouter>,
    );
    const bell = await screen.findByRole('button', { name: b.labelUnread(1) });
    expect(bell.getAttribute('data-unread')).toBe('1');
    await waitFor(() => expect(stream).toBeDefined());

    // A new booking reminder arrives: the server publishes the new count on the stream, the bell refetches.
    inbox = [notice(2, '회의 알림: 디자인 리뷰 · 15:00'), ...inbox];
    await act(async () => send(2));
    await screen.findByRole('button', { name: b.labelUnread(2) });

    fireEvent.keyDown(bell, { key: 'Enter' });
    const items = await screen.findAllByTestId('bell-notice');
    expect(items.map((i) => i.textContent)).toEqual([expect.stringContaining('디자인 리뷰'), expect.stringContaining('주간 회의')]);
    expect(items.every((i) => i.getAttribute('data-read') === 'false')).toBe(true);
    expect(screen.getByRole('menuitem', { name: b.all }).getAttribute('href')).toBe('/admin/notifications');
  });

  it('choosing a notice marks it read and opens what it is about; "모두 읽음" marks the rest', async () => {
    inbox = [notice(2, '회의 알림: 디자인 리뷰'), notice(1, '회의 알림: 주간 회의'), notice(3, '지난 알림', true)];
    renderWithQueries(
      <MemoryRouter initialEntries={['/admin']}>
        <NotificationBell />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    const bell = await screen.findByRole('button', { name: b.labelUnread(2) });
    fireEvent.keyDown(bell, { key: 'Enter' });
    const [first] = await screen.findAllByTestId('bell-notice');
    fireEvent.click(first!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/services/schedule?booking=2'));
    expect(posts).toEqual([[notice(2, '').id]]);
    await screen.findByRole('button', { name: b.labelUnread(1) });

    fireEvent.keyDown(screen.getByRole('button', { name: b.labelUnread(1) }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: b.markAll }));
    // The menu stays open; the bell behind it says nothing is unread.
    await screen.findByRole('button', { name: b.label });
    expect(posts[1]).toEqual([notice(1, '').id]);
  });
});
