/**
 * Chat AI for Slack (issue 6): workspaces, OAuth states, event log, message mirror, token usage. Its knowledge lives in
 * the knowledge module's tables (schema-knowledge.ts; decisions 026 and 036).
 */
import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { seeds, users } from './schema.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Single-use OAuth `state` values: only their SHA-256 is stored; bound to the user and the seed. */
export const slackOauthStates = pgTable('slack_oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  seedId: uuid('seed_id')
    .notNull()
    .references(() => seeds.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export type TSlackSettings = {
  /** Channel ids the bot may read and answer in; empty = every channel it is invited to. */
  channels: string[];
  /** Channels whose conversations are not indexed nor cited (decision 085); absent = none. */
  excludedChannels?: string[];
  language: 'ko' | 'en' | 'auto';
  tone: 'polite' | 'friendly' | 'concise';
  retentionDays: number;
  monthlyTokenBudget: number;
};

/** One Slack workspace (team) connected to one seed. The bot token is AES-256-GCM encrypted. */
export const slackWorkspaces = pgTable(
  'slack_workspaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    teamId: text('team_id').notNull(),
    teamName: text('team_name').notNull(),
    botUserId: text('bot_user_id').notNull().default(''),
    scopes: text('scopes').notNull().default(''),
    botTokenEnc: text('bot_token_enc'),
    installedBy: uuid('installed_by').references(() => users.id, { onDelete: 'set null' }),
    installerSlackUserId: text('installer_slack_user_id'),
    status: text('status').notNull().default('active'),
    settings: jsonb('settings').$type<TSlackSettings>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
  },
  (t) => [unique('slack_workspaces_team_uq').on(t.teamId), index('slack_workspaces_seed_idx').on(t.seedId)],
);

/**
 * Every event received and what came of it (the console's logs, users and statistics read this).
 * `event_id` is unique: Slack's retries of an event already stored are dropped.
 */
export const slackEvents = pgTable(
  'slack_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => slackWorkspaces.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    /** mention | summary | search | uninstall */
    kind: text('kind').notNull(),
    channel: text('channel').notNull().default(''),
    threadTs: text('thread_ts').notNull().default(''),
    slackUserId: text('slack_user_id').notNull().default(''),
    question: text('question').notNull().default(''),
    answer: text('answer').notNull().default(''),
    /** pending | answered | apologised | failed */
    status: text('status').notNull().default('pending'),
    /** llm | basic */
    mode: text('mode').notNull().default('basic'),
    attempts: integer('attempts').notNull().default(0),
    latencyMs: integer('latency_ms'),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    sources: jsonb('sources').$type<{ title: string; url: string | null }[]>().notNull().default([]),
    error: text('error'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    unique('slack_events_event_uq').on(t.eventId),
    index('slack_events_ws_created_idx').on(t.workspaceId, t.createdAt),
    index('slack_events_pending_idx').on(t.status, t.createdAt),
  ],
);

/** Mirror of channel messages (message events), so summaries need not call conversations.replies. */
export const slackMessages = pgTable(
  'slack_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => slackWorkspaces.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    ts: text('ts').notNull(),
    threadTs: text('thread_ts').notNull(),
    slackUserId: text('slack_user_id').notNull().default(''),
    text: text('text').notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('slack_messages_uq').on(t.workspaceId, t.channel, t.ts),
    index('slack_messages_thread_idx').on(t.workspaceId, t.channel, t.threadTs),
    index('slack_messages_created_idx').on(t.createdAt),
  ],
);

/**
 * Tokens spent outside a logged event (embedding passages and questions), reported by the provider. They count
 * toward the workspace's monthly token budget together with the tokens of `slack_events`.
 */
export const slackTokenUsage = pgTable(
  'slack_token_usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => slackWorkspaces.id, { onDelete: 'cascade' }),
    /** embeddings */
    kind: text('kind').notNull(),
    tokens: integer('tokens').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('slack_token_usage_ws_created_idx').on(t.workspaceId, t.createdAt)],
);
