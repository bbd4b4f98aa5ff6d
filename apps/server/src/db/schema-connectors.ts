/**
 * Knowledge connectors (issue 35, decision 089): a Slack workspace's connection to Google Drive or Notion, and the
 * outside files/pages it mirrors as knowledge sources with who may read them there.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { seeds, users } from './schema.ts';
import { slackWorkspaces } from './schema-slack.ts';
import { knowledgeSources } from './schema-knowledge.ts';

/** kind google_drive | notion. `token_enc`: Drive's refresh token or Notion's integration token, sealed with ENCRYPTION_KEY. */
export const knowledgeConnections = pgTable(
  'knowledge_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    slackWorkspaceId: uuid('slack_workspace_id')
      .notNull()
      .references(() => slackWorkspaces.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    tokenEnc: text('token_enc').notNull(),
    /** Drive: the Google account's address; Notion: the integration's workspace name. */
    account: text('account').notNull().default(''),
    /** Drive: the folders to index (empty = nothing yet). */
    folderIds: text('folder_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Notion: pages the connecting admin marked 전체 공개 (cited to every member of the Notion workspace). */
    publicPageIds: text('public_page_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Drive changes API cursor. */
    pageToken: text('page_token'),
    status: text('status').notNull().default('active'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    /** The last sync's Korean error for the console, or null. */
    lastError: text('last_error'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('knowledge_connections_ws_idx').on(t.slackWorkspaceId)],
);

export type TItemAccess = { emails: string[]; domains: string[]; anyone: boolean; workspace?: boolean };

/** One outside file or page and the knowledge source holding its text; `version` = its modifiedTime / last_edited_time. */
export const knowledgeConnectorItems = pgTable(
  'knowledge_connector_items',
  {
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => knowledgeConnections.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => knowledgeSources.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    version: text('version').notNull(),
    /** Who may read it in the source system (Drive permissions; Notion: workspace members when marked 전체 공개). */
    access: jsonb('access').$type<TItemAccess>().notNull(),
    trashed: boolean('trashed').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.externalId] }), index('knowledge_connector_items_source_idx').on(t.sourceId)],
);
