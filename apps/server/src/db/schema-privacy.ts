/**
 * Privacy (issue 32, modules/privacy): data exports (a person's own, or one a seed owner made for a customer), seed
 * owners' requests about their customers' data (export or erase, with a receipt), and the access records of who read
 * personal data (kept at least two years, PIPA and 개인정보의 안전성 확보조치 기준). The account's pending deletion is
 * `users.deletion_scheduled_at` (schema.ts).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { seeds, users } from './schema.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One export ZIP (JSON and CSV per table). `user_id` is whose data it holds for a self-service export; `request_id`
 * for a seed owner's export of a customer (then `user_id` is the owner who asked, to whom the link is mailed). The
 * file lives under DATA_DIR/privacy-exports; the link carries a token whose hash is stored; it expires 24 h after ready.
 */
export const privacyExports = pgTable(
  'privacy_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id'),
    status: text('status').notNull().default('pending'),
    fileName: text('file_name'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    tokenHash: text('token_hash'),
    rows: jsonb('rows')
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    error: text('error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    readyAt: ts('ready_at'),
    expiresAt: ts('expires_at'),
  },
  (t) => [index('privacy_exports_user_idx').on(t.userId, t.createdAt), index('privacy_exports_expires_idx').on(t.expiresAt)],
);

/**
 * A seed owner's request about one of their customers (a chatbot visitor, a Slack user, or a person known by e-mail):
 * export or erase. The subject is kept as its kind and a masked form plus a hash (never the clear value once done);
 * `receipt` is what was found and done per table.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    subjectKind: text('subject_kind').notNull(),
    subjectMasked: text('subject_masked').notNull(),
    subjectHash: text('subject_hash').notNull(),
    status: text('status').notNull().default('pending'),
    receipt: jsonb('receipt')
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    exportId: uuid('export_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [index('privacy_requests_seed_idx').on(t.seedId, t.createdAt)],
);

/**
 * Who read personal data: platform admins and seed admins reading user lists, exports, transcripts, masked columns.
 * `scope` is 'platform' or 'seed' (then `seed_id`); `action` a stable code (e.g. 'admin.users.list'); `subject` what
 * was read (an id or a description, never the data itself); `reason` where one is required.
 */
export const privacyAccessLog = pgTable(
  'privacy_access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull().default(''),
    scope: text('scope').notNull(),
    seedId: uuid('seed_id'),
    action: text('action').notNull(),
    subject: text('subject').notNull().default(''),
    reason: text('reason'),
    ip: text('ip').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('privacy_access_log_created_idx').on(t.createdAt), index('privacy_access_log_actor_idx').on(t.actorId, t.createdAt)],
);
