import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import type { TAccessLogEntry, TAccessLogPage } from '@suite/shared/schemas/privacy';
import { tokenStorage } from '@/lib/token-storage';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import '@/lib/testing/resize-observer';
import { AccessLogList } from './access-log-list';

const a = ko.privacy.access;

const entry = (id: number, over: Partial<TAccessLogEntry> = {}): TAccessLogEntry => ({
  id,
  actorId: 'u-1',
  actorEmail: 'root@corp.example',
  scope: 'platform',
  seedId: null,
  action: 'admin.users.list',
  subject: '1쪽 20/152명',
  reason: null,
  ip: '203.0.113.9',
  createdAt: '2026-11-27T03:00:00.000Z',
  ...over,
});
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const page = (data: TAccessLogEntry[], extra: Partial<TAccessLogPage> = {}): TAccessLogPage => ({ data, total: data.length, page: 1, totalPages: 1, ...extra });

let fetchMock: ReturnType<typeof vi.fn>;
let respond: (q: URLSearchParams) => unknown;

beforeEach(() => {
  localStorage.clear();
  tokenStorage.set({ access_token: 'test-access-token' });
  respond = () =>
    page([
      entry(2, {
        scope: 'seed',
        seedId: 's-1',
        actorEmail: 'owner@shop.example',
        action: 'chatbot.conversation.read',
        subject: '챗봇 b-1 대화 c-1',
        reason: '환불 문의 확인',
      }),
      entry(1),
    ]);
  fetchMock = vi.fn((url: string) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname === '/api/admin/privacy/access-log') return Promise.resolve(json(200, respond(u.searchParams)));
    return Promise.resolve(json(404, { success: false, error: 'unexpected', code: 'NOT_FOUND' }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const lastQuery = () => new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost').searchParams;

describe('AccessLogList', () => {
  it('shows who read what, in Korean, with the scope and the reason', async () => {
    renderWithQueries(<AccessLogList />);
    const row = (await screen.findByText('owner@shop.example')).closest('tr')!;
    expect(within(row).getByText(a.actions['chatbot.conversation.read']!)).toBeTruthy();
    expect(within(row).getByText(a.scope.seed!)).toBeTruthy();
    expect(within(row).getByText('환불 문의 확인')).toBeTruthy();
    const other = screen.getByText('root@corp.example').closest('tr')!;
    expect(within(other).getByText(a.actions['admin.users.list']!)).toBeTruthy();
    expect(within(other).getByText(a.noReason)).toBeTruthy();
    for (const head of Object.values(a.columns).filter((h) => h !== a.columns.ip)) expect(screen.getByRole('columnheader', { name: head })).toBeTruthy();
    expect(screen.getByText(a.total(2))).toBeTruthy();
  });

  it('sends the filters and starts again from the first page; an empty answer says so', async () => {
    renderWithQueries(<AccessLogList />);
    await screen.findByText('owner@shop.example');
    respond = () => page([]);
    fireEvent.change(screen.getByLabelText(a.filters.action), { target: { value: 'chatbot.conversation.read' } });
    await waitFor(() => expect(lastQuery().get('action')).toBe('chatbot.conversation.read'));
    fireEvent.change(screen.getByLabelText(a.filters.from), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText(a.filters.to), { target: { value: '2026-11-27' } });
    fireEvent.change(screen.getByLabelText(a.filters.actor), { target: { value: 'owner@' } });
    await waitFor(() => expect(lastQuery().get('actor')).toBe('owner@'));
    expect(Object.fromEntries(lastQuery())).toMatchObject({ action: 'chatbot.conversation.read', from: '2026-11-01', to: '2026-11-27', page: '1' });
    expect(await screen.findByText(a.empty)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: a.filters.reset }));
    await waitFor(() => expect(lastQuery().get('action')).toBeNull());
  });

  it('shows the server error', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(403, { success: false, error: '권한이 없습니다', code: 'FORBIDDEN' })));
    renderWithQueries(<AccessLogList />);
    expect((await screen.findByRole('alert')).textContent).toContain('권한이 없습니다');
  });
});
