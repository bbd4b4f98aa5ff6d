import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import type { TApiDefinition } from '@suite/shared/schemas/api-builder';
import type { TEndUserAuth } from '@suite/shared/schemas/api-builder-jwt';
import { tokenStorage } from '@/lib/token-storage';
import '@/lib/testing/resize-observer';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import { EndUserAccess } from './end-user-access';

const t = ko.apiBuilderJwt.ui;
const SEED = '11111111-1111-4111-8111-111111111111';
const API: TApiDefinition = {
  id: '44444444-4444-4444-8444-444444444444',
  connectionId: '22222222-2222-4222-8222-222222222222',
  connectionName: 'PG 쇼핑몰',
  engine: 'postgres',
  baseUrl: 'http://localhost/api/v1/44444444-4444-4444-8444-444444444444',
  tables: [{ name: 'notes', methods: ['GET'] }],
  cacheMode: 'ttl',
  cacheTtlSeconds: 30,
  aggregatesEnabled: false,
  callsToday: 0,
  cacheHitsToday: 0,
  cacheMissesToday: 0,
  createdAt: '2026-11-27T00:00:00.000Z',
};
const STORED: TEndUserAuth = {
  enabled: true,
  mode: 'secret',
  jwksUrl: null,
  hasSecret: true,
  audience: null,
  issuer: null,
  roleClaim: '.role',
  allowedRoles: ['web_user'],
  anonRole: null,
  rowFilters: [],
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  tokenStorage.set({ access_token: 'test-access-token' });
  fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    const body = init?.method === 'PUT' ? { success: true, message: ko.apiBuilderJwt.server.saved, data: STORED } : { data: STORED };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

it('reads the settings when opened, keeps the stored secret unless a new one is typed, and saves with PUT', async () => {
  renderWithQueries(<EndUserAccess seedId={SEED} api={API} />);
  expect(fetchMock).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: t.open }));
  await screen.findByText(t.secretKept);
  expect((screen.getByLabelText(t.allowedRoles) as HTMLInputElement).value).toBe('web_user');
  fireEvent.change(screen.getByLabelText(t.allowedRoles), { target: { value: 'web_user, admin_user' } });
  fireEvent.click(screen.getByRole('button', { name: t.save }));
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
  expect(String(url)).toBe(`/api/seeds/${SEED}/api-builder/apis/${API.id}/end-user-auth`);
  expect(init.method).toBe('PUT');
  const sent = JSON.parse(String(init.body)) as Record<string, unknown>;
  expect(sent).toMatchObject({ enabled: true, mode: 'secret', allowedRoles: ['web_user', 'admin_user'] });
  expect('secret' in sent).toBe(false);
});

it('says in Korean what is wrong before sending (a short secret)', async () => {
  renderWithQueries(<EndUserAccess seedId={SEED} api={API} />);
  fireEvent.click(screen.getByRole('button', { name: t.open }));
  await screen.findByText(t.secretKept);
  fireEvent.change(screen.getByLabelText(t.secret), { target: { value: 'short' } });
  fireEvent.click(screen.getByRole('button', { name: t.save }));
  expect((await screen.findByRole('alert')).textContent).toBe(ko.apiBuilderJwt.validation.secret);
  expect(fetchMock).toHaveBeenCalledTimes(1);
});
