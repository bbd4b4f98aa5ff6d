/**
 * The rolling traffic store of the monitoring page (issue 30, decision 052): requests per minute and per hour by
 * method, route pattern and seed, with their 4xx, 5xx, 429, data-API cache hits/misses and a latency histogram in
 * fixed buckets (so p50/p95/p99 can be computed after summing rows). Written in batches by modules/traffic (one
 * UPSERT per flush that adds to the stored counts, so several instances add up); minute rows kept 2 days, hour rows
 * 400 days (a purge schedule).
 */
import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, text, timestamp, unique, uuid, type PgIntegerBuilderInitial } from 'drizzle-orm/pg-core';

/**
 * Upper bounds (milliseconds, inclusive) of the latency buckets; one more bucket holds everything slower. Changing
 * them changes the meaning of stored rows: add a migration that empties the tables with it.
 */
export const LATENCY_BOUNDS_MS = [1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100, 150, 200, 300, 500, 700, 1000, 1500, 2000, 3000, 5000, 10000, 30000] as const;
/** The bucket columns l0 … l24 (the last one: slower than the last bound). */
export const LATENCY_COLUMNS = Array.from({ length: LATENCY_BOUNDS_MS.length + 1 }, (_, i) => `l${i}`);

const bucketColumns = () =>
  Object.fromEntries(LATENCY_COLUMNS.map((c) => [c, integer(c).notNull().default(0)])) as Record<string, PgIntegerBuilderInitial<string>>;

const trafficTable = (name: string) =>
  pgTable(
    name,
    {
      /** The minute (or hour) the requests were answered in, UTC. */
      bucket: timestamp('bucket', { withTimezone: true }).notNull(),
      method: text('method').notNull(),
      /** The route's pattern (`/api/seeds/:seedId/rooms`), or `(unmatched)` for an /api path no route matched. */
      route: text('route').notNull(),
      /** The module the route belongs to (modules/traffic/services.ts). */
      service: text('service').notNull(),
      /**
       * null: every request (the suite-wide row); a seed id: the same requests about that seed again (the route's
       * :seedId, or the seed owning the data API called), for the seed's own view.
       */
      seedId: uuid('seed_id'),
      requests: integer('requests').notNull().default(0),
      clientErrors: integer('client_errors').notNull().default(0),
      serverErrors: integer('server_errors').notNull().default(0),
      rateLimited: integer('rate_limited').notNull().default(0),
      cacheHits: integer('cache_hits').notNull().default(0),
      cacheMisses: integer('cache_misses').notNull().default(0),
      latencySumMs: doublePrecision('latency_sum_ms').notNull().default(0),
      latencyMaxMs: doublePrecision('latency_max_ms').notNull().default(0),
      ...bucketColumns(),
    },
    (t) => [
      unique(`${name}_key`).on(t.bucket, t.method, t.route, t.seedId).nullsNotDistinct(),
      index(`${name}_seed_idx`)
        .on(t.seedId, t.bucket)
        .where(sql`${t.seedId} is not null`),
      // The operator's views read the suite-wide rows only (a seed's requests are also in rows of their own).
      index(`${name}_suite_idx`)
        .on(t.bucket)
        .where(sql`${t.seedId} is null`),
    ],
  );

export const trafficMinutes = trafficTable('traffic_minutes');
export const trafficHours = trafficTable('traffic_hours');

/** Mails counted against the seeds' quotas (lib/mail-quota.ts), per hour and seed; kept as long as the hour rows. */
export const trafficMails = pgTable(
  'traffic_mails',
  {
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    seedId: uuid('seed_id'),
    mails: integer('mails').notNull().default(0),
  },
  (t) => [unique('traffic_mails_key').on(t.bucket, t.seedId).nullsNotDistinct()],
);
