/**
 * Channel digests (issue 35, decision 087): a channel's schedule and delivery, who subscribed to it by direct
 * message, and one row per digest period sent (its unique key (workspace, channel, period) is what lets exactly one
 * of several instances post a period's digest).
 */
import { boolean, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { slackWorkspaces } from './schema-slack.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const workspaceId = () =>
  uuid('workspace_id')
    .notNull()
    .references(() => slackWorkspaces.id, { onDelete: 'cascade' });

/** One channel's digest: daily or weekly (a weekday) at a Seoul time, posted in the channel and/or by DM. */
export const slackDigestSettings = pgTable(
  'slack_digest_settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceId(),
    channel: text('channel').notNull(),
    /** The channel's name as Slack last told us (slash command payload); '' when unknown. */
    channelName: text('channel_name').notNull().default(''),
    /** daily | weekly | off */
    frequency: text('frequency').notNull().default('daily'),
    /** 0 = Sunday … 6 = Saturday (weekly only). */
    weekday: integer('weekday').notNull().default(5),
    /** Minutes after midnight in Asia/Seoul. */
    minuteOfDay: integer('minute_of_day')
      .notNull()
      .default(18 * 60),
    /** Post the digest in the channel itself (subscribers always get it by DM). */
    postToChannel: boolean('post_to_channel').notNull().default(false),
    createdAt: createdAt(),
    /** A slot before this time is never sent late (a schedule changed after its time does not fire at once). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('slack_digest_settings_uq').on(t.workspaceId, t.channel)],
);

/** Who gets a channel's digest by direct message. */
export const slackDigestSubscriptions = pgTable(
  'slack_digest_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceId(),
    channel: text('channel').notNull(),
    slackUserId: text('slack_user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('slack_digest_subscriptions_uq').on(t.workspaceId, t.channel, t.slackUserId)],
);

/** One digest period of a channel: claimed by one instance (unique key), then sent, empty or failed. */
export const slackDigestRuns = pgTable(
  'slack_digest_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceId(),
    channel: text('channel').notNull(),
    /** `d:<YYYY-MM-DD>` or `w:<YYYY-MM-DD>`: the Seoul date of the scheduled time. */
    periodKey: text('period_key').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /** claimed | sent | empty | failed */
    status: text('status').notNull().default('claimed'),
    /** llm | basic */
    mode: text('mode').notNull().default('basic'),
    attempts: integer('attempts').notNull().default(1),
    messageCount: integer('message_count').notNull().default(0),
    decisions: integer('decisions').notNull().default(0),
    questions: integer('questions').notNull().default(0),
    actions: integer('actions').notNull().default(0),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    /** ts of the channel post once made (a retry does not post twice). */
    channelTs: text('channel_ts'),
    /** Subscribers already sent the DM (a retry skips them). */
    dmSent: text('dm_sent').array().notNull().default([]),
    error: text('error'),
    createdAt: createdAt(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [unique('slack_digest_runs_period_uq').on(t.workspaceId, t.channel, t.periodKey), index('slack_digest_runs_created_idx').on(t.createdAt)],
);
