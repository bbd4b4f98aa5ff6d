/**
 * Conversations as knowledge (issue 35, decision 085). Two tables, two owners:
 *  - `knowledge_conversation_passages` (knowledge module): the mirrored Slack messages of a workspace, one row per
 *    chunk of a thread (root + replies, split when long), with the search keys of korean-search.ts and what a
 *    citation shows (channel name, first author, permalink). Only the knowledge module reads or writes it.
 *  - `slack_thread_changes` (Slack module): threads whose mirrored messages changed (new, edited, deleted, purged) and
 *    must be re-indexed; the every-minute job takes them.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { seeds } from './schema.ts';
import { slackWorkspaces } from './schema-slack.ts';

export const knowledgeConversationPassages = pgTable(
  'knowledge_conversation_passages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => slackWorkspaces.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    /** The channel's name when indexed ('' when Slack did not say). */
    channelName: text('channel_name').notNull().default(''),
    threadTs: text('thread_ts').notNull(),
    ord: integer('ord').notNull(),
    /** The chunk's first message (its permalink and author are cited). */
    firstTs: text('first_ts').notNull(),
    /** Slack user ids of the chunk's authors, first author first. */
    authors: text('authors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The first author's display name when indexed ('' when unknown). */
    authorName: text('author_name').notNull().default(''),
    permalink: text('permalink'),
    /** The thread's root text (first line): the passage's title in the ranking. */
    title: text('title').notNull(),
    content: text('content').notNull(),
    grams: text('grams')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The oldest message of the chunk (the retention purge goes by it). */
    oldestAt: timestamp('oldest_at', { withTimezone: true }).notNull(),
    indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('knowledge_conv_thread_idx').on(t.workspaceId, t.channel, t.threadTs),
    index('knowledge_conv_grams_idx').using('gin', t.grams),
    index('knowledge_conv_oldest_idx').on(t.workspaceId, t.oldestAt),
  ],
);

export const slackThreadChanges = pgTable(
  'slack_thread_changes',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => slackWorkspaces.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    threadTs: text('thread_ts').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.channel, t.threadTs] })],
);
