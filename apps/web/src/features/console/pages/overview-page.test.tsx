import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import type { TConsoleSummaryResponse, TOverviewResponse } from '@suite/shared/schemas/admin';
import { tokenStorage } from '@/lib/token-storage';
import { OverviewPage } from './overview-page';
import { renderWithQueries } from '@/lib/testing/render-with-queries';

const t = ko.consoleUi.overview;
const viewer = vi.hoisted(() => ({ role: 'user' as 'admin' | 'user' }));
vi.mock('@/lib/session', () => ({ useSession: () => ({ user: { id: 'u-1', email: 'kim@example.com', full_name: '김민수', role: viewer.role } }) }));
vi.mock('@/lib/seed-context', () => ({
  useSeeds: () => ({
    isLoading: false,
    selected: { id: 's-1', seed_name: '우리 회사', seed_address: null, created_at: '', role: viewer.role === 'admin' ? 'member' : 'owner', member_count: 2 },
  }),
}));

const summary: TConsoleSummaryResponse = {
  seeds: 1,
  services: [
    { id: 'schedule', name: '회의실 예약', status: 'active', users: 2, apiCalls: 7 },
    { id: 'meal', name: '식사 관리', status: 'beta', users: 2, apiCalls: 5 },
  ],
};
const overview: TOverviewResponse = {
  users: { total: 40, newThisMonth: 3, newLastMonth: 2 },
  apiCalls: { total: 900, today: 10, thisMonth: 300, lastMonth: 200 },
  revenue: { thisMonth: 0, lastMonth: 0, currency: 'KRW' },
  services: [{ id: 'meal', name: '식사 관리', status: 'beta', users: 30, apiCalls: 250, revenue: 0, growth: null }],
};
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
let asked: string[];

beforeEach(() => {
  tokenStorage.set({ access_token: 'test-access-token' });
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      if (url.startsWith('/api/console/summary')) return json(summary);
      if (url === '/api/admin/overview') return json(overview);
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPage = () => renderWithQueries(<OverviewPage />);

/** The rows of the table under a heading, as text. */
async function seedRows(heading: string) {
  await screen.findByRole('heading', { name: heading });
  const card = await screen.findByTestId('seed-services');
  await within(card).findByText('식사 관리');
  return within(card)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);
}

describe('console dashboard: one seed, the same figures whoever asks', () => {
  it('asks for the selected seed and lists 식사 관리 among the services', async () => {
    viewer.role = 'user';
    renderPage();
    const rows = await seedRows(t.myServices);
    expect(asked).toContain('/api/console/summary?seedId=s-1');
    expect(rows.some((r) => r?.includes('식사 관리'))).toBe(true);
  });

  it('a platform admin sees the platform figures and, for the selected seed, the same table as its owner', async () => {
    viewer.role = 'user';
    renderPage();
    const asOwner = await seedRows(t.myServices);
    cleanup();
    viewer.role = 'admin';
    renderPage();
    const asAdmin = await seedRows(t.seedServices('우리 회사'));
    expect(asAdmin).toEqual(asOwner);
    expect(asked).toContain('/api/admin/overview');
    expect(asked.filter((u) => u === '/api/console/summary?seedId=s-1')).toHaveLength(2);
  });
});
