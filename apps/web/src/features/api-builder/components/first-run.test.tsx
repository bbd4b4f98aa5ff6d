import { MemoryRouter } from 'react-router';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import { tokenStorage } from '@/lib/token-storage';
import { FirstRun } from './first-run';
import '@/lib/testing/resize-observer';
import { renderWithQueries } from '@/lib/testing/render-with-queries';

const t = ko.apiBuilder.ui;

const SEED = '11111111-1111-4111-8111-111111111111';
const CONN = '22222222-2222-4222-8222-222222222222';
const API = '44444444-4444-4444-8444-444444444444';
const base = `/api/seeds/${SEED}/api-builder`;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  tokenStorage.set({ access_token: 'test-access-token' });
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(String(url), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    if (method === 'POST' && path === `${base}/connections`)
      return json(201, {
        success: true,
        message: ko.apiBuilder.server.connectionCreated,
        data: {
          id: CONN,
          name: 'shop',
          engine: 'postgres',
          host: 'db',
          port: 5432,
          database: 'shop',
          user: 'ro',
          tls: true,
          statementTimeoutMs: 5000,
          rowCap: 1000,
          canWrite: false,
          tableCount: 1,
          syncedAt: '2026-11-27T00:00:00.000Z',
          createdAt: '2026-11-27T00:00:00.000Z',
        },
      });
    if (path === `${base}/connections/${CONN}/tables`)
      return json(200, {
        data: [{ name: 'customers', kind: 'table', columns: [], primaryKey: ['id'], foreignKeys: [] }],
        syncedAt: '2026-11-27T00:00:00.000Z',
      });
    if (method === 'POST' && path === `${base}/apis`) return json(201, { id: API, baseUrl: `https://suite.example/api/v1/${API}` });
    if (method === 'POST' && path === `${base}/keys`) return json(201, { id: '55555555-5555-4555-8555-555555555555', key: 'sk_wizard_key' });
    return json(404, { error: 'no route' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

it('first run: the key reads only by default, and step 4 shows curl and postgrest-js with the new key', async () => {
  renderWithQueries(
    <MemoryRouter>
      <FirstRun seedId={SEED} />
    </MemoryRouter>,
  );
  fireEvent.change(screen.getByLabelText(t.connectionString.label), { target: { value: 'postgres://ro:pw@db:5432/shop?sslmode=require' } });
  fireEvent.click(screen.getByRole('button', { name: t.form.submit }));
  fireEvent.click(await screen.findByRole('checkbox', { name: 'customers' }));
  fireEvent.click(screen.getByRole('button', { name: t.publish.submit }));
  await screen.findByLabelText(t.firstRun.keyName);
  expect(screen.getByRole('checkbox', { name: t.getOnly }).getAttribute('data-state')).toBe('checked');
  fireEvent.click(screen.getByRole('button', { name: t.firstRun.makeKey }));
  await screen.findByText(t.firstRun.snippets);
  const keyCall = fetchMock.mock.calls.find(([u, i]) => String(u).endsWith('/keys') && (i as RequestInit).method === 'POST');
  expect(JSON.parse(String((keyCall![1] as RequestInit).body))).toEqual({ name: t.firstRun.keyDefault, apiId: API, methods: ['GET'] });
  const blocks = screen.getAllByRole('code').map((c) => c.textContent ?? '');
  expect(blocks.some((b) => b.startsWith('curl') && b.includes(`/api/v1/${API}/customers`) && b.includes('apikey: sk_wizard_key'))).toBe(true);
  expect(blocks.some((b) => b.includes('PostgrestClient') && b.includes("apikey: 'sk_wizard_key'"))).toBe(true);
  await waitFor(() => expect(screen.queryByText(t.keyPlaceholder, { exact: false })).toBeNull());
});
