/** Admin-page builder, decision 092: custom roles per app, their members, and the 열람 (reveal) records of masked values. */
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './schema.ts';
import { adminApps } from './schema-admin-builder.ts';

/** A named role of one app: rights per table and row rules per table (typed conditions, never SQL text). */
export const adminRoles = pgTable(
  'admin_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: uuid('app_id')
      .notNull()
      .references(() => adminApps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** { table: right[] } (view, create, edit, delete, export, import, unmask). */
    rights: jsonb('rights')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** { table: { column, op, values, me }[] }, ANDed. */
    rules: jsonb('rules')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('admin_roles_app_name_idx').on(t.appId, t.name)],
);

/** A seed member's role in one app (at most one; owners and admins are never assigned one). */
export const adminRoleMembers = pgTable(
  'admin_role_members',
  {
    appId: uuid('app_id')
      .notNull()
      .references(() => adminApps.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => adminRoles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.userId] }), index('admin_role_members_role_idx').on(t.roleId)],
);

/** 열람: one read of a masked value in clear, with the reason given (PIPA 접속기록: who, when, what, why). */
export const adminReveals = pgTable(
  'admin_reveals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: uuid('app_id')
      .notNull()
      .references(() => adminApps.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull().default(''),
    ip: text('ip').notNull().default(''),
    tableName: text('table_name').notNull(),
    rowKey: text('row_key').notNull(),
    columnName: text('column_name').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_reveals_app_idx').on(t.appId, t.createdAt), index('admin_reveals_actor_idx').on(t.actorId)],
);
