/**
 * Actions from Slack (issue 35, decision 088): the pending action behind each button the assistant posts. A button
 * carries only this row's opaque id; the parameters stay here. A confirm or cancel is bound to the Slack user who
 * asked, expires and is used once; a meal round's join buttons are one row shared by every member, valid until the
 * round's deadline.
 */
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';
import { slackWorkspaces } from './schema-slack.ts';

export const slackPendingActions = pgTable(
  'slack_pending_actions',
  {
    /** Random, url-safe; the button's value. */
    id: text('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => slackWorkspaces.id, { onDelete: 'cascade' }),
    /** The Slack user who asked (the only one who may click); '' for a meal round's join buttons. */
    slackUserId: text('slack_user_id').notNull().default(''),
    /** The member the Slack user was linked to when asking. */
    memberId: uuid('member_id').references(() => users.id, { onDelete: 'cascade' }),
    /** book | cancel | meal */
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    channel: text('channel').notNull().default(''),
    /** pending | used */
    status: text('status').notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('slack_pending_actions_expires_idx').on(t.expiresAt), index('slack_pending_actions_ws_idx').on(t.workspaceId)],
);
