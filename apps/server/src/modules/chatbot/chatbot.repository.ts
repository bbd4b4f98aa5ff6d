import { and, asc, desc, eq, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { chatbotConversations, chatbotMessages, chatbots, chatbotTickets } from '../../db/schema-knowledge.ts';
import { maskText } from '../../lib/pii-mask.ts';

export type TBotRow = typeof chatbots.$inferSelect;
export type TMessageRow = typeof chatbotMessages.$inferSelect;
export type TTicketRow = typeof chatbotTickets.$inferSelect;

export async function insertBot(db: TDb, v: typeof chatbots.$inferInsert): Promise<TBotRow> {
  const [row] = await db.insert(chatbots).values(v).returning();
  return row!;
}
export const listBots = (db: TDb, seedId: string) => db.select().from(chatbots).where(eq(chatbots.seedId, seedId)).orderBy(desc(chatbots.createdAt));
/** A seed's bots, oldest first, with their names only. */
export const botNamesOfSeed = (db: TDb, seedId: string) =>
  db.select({ id: chatbots.id, name: chatbots.name }).from(chatbots).where(eq(chatbots.seedId, seedId)).orderBy(asc(chatbots.createdAt));
export async function findBot(db: TDb, id: string): Promise<TBotRow | undefined> {
  const [row] = await db.select().from(chatbots).where(eq(chatbots.id, id));
  return row;
}
export async function updateBot(db: TDb, id: string, patch: Partial<typeof chatbots.$inferInsert>): Promise<void> {
  await db.update(chatbots).set(patch).where(eq(chatbots.id, id));
}
/** How many refused origins a bot keeps (newest first). */
export const REFUSED_ORIGINS_KEPT = 10;

/** Records that the widget was refused from `origin` at `at` (one entry per origin, newest first, bounded). */
export async function recordRefusedOrigin(db: TDb, id: string, origin: string, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ list: chatbots.refusedOrigins }).from(chatbots).where(eq(chatbots.id, id)).for('update');
    if (!row) return;
    const list = [{ origin, lastSeenAt: at.toISOString() }, ...row.list.filter((e) => e.origin !== origin)].slice(0, REFUSED_ORIGINS_KEPT);
    await tx.update(chatbots).set({ refusedOrigins: list }).where(eq(chatbots.id, id));
  });
}
export async function markCapped(db: TTx, id: string, at: Date): Promise<void> {
  await db.update(chatbots).set({ cappedAt: at }).where(eq(chatbots.id, id));
}
export async function deleteBot(db: TDb, id: string): Promise<void> {
  await db.delete(chatbots).where(eq(chatbots.id, id));
}

export async function insertConversation(db: TDb, v: typeof chatbotConversations.$inferInsert) {
  const [row] = await db.insert(chatbotConversations).values(v).returning();
  return row!;
}
export async function findConversation(db: TDb, botId: string, id: string) {
  const [row] = await db
    .select()
    .from(chatbotConversations)
    .where(and(eq(chatbotConversations.id, id), eq(chatbotConversations.chatbotId, botId)));
  return row;
}
export async function markHandedOff(db: TTx, id: string): Promise<void> {
  await db.update(chatbotConversations).set({ handedOff: true }).where(eq(chatbotConversations.id, id));
}

/** A visitor's words are always stored masked (pii-mask.ts); pii-originals.ts keeps the original sealed where needed. */
export async function insertMessage(db: TDb, v: typeof chatbotMessages.$inferInsert): Promise<TMessageRow> {
  const [row] = await db
    .insert(chatbotMessages)
    .values(v.role === 'visitor' ? { ...v, text: maskText(v.text) } : v)
    .returning();
  return row!;
}
export const transcript = (db: TTx, conversationId: string) =>
  db
    .select()
    .from(chatbotMessages)
    .where(eq(chatbotMessages.conversationId, conversationId))
    .orderBy(asc(chatbotMessages.createdAt), asc(chatbotMessages.role));

export async function setFeedback(db: TDb, conversationId: string, messageId: string, value: number): Promise<boolean> {
  const rows = await db
    .update(chatbotMessages)
    .set({ feedback: value })
    .where(and(eq(chatbotMessages.id, messageId), eq(chatbotMessages.conversationId, conversationId), eq(chatbotMessages.role, 'bot')))
    .returning({ id: chatbotMessages.id });
  return rows.length === 1;
}

/** Conversations of a bot, newest first, optionally those with a message containing `q`. */
export async function listConversations(db: TDb, botId: string, q: string | undefined, limit: number) {
  const match = q
    ? sql`exists (select 1 from chatbot_messages m where m.conversation_id = ${chatbotConversations.id} and m.text ilike ${`%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`})`
    : sql`true`;
  return db
    .select({
      id: chatbotConversations.id,
      createdAt: chatbotConversations.createdAt,
      handedOff: chatbotConversations.handedOff,
      messages: sql<number>`(select count(*)::int from chatbot_messages m where m.conversation_id = chatbot_conversations.id)`,
      first: sql<
        string | null
      >`(select m.text from chatbot_messages m where m.conversation_id = chatbot_conversations.id and m.role = 'visitor' order by m.created_at limit 1)`,
    })
    .from(chatbotConversations)
    .where(and(eq(chatbotConversations.chatbotId, botId), match))
    .orderBy(desc(chatbotConversations.createdAt))
    .limit(limit);
}

/**
 * Questions to teach from, newest first: the bot's messages that did not answer, or that the visitor gave a
 * thumbs-down, and that the owner has not handled yet (`taught_at` is null).
 */
export async function unanswered(db: TDb, botId: string, limit: number) {
  return db
    .select({
      id: chatbotMessages.id,
      question: chatbotMessages.question,
      answered: chatbotMessages.answered,
      sourceId: chatbotMessages.sourceId,
      sources: chatbotMessages.sources,
      createdAt: chatbotMessages.createdAt,
    })
    .from(chatbotMessages)
    .where(
      and(
        eq(chatbotMessages.chatbotId, botId),
        eq(chatbotMessages.role, 'bot'),
        isNull(chatbotMessages.taughtAt),
        // A lookup's turns (issue 29) are not knowledge to teach.
        or(isNull(chatbotMessages.mode), ne(chatbotMessages.mode, 'lookup')),
        or(eq(chatbotMessages.answered, false), eq(chatbotMessages.feedback, -1)),
      ),
    )
    .orderBy(desc(chatbotMessages.createdAt))
    .limit(limit);
}

/** A bot message of the bot that carries a visitor's question (one the owner can teach from). */
export async function findQuestionMessage(db: TTx, botId: string, id: string) {
  const [row] = await db
    .select({ id: chatbotMessages.id, question: chatbotMessages.question, taughtAt: chatbotMessages.taughtAt })
    .from(chatbotMessages)
    .where(and(eq(chatbotMessages.id, id), eq(chatbotMessages.chatbotId, botId), eq(chatbotMessages.role, 'bot')));
  return row;
}

/** A bot message of the conversation that did not answer (the refusal a chosen suggestion comes from, decision 096). */
export async function findRefusal(db: TDb, conversationId: string, id: string) {
  const [row] = await db
    .select({ id: chatbotMessages.id, question: chatbotMessages.question })
    .from(chatbotMessages)
    .where(
      and(eq(chatbotMessages.id, id), eq(chatbotMessages.conversationId, conversationId), eq(chatbotMessages.role, 'bot'), eq(chatbotMessages.answered, false)),
    );
  return row;
}

/**
 * Records the entry the visitor chose after a refusal (decision 096) on that refusal, as its `source_id`: the teach
 * list offers it as the phrasing's entry. The refusal stays unanswered (and in the list until the owner handles it).
 */
export async function markChosen(db: TDb, id: string, sourceId: string): Promise<void> {
  await db
    .update(chatbotMessages)
    .set({ sourceId })
    .where(and(eq(chatbotMessages.id, id), isNull(chatbotMessages.taughtAt)));
}

/** Marks a question handled: added as a phrasing of `sourceId`. */
export async function markTaught(db: TTx, id: string, sourceId: string, at: Date): Promise<void> {
  await db.update(chatbotMessages).set({ taughtSourceId: sourceId, taughtAt: at }).where(eq(chatbotMessages.id, id));
}

export async function insertTicket(db: TTx, v: typeof chatbotTickets.$inferInsert): Promise<TTicketRow> {
  const [row] = await db.insert(chatbotTickets).values(v).returning();
  return row!;
}
export const listTickets = (db: TDb, botId: string) =>
  db.select().from(chatbotTickets).where(eq(chatbotTickets.chatbotId, botId)).orderBy(desc(chatbotTickets.createdAt)).limit(200);
export async function findTicket(db: TDb, botId: string, id: string) {
  const [row] = await db
    .select()
    .from(chatbotTickets)
    .where(and(eq(chatbotTickets.id, id), eq(chatbotTickets.chatbotId, botId)));
  return row;
}
/** Tickets of a bot the team has not been told of yet, created since `since`, oldest first. */
export const unnotifiedTickets = (db: TDb, botId: string, since: Date) =>
  db
    .select()
    .from(chatbotTickets)
    .where(and(eq(chatbotTickets.chatbotId, botId), isNull(chatbotTickets.notifiedAt), gte(chatbotTickets.createdAt, since)))
    .orderBy(asc(chatbotTickets.createdAt))
    .limit(500);
/** How many hand-offs a bot received since `since` (the Slack count of a busy window). */
export async function ticketsSince(db: TDb, botId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatbotTickets)
    .where(and(eq(chatbotTickets.chatbotId, botId), gte(chatbotTickets.createdAt, since)));
  return row?.n ?? 0;
}
export async function markNotified(db: TDb, ids: string[], at: Date): Promise<void> {
  if (ids.length) await db.update(chatbotTickets).set({ notifiedAt: at }).where(inArray(chatbotTickets.id, ids));
}
/** Deletes tickets older than `days` (the retention the widget's collection notice states). */
export async function purgeTickets(db: TDb, days: number): Promise<void> {
  await db.delete(chatbotTickets).where(sql`${chatbotTickets.createdAt} < now() - make_interval(days => ${days})`);
}
export async function answerTicket(db: TDb, id: string, answer: string, userId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(chatbotTickets)
    .set({ answer, answeredBy: userId, status: 'answered', answeredAt: at })
    .where(and(eq(chatbotTickets.id, id), eq(chatbotTickets.status, 'open')))
    .returning({ id: chatbotTickets.id });
  return rows.length === 1;
}

/**
 * Figures since `since`: conversations per day, resolution, thumbs, top questions. Conversations from the console's
 * own origin (its live preview) are left out. A conversation counts once the visitor asked something; it is
 * resolved when the bot answered at least one question and the visitor did not ask for a person (hand-off).
 */
export async function figures(db: TDb, botId: string, since: Date, consoleOrigin: string) {
  const real = and(eq(chatbotConversations.chatbotId, botId), gte(chatbotConversations.createdAt, since), ne(chatbotConversations.origin, consoleOrigin));
  const asked = sql`exists (select 1 from chatbot_messages m where m.conversation_id = chatbot_conversations.id and m.role = 'visitor')`;
  const perDay = await db
    .select({ day: sql<string>`to_char(${chatbotConversations.createdAt} at time zone 'Asia/Seoul', 'YYYY-MM-DD')`, n: sql<number>`count(*)::int` })
    .from(chatbotConversations)
    .where(and(real, asked))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  const [totals] = await db
    .select({
      conversations: sql<number>`count(*)::int`,
      handedOff: sql<number>`count(*) filter (where ${chatbotConversations.handedOff})::int`,
      resolved: sql<number>`count(*) filter (where not ${chatbotConversations.handedOff} and exists (select 1 from chatbot_messages m where m.conversation_id = chatbot_conversations.id and m.role = 'bot' and m.answered))::int`,
    })
    .from(chatbotConversations)
    .where(and(real, asked));
  const notPreview = sql`${chatbotMessages.conversationId} in (select c.id from chatbot_conversations c where c.chatbot_id = ${botId} and c.origin <> ${consoleOrigin})`;
  const [thumbs] = await db
    .select({
      up: sql<number>`count(*) filter (where ${chatbotMessages.feedback} = 1)::int`,
      down: sql<number>`count(*) filter (where ${chatbotMessages.feedback} = -1)::int`,
    })
    .from(chatbotMessages)
    .where(and(eq(chatbotMessages.chatbotId, botId), gte(chatbotMessages.createdAt, since), notPreview));
  const top = await db
    .select({ question: chatbotMessages.question, n: sql<number>`count(*)::int` })
    .from(chatbotMessages)
    .where(and(eq(chatbotMessages.chatbotId, botId), eq(chatbotMessages.role, 'bot'), gte(chatbotMessages.createdAt, since), notPreview))
    .groupBy(chatbotMessages.question)
    .orderBy(desc(sql`count(*)`))
    .limit(10);
  return { perDay, totals: totals!, thumbs: thumbs!, top };
}

/**
 * Questions and answered questions per week since `since` (a Monday 00:00 in Asia/Seoul), by the Monday of their week
 * (YYYY-MM-DD, Asia/Seoul). The console's own conversations (its live preview) are left out.
 */
export async function weeklyAnswers(db: TDb, botId: string, since: Date, consoleOrigin: string) {
  const notPreview = sql`${chatbotMessages.conversationId} in (select c.id from chatbot_conversations c where c.chatbot_id = ${botId} and c.origin <> ${consoleOrigin})`;
  return db
    .select({
      weekStart: sql<string>`to_char(date_trunc('week', ${chatbotMessages.createdAt} at time zone 'Asia/Seoul'), 'YYYY-MM-DD')`,
      questions: sql<number>`count(*)::int`,
      answered: sql<number>`count(*) filter (where ${chatbotMessages.answered})::int`,
    })
    .from(chatbotMessages)
    .where(and(eq(chatbotMessages.chatbotId, botId), eq(chatbotMessages.role, 'bot'), gte(chatbotMessages.createdAt, since), notPreview))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}
