import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import type { TAdminUser } from '@suite/shared/schemas/admin';
import { tokenStorage } from '@/lib/token-storage';
import { UsersList } from './users-list';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import '@/lib/testing/resize-observer';

const t = ko.consoleUi.users;
const s = ko.consoleUi.search;

const user = (id: string, email: string, full_name: string, role: TAdminUser['role'] = 'user', status: TAdminUser['status'] = 'active'): TAdminUser => ({
  id,
  email,
  full_name,
  phone: '010-0000-0000',
  role,
  status,
  provider: 'email',
  avatar_url: null,
  created_at: '2031-01-02T03:00:00.000Z',
  updated_at: '2031-01-02T03:00:00.000Z',
  last_login_at: null,
});
const kim = user('u-1', 'kim@example.com', '김민수', 'admin');
const lee = user('u-2', 'lee@example.com', '이영희', 'user', 'suspended');

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const page = (data: TAdminUser[], extra: { total?: number; page?: number; totalPages?: number } = {}) => ({
  data,
  total: extra.total ?? data.length,
  page: extra.page ?? 1,
  limit: 10,
  totalPages: extra.totalPages ?? 1,
});

let fetchMock: ReturnType<typeof vi.fn>;
/** The users API's answer for the query string of a request. */
let respond: (q: URLSearchParams) => unknown;

beforeEach(() => {
  localStorage.clear();
  tokenStorage.set({ access_token: 'test-access-token' });
  respond = () => page([kim, lee]);
  fetchMock = vi.fn((url: string) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname === '/api/admin/users') return Promise.resolve(json(200, respond(u.searchParams)));
    return Promise.resolve(json(404, { success: false, error: 'unexpected', code: 'NOT_FOUND' }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function setup() {
  renderWithQueries(<UsersList />);
}

/** The query strings of every users-list request so far, as plain objects. */
const requests = () =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((u) => u.pathname === '/api/admin/users')
    .map((u) => Object.fromEntries(u.searchParams));
const lastRequest = () => requests().at(-1);
const searchBox = () => screen.getByRole('searchbox', { name: t.searchLabel }) as HTMLInputElement;

describe('UsersList', () => {
  it('shows a row per user from the API, asked for with the default sort, first page and page size', async () => {
    setup();
    const rows = await screen.findAllByTestId('user-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('kim@example.com')).toBeTruthy();
    expect(within(rows[0]!).getByText('김민수')).toBeTruthy();
    expect(within(rows[0]!).getByText(t.roles.admin)).toBeTruthy();
    expect(within(rows[1]!).getByText('lee@example.com')).toBeTruthy();
    expect(within(rows[1]!).getByText(t.statuses.suspended)).toBeTruthy();
    expect(screen.getByTestId('user-count').textContent).toBe(t.resultCount(2, 2));
    expect(requests()).toEqual([{ sort: 'created_at', order: 'desc', page: '1', limit: '10' }]);
    const [, init] = fetchMock.mock.calls[0]!;
    expect((init as RequestInit).headers).toMatchObject({ authorization: 'Bearer test-access-token' });
  });

  it('asks for the typed search once it settles, not on every key', async () => {
    setup();
    await screen.findAllByTestId('user-row');
    fireEvent.change(searchBox(), { target: { value: '김' } });
    fireEvent.change(searchBox(), { target: { value: '김민 ' } });
    // Debounced: nothing is asked for straight after typing.
    expect(requests().some((q) => 'search' in q)).toBe(false);
    await waitFor(() => expect(lastRequest()).toMatchObject({ search: '김민', page: '1' }));
    // Only the settled value was sent (trimmed), never the intermediate one.
    expect(requests().filter((q) => 'search' in q)).toEqual([{ search: '김민', sort: 'created_at', order: 'desc', page: '1', limit: '10' }]);
  });

  it('an empty search result says nothing matched the search and offers to clear it', async () => {
    respond = (q) => (q.get('search') ? page([]) : page([kim, lee]));
    setup();
    await screen.findAllByTestId('user-row');
    fireEvent.change(searchBox(), { target: { value: '없는사람' } });
    const none = await screen.findByTestId('no-results');
    expect(none.textContent).toContain(s.noResults('없는사람'));
    expect(screen.queryByText(t.empty)).toBeNull();
    expect(screen.queryAllByTestId('user-row')).toHaveLength(0);

    fireEvent.click(within(none).getByRole('button', { name: s.clearSearch }));
    expect(searchBox().value).toBe('');
    expect(await screen.findAllByTestId('user-row')).toHaveLength(2);
    expect(screen.queryByTestId('no-results')).toBeNull();
    expect(lastRequest()).not.toHaveProperty('search');
  });

  it('an empty list without a search says there are no users, without a clear button', async () => {
    respond = () => page([]);
    setup();
    expect(await screen.findByText(t.empty)).toBeTruthy();
    expect(screen.queryByTestId('no-results')).toBeNull();
    expect(screen.queryByRole('button', { name: s.clearSearch })).toBeNull();
  });

  it('sorting by a column asks for it ascending, then descending, and goes back to page 1', async () => {
    respond = (q) => page([kim, lee], { total: 25, page: Number(q.get('page')), totalPages: 3 });
    setup();
    await screen.findAllByTestId('user-row');
    fireEvent.click(screen.getByRole('button', { name: t.page(2) }));
    await waitFor(() => expect(lastRequest()).toMatchObject({ page: '2' }));

    const emailHeader = screen.getByRole('columnheader', { name: t.colEmail });
    expect(emailHeader.getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: t.colJoined }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(emailHeader).getByRole('button'));
    await waitFor(() => expect(lastRequest()).toEqual({ sort: 'email', order: 'asc', page: '1', limit: '10' }));
    expect(emailHeader.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(emailHeader).getByRole('button'));
    await waitFor(() => expect(lastRequest()).toEqual({ sort: 'email', order: 'desc', page: '1', limit: '10' }));
    expect(emailHeader.getAttribute('aria-sort')).toBe('descending');
  });

  it('paging asks for the chosen page, and the next/previous buttons move one page', async () => {
    respond = (q) => page([kim, lee], { total: 25, page: Number(q.get('page')), totalPages: 3 });
    setup();
    await screen.findAllByTestId('user-row');
    const nav = screen.getByRole('navigation', { name: t.pagination });
    expect((within(nav).getByRole('button', { name: new RegExp(t.prev) }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(nav).getByRole('button', { name: t.page(3) }));
    await waitFor(() => expect(lastRequest()).toMatchObject({ page: '3' }));
    await waitFor(() => expect(screen.getByRole('button', { name: t.page(3) }).getAttribute('aria-current')).toBe('page'));
    expect((screen.getByRole('button', { name: new RegExp(t.next) }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: new RegExp(t.prev) }));
    await waitFor(() => expect(lastRequest()).toMatchObject({ page: '2' }));
  });

  it('a filter is sent with the query and a new search starts again from page 1', async () => {
    respond = (q) => page([kim, lee], { total: 25, page: Number(q.get('page')), totalPages: 3 });
    setup();
    await screen.findAllByTestId('user-row');
    fireEvent.change(screen.getByRole('combobox', { name: t.role }), { target: { value: 'admin' } });
    await waitFor(() => expect(lastRequest()).toMatchObject({ role: 'admin', page: '1' }));
    fireEvent.click(screen.getByRole('button', { name: t.page(2) }));
    await waitFor(() => expect(lastRequest()).toMatchObject({ role: 'admin', page: '2' }));
    fireEvent.change(searchBox(), { target: { value: 'kim' } });
    await waitFor(() => expect(lastRequest()).toEqual({ search: 'kim', role: 'admin', sort: 'created_at', order: 'desc', page: '1', limit: '10' }));
  });
});
