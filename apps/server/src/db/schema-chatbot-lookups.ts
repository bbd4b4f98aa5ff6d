/**
 * Chatbot lookups (issue 29): an owner lets the bot answer from one row of a table published by the API builder —
 * the customer gives the key (an order number) and a verification value (the phone number's last four digits); the
 * bot reads that row only when both match, and says back only the reply columns. The dialog's pending state lives per
 * conversation (the key sealed with ENCRYPTION_KEY, the verification value never stored) and goes with it.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { apiDefinitions } from './schema-api-builder.ts';
import { chatbotConversations, chatbots } from './schema-knowledge.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const chatbotLookups = pgTable(
  'chatbot_lookups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatbotId: uuid('chatbot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The published API (same seed) and its table; unpublishing the API removes the lookup. */
    apiId: uuid('api_id')
      .notNull()
      .references(() => apiDefinitions.id, { onDelete: 'cascade' }),
    tableName: text('table_name').notNull(),
    keyColumn: text('key_column').notNull(),
    verifyColumn: text('verify_column').notNull(),
    /** 'last4' (the value's last four digits) | 'equals' */
    verifyRule: text('verify_rule').notNull(),
    replyColumns: text('reply_columns')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Korean labels of columns, { column: label } (the column's own name when none). */
    labels: jsonb('labels')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Words that tell the bot a question is this lookup ('주문', '배송', '조회'). */
    keywords: text('keywords')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chatbot_lookups_bot_name_idx').on(t.chatbotId, t.name), index('chatbot_lookups_api_idx').on(t.apiId)],
);

/** A conversation's lookup dialog: which lookup waits for what, the key given (sealed) and the lookups run so far. */
export const chatbotLookupStates = pgTable('chatbot_lookup_states', {
  conversationId: uuid('conversation_id')
    .primaryKey()
    .references(() => chatbotConversations.id, { onDelete: 'cascade' }),
  lookupId: uuid('lookup_id').references(() => chatbotLookups.id, { onDelete: 'set null' }),
  /** 'key' | 'verify' while waiting; null when idle. */
  step: text('step'),
  /** The key the customer gave, sealed with ENCRYPTION_KEY (lib/secret-box.ts); null when none. */
  keySealed: text('key_sealed'),
  /** Lookups run (queries sent) in this conversation; capped. */
  attempts: integer('attempts').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
