import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import type { TApiConnection, TApiDefinition, TDbTable } from '@suite/shared/schemas/api-builder';
import { tokenStorage } from '@/lib/token-storage';
import { ApiActions } from './api-actions';
import { ConnectionForm } from './connection-form';
import { DeleteConnectionDialog } from './delete-connection-dialog';
import { KeyForm } from './key-form';
import { PublishApi } from './publish-api';
import '@/lib/testing/resize-observer';
import { renderWithQueries } from '@/lib/testing/render-with-queries';

const t = ko.apiBuilder.ui;

const SEED = '11111111-1111-4111-8111-111111111111';
const base = `/api/seeds/${SEED}/api-builder`;
const conn = (id: string, name: string, engine: 'postgres' | 'mysql'): TApiConnection => ({
  id,
  name,
  engine,
  host: 'db',
  port: engine === 'mysql' ? 3306 : 5432,
  database: 'shop',
  user: 'ro',
  tls: false,
  statementTimeoutMs: 5000,
  rowCap: 1000,
  canWrite: false,
  tableCount: 2,
  syncedAt: '2026-11-27T00:00:00.000Z',
  createdAt: '2026-11-27T00:00:00.000Z',
});
const PG = conn('22222222-2222-4222-8222-222222222222', 'PG 쇼핑몰', 'postgres');
const MY = conn('33333333-3333-4333-8333-333333333333', 'MariaDB 주문', 'mysql');
const table = (name: string, kind: 'table' | 'view' = 'table'): TDbTable => ({
  name,
  kind,
  columns: [{ name: 'id', type: 'integer', nullable: false, hasDefault: true, position: 1 }],
  primaryKey: ['id'],
  foreignKeys: [],
});
const API: TApiDefinition = {
  id: '44444444-4444-4444-8444-444444444444',
  connectionId: PG.id,
  connectionName: PG.name,
  engine: 'postgres',
  baseUrl: 'http://localhost/api/v1/44444444-4444-4444-8444-444444444444',
  tables: [
    { name: 'customers', methods: ['GET', 'POST'], ttlSeconds: 10 },
    { name: 'orders', methods: ['GET'] },
  ],
  cacheMode: 'trigger',
  cacheTtlSeconds: 30,
  aggregatesEnabled: false,
  callsToday: 0,
  cacheHitsToday: 0,
  cacheMissesToday: 0,
  createdAt: '2026-11-27T00:00:00.000Z',
};

type TRoute = (method: string, path: string, body: unknown) => unknown;
let fetchMock: ReturnType<typeof vi.fn>;
let route: TRoute;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  tokenStorage.set({ access_token: 'test-access-token' });
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const u = new URL(String(url), 'http://localhost');
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    const out = route(init?.method ?? 'GET', u.pathname + u.search, body);
    return out instanceof Response ? out : json(200, out);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const sent = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => ((init as RequestInit | undefined)?.method ?? 'GET') === method)
    .map(([url, init]) => ({ path: String(url), body: (init as RequestInit).body ? (JSON.parse(String((init as RequestInit).body)) as unknown) : undefined }));

function renderUi(ui: ReactNode) {
  renderWithQueries(<MemoryRouter>{ui}</MemoryRouter>);
}

describe('새 API 공개 (any connection)', () => {
  it('picks the second (MariaDB) connection, its tables and requests per table, and publishes them', async () => {
    route = (method, path) => {
      if (path === `${base}/connections`) return { data: [PG, MY] };
      if (path === `${base}/connections/${MY.id}/tables`)
        return { data: [table('items'), table('stock'), table('open_orders', 'view')], syncedAt: PG.syncedAt };
      if (path === `${base}/connections/${PG.id}/tables`) return { data: [table('customers')], syncedAt: PG.syncedAt };
      if (method === 'POST' && path === `${base}/apis`) return json(201, { id: API.id, baseUrl: API.baseUrl });
      return json(404, { error: 'no route' });
    };
    const onPublished = vi.fn();
    renderUi(<PublishApi seedId={SEED} onPublished={onPublished} />);
    await screen.findByRole('option', { name: /MariaDB 주문/ });
    fireEvent.change(screen.getByLabelText(t.publish.connection), { target: { value: MY.id } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'items' }));
    fireEvent.click(screen.getByRole('checkbox', { name: `items ${t.methodLabels.PATCH}` }));
    fireEvent.click(screen.getByRole('checkbox', { name: `stock ${t.methodLabels.POST}` }));
    // A view offers reads only.
    expect(screen.queryByRole('checkbox', { name: `open_orders ${t.methodLabels.POST}` })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: t.publish.submit }));
    await waitFor(() => expect(onPublished).toHaveBeenCalled());
    expect(sent('POST')).toEqual([
      {
        path: `${base}/apis`,
        body: {
          connectionId: MY.id,
          tables: [
            { name: 'items', methods: ['GET', 'PATCH'] },
            { name: 'stock', methods: ['POST'] },
          ],
        },
      },
    ]);
  });

  it('without a connection, points to the settings instead of an empty form', async () => {
    route = () => ({ data: [] });
    renderUi(<PublishApi seedId={SEED} />);
    expect(await screen.findByRole('link', { name: t.publish.goSettings })).toBeTruthy();
  });
});

describe('a published API: edit and unpublish', () => {
  beforeEach(() => {
    route = (method, path) => {
      if (path === `${base}/connections/${PG.id}/tables`) return { data: [table('customers'), table('orders'), table('secrets')], syncedAt: PG.syncedAt };
      if (method === 'PATCH') return { success: true, message: ko.apiBuilder.server.apiUpdated, data: API };
      if (method === 'DELETE') return { success: true, message: ko.apiBuilder.server.apiDeleted };
      return json(404, { error: 'no route' });
    };
  });

  it('edits the tables and requests, keeping per-table settings', async () => {
    renderUi(<ApiActions seedId={SEED} api={API} />);
    fireEvent.click(screen.getByRole('button', { name: t.publish.edit }));
    // Prefilled from what is published.
    expect((await screen.findByRole('checkbox', { name: `customers ${t.methodLabels.POST}` })).getAttribute('data-state')).toBe('checked');
    fireEvent.click(screen.getByRole('checkbox', { name: `customers ${t.methodLabels.POST}` }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'orders' }));
    fireEvent.click(screen.getByRole('checkbox', { name: `secrets ${t.methodLabels.GET}` }));
    fireEvent.click(screen.getByRole('button', { name: t.publish.saveEdit }));
    await waitFor(() => expect(sent('PATCH')).toHaveLength(1));
    expect(sent('PATCH')[0]).toEqual({
      path: `${base}/apis/${API.id}`,
      body: {
        tables: [
          { name: 'customers', methods: ['GET'], ttlSeconds: 10 },
          { name: 'secrets', methods: ['GET'] },
        ],
      },
    });
  });

  it('unpublishes only after the confirmation dialog, which says the keys and triggers go', async () => {
    renderUi(<ApiActions seedId={SEED} api={API} />);
    fireEvent.click(screen.getByRole('button', { name: t.publish.unpublish }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(t.publish.unpublishTriggers);
    expect(sent('DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: t.publish.unpublish }));
    await waitFor(() => expect(sent('DELETE')).toEqual([{ path: `${base}/apis/${API.id}`, body: undefined }]));
  });
});

describe('deleting a connection', () => {
  it('names the admin apps and the triggers, and confirms with force', async () => {
    route = (method, path) => {
      if (path === `${base}/connections/${PG.id}/usage`)
        return { adminApps: [{ id: '55555555-5555-4555-8555-555555555555', name: '쇼핑몰 백오피스' }], apis: 2, triggerTables: ['customers', 'orders'] };
      if (method === 'DELETE') return { success: true, message: ko.apiBuilder.server.connectionDeleted };
      return json(404, { error: 'no route' });
    };
    const onClose = vi.fn();
    renderUi(<DeleteConnectionDialog seedId={SEED} connection={PG} onClose={onClose} />);
    const details = await screen.findByTestId('delete-connection-details');
    await waitFor(() => expect(details.textContent).toContain('쇼핑몰 백오피스'));
    expect(details.textContent).toContain(t.deleteDialog.apis(2));
    expect(details.textContent).toContain(t.deleteDialog.triggers('customers, orders'));
    fireEvent.click(screen.getByRole('button', { name: t.deleteDialog.confirmWithApps(1) }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent('DELETE')).toEqual([{ path: `${base}/connections/${PG.id}?force=true`, body: undefined }]);
  });
});

describe('key form', () => {
  it('allows GET only by default and sends the tables and the rate limit', async () => {
    route = () => json(201, { id: '66666666-6666-4666-8666-666666666666', key: 'sk_new' });
    renderUi(<KeyForm seedId={SEED} apis={[API]} />);
    expect(screen.getByRole('checkbox', { name: t.methodLabels.GET }).getAttribute('data-state')).toBe('checked');
    expect(screen.getByRole('checkbox', { name: t.methodLabels.POST }).getAttribute('data-state')).toBe('unchecked');
    fireEvent.change(screen.getByLabelText(t.firstRun.keyName), { target: { value: '앱 키' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'orders' }));
    fireEvent.change(screen.getByLabelText(t.keyForm.rate), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: t.newKey }));
    await screen.findByText('sk_new');
    expect(sent('POST')[0]!.body).toEqual({ name: '앱 키', apiId: API.id, methods: ['GET'], tables: ['orders'], rateLimitPerMinute: 30 });
  });

  it('leaves personal data masked unless its checkbox is ticked (issue 36)', async () => {
    route = () => json(201, { id: '66666666-6666-4666-8666-666666666666', key: 'sk_pii' });
    renderUi(<KeyForm seedId={SEED} apis={[API]} />);
    const box = screen.getByRole('checkbox', { name: t.keyForm.personal });
    expect(box.getAttribute('data-state')).toBe('unchecked');
    fireEvent.change(screen.getByLabelText(t.firstRun.keyName), { target: { value: '정산 키' } });
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: t.newKey }));
    await screen.findByText('sk_pii');
    expect(sent('POST')[0]!.body).toMatchObject({ name: '정산 키', readPersonalData: true });
  });

  it('refuses a rate limit out of range in Korean, without sending', async () => {
    route = () => json(500, {});
    renderUi(<KeyForm seedId={SEED} apis={[API]} />);
    fireEvent.change(screen.getByLabelText(t.firstRun.keyName), { target: { value: '앱 키' } });
    fireEvent.change(screen.getByLabelText(t.keyForm.rate), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: t.newKey }));
    expect(await screen.findByText(ko.apiBuilder.validation.rate)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('connection form: pasting a connection string', () => {
  it('fills the fields, clears the pasted text and sends only the fields', async () => {
    route = () => json(201, { success: true, message: ko.apiBuilder.server.connectionCreated, data: MY });
    renderUi(<ConnectionForm seedId={SEED} />);
    const paste = screen.getByLabelText(t.connectionString.label);
    fireEvent.change(paste, { target: { value: 'mysql://erp_ro:s3cr%40t@db.example.com:3307/erp?ssl-mode=REQUIRED' } });
    expect((paste as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('status').textContent).toBe(t.connectionString.filled);
    expect((screen.getByLabelText(t.form.host) as HTMLInputElement).value).toBe('db.example.com');
    expect((screen.getByLabelText(t.form.engine) as HTMLSelectElement).value).toBe('mysql');
    expect((screen.getByLabelText(t.form.password) as HTMLInputElement).value).toBe('s3cr@t');
    fireEvent.click(screen.getByRole('button', { name: t.form.submit }));
    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(sent('POST')[0]!.body).toMatchObject({
      name: 'erp',
      engine: 'mysql',
      host: 'db.example.com',
      port: 3307,
      database: 'erp',
      user: 'erp_ro',
      password: 's3cr@t',
      tls: true,
    });
  });

  it('says in Korean when the text is not a connection string', () => {
    route = () => json(500, {});
    renderUi(<ConnectionForm seedId={SEED} />);
    const paste = screen.getByLabelText(t.connectionString.label);
    fireEvent.change(paste, { target: { value: 'db.example.com:5432' } });
    fireEvent.blur(paste, { target: { value: 'db.example.com:5432' } });
    expect(screen.getByRole('alert').textContent).toBe(t.connectionString.invalid);
  });
});
