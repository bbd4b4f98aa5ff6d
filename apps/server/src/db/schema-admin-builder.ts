/** Admin-page builder (issue 13): admin apps over an API-builder connection, per-table settings, audit rows. */
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, primaryKey } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { seeds, users } from './schema.ts';
import { apiConnections, apiDefinitions } from './schema-api-builder.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const adminApps = pgTable(
  'admin_apps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => apiConnections.id, { onDelete: 'cascade' }),
    /** The app's own internal API (api_definitions.internal): every row goes through the data API. */
    apiId: uuid('api_id')
      .notNull()
      .references(() => apiDefinitions.id, { onDelete: 'cascade' }),
    tables: text('tables').array().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('admin_apps_seed_idx').on(t.seedId)],
);

/** Builder settings per (app, table): labels, list/form columns, read-only columns, default sort, role rights. */
export const adminTableSettings = pgTable(
  'admin_table_settings',
  {
    appId: uuid('app_id')
      .notNull()
      .references(() => adminApps.id, { onDelete: 'cascade' }),
    tableName: text('table_name').notNull(),
    settings: jsonb('settings')
      .notNull()
      .default(sql`'{}'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.tableName] })],
);

/** Every create/update/delete made through an admin app: who, when, table, primary key, changed fields. */
export const adminAuditRows = pgTable(
  'admin_audit_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: uuid('app_id')
      .notNull()
      .references(() => adminApps.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull().default(''),
    tableName: text('table_name').notNull(),
    rowKey: text('row_key').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    /** Written before the customer's database (update, delete); cleared after its commit, or reconciled by key. */
    pending: boolean('pending').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_rows_app_idx').on(t.appId, t.createdAt)],
);

/**
 * One committed CSV import per client key (`importId`): written as `pending` (with the rows to insert and how many rows
 * like the first one existed before) before the customer database is written, `done` with the answer after its audit
 * rows. A retry with the same key returns the stored answer; a `pending` left by a killed process is reconciled
 * against the customer database (the insert is all-or-nothing: committed → audit rows written, else `failed`).
 */
export const adminImports = pgTable(
  'admin_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: uuid('app_id')
      .notNull()
      .references(() => adminApps.id, { onDelete: 'cascade' }),
    importKey: text('import_key').notNull(),
    tableName: text('table_name').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull().default(''),
    status: text('status').notNull().default('pending'),
    rows: jsonb('rows').notNull(),
    probeBefore: integer('probe_before').notNull().default(0),
    result: jsonb('result'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('admin_imports_key_idx').on(t.appId, t.importKey), index('admin_imports_status_idx').on(t.status, t.createdAt)],
);
