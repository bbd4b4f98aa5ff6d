/**
 * The monitoring page's traffic, spend and seed slice (issue 30), read from the traffic store (traffic.repository.ts)
 * and, for spend, from the modules that own the figures (Slack tokens, chatbot answers, seed names) through their
 * services. Every read is one window (at most 7 days) and a bounded number of rows.
 */
import type {
  TSeedMonitoringResponse,
  TSpendResponse,
  TTrafficFigures,
  TTrafficResponse,
  TTrafficRoute,
  TTrafficService,
  TTrafficWindow,
} from '@suite/shared/schemas/traffic';
import { TRAFFIC_SERVICES } from '@suite/shared/schemas/traffic';
import type { TDb } from '../../db/client.ts';
import type { TSharedState } from '../../state/shared-state.ts';
import type { TMailQuotas } from '../../lib/mail-quota.ts';
import { seedFor, assertManager, seedNames } from '../seeds/seeds.service.ts';
import { tokenSpend } from '../slack/workspace.service.ts';
import { answersOfSeed } from '../chatbot/chatbot.service.ts';
import { percentile } from './histogram.ts';
import { mergeTally } from './recorder.ts';
import * as repo from './traffic.repository.ts';

const HOUR = 3_600_000;
/** Minute rows are kept this long (the 1h window and the alerts' short windows read them); hour rows and mail counts HOURS_KEPT. */
export const MINUTES_KEPT_MS = 48 * HOUR;
export const HOURS_KEPT_MS = 400 * 24 * HOUR;
export const TOP_ROUTES = 20;

/** Each window: which rows it reads and its fixed number of chart points. */
const WINDOWS: Record<TTrafficWindow, { resolution: repo.TResolution; stepSeconds: number; points: number }> = {
  '1h': { resolution: 'minute', stepSeconds: 60, points: 60 },
  // Hour rows: a day of minute rows is 1 440 rows per route and seed, too many to sum on every page view.
  '24h': { resolution: 'hour', stepSeconds: 3600, points: 24 },
  '7d': { resolution: 'hour', stepSeconds: 3600, points: 168 },
};

/** The window's slots end with the one `now` falls in, so the chart's last point is the current (partial) slot. */
export function windowBounds(window: TTrafficWindow, now: Date) {
  const w = WINDOWS[window];
  const step = w.stepSeconds * 1000;
  const until = new Date(Math.floor(now.getTime() / step) * step + step);
  const since = new Date(until.getTime() - w.points * step);
  return { ...w, since, until };
}

/** Counts and percentiles of summed rows. */
export function figuresOf(f: repo.TFiguresRow): TTrafficFigures {
  return {
    requests: f.requests,
    clientErrors: f.clientErrors,
    serverErrors: f.serverErrors,
    rateLimited: f.rateLimited,
    p50: percentile(f.buckets, 0.5, f.latencyMaxMs),
    p95: percentile(f.buckets, 0.95, f.latencyMaxMs),
    p99: percentile(f.buckets, 0.99, f.latencyMaxMs),
  };
}

const emptyRow = (): repo.TFiguresRow => ({
  requests: 0,
  clientErrors: 0,
  serverErrors: 0,
  rateLimited: 0,
  cacheHits: 0,
  cacheMisses: 0,
  latencyMaxMs: 0,
  buckets: [],
});

/** Sums figure rows (totals from the per-service rows: every request has one service). */
function sumRows(rows: repo.TFiguresRow[]): repo.TFiguresRow {
  const total = { ...emptyRow(), latencySumMs: 0, buckets: rows[0] ? rows[0].buckets.map(() => 0) : [] };
  for (const r of rows) mergeTally(total, { ...r, latencySumMs: 0 });
  return total;
}

const asService = (s: string): TTrafficService => ((TRAFFIC_SERVICES as readonly string[]).includes(s) ? (s as TTrafficService) : 'platform');

async function read(db: TDb, window: TTrafficWindow, now: Date, scope: { seedId?: string } = {}) {
  const b = windowBounds(window, now);
  const s: repo.TScope = { resolution: b.resolution, since: b.since, until: b.until, seedId: scope.seedId };
  const { routes: allRoutes, services, slots } = await repo.grouped(db, s, b.stepSeconds);
  const routes = { rows: allRoutes.slice(0, TOP_ROUTES), pairs: allRoutes.length };
  const bySlot = new Map(slots.map((p) => [p.slot, p]));
  const series = Array.from({ length: b.points }, (_, i) => ({
    at: new Date(b.since.getTime() + i * b.stepSeconds * 1000).toISOString(),
    ...figuresOf(bySlot.get(i) ?? emptyRow()),
  }));
  return {
    bounds: b,
    head: { window, since: b.since.toISOString(), until: b.until.toISOString(), stepSeconds: b.stepSeconds },
    totalsRow: sumRows(services),
    services,
    routes: routes.rows.map((r): TTrafficRoute => ({ method: r.method, route: r.route, service: asService(r.service), ...figuresOf(r) })),
    routeRows: routes.rows,
    routesOmitted: Math.max(0, routes.pairs - routes.rows.length),
    series,
  };
}

/** GET /api/admin/monitoring/traffic: the whole suite's traffic in the window. */
export async function traffic(db: TDb, window: TTrafficWindow, now: Date): Promise<TTrafficResponse> {
  const r = await read(db, window, now);
  return {
    ...r.head,
    totals: figuresOf(r.totalsRow),
    services: r.services.map((s) => ({ service: asService(s.service), ...figuresOf(s) })),
    routes: r.routes,
    routesOmitted: r.routesOmitted,
    series: r.series,
  };
}

/**
 * For other modules (the alerts): requests, errors and latency percentiles in [since, until), the whole suite's or one
 * seed's, with the 5xx rate (null without requests). Reads minute rows when the window lies within their retention,
 * else hour rows (then `since` is taken to its hour). Only flushed figures count (the recorder writes every 15 s).
 */
export async function trafficSummary(
  db: TDb,
  q: { since: Date; until: Date; seedId?: string; now: Date },
): Promise<TTrafficFigures & { serverErrorRate: number | null }> {
  const now = q.now;
  const resolution: repo.TResolution = q.since.getTime() >= now.getTime() - MINUTES_KEPT_MS + HOUR ? 'minute' : 'hour';
  const since = resolution === 'hour' ? new Date(q.since.getTime() - (q.since.getTime() % HOUR)) : q.since;
  const rows = await repo.byService(db, { resolution, since, until: q.until, seedId: q.seedId });
  const f = figuresOf(sumRows(rows));
  return { ...f, serverErrorRate: f.requests ? f.serverErrors / f.requests : null };
}

export type TSpendDeps = { db: TDb; state: TSharedState; mailQuota: TMailQuotas };

const mailQuotaKey = (seedId: string) => `rl:mail-quota:seed:${seedId}`;

/** GET /api/admin/monitoring/spend: language-model tokens per workspace, mails per seed, 429 refusals. */
export async function spend(deps: TSpendDeps, window: TTrafficWindow, now: Date): Promise<TSpendResponse> {
  const b = windowBounds(window, now);
  const [tokens, mails, refused] = await Promise.all([
    tokenSpend(deps.db),
    repo.mailsBySeed(deps.db, b.since, b.until, 20),
    repo.rateLimitedByRoute(deps.db, { resolution: b.resolution, since: b.since, until: b.until }),
  ]);
  const ids = [...new Set([...tokens.map((t) => t.seedId), ...mails.flatMap((m) => (m.seedId ? [m.seedId] : []))])];
  const names = await seedNames(deps.db, ids);
  const lastHour = await Promise.all(mails.map(async (m) => (m.seedId ? (await deps.state.peek(mailQuotaKey(m.seedId))).count : 0)));
  return {
    window,
    since: b.since.toISOString(),
    until: b.until.toISOString(),
    stepSeconds: b.stepSeconds,
    tokens: tokens.map((t) => ({ ...t, seedName: names.get(t.seedId) ?? null })),
    mails: mails.flatMap((m, i) => (m.seedId ? [{ seedId: m.seedId, seedName: names.get(m.seedId) ?? null, mails: m.mails, lastHour: lastHour[i] ?? 0 }] : [])),
    mailQuota: deps.mailQuota,
    rateLimited: {
      total: refused.reduce((n, r) => n + r.count, 0),
      routes: refused.slice(0, 10),
    },
  };
}

/** GET /api/seeds/{seedId}/monitoring: the seed's slice, for its owner and admins (members 403, others 404). */
export async function seedMonitoring(
  deps: TSpendDeps & { consoleOrigin: string },
  userId: string,
  seedId: string,
  window: TTrafficWindow,
  now: Date,
): Promise<TSeedMonitoringResponse> {
  assertManager(await seedFor(deps.db, seedId, userId));
  const r = await read(deps.db, window, now, { seedId });
  const b = r.bounds;
  const data = repo.byService(deps.db, { resolution: b.resolution, since: b.since, until: b.until, seedId, service: 'data-api' });
  const [dataRows, answers, mails, quota, tokens] = await Promise.all([
    data,
    answersOfSeed(deps.db, seedId, b.since, deps.consoleOrigin),
    repo.mailsBySeed(deps.db, b.since, b.until, 1, seedId),
    deps.state.peek(mailQuotaKey(seedId)),
    tokenSpend(deps.db, seedId),
  ]);
  const api = sumRows(dataRows);
  const cached = api.cacheHits + api.cacheMisses;
  const names = tokens[0] ? await seedNames(deps.db, [seedId]) : new Map<string, string>();
  return {
    ...r.head,
    seedId,
    totals: figuresOf(r.totalsRow),
    apiBuilder: { ...figuresOf(api), cacheHits: api.cacheHits, cacheMisses: api.cacheMisses, cacheHitRatio: cached ? api.cacheHits / cached : null },
    routes: r.routes,
    routesOmitted: r.routesOmitted,
    series: r.series,
    chatbot: { ...answers, unansweredRate: answers.questions ? answers.unanswered / answers.questions : null },
    mails: { mails: mails[0]?.mails ?? 0, lastHour: quota.count, perSeedHourly: deps.mailQuota.perSeedHourly },
    tokens: tokens[0] ? { ...tokens[0], seedName: names.get(seedId) ?? null } : null,
  };
}

/** The retention schedule's work: minute rows older than 48 h, hour rows and mail counts older than 400 days. */
export async function purgeOldTraffic(db: TDb, now: Date) {
  return repo.purgeTraffic(db, new Date(now.getTime() - MINUTES_KEPT_MS), new Date(now.getTime() - HOURS_KEPT_MS));
}
