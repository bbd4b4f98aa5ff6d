/**
 * Knowledge shared by the suite's assistants (issue 14): a source belongs to a seed and is attached to a chatbot
 * (`chatbot_id`) and/or the seed's Slack workspace (`slack_workspace_id`). Chatbots, their conversations, messages
 * and hand-off tickets live here too.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { seeds, users } from './schema.ts';
import { slackWorkspaces } from './schema-slack.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const chatbots = pgTable(
  'chatbots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    greeting: text('greeting').notNull().default(''),
    allowedOrigins: text('allowed_origins')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    brandColor: text('brand_color').notNull().default('#2563eb'),
    /** Slack channel told of hand-offs (the seed's connected workspace); null = mail only. */
    slackChannelId: text('slack_channel_id'),
    /** Origins the widget was refused from, with when last seen (newest first, at most 10): the install tab shows them. */
    refusedOrigins: jsonb('refused_origins').$type<{ origin: string; lastSeenAt: string }[]>().notNull().default([]),
    /** When the bot-wide question budget was last used up (the console shows it; the team is mailed once a day). */
    cappedAt: timestamp('capped_at', { withTimezone: true }),
    /** The owner's own word groups (issue 29), e.g. [["끊다", "등록하다", "결제하다"]]: each is one lexicon group of the FAQ matcher. */
    synonyms: jsonb('synonyms').$type<string[][]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('chatbots_seed_idx').on(t.seedId)],
);

/**
 * faq | text | markdown | url | pdf. For faq, `question`/`answer` are kept apart (the widget suggests questions).
 * Attachments (decision 026): `chatbot_id` = the one chatbot that answers from it, `slack_workspace_id` = the seed's
 * Slack workspace whose assistant answers from it; a source has at least one. The Slack console's 'qa' entries are
 * stored as 'faq'.
 */
export const knowledgeSources = pgTable(
  'knowledge_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    chatbotId: uuid('chatbot_id').references(() => chatbots.id, { onDelete: 'cascade' }),
    slackWorkspaceId: uuid('slack_workspace_id').references(() => slackWorkspaces.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    question: text('question'),
    answer: text('answer'),
    /** An FAQ entry's other wordings of its question (the owner's, or added from unanswered questions): matched like it. */
    phrasings: text('phrasings')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sourceUrl: text('source_url'),
    content: text('content').notNull(),
    /** How often it was the cited source of an answer (suggested questions are the most cited FAQ entries). */
    citedCount: integer('cited_count').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('knowledge_sources_seed_idx').on(t.seedId),
    index('knowledge_sources_bot_idx').on(t.chatbotId),
    index('knowledge_sources_slack_idx').on(t.slackWorkspaceId),
  ],
);

export const knowledgePassages = pgTable(
  'knowledge_passages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => knowledgeSources.id, { onDelete: 'cascade' }),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    ord: integer('ord').notNull(),
    content: text('content').notNull(),
    grams: text('grams')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    embedding: real('embedding').array(),
    embeddingModel: text('embedding_model'),
    /** The page a passage comes from when a source has several (a sitemap, issue 29); cited instead of the source's address. */
    pageUrl: text('page_url'),
  },
  (t) => [
    index('knowledge_passages_source_idx').on(t.sourceId),
    index('knowledge_passages_grams_idx').using('gin', t.grams),
    // Finds the passages still to embed without reading every passage.
    index('knowledge_passages_embedding_model_idx').on(t.embeddingModel),
  ],
);

export const chatbotConversations = pgTable(
  'chatbot_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatbotId: uuid('chatbot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    origin: text('origin').notNull().default(''),
    handedOff: boolean('handed_off').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('chatbot_conversations_bot_created_idx').on(t.chatbotId, t.createdAt)],
);

/** role visitor | bot. Bot messages carry answered, sources, the cited source and the visitor's thumbs (1 / -1). */
export const chatbotMessages = pgTable(
  'chatbot_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatbotConversations.id, { onDelete: 'cascade' }),
    chatbotId: uuid('chatbot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    text: text('text').notNull(),
    question: text('question'),
    answered: boolean('answered'),
    mode: text('mode'),
    sources: jsonb('sources').$type<{ title: string; url?: string }[]>().notNull().default([]),
    sourceId: uuid('source_id').references(() => knowledgeSources.id, { onDelete: 'set null' }),
    feedback: integer('feedback'),
    /**
     * An unanswered or thumbs-down answer the owner has handled (issue 29): the FAQ entry its question was added to as a
     * phrasing, and when. Handled messages leave the console's 답하지 못한 질문 list.
     */
    taughtSourceId: uuid('taught_source_id').references(() => knowledgeSources.id, { onDelete: 'set null' }),
    taughtAt: timestamp('taught_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('chatbot_messages_conv_idx').on(t.conversationId, t.createdAt), index('chatbot_messages_bot_idx').on(t.chatbotId, t.createdAt)],
);

export const chatbotTickets = pgTable(
  'chatbot_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatbotId: uuid('chatbot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatbotConversations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    message: text('message').notNull().default(''),
    transcript: text('transcript').notNull(),
    status: text('status').notNull().default('open'),
    answer: text('answer'),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** When the team was told of it (at once or in a digest mail); null = still to tell. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [index('chatbot_tickets_bot_idx').on(t.chatbotId, t.createdAt)],
);
