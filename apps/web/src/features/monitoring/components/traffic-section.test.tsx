import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import type { TSeedMonitoringResponse, TSpendResponse, TTrafficFigures, TTrafficResponse } from '@suite/shared/schemas/traffic';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import { SeedMonitoring } from './seed-monitoring';
import { SpendSection } from './spend-section';
import { TrafficSection } from './traffic-section';

const tr = ko.traffic.traffic;
const sp = ko.traffic.spend;
const se = ko.traffic.seed;
const SEED = '11111111-1111-4111-8111-111111111111';

const fig = (requests: number, clientErrors = 0, serverErrors = 0, p = 4.2): TTrafficFigures => ({
  requests,
  clientErrors,
  serverErrors,
  rateLimited: 0,
  p50: requests ? p : null,
  p95: requests ? p * 10 : null,
  p99: requests ? p * 30 : null,
});

const series = (n: number, stepSeconds: number) =>
  Array.from({ length: n }, (_, i) => ({
    at: new Date(Date.parse('2026-11-27T03:00:00Z') + i * stepSeconds * 1000).toISOString(),
    ...fig(i % 3, i % 5 === 0 ? 1 : 0),
  }));

const traffic = (window: '1h' | '24h' | '7d'): TTrafficResponse => ({
  window,
  since: '2026-11-27T03:00:00.000Z',
  until: '2026-11-27T04:00:00.000Z',
  stepSeconds: window === '1h' ? 60 : 900,
  totals: { ...fig(1234, 20, 3), rateLimited: 7 },
  services: [
    { service: 'seeds', ...fig(1000, 10, 1) },
    { service: 'rooms', ...fig(234, 10, 2) },
  ],
  routes: [
    { method: 'GET', route: '/api/seeds', service: 'seeds', ...fig(900, 0, 0, 3.1) },
    { method: 'POST', route: '/api/seeds/:seedId/bookings', service: 'rooms', ...fig(234, 10, 2, 12) },
  ],
  routesOmitted: 5,
  series: series(window === '1h' ? 60 : 96, window === '1h' ? 60 : 900),
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const calls: string[] = [];
beforeEach(() => {
  calls.length = 0;
  localStorage.setItem('__access_token', 'test-token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      const w = new URL(url, 'http://x').searchParams.get('window') as '1h' | '24h' | '7d';
      if (url.startsWith('/api/admin/monitoring/traffic')) return json(traffic(w));
      if (url.startsWith('/api/admin/monitoring/spend')) return json(spend(w));
      if (url.startsWith(`/api/seeds/${SEED}/monitoring`)) return json(seed(w));
      return json({ error: 'not found', code: 'NOT_FOUND' }, 404);
    }),
  );
});

describe('TrafficSection', () => {
  it('shows totals, the two charts, services and the busiest routes, and switches the window', async () => {
    renderWithQueries(<TrafficSection />);
    expect(await screen.findByText('1,234')).toBeTruthy();
    expect(screen.getByRole('img', { name: tr.chartRequestsLabel('1시간') })).toBeTruthy();
    expect(screen.getByRole('img', { name: tr.chartLatencyLabel('1시간') })).toBeTruthy();
    const routes = screen.getByRole('region', { name: tr.byRoute });
    const rows = within(routes).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('/api/seeds');
    expect(rows[2]!.textContent).toContain(ko.traffic.services.rooms);
    expect(screen.getByText(tr.routesOmitted(5))).toBeTruthy();
    expect(screen.getByRole('button', { name: '1시간' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '24시간' }));
    await waitFor(() => expect(calls).toContain('/api/admin/monitoring/traffic?window=24h'));
    expect(await screen.findByRole('img', { name: tr.chartRequestsLabel('24시간') })).toBeTruthy();
    expect(screen.getByRole('button', { name: '24시간' }).getAttribute('aria-pressed')).toBe('true');
  });
});

const spend = (window: '1h' | '24h' | '7d'): TSpendResponse => ({
  window,
  since: '2026-11-26T04:00:00.000Z',
  until: '2026-11-27T04:00:00.000Z',
  stepSeconds: 900,
  tokens: [{ workspaceId: 'w1', teamName: '우리팀', seedId: SEED, seedName: '트래픽 상사', used: 950_000, budget: 1_000_000 }],
  mails: [{ seedId: SEED, seedName: '트래픽 상사', mails: 12, lastHour: 3 }],
  mailQuota: { perUserHourly: 30, perSeedHourly: 100 },
  rateLimited: { total: 4, routes: [{ method: 'POST', route: '/api/auth-login', count: 4 }] },
});

describe('SpendSection', () => {
  it('shows tokens against the budget, mails against the quota and the refusals', async () => {
    renderWithQueries(<SpendSection />);
    expect(await screen.findByText('우리팀')).toBeTruthy();
    expect(screen.getByRole('meter', { name: `우리팀 ${sp.used}` }).getAttribute('aria-valuenow')).toBe('950000');
    expect(screen.getByText('95.0%')).toBeTruthy();
    expect(screen.getByText('3 / 100')).toBeTruthy();
    expect(screen.getByText('/api/auth-login')).toBeTruthy();
    expect(screen.getByText(sp.quotaPerSeed(100))).toBeTruthy();
  });
});

const seed = (window: '1h' | '24h' | '7d'): TSeedMonitoringResponse => ({
  window,
  since: '2026-11-26T04:00:00.000Z',
  until: '2026-11-27T04:00:00.000Z',
  stepSeconds: 900,
  seedId: SEED,
  totals: fig(50, 2, 1),
  apiBuilder: { ...fig(40, 1, 1), cacheHits: 30, cacheMisses: 10, cacheHitRatio: 0.75 },
  routes: [{ method: 'GET', route: '/api/v1/:apiId/:table', service: 'data-api', ...fig(40, 1, 1) }],
  routesOmitted: 0,
  series: series(96, 900),
  chatbot: { questions: 20, unanswered: 5, unansweredRate: 0.25 },
  mails: { mails: 4, lastHour: 1, perSeedHourly: 100 },
  tokens: null,
});

describe('SeedMonitoring', () => {
  it("shows the seed's calls, cache hit ratio, chatbot unanswered rate, mails and charts", async () => {
    renderWithQueries(<SeedMonitoring seedId={SEED} />);
    expect(await screen.findByText('75.0%')).toBeTruthy();
    expect(calls[0]).toBe(`/api/seeds/${SEED}/monitoring?window=24h`);
    expect(screen.getByText('25.0%')).toBeTruthy();
    expect(screen.getByText('1 / 100')).toBeTruthy();
    expect(screen.getByText(se.noWorkspace)).toBeTruthy();
    expect(screen.getByRole('img', { name: tr.chartRequestsLabel('24시간') })).toBeTruthy();
    expect(screen.getByText('/api/v1/:apiId/:table')).toBeTruthy();
  });
});
