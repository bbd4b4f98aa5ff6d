import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TTestContext } from '../test/helpers.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** The value of one sample line (`name{labels} value`) of a Prometheus text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inner = line.slice(name.length + 1, line.indexOf('}'));
    const have = inner.split(',');
    if (want.every((w) => have.includes(w))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe.each(dbKinds)('GET /api/metrics (%s)', (kind) => {
  let t: TTestContext;
  let without: TTestContext;
  beforeAll(async () => {
    [t, without] = await Promise.all([createTestApp(kind, { env: { METRICS_TOKEN: TOKEN } }), createTestApp(kind)]);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), without?.close()]);
  });

  it('does not exist without METRICS_TOKEN and refuses a missing or wrong token', async () => {
    expect((await without.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    const none = await t.app.inject({ url: '/api/metrics' });
    expect(none.statusCode).toBe(401);
    expect(JSON.stringify(none.json())).toMatch(/[가-힣]/);
    expect((await t.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(401);
  });

  it('counts requests per route pattern, observes their latency and shows event-loop lag, pool and job queue', async () => {
    const scrape = async () => {
      const res = await t.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      return res.body;
    };
    const before = await scrape();
    const labels = { method: 'GET', route: '/api/health', status: '200' };
    const countBefore = sample(before, 'http_requests_total', labels) ?? 0;
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    // A route with a parameter is labelled by its pattern, never by the id in the URL.
    await t.app.inject({ url: '/api/seeds/00000000-0000-4000-8000-000000000000/rooms' });
    // A job waiting for its time moves the queue depth (a later one: the runner leaves it alone).
    const queuedBefore = sample(before, 'jobs_queue_depth', { state: 'scheduled' });
    expect(queuedBefore).toBeDefined();
    await t.database.exec(`insert into jobs (kind, run_at) values ('metrics-test', now() + interval '1 day')`);

    const after = await scrape();
    expect(sample(after, 'http_requests_total', labels)).toBe(countBefore + 3);
    expect(sample(after, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/health' })).toBeGreaterThanOrEqual(countBefore + 3);
    expect(after).toContain('route="/api/seeds/:seedId/rooms"');
    expect(after).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(sample(after, 'jobs_queue_depth', { state: 'scheduled' })).toBe(queuedBefore! + 1);
    expect(after).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    if (kind === 'postgres') expect(sample(after, 'db_pool_connections', { state: 'max' })).toBeGreaterThan(0);
    else expect(after).not.toMatch(/^db_pool_connections\{/m);
  });
});
