/**
 * Admin-page builder, issue 36 round two: saved views per person (filters, sort, columns) and row actions (buttons that
 * call an API-builder function or an outside webhook) with one audit row per run.
 */
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './schema.ts';
import { adminApps } from './schema-admin-builder.ts';

/** A person's saved view of one table of one app: { filters, sort, columns, q } (checked against the table on save). */
export const adminSavedViews = pgTable(
  'admin_saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: uuid('app_id')
      .notNull()
      .references(() => adminApps.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tableName: text('table_name').notNull(),
    name: text('name').notNull(),
    config: jsonb('config')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('admin_saved_views_name_idx').on(t.appId, t.userId, t.tableName, t.name), index('admin_saved_views_user_idx').on(t.userId)],
);

/**
 * A button on a row or a selection of one table: `kind` 'function' calls a function the app's API publishes (`target` =
 * its name), 'webhook' POSTs to an outside URL (`target`) signed with HMAC-SHA256 (`secret_sealed`, sealed with
 * ENCRYPTION_KEY) through the outbound guard. `confirm_text` is shown before it runs; `roles` says who may run it.
 */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: uuid('app_id')
      .notNull()
      .references(() => adminApps.id, { onDelete: 'cascade' }),
    tableName: text('table_name').notNull(),
    label: text('label').notNull(),
    kind: text('kind').notNull(),
    target: text('target').notNull(),
    secretSealed: text('secret_sealed'),
    /** 'row' (one row) or 'selection' (one or more rows). */
    scope: text('scope').notNull().default('row'),
    confirmText: text('confirm_text').notNull().default(''),
    /** Who may run it: 'admin', 'member' and/or custom role ids (owners always may). */
    roles: jsonb('roles')
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_actions_app_idx').on(t.appId, t.tableName)],
);

/** One run of an action: who, when, which rows, and what came back (the audit row of issue 36). */
export const adminActionRuns = pgTable(
  'admin_action_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: uuid('app_id')
      .notNull()
      .references(() => adminApps.id, { onDelete: 'cascade' }),
    actionId: uuid('action_id').references(() => adminActions.id, { onDelete: 'set null' }),
    actionLabel: text('action_label').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull().default(''),
    tableName: text('table_name').notNull(),
    rowKeys: jsonb('row_keys')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** 'ok' | 'failed' */
    status: text('status').notNull(),
    httpStatus: integer('http_status'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_action_runs_app_idx').on(t.appId, t.createdAt), index('admin_action_runs_actor_idx').on(t.actorId)],
);
