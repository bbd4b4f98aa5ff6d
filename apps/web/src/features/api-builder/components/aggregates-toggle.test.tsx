import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import type { TApiDefinition } from '@suite/shared/schemas/api-builder';
import { tokenStorage } from '@/lib/token-storage';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import { AggregatesToggle } from './aggregates-toggle';

const t = ko.apiBuilder.ui;
const SEED = '11111111-1111-4111-8111-111111111111';
const API: TApiDefinition = {
  id: '44444444-4444-4444-8444-444444444444',
  connectionId: '22222222-2222-4222-8222-222222222222',
  connectionName: 'PG 쇼핑몰',
  engine: 'postgres',
  baseUrl: 'http://localhost/api/v1/44444444-4444-4444-8444-444444444444',
  tables: [{ name: 'orders', methods: ['GET'] }],
  cacheMode: 'ttl',
  cacheTtlSeconds: 30,
  aggregatesEnabled: false,
  callsToday: 0,
  cacheHitsToday: 0,
  cacheMissesToday: 0,
  createdAt: '2026-11-27T00:00:00.000Z',
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  tokenStorage.set({ access_token: 'test-access-token' });
  fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ success: true, message: ko.apiBuilder.server.apiUpdated, data: { ...API, aggregatesEnabled: true } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('aggregates toggle (issue 36)', () => {
  it('shows the API off by default and turns it on with one PATCH', async () => {
    renderWithQueries(<AggregatesToggle seedId={SEED} api={API} />);
    const box = screen.getByRole('checkbox', { name: t.aggregates });
    expect(box.getAttribute('data-state')).toBe('unchecked');
    expect(screen.getByText(t.aggregatesNote)).toBeTruthy();
    fireEvent.click(box);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(String(url)).toContain(`/api/seeds/${SEED}/api-builder/apis/${API.id}`);
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ aggregatesEnabled: true });
  });

  it('turns an enabled API off', async () => {
    renderWithQueries(<AggregatesToggle seedId={SEED} api={{ ...API, aggregatesEnabled: true }} />);
    const box = screen.getByRole('checkbox', { name: t.aggregates });
    expect(box.getAttribute('data-state')).toBe('checked');
    fireEvent.click(box);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String((fetchMock.mock.calls[0] as [string, RequestInit])[1].body))).toEqual({ aggregatesEnabled: false });
  });
});
