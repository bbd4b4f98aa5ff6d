import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import { tokenStorage } from '@/lib/token-storage';
import { ApiBuilderTestPage } from './test-page';
import { renderWithQueries } from '@/lib/testing/render-with-queries';

const t = ko.apiBuilder.ui.test;
const SEED = '11111111-1111-4111-8111-111111111111';
const API_ID = '44444444-4444-4444-8444-444444444444';

vi.mock('@/lib/seed-context', () => ({
  useSeeds: () => ({ selected: { id: SEED, seed_name: '회사', role: 'owner' }, isLoading: false }),
}));

beforeEach(() => {
  tokenStorage.set({ access_token: 'test-access-token' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({
        data: [
          {
            id: API_ID,
            connectionId: '22222222-2222-4222-8222-222222222222',
            connectionName: '쇼핑몰',
            engine: 'postgres',
            baseUrl: `http://localhost/api/v1/${API_ID}`,
            tables: [{ name: 'orders', methods: ['GET', 'DELETE'] }],
            cacheMode: 'ttl',
            cacheTtlSeconds: 30,
            aggregatesEnabled: false,
            callsToday: 0,
            cacheHitsToday: 0,
            cacheMissesToday: 0,
            createdAt: '2026-11-27T00:00:00.000Z',
          },
        ],
      }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('try-it speaks Korean: labels, requests and operators described (같음(eq) …), and builds the PostgREST URL', async () => {
  renderWithQueries(<ApiBuilderTestPage />);
  await screen.findByRole('option', { name: '쇼핑몰' });
  expect(screen.getByRole('option', { name: ko.apiBuilder.ui.methodLabels.DELETE })).toBeTruthy();
  expect(screen.getByLabelText(t.select)).toBeTruthy();
  expect(screen.getByLabelText(t.limit)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: t.addFilter }));
  const ops = [...(screen.getByLabelText(t.operator) as HTMLSelectElement).options].map((o) => o.textContent);
  expect(ops).toContain('같음(eq)');
  expect(ops.every((o) => /[가-힣]/.test(o ?? ''))).toBe(true);
  expect(screen.getByLabelText(t.not)).toBeTruthy();
  fireEvent.change(screen.getByLabelText(t.column), { target: { value: 'status' } });
  fireEvent.change(screen.getByLabelText(t.operator), { target: { value: 'neq' } });
  fireEvent.change(screen.getByLabelText(t.value), { target: { value: 'paid' } });
  expect(screen.getByLabelText(t.url).textContent).toBe(`${window.location.origin}/api/v1/${API_ID}/orders?select=*&status=neq.paid&limit=10`);
});
