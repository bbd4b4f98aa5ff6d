import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import type { TApiDefinition } from '@suite/shared/schemas/api-builder';
import { tokenStorage } from '@/lib/token-storage';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import { FunctionPicker } from './function-picker';
import { KeyForm } from './key-form';
import '@/lib/testing/resize-observer';

const t = ko.apiBuilder.ui;
const SEED = '11111111-1111-4111-8111-111111111111';
const API: TApiDefinition = {
  id: '44444444-4444-4444-8444-444444444444',
  connectionId: '22222222-2222-4222-8222-222222222222',
  connectionName: 'PG 쇼핑몰',
  engine: 'postgres',
  baseUrl: 'http://localhost/api/v1/44444444-4444-4444-8444-444444444444',
  tables: [{ name: 'orders', methods: ['GET'] }],
  functions: [{ name: 'add_nums' }],
  cacheMode: 'ttl',
  cacheTtlSeconds: 30,
  aggregatesEnabled: false,
  callsToday: 0,
  cacheHitsToday: 0,
  cacheMissesToday: 0,
  createdAt: '2026-11-27T00:00:00.000Z',
};
const FUNCTIONS = [
  {
    name: 'add_nums',
    kind: 'function',
    args: [
      { name: 'a', type: 'integer' },
      { name: 'b', type: 'integer' },
    ],
    readOnly: true,
    returnType: 'integer',
  },
  { name: 'bump_balance', kind: 'function', args: [{ name: 'cust', type: 'integer' }], readOnly: false, returnType: 'numeric' },
];

let fetchMock: ReturnType<typeof vi.fn>;
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
beforeEach(() => {
  tokenStorage.set({ access_token: 'test-access-token' });
  fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
    init?.method === 'PATCH'
      ? json({ success: true, message: ko.apiBuilder.server.apiUpdated, data: API })
      : String(url).endsWith('/functions')
        ? json({ data: FUNCTIONS })
        : new Response('{}', { status: 404 }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('function picker (issue 36)', () => {
  it("lists the database's functions, checks the published ones and saves the new choice with one PATCH", async () => {
    renderWithQueries(<FunctionPicker seedId={SEED} api={API} />);
    const add = await screen.findByRole('checkbox', { name: 'add_nums(a, b)' });
    const bump = screen.getByRole('checkbox', { name: 'bump_balance(cust)' });
    expect(String(fetchMock.mock.calls[0]![0])).toContain(`/api/seeds/${SEED}/api-builder/connections/${API.connectionId}/functions`);
    expect(add.getAttribute('data-state')).toBe('checked');
    expect(bump.getAttribute('data-state')).toBe('unchecked');
    expect(screen.getAllByText(t.functionReadOnly)).toHaveLength(1);
    fireEvent.click(bump);
    fireEvent.click(add);
    fireEvent.click(screen.getByRole('button', { name: t.functionsSave }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH')).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([, i]) => (i as RequestInit | undefined)?.method === 'PATCH') as [string, RequestInit];
    expect(String(url)).toContain(`/apis/${API.id}`);
    expect(JSON.parse(String(init.body))).toEqual({ functions: [{ name: 'bump_balance' }] });
  });

  it("offers the published functions as rpc/{name} in a new key's scope and sends the choice", async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ id: '66666666-6666-4666-8666-666666666666', key: 'sk_fn' }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        }),
    );
    renderWithQueries(<KeyForm seedId={SEED} apis={[API]} />);
    fireEvent.change(screen.getByLabelText(t.firstRun.keyName), { target: { value: '함수 키' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'rpc/add_nums' }));
    fireEvent.click(screen.getByRole('button', { name: t.newKey }));
    await screen.findByText('sk_fn');
    const [, init] = fetchMock.mock.calls.find(([, i]) => (i as RequestInit | undefined)?.method === 'POST') as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ name: '함수 키', tables: ['rpc/add_nums'] });
  });
});
