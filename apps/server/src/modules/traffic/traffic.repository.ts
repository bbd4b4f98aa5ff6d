/**
 * The traffic store's reads and writes (db/schema-traffic.ts). Reads are bounded: one window (at most 7 days) read
 * through the (bucket, …) unique index or the (seed_id, bucket) index, grouped in SQL, a fixed number of rows back.
 */
import { and, lt, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { LATENCY_BOUNDS_MS, LATENCY_COLUMNS, trafficHours, trafficMails, trafficMinutes } from '../../db/schema-traffic.ts';
import type { TMailRow, TTrafficRow } from './recorder.ts';

/** The histogram's bucket bounds, for histogram.ts (the storage layout decides them). */
export { LATENCY_BOUNDS_MS };

const CHUNK = 500;

export type TResolution = 'minute' | 'hour';
const tableOf = (r: TResolution) => (r === 'minute' ? trafficMinutes : trafficHours);

type TTable = typeof trafficMinutes;

const values = (rows: TTrafficRow[]) =>
  rows.map((r) => ({
    bucket: r.bucket,
    method: r.method,
    route: r.route,
    service: r.service,
    seedId: r.seedId,
    requests: r.requests,
    clientErrors: r.clientErrors,
    serverErrors: r.serverErrors,
    rateLimited: r.rateLimited,
    cacheHits: r.cacheHits,
    cacheMisses: r.cacheMisses,
    latencySumMs: r.latencySumMs,
    latencyMaxMs: r.latencyMaxMs,
    ...Object.fromEntries(LATENCY_COLUMNS.map((c, i) => [c, r.buckets[i] ?? 0])),
  }));

const ADDED = ['requests', 'clientErrors', 'serverErrors', 'rateLimited', 'cacheHits', 'cacheMisses', 'latencySumMs', ...LATENCY_COLUMNS];

async function upsert(db: TDb, t: TTable, rows: TTrafficRow[]) {
  const columns = t as unknown as Record<string, TTable['requests']>;
  const set: Record<string, SQL> = Object.fromEntries(ADDED.map((k) => [k, sql`${columns[k]} + excluded.${sql.identifier(columns[k]!.name)}`]));
  set.latencyMaxMs = sql`greatest(${t.latencyMaxMs}, excluded.latency_max_ms)`;
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insert(t)
      .values(values(rows.slice(i, i + CHUNK)))
      .onConflictDoUpdate({ target: [t.bucket, t.method, t.route, t.seedId], set });
  }
}

/** Adds a flush's tallies to the stored minute and hour rows and mail counts, in one transaction. */
export async function addTraffic(db: TDb, batch: { minutes: TTrafficRow[]; hours: TTrafficRow[]; mails: TMailRow[] }): Promise<void> {
  await db.transaction(async (tx) => {
    await upsert(tx as unknown as TDb, trafficMinutes, batch.minutes);
    await upsert(tx as unknown as TDb, trafficHours, batch.hours);
    if (batch.mails.length)
      await tx
        .insert(trafficMails)
        .values(batch.mails)
        .onConflictDoUpdate({ target: [trafficMails.bucket, trafficMails.seedId], set: { mails: sql`${trafficMails.mails} + excluded.mails` } });
  });
}

/** Deletes minute rows older than `minutesBefore` and hour and mail rows older than `hoursBefore`; returns the counts. */
export async function purgeTraffic(db: TDb, minutesBefore: Date, hoursBefore: Date) {
  const m = await db.delete(trafficMinutes).where(lt(trafficMinutes.bucket, minutesBefore)).returning({ b: trafficMinutes.bucket });
  const h = await db.delete(trafficHours).where(lt(trafficHours.bucket, hoursBefore)).returning({ b: trafficHours.bucket });
  await db.delete(trafficMails).where(lt(trafficMails.bucket, hoursBefore));
  return { minutes: m.length, hours: h.length };
}

export type TRow = Record<string, unknown>;
export type TFiguresRow = {
  requests: number;
  clientErrors: number;
  serverErrors: number;
  rateLimited: number;
  cacheHits: number;
  cacheMisses: number;
  latencyMaxMs: number;
  buckets: number[];
};

const num = (v: unknown) => Number(v ?? 0);
const SUMS = sql.raw(
  [
    'sum(requests)::bigint as requests',
    'sum(client_errors)::bigint as client_errors',
    'sum(server_errors)::bigint as server_errors',
    'sum(rate_limited)::bigint as rate_limited',
    'sum(cache_hits)::bigint as cache_hits',
    'sum(cache_misses)::bigint as cache_misses',
    'max(latency_max_ms) as latency_max_ms',
    ...LATENCY_COLUMNS.map((c) => `sum(${c})::bigint as ${c}`),
  ].join(', '),
);

const figuresOf = (r: TRow): TFiguresRow => ({
  requests: num(r.requests),
  clientErrors: num(r.client_errors),
  serverErrors: num(r.server_errors),
  rateLimited: num(r.rate_limited),
  cacheHits: num(r.cache_hits),
  cacheMisses: num(r.cache_misses),
  latencyMaxMs: num(r.latency_max_ms),
  buckets: LATENCY_COLUMNS.map((c) => num(r[c])),
});

export type TScope = { resolution: TResolution; since: Date; until: Date; seedId?: string | undefined; service?: string | undefined };

function where(s: TScope): SQL {
  const t = tableOf(s.resolution);
  const parts = [sql`${t.bucket} >= ${s.since.toISOString()}::timestamptz`, sql`${t.bucket} < ${s.until.toISOString()}::timestamptz`];
  // Rows with a seed repeat what the suite-wide rows (seed_id null) already count: one or the other, never both.
  parts.push(s.seedId ? sql`${t.seedId} = ${s.seedId}::uuid` : sql`${t.seedId} is null`);
  if (s.service) parts.push(sql`${t.service} = ${s.service}`);
  return and(...parts)!;
}

const rowsOf = (res: unknown) => (res as { rows: TRow[] }).rows;

/** The route patterns that answered 429 in the scope, most first (one pass; at most one row per route pattern). */
export async function rateLimitedByRoute(db: TDb, s: TScope) {
  const t = tableOf(s.resolution);
  const res = await db.execute(sql`
    select method, route, sum(${t.rateLimited})::bigint as n
    from ${t} where ${where(s)} and ${t.rateLimited} > 0
    group by method, route order by n desc, route, method limit 5000`);
  return rowsOf(res).map((r) => ({ method: String(r.method), route: String(r.route), count: num(r.n) }));
}

export async function byService(db: TDb, s: TScope) {
  const t = tableOf(s.resolution);
  const res = await db.execute(sql`select service, ${SUMS} from ${t} where ${where(s)} group by service order by service limit 100`);
  return rowsOf(res).map((r) => ({ service: String(r.service), ...figuresOf(r) }));
}

/**
 * One pass over the window: sums per (method, route), per service and per step of `stepSeconds` from `since` (a
 * GROUPING SETS query; the number of groups is bounded by the app's route patterns and the window's points).
 */
export async function grouped(db: TDb, s: TScope, stepSeconds: number) {
  const t = tableOf(s.resolution);
  const origin = s.since.toISOString();
  // Literals, not parameters: the same expression must appear in the select list and in the grouping sets.
  const slot = sql`floor(extract(epoch from (${t.bucket} - ${sql.raw(`'${origin}'`)}::timestamptz)) / ${sql.raw(String(Math.trunc(stepSeconds)))})::int`;
  const res = await db.execute(sql`
    select grouping(${t.method}, ${t.route}) as not_route, grouping(${t.service}) as not_service, method, route, service, ${slot} as slot, ${SUMS}
    from ${t} where ${where(s)}
    group by grouping sets ((${t.method}, ${t.route}, ${t.service}), (${t.service}), (${slot}))
    limit 20000`);
  const routes: (TFiguresRow & { method: string; route: string; service: string })[] = [];
  const byRoute = new Map<string, (typeof routes)[number]>();
  const services: (TFiguresRow & { service: string })[] = [];
  const slots: (TFiguresRow & { slot: number })[] = [];
  for (const r of rowsOf(res)) {
    const f = figuresOf(r);
    if (!num(r.not_route)) {
      // A route pattern belongs to one service; should it ever have two, its rows are added together.
      const key = `${String(r.method)} ${String(r.route)}`;
      const seen = byRoute.get(key);
      if (seen) addFigures(seen, f);
      else {
        const row = { method: String(r.method), route: String(r.route), service: String(r.service), ...f };
        byRoute.set(key, row);
        routes.push(row);
      }
    } else if (!num(r.not_service)) services.push({ service: String(r.service), ...f });
    else slots.push({ slot: num(r.slot), ...f });
  }
  routes.sort((a, b) => b.requests - a.requests || a.route.localeCompare(b.route) || a.method.localeCompare(b.method));
  return { routes, services, slots };
}

function addFigures(a: TFiguresRow, b: TFiguresRow) {
  a.requests += b.requests;
  a.clientErrors += b.clientErrors;
  a.serverErrors += b.serverErrors;
  a.rateLimited += b.rateLimited;
  a.cacheHits += b.cacheHits;
  a.cacheMisses += b.cacheMisses;
  a.latencyMaxMs = Math.max(a.latencyMaxMs, b.latencyMaxMs);
  a.buckets = a.buckets.map((n, i) => n + (b.buckets[i] ?? 0));
}

/** Mails counted per seed in [since, until) (hour rows: the window's first hour counts whole), most first, at most `limit`. */
export async function mailsBySeed(db: TDb, since: Date, until: Date, limit: number, seedId?: string) {
  const res = await db.execute(sql`
    select seed_id, sum(mails)::bigint as mails
    from ${trafficMails}
    where bucket >= date_trunc('hour', ${since.toISOString()}::timestamptz) and bucket < ${until.toISOString()}::timestamptz
      ${seedId ? sql`and seed_id = ${seedId}::uuid` : sql``}
    group by seed_id order by sum(mails) desc limit ${limit}`);
  return rowsOf(res).map((r) => ({ seedId: r.seed_id == null ? null : String(r.seed_id), mails: num(r.mails) }));
}
