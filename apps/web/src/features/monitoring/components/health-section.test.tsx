import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import type { TInstancesResponse, TJobsResponse } from '@suite/shared/schemas/monitoring';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import { HealthSection } from './health-section';

const h = ko.monitoring.health;

const instances: TInstancesResponse = {
  checkedAt: '2026-11-27T03:00:00.000Z',
  goneAfterSeconds: 45,
  instances: [
    {
      id: 'aaaaaaaa-0000-4000-8000-000000000001',
      host: 'app-1',
      pid: 101,
      version: '0.1.0',
      startedAt: '2026-11-27T01:00:00.000Z',
      seenAt: '2026-11-27T03:00:00.000Z',
      uptimeSeconds: 7200,
      status: 'up',
      self: true,
      eventLoopLagMs: { mean: 10.2, p99: 25, max: 40 },
      memory: { rssBytes: 150 * 1024 * 1024, heapUsedBytes: 60 * 1024 * 1024, heapTotalBytes: 80 * 1024 * 1024 },
      pool: { max: 10, total: 4, idle: 3, waiting: 0 },
    },
    {
      id: 'bbbbbbbb-0000-4000-8000-000000000002',
      host: 'app-2',
      pid: 202,
      version: '0.1.0',
      startedAt: '2026-11-27T01:00:00.000Z',
      seenAt: '2026-11-27T02:58:00.000Z',
      uptimeSeconds: 7080,
      status: 'gone',
      self: false,
      eventLoopLagMs: { mean: 9, p99: 20, max: 30 },
      memory: { rssBytes: 140 * 1024 * 1024, heapUsedBytes: 50 * 1024 * 1024, heapTotalBytes: 70 * 1024 * 1024 },
      pool: null,
    },
  ],
  readiness: { database: { kind: 'postgres', ready: true, latencyMs: 1.2 }, redis: { kind: 'redis', ready: false, latencyMs: null } },
  services: [
    {
      service: 'smtp',
      configured: true,
      lastSuccessAt: null,
      lastFailureAt: '2026-11-27T02:59:00.000Z',
      lastError: 'ECONNECTION',
      failuresInRow: 3,
      failing: true,
    },
    { service: 'slack', configured: false, lastSuccessAt: null, lastFailureAt: null, lastError: null, failuresInRow: 0, failing: false },
    { service: 'llm', configured: true, lastSuccessAt: '2026-11-27T02:50:00.000Z', lastFailureAt: null, lastError: null, failuresInRow: 0, failing: false },
  ],
};

const failedJob = {
  id: 42,
  kind: 'rooms.reminder',
  error: 'smtp down',
  attempts: 5,
  maxAttempts: 5,
  failedAt: '2026-11-27T02:00:00.000Z',
  createdAt: '2026-11-27T01:00:00.000Z',
};
const jobs = (failed: boolean): TJobsResponse => ({
  queues: [{ kind: 'rooms.reminder', due: 2, scheduled: 7, running: 1, failed24h: failed ? 1 : 0 }],
  failed: failed ? [failedJob] : [],
  failedTotal: failed ? 1 : 0,
  schedules: [
    { name: 'monitoring.heartbeat', everyMs: 15_000, scope: 'instance', lastRunAt: '2026-11-27T02:59:50.000Z', lastOk: true, lastError: null },
    { name: 'jobs.purge-finished', everyMs: 3_600_000, scope: 'cluster', lastRunAt: null, lastOk: null, lastError: null },
  ],
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('HealthSection', () => {
  const calls: { method: string; url: string }[] = [];
  beforeEach(() => {
    calls.length = 0;
    localStorage.setItem('__access_token', 'test-token');
    let failed = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        calls.push({ method, url });
        const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
        if (url === '/api/admin/monitoring/instances') return json(instances);
        if (url === '/api/admin/monitoring/jobs') return json(jobs(failed));
        if (url === '/api/admin/monitoring/jobs/42/retry' && method === 'POST') {
          failed = false;
          return json({ id: 42, kind: 'rooms.reminder', runAt: '2026-11-27T03:00:01.000Z' });
        }
        return json({ error: 'not found', code: 'NOT_FOUND' }, 404);
      }),
    );
  });

  it('shows every instance with its status, readiness, queues, schedules and outside services', async () => {
    renderWithQueries(<HealthSection />);
    const cards = await screen.findAllByTestId('instance');
    expect(cards.map((c) => c.dataset.status)).toEqual(['up', 'gone']);
    expect(within(cards[0]!).getByText(h.self)).toBeTruthy();
    expect(within(cards[0]!).getByText(h.poolValue(4, 10, 3, 0))).toBeTruthy();
    expect(within(cards[1]!).getByText(h.gone)).toBeTruthy();
    expect(within(cards[1]!).getByText(h.noPool)).toBeTruthy();
    expect(screen.getAllByTestId('readiness').map((r) => r.dataset.ready)).toEqual(['true', 'false']);

    const queue = await screen.findByTestId('queue');
    expect(
      within(queue)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['rooms.reminder', '2', '7', '1', '1']);
    const schedules = screen.getAllByTestId('schedule');
    expect(within(schedules[0]!).getByText(h.ranOk)).toBeTruthy();
    expect(within(schedules[1]!).getByText(h.neverRan)).toBeTruthy();

    const services = screen.getAllByTestId('service');
    expect(services.map((s) => [s.dataset.service, s.dataset.state])).toEqual([
      ['smtp', h.failing],
      ['slack', h.notConfigured],
      ['llm', h.healthy],
    ]);
    expect(within(services[0]!).getByText('ECONNECTION')).toBeTruthy();
    expect(within(services[0]!).getByText(h.failuresInRow(3))).toBeTruthy();
  });

  it('retries a failed job through the server and shows the refreshed list', async () => {
    renderWithQueries(<HealthSection />);
    const row = await screen.findByTestId('failed-job');
    expect(within(row).getByText('smtp down')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: `${h.retry} #42` }));
    await waitFor(() => expect(screen.queryByTestId('failed-job')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/admin/monitoring/jobs/42/retry']);
    expect(calls.filter((c) => c.url === '/api/admin/monitoring/jobs').length).toBe(2);
    expect(screen.getByRole('status').textContent).toBe(h.retried(42));
    expect(screen.getByText(h.noFailed)).toBeTruthy();
  });
});
