/**
 * Monitoring's alert rules and their incidents (modules/alerts, issue 30). An incident is open while `resolved_at` is
 * null; the partial unique index lets a rule have one open incident only, so two instances evaluating the same minute
 * cannot both open one (the second INSERT … ON CONFLICT DO NOTHING gets no row and sends nothing).
 */
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

export type TAlertChannelsRow = { mail: string[]; slack: { seedId: string; channel: string } | null; webhook: string | null };

export const alertRules = pgTable('alert_rules', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** 5xx-rate | p95-latency | failed-jobs | service-failing | advisor */
  kind: text('kind').notNull(),
  threshold: doublePrecision('threshold').notNull(),
  windowMinutes: integer('window_minutes').notNull().default(5),
  channels: jsonb('channels').$type<TAlertChannelsRow>().notNull(),
  /** The webhook's HMAC signing secret, sealed with ENCRYPTION_KEY (lib/secret-box.ts); null without a webhook. */
  webhookSecret: text('webhook_secret'),
  enabled: boolean('enabled').notNull().default(true),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const alertIncidents = pgTable(
  'alert_incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => alertRules.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** The measured value when the incident opened, and the threshold it crossed. */
    value: doublePrecision('value').notNull(),
    threshold: doublePrecision('threshold').notNull(),
    detail: text('detail'),
  },
  (t) => [
    uniqueIndex('alert_incidents_one_open')
      .on(t.ruleId)
      .where(sql`${t.resolvedAt} is null`),
    index('alert_incidents_opened_idx').on(t.openedAt),
  ],
);
