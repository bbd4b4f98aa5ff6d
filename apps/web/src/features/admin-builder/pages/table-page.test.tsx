import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import type { TAdminAppDetail } from '@suite/shared/schemas/admin-builder';
import { tokenStorage } from '@/lib/token-storage';
import { AdminBuilderTablePage } from './table-page';

const t = ko.adminBuilder.ui;
const SEED = '11111111-1111-4111-8111-111111111111';
const APP = '33333333-3333-4333-8333-333333333333';
const base = `/admin/services/admin-builder/apps/${APP}`;

vi.mock('@/lib/seed-context', () => ({
  useSeeds: () => ({ selected: { id: SEED, seed_name: '회사', role: 'owner' }, isLoading: false }),
}));

const col = (name: string, kind: 'text' | 'number' | 'datetime', more: object = {}) => ({
  name,
  type: kind === 'number' ? 'integer' : kind === 'datetime' ? 'timestamp with time zone' : 'varchar(20)',
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
      columns: [col('id', 'number', { generated: true, hasDefault: true }), col('status', 'text'), col('at', 'datetime')],
      related: [],
      settings: {
        label: '주문',
        columnLabels: { status: '상태', at: '주문 시각' },
        listColumns: ['id', 'status', 'at'],
        formColumns: ['status', 'at'],
        readOnlyColumns: [],
        defaultSort: null,
        displayColumn: 'status',
        permissions: { admin: ['view'], member: ['view'] },
      },
      rights: ['view', 'create', 'edit', 'delete', 'export', 'import'],
    },
  ],
};
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  localStorage.clear();
  tokenStorage.set({ access_token: 'test-access-token' });
  fetchMock = vi.fn(async (url: string) =>
    String(url).includes('/rows')
      ? Response.json({ data: [{ id: 1, status: 'paid', at: '2026-06-01T10:16:00+00:00' }], total: 1, page: 1, pageSize: 25, refs: {} })
      : Response.json({ data: detail }),
  );
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal(
    'confirm',
    vi.fn(() => true),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`${base}/orders`]}>
        <Routes>
          <Route path="/admin/services/admin-builder/apps/:appId/:table" element={<AdminBuilderTablePage />} />
          <Route path="/admin/services/admin-builder/apps/:appId/:table/row" element={<p>행 화면</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const rowCalls = () => fetchMock.mock.calls.map((c) => decodeURIComponent(String(c[0]))).filter((u) => u.includes('/rows'));

it('applies a text filter on Enter, shows times in Asia/Seoul and sends datetime bounds as +09:00', async () => {
  renderPage();
  await screen.findByText('2026-06-01 19:16');
  const input = screen.getByLabelText(`상태 ${t.contains}`);
  fireEvent.change(input, { target: { value: 'paid' } });
  fireEvent.keyDown(input, { key: 'Enter' });
  await waitFor(() => expect(rowCalls().some((u) => u.includes('f.status=contains:paid'))).toBe(true));
  const from = screen.getByLabelText(`주문 시각 ${t.from}`);
  fireEvent.change(from, { target: { value: '2026-06-01T09:00' } });
  fireEvent.keyDown(from, { key: 'Enter' });
  await waitFor(() => expect(rowCalls().some((u) => u.includes('f.at=gte:2026-06-01T09:00:00+09:00'))).toBe(true));
  expect(screen.getByTestId('ad-range-at').className).toContain('min-w-0');
});

it('opens a row from its display column or anywhere on the row, and confirms a bulk delete in the dialog', async () => {
  renderPage();
  // Role queries walk the whole table's accessible names: on a loaded two-core machine the first can take over the
  // default second (CI ran this test alone beside the topology build).
  const link = await screen.findByRole('link', { name: 'paid' }, { timeout: 15_000 });
  expect(link.getAttribute('href')).toContain('/orders/row?key=');
  fireEvent.click(screen.getByLabelText('[1]'));
  await act(async () => fireEvent.click(screen.getByRole('button', { name: t.deleteSelected })));
  expect(await screen.findByRole('alertdialog', {}, { timeout: 15_000 })).toBeTruthy();
  expect(window.confirm).not.toHaveBeenCalled();
  fireEvent.click(screen.getByText('2026-06-01 19:16'));
  expect(await screen.findByText('행 화면', {}, { timeout: 15_000 })).toBeTruthy();
});

it('sends a chosen .xlsx file as a workbook and names the format in the preview; the export menu offers xlsx', async () => {
  renderPage();
  await screen.findByText('2026-06-01 19:16', {}, { timeout: 15_000 });
  const rowsAndDetail = fetchMock.getMockImplementation() as (url: string) => Promise<Response>;
  fetchMock.mockImplementation(async (url: string) =>
    String(url).includes('/import')
      ? Response.json({
          success: true,
          message: '',
          columns: ['status'],
          rows: [{ line: 2, values: { status: '결제' }, errors: [] }],
          imported: 0,
          encoding: 'xlsx',
        })
      : rowsAndDetail(url),
  );
  fireEvent.keyDown(screen.getByRole('button', { name: t.exportMenu }), { key: 'Enter' });
  expect(await screen.findByRole('menuitem', { name: t.exportXlsx }, { timeout: 15_000 })).toBeTruthy();
  expect(screen.getByRole('menuitem', { name: t.exportCsv })).toBeTruthy();
  fireEvent.keyDown(screen.getByRole('menuitem', { name: t.exportXlsx }), { key: 'Escape' });
  fireEvent.click(screen.getByRole('button', { name: t.importCsv }));
  const zipBytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]);
  const file = new File([zipBytes], '주문.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  await act(async () => fireEvent.change(screen.getByLabelText(t.importCsv), { target: { files: [file] } }));
  await waitFor(() => expect((screen.getByLabelText('CSV') as HTMLTextAreaElement).placeholder).toBe('주문.xlsx'));
  await act(async () => fireEvent.click(screen.getByRole('button', { name: t.preview })));
  expect(await screen.findByText(t.encoding(t.encodingXlsx), {}, { timeout: 15_000 })).toBeTruthy();
  const sent = fetchMock.mock.calls.find((c) => String(c[0]).includes('/import'))!;
  expect(JSON.parse(String((sent[1] as RequestInit).body))).toEqual({ xlsxBase64: 'UEsDBBQA', commit: false });
});

it('asks for a 열람 reason before 개인정보 포함 내보내기 and sends it with the export', async () => {
  const ru = ko.adminBuilder.roles.ui;
  const [orders] = detail.schema;
  const masked = {
    ...detail,
    schema: [{ ...orders!, columns: orders!.columns.map((c) => (c.name === 'status' ? { ...c, masked: true } : c)), rights: [...orders!.rights, 'unmask'] }],
  } as TAdminAppDetail;
  fetchMock.mockImplementation(async (url: string) =>
    String(url).includes('/export.')
      ? new Response('id,status\n1,paid\n', { headers: { 'content-type': 'text/csv' } })
      : String(url).includes('/rows')
        ? Response.json({ data: [{ id: 1, status: '●●●', at: '2026-06-01T10:16:00+00:00' }], total: 1, page: 1, pageSize: 25, refs: {} })
        : Response.json({ data: masked }),
  );
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
  renderPage();
  await screen.findByText('2026-06-01 19:16', {}, { timeout: 15_000 });
  fireEvent.keyDown(screen.getByRole('button', { name: t.exportMenu }), { key: 'Enter' });
  fireEvent.click(await screen.findByRole('menuitem', { name: ru.exportClear.csv }, { timeout: 15_000 }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(screen.getByLabelText(ru.reason), { target: { value: '가' } });
  fireEvent.click(screen.getByRole('button', { name: ru.exportClearSubmit }));
  expect((await screen.findByRole('alert')).textContent).toBe(ko.adminBuilder.roles.validation.reason);
  expect(fetchMock.mock.calls.some((c) => String(c[0]).includes('/export.'))).toBe(false);
  fireEvent.change(screen.getByLabelText(ru.reason), { target: { value: '분기 연락망 정리' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: ru.exportClearSubmit })));
  await waitFor(() => expect(dialog.isConnected).toBe(false));
  const sent = fetchMock.mock.calls.map((c) => String(c[0])).find((u) => u.includes('/export.csv'))!;
  expect(new URL(sent, 'http://x').searchParams.get('reason')).toBe('분기 연락망 정리');
});

it('lets a person without the delete right pick rows when an action on a selection is theirs to run, and offers it', async () => {
  const viewOnly = { ...detail, schema: [{ ...detail.schema[0]!, rights: ['view' as const] }] };
  const action = { id: 'a1', table: 'orders', label: '배송 시작', kind: 'webhook', target: '', scope: 'selection', confirmText: '', roles: [], canRun: true };
  let actions: unknown[] = [];
  fetchMock.mockImplementation(async (url: string) =>
    String(url).includes('/rows')
      ? Response.json({ data: [{ id: 1, status: 'paid', at: '2026-06-01T10:16:00+00:00' }], total: 1, page: 1, pageSize: 25, refs: {} })
      : String(url).includes('/actions')
        ? Response.json({ data: actions })
        : Response.json({ data: viewOnly }),
  );
  renderPage();
  await screen.findByText('2026-06-01 19:16', {}, { timeout: 15_000 });
  // No action on a selection: nothing to pick.
  expect(screen.queryByLabelText('[1]')).toBeNull();
  cleanup();
  actions = [action];
  renderPage();
  fireEvent.click(await screen.findByLabelText('[1]', {}, { timeout: 15_000 }));
  expect(await screen.findByRole('button', { name: '배송 시작' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: t.deleteSelected })).toBeNull();
});
