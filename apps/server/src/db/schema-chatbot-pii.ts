/**
 * The originals of customers' chatbot messages that held personal data (issue 29, decision 082). chatbot_messages
 * keeps only the masked text (lib/pii-mask.ts); the original is sealed with ENCRYPTION_KEY (lib/secret-box.ts)
 * here, read only by the code paths that need it (a lookup, the live hand-off) through `unsealOriginal`, and deleted
 * with its message and conversation (foreign keys), by the privacy retention (30 days) and by a visitor's erasure.
 */
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { chatbotConversations, chatbotMessages, chatbots } from './schema-knowledge.ts';

export const chatbotMessageOriginals = pgTable(
  'chatbot_message_originals',
  {
    messageId: uuid('message_id')
      .primaryKey()
      .references(() => chatbotMessages.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatbotConversations.id, { onDelete: 'cascade' }),
    chatbotId: uuid('chatbot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    /** `v1.<iv>.<tag>.<ciphertext>` (AES-256-GCM with ENCRYPTION_KEY). */
    sealed: text('sealed').notNull(),
    /** Which kinds were masked: rrn, card, phone, account, email. */
    kinds: jsonb('kinds').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chatbot_message_originals_conv_idx').on(t.conversationId), index('chatbot_message_originals_created_idx').on(t.createdAt)],
);
