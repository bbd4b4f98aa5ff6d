/**
 * Inline editing in the list and the 보기 menu (issue 36, decision 093): keyboard moves over the grid, Enter saves one
 * field through the row update route (the list updated in place, not fetched again), Escape cancels, Tab goes on to
 * the next editable cell, the row form's checks and the server's refusal shown by the cell with the typed text kept;
 * saved views saved from and applied to the list.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import type { TAdminAppDetail } from '@suite/shared/schemas/admin-builder';
import { tokenStorage } from '@/lib/token-storage';
import { AdminBuilderTablePage } from '../pages/table-page';

const v = ko.adminBuilder.views.ui;
const SEED = '11111111-1111-4111-8111-111111111111';
const APP = '33333333-3333-4333-8333-333333333333';
const VIEW = '44444444-4444-4444-8444-444444444444';

vi.mock('@/lib/seed-context', () => ({
  useSeeds: () => ({ selected: { id: SEED, seed_name: '회사', role: 'owner' }, isLoading: false }),
}));

const col = (name: string, kind: 'text' | 'number' | 'boolean', more: object = {}) => ({
  name,
  type: kind === 'number' ? 'integer' : kind === 'boolean' ? 'boolean' : 'varchar(20)',
  kind,
  nullable: true,
  hasDefault: false,
  maxLength: kind === 'text' ? 20 : null,
  enumValues: null,
  ref: null,
  generated: false,
  ...more,
});
const detail: TAdminAppDetail = {
  id: APP,
  name: '백오피스',
  connectionId: '22222222-2222-4222-8222-222222222222',
  connectionName: '쇼핑몰',
  engine: 'postgres',
  tables: ['orders'],
  canManage: true,
  canSetRights: true,
  createdAt: '2026-11-27T00:00:00.000Z',
  schema: [
    {
      name: 'orders',
      kind: 'table',
      primaryKey: ['id'],
      columns: [
        col('id', 'number', { generated: true, hasDefault: true }),
        col('status', 'text'),
        col('qty', 'number'),
        col('phone', 'text', { masked: true }),
        col('gift', 'boolean'),
        col('size', 'text', { type: 'size_t', kind: 'other', maxLength: null, enumValues: ['S', 'M', 'L'] }),
      ],
      related: [],
      settings: {
        label: '주문',
        columnLabels: { status: '상태', qty: '수량' },
        listColumns: ['id', 'status', 'qty', 'phone', 'gift', 'size'],
        formColumns: ['status', 'qty', 'phone', 'gift', 'size'],
        readOnlyColumns: [],
        defaultSort: null,
        displayColumn: null,
        permissions: { admin: ['view'], member: ['view'] },
      },
      rights: ['view', 'create', 'edit', 'delete', 'export', 'import'],
    },
  ],
};
const rowsBody = {
  data: [
    { id: 1, status: 'paid', qty: 2, phone: '●●●', gift: false, size: 'M' },
    { id: 2, status: 'new', qty: 5, phone: null, gift: true, size: null },
  ],
  total: 2,
  page: 1,
  pageSize: 25,
  refs: {},
};
let fetchMock: ReturnType<typeof vi.fn>;
let patchAnswer: () => Response;

beforeEach(() => {
  localStorage.clear();
  tokenStorage.set({ access_token: 'test-access-token' });
  patchAnswer = () => Response.json({ success: true, message: '저장했습니다.', data: { id: 1, status: 'shipped', qty: 2, phone: '●●●', gift: false } });
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const u = String(url);
    if (init?.method === 'PATCH' && u.includes('/row?')) return patchAnswer();
    if (u.includes('/views') && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { name: string; config: unknown };
      return Response.json(
        { success: true, message: '보기를 저장했습니다.', data: { id: VIEW, ...body, updatedAt: '2026-11-28T00:00:00.000Z' } },
        { status: 201 },
      );
    }
    if (u.includes('/views'))
      return Response.json({
        data: [
          {
            id: VIEW,
            name: '새 주문',
            config: { filters: { status: ['eq:new'] }, sort: 'qty.desc', columns: ['id', 'status'], q: '' },
            updatedAt: '2026-11-28T00:00:00.000Z',
          },
        ],
      });
    if (u.includes('/rows')) return Response.json(rowsBody);
    return Response.json({ data: detail });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(entry = `/admin/services/admin-builder/apps/${APP}/orders`) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/admin/services/admin-builder/apps/:appId/:table" element={<AdminBuilderTablePage />} />
          <Route path="/admin/services/admin-builder/apps/:appId/:table/row" element={<p>행 화면</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const calls = (pred: (u: string, init?: RequestInit) => boolean) =>
  fetchMock.mock.calls.filter((c) => pred(decodeURIComponent(String(c[0])), c[1] as RequestInit | undefined));
const patches = () => calls((u, i) => i?.method === 'PATCH');
const rowLists = () => calls((u, i) => u.includes('/rows?') && (i?.method ?? 'GET') === 'GET');
const cell = (row: number, col: string) => screen.getAllByTestId('ad-row')[row]!.querySelector<HTMLElement>(`[data-col="${col}"]`)!;
const key = (el: Element, k: string, more: object = {}) => fireEvent.keyDown(el, { key: k, ...more });

async function loaded() {
  renderPage();
  await screen.findByText('paid', {}, { timeout: 15_000 });
  return screen.getByRole('grid');
}

it('moves the current cell with the arrow keys (one tab stop, aria-selected) and edits only editable cells', async () => {
  await loaded();
  const first = cell(0, 'id');
  expect(first.tabIndex).toBe(0);
  expect(cell(0, 'status').tabIndex).toBe(-1);
  act(() => first.focus());
  key(first, 'ArrowRight');
  await waitFor(() => expect(document.activeElement).toBe(cell(0, 'status')));
  expect(cell(0, 'status').getAttribute('aria-selected')).toBe('true');
  expect(first.getAttribute('aria-selected')).toBe('false');
  key(cell(0, 'status'), 'ArrowDown');
  await waitFor(() => expect(document.activeElement).toBe(cell(1, 'status')));
  key(cell(1, 'status'), 'End');
  await waitFor(() => expect(document.activeElement).toBe(cell(1, 'size')));
  // An enum (a PostgreSQL type: kind 'other') edits with a select of its values.
  key(cell(1, 'size'), 'F2');
  const size = within(cell(1, 'size')).getByRole('combobox', { name: v.editCell('size') });
  expect([...(size as HTMLSelectElement).options].map((o) => o.value)).toEqual(['', 'S', 'M', 'L']);
  key(size, 'Escape');
  await waitFor(() => expect(document.activeElement).toBe(cell(1, 'size')));
  key(cell(1, 'size'), 'ArrowLeft');
  await waitFor(() => expect(document.activeElement).toBe(cell(1, 'gift')));
  key(cell(1, 'gift'), 'ArrowLeft');
  // A masked column ('●●●') and the key never become a field.
  await waitFor(() => expect(document.activeElement).toBe(cell(1, 'phone')));
  expect(cell(1, 'phone').getAttribute('aria-readonly')).toBe('true');
  key(cell(1, 'phone'), 'F2');
  expect(within(cell(1, 'phone')).queryByRole('textbox')).toBeNull();
  expect(cell(0, 'id').getAttribute('aria-readonly')).toBe('true');
});

it('saves one field on Enter through the row update route and updates the row in place', async () => {
  await loaded();
  const status = cell(0, 'status');
  act(() => status.focus());
  key(status, 'Enter');
  const input = within(status).getByRole('textbox', { name: v.editCell('상태') });
  expect((input as HTMLInputElement).value).toBe('paid');
  fireEvent.change(input, { target: { value: 'shipped' } });
  const before = rowLists().length;
  expect(before).toBeGreaterThan(0);
  await act(async () => key(input, 'Enter'));
  await waitFor(() => expect(cell(0, 'status').textContent).toBe('shipped'));
  expect(patches()).toHaveLength(1);
  const [url, init] = patches()[0]!;
  expect(decodeURIComponent(String(url))).toContain('/tables/orders/row?key=[1]');
  expect(JSON.parse(String((init as RequestInit).body))).toEqual({ status: 'shipped' });
  expect(rowLists().length).toBe(before);
  await waitFor(() => expect(document.activeElement).toBe(cell(0, 'status')));
});

it('cancels on Escape without a request; Tab saves and goes on to the next editable cell', async () => {
  await loaded();
  fireEvent.doubleClick(cell(0, 'qty'));
  const qty = within(cell(0, 'qty')).getByRole('textbox', { name: v.editCell('수량') });
  fireEvent.change(qty, { target: { value: '9' } });
  key(qty, 'Escape');
  await waitFor(() => expect(document.activeElement).toBe(cell(0, 'qty')));
  expect(cell(0, 'qty').textContent).toBe('2');
  expect(patches()).toHaveLength(0);
  // Tab from 상태 saves it and opens 수량 (the masked phone is skipped later, the gift check box comes after it).
  fireEvent.doubleClick(cell(0, 'status'));
  const status = within(cell(0, 'status')).getByRole('textbox');
  fireEvent.change(status, { target: { value: 'shipped' } });
  await act(async () => key(status, 'Tab'));
  const next = await within(cell(0, 'qty')).findByRole('textbox', { name: v.editCell('수량') });
  await waitFor(() => expect(document.activeElement).toBe(next));
  expect(patches()).toHaveLength(1);
  await act(async () => key(next, 'Tab'));
  const gift = await within(cell(0, 'gift')).findByRole('checkbox', { name: v.editCell('gift') });
  // Unchanged: no request for 수량.
  expect(patches()).toHaveLength(1);
  fireEvent.click(gift);
  await act(async () => key(gift, 'Enter'));
  await waitFor(() => expect(patches()).toHaveLength(2));
  expect(JSON.parse(String((patches()[1]![1] as RequestInit).body))).toEqual({ gift: 'true' });
});

it("shows the form's check and the server's refusal by the cell and keeps the typed text", async () => {
  await loaded();
  fireEvent.doubleClick(cell(1, 'qty'));
  const qty = within(cell(1, 'qty')).getByRole('textbox');
  fireEvent.change(qty, { target: { value: '많이' } });
  await act(async () => key(qty, 'Enter'));
  expect(within(cell(1, 'qty')).getByRole('alert').textContent).toMatch(/[가-힣]/);
  expect(patches()).toHaveLength(0);
  patchAnswer = () =>
    Response.json({ success: false, code: 'ADMIN_NO_RIGHT', error: '이 역할의 행 규칙을 벗어나는 행이라 저장할 수 없습니다.' }, { status: 403 });
  fireEvent.change(qty, { target: { value: '7' } });
  await act(async () => key(qty, 'Enter'));
  expect((await within(cell(1, 'qty')).findByRole('alert')).textContent).toBe('이 역할의 행 규칙을 벗어나는 행이라 저장할 수 없습니다.');
  expect((within(cell(1, 'qty')).getByRole('textbox') as HTMLInputElement).value).toBe('7');
  expect(qty.getAttribute('aria-invalid')).toBe('true');
  expect(patches()).toHaveLength(1);
});

it('saves the current filters, sort and columns as a view and applies a chosen one to the list', async () => {
  renderPage(`/admin/services/admin-builder/apps/${APP}/orders?f.status=contains:pa&sort=qty.asc`);
  await screen.findByText('paid', {}, { timeout: 15_000 });
  fireEvent.click(screen.getByRole('button', { name: v.menu }));
  fireEvent.click(await screen.findByRole('button', { name: v.saveCurrent }));
  fireEvent.change(screen.getByLabelText(v.nameLabel), { target: { value: '결제됨' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: v.save })));
  const post = calls((u, i) => u.includes('/views') && i?.method === 'POST')[0]!;
  expect(JSON.parse(String((post[1] as RequestInit).body))).toEqual({
    name: '결제됨',
    config: { filters: { status: ['contains:pa'] }, sort: 'qty.asc', columns: ['id', 'status', 'qty', 'phone', 'gift', 'size'], q: '' },
  });
  fireEvent.click(await screen.findByRole('button', { name: '새 주문' }));
  await waitFor(() => expect(rowLists().some(([u]) => decodeURIComponent(String(u)).includes('f.status=eq:new&sort=qty.desc'))).toBe(true));
  // Its columns: only id and 상태 remain in the list.
  await waitFor(() => expect(screen.getAllByTestId('ad-row')[0]!.querySelector('[data-col="qty"]')).toBeNull());
  expect(screen.getByText(v.applied('새 주문'))).toBeTruthy();
});
