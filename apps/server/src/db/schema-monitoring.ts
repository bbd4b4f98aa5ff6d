/**
 * Monitoring's shared records (issue 30): every instance's heartbeat, the outside services' last success and failure,
 * and the backups `npm run backup` made. In the database so every instance reads what all of them wrote.
 */
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One running (or recently running) server instance; its row is refreshed every 15 s and purged an hour after the last. */
export const monitoringInstances = pgTable(
  'monitoring_instances',
  {
    id: text('id').primaryKey(),
    host: text('host').notNull(),
    pid: integer('pid').notNull(),
    version: text('version').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    /** Event-loop lag, memory and pool use at the last heartbeat. */
    stats: jsonb('stats').$type<Record<string, unknown>>().notNull().default({}),
    /** The last run of each schedule this instance ran: { name: { at, ok, error } }. */
    schedules: jsonb('schedules').$type<Record<string, { at: string; ok: boolean; error: string | null }>>().notNull().default({}),
  },
  (t) => [index('monitoring_instances_seen_idx').on(t.seenAt)],
);

/** The last success and failure of each outside service (smtp, slack, llm, google, kakao, naver), cluster-wide. */
export const monitoringOutsideServices = pgTable('monitoring_outside_services', {
  service: text('service').primaryKey(),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  lastError: text('last_error'),
  failuresInRow: integer('failures_in_row').notNull().default(0),
});

/** A backup made by `npm run backup` (cli/backup.ts writes the row after the file). */
export const databaseBackups = pgTable(
  'database_backups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull().defaultNow(),
    file: text('file').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    engine: text('engine').notNull(),
  },
  (t) => [index('database_backups_made_idx').on(t.madeAt)],
);
