/**
 * The notification service (modules/notifications, docs/decisions/051-notification-service.md): a person's choices,
 * the notices of the in-console inbox (kept 90 days) and every delivery of a notice to a channel.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/** One row per person and scope: `scope` is '' for the personal settings, else the seed's id. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull().default(''),
    /** Only the events the person changed: { "<event>": { inApp, mail, slack, webhook } }; the rest take the defaults. */
    events: jsonb('events').$type<Record<string, Record<string, boolean>>>().notNull().default({}),
    /** Quiet hours in Asia/Seoul ('HH:MM'); both null = none. */
    quietStart: text('quiet_start'),
    quietEnd: text('quiet_end'),
    digest: boolean('digest').notNull().default(false),
    /** Where webhook deliveries go (set by a later route), and the secret of their HMAC-SHA256 signature. */
    webhookUrl: text('webhook_url'),
    webhookSecret: text('webhook_secret'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notification_preferences_user_scope_key').on(t.userId, t.scope)],
);

/** A notice in a person's inbox. `dedupe_key` is unique per person: notifying twice with one key stores one notice. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seedId: uuid('seed_id'),
    event: text('event').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    dedupeKey: text('dedupe_key').notNull(),
    urgent: boolean('urgent').notNull().default(false),
    /** Shown in the inbox (the person keeps the console channel on for this event); false = a log entry only. */
    inbox: boolean('inbox').notNull().default(true),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_user_dedupe_key').on(t.userId, t.dedupeKey),
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`read_at is null and inbox`),
    index('notifications_created_idx').on(t.createdAt),
  ],
);

/** One delivery of a notice to one channel (the delivery log): one row per notice and channel, never two. */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    noticeId: uuid('notice_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    event: text('event').notNull(),
    channel: text('channel').notNull(),
    /** pending | held | sending | retrying | sent | failed | digested | unavailable */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    /** While one runner sends it; an expired lease lets a retry take it again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Mail held for the digest at the end of the quiet hours. */
    digest: boolean('digest').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_notice_channel_key').on(t.noticeId, t.channel),
    index('notification_deliveries_created_idx').on(t.createdAt, t.id),
    index('notification_deliveries_digest_idx')
      .on(t.userId, t.runAt)
      .where(sql`digest and status = 'held'`),
  ],
);
