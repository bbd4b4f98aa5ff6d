/**
 * Where the Slack assistant answers (issue 35, decision 086): the threads it takes part in. A channel thread gets a row
 * when the assistant answered in it (follow-ups there are answered without a new mention); an Assistant side-panel
 * thread gets one when it starts, with the channel the user is viewing (`assistant_thread_context_changed` updates it).
 */
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { slackWorkspaces } from './schema-slack.ts';

export const slackBotThreads = pgTable(
  'slack_bot_threads',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => slackWorkspaces.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    threadTs: text('thread_ts').notNull(),
    /** thread (a channel or DM thread the assistant answered in) | assistant (an Assistant side-panel thread) */
    kind: text('kind').notNull().default('thread'),
    /** Assistant threads: the channel the user was viewing when it started or last changed (null when none). */
    contextChannel: text('context_channel'),
    lastAnsweredAt: timestamp('last_answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.channel, t.threadTs] }), index('slack_bot_threads_updated_idx').on(t.updatedAt)],
);
