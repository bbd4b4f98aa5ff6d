/**
 * Live hand-off of the customer chatbot (issue 29): each bot's office hours, who on a seed's team is available
 * ('상담 가능', a heartbeat that expires), and the live chats a customer opened by asking for a person.
 */
import { boolean, index, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { seeds, users } from './schema.ts';
import { chatbotConversations, chatbots } from './schema-knowledge.ts';

/** A bot's office hours in Asia/Seoul: ISO weekdays (1 = Monday … 7 = Sunday), opening and closing 'HH:MM'. No row = 월–금 09:00–18:00. */
export const chatbotOfficeHours = pgTable('chatbot_office_hours', {
  chatbotId: uuid('chatbot_id')
    .primaryKey()
    .references(() => chatbots.id, { onDelete: 'cascade' }),
  weekdays: smallint('weekdays').array().notNull(),
  opensAt: text('opens_at').notNull(),
  closesAt: text('closes_at').notNull(),
  /** Open on Korean public holidays too (closed by default). */
  openOnHolidays: boolean('open_on_holidays').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A team member available for live chats of a seed's bots until `online_until` (the console's heartbeat moves it on). */
export const chatbotAgentPresence = pgTable(
  'chatbot_agent_presence',
  {
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    onlineUntil: timestamp('online_until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.seedId, t.userId] })],
);

/** A conversation handed to a person: waiting (no agent yet) → live (an agent took it) → ended (the bot answers again). */
export const chatbotLiveChats = pgTable(
  'chatbot_live_chats',
  {
    conversationId: uuid('conversation_id')
      .primaryKey()
      .references(() => chatbotConversations.id, { onDelete: 'cascade' }),
    chatbotId: uuid('chatbot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    agentId: uuid('agent_id').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('chatbot_live_chats_bot_status_idx').on(t.chatbotId, t.status)],
);
