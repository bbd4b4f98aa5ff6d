/**
 * GET /api/metrics: the Prometheus text format, behind `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise).
 * Without METRICS_TOKEN the route does not exist (404), so nothing about the instance is visible.
 *
 * What it shows, per instance (each instance is scraped on its own):
 * - `http_requests_total{method,route,status}` and `http_request_duration_seconds{method,route}` (histogram), by the
 *   route's pattern (`/api/seeds/:seedId/bookings`), never by the raw URL, so ids do not explode the label set;
 *   requests that match no route count as route="unmatched";
 * - Node's own figures from prom-client's default collectors: event-loop lag (`nodejs_eventloop_lag_*`), heap, GC, CPU;
 * - `db_pool_connections{state}` (max, total, idle, waiting) for PostgreSQL; the embedded PGlite has no pool;
 * - `jobs_queue_depth{state}` (due: ready to run now; scheduled: waiting for their time), read when scraped.
 *
 * The hooks cost one histogram observation and one counter increment per request (no allocation of label objects:
 * prom-client keys its children by the label values).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { TDatabase } from '../db/client.ts';
import { countQueued } from '../lib/jobs/jobs.repository.ts';
import { AppError } from '../lib/app-error.ts';
import { sha256 } from '../lib/tokens.ts';

const BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const digest = (s: string) => Buffer.from(sha256(s), 'hex');

/** Records one answered request (for answers sent outside Fastify's hooks: the data API's fast path). */
export type TObserve = (method: string, route: string, status: number, seconds: number) => void;

export function registerMetrics(app: FastifyInstance, opts: { token: string | undefined; database: TDatabase; now?: () => Date }): TObserve | undefined {
  if (!opts.token) return undefined;
  const expected = digest(`Bearer ${opts.token}`);
  const register = new Registry();
  collectDefaultMetrics({ register });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [register],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: BUCKETS,
    registers: [register],
  });
  const { database } = opts;
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (max, total, idle, waiting clients); absent on the embedded PGlite',
    labelNames: ['state'],
    registers: [register],
    collect() {
      const s = database.poolStats?.();
      if (!s) return;
      for (const [state, n] of Object.entries(s)) this.set({ state }, n);
    },
  });
  new Gauge({
    name: 'jobs_queue_depth',
    help: 'Persisted jobs not yet done, cancelled or failed: due now, or scheduled for later',
    labelNames: ['state'],
    registers: [register],
    async collect() {
      const q = await countQueued(database.db, opts.now?.() ?? new Date());
      this.set({ state: 'due' }, q.due);
      this.set({ state: 'scheduled' }, q.scheduled);
    },
  });

  const observe: TObserve = (method, route, status, seconds) => {
    requests.inc({ method, route, status: String(status) });
    duration.observe({ method, route }, seconds);
  };
  app.addHook('onResponse', (request, reply, done) => {
    observe(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  app.get('/api/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = digest(request.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected)) throw new AppError('UNAUTHORIZED', undefined, { headers: { 'www-authenticate': 'Bearer' } });
    const text = await register.metrics();
    return reply.header('cache-control', 'no-store').type(register.contentType).send(text);
  });
  return observe;
}
