/** Tables of the chatbot's live hand-off (issue 29): office hours, presence, live chats. */
import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { TOfficeHours } from '@suite/shared/schemas/chatbot-handoff';
import type { TDb, TTx } from '../../db/client.ts';
import { chatbotMessages } from '../../db/schema-knowledge.ts';
import { chatbotAgentPresence, chatbotLiveChats, chatbotOfficeHours } from '../../db/schema-chatbot-handoff.ts';

export type TLiveRow = typeof chatbotLiveChats.$inferSelect;

export async function hoursOf(db: TDb, botId: string): Promise<TOfficeHours | undefined> {
  const [row] = await db.select().from(chatbotOfficeHours).where(eq(chatbotOfficeHours.chatbotId, botId));
  return row ? { weekdays: row.weekdays, opensAt: row.opensAt, closesAt: row.closesAt, openOnHolidays: row.openOnHolidays } : undefined;
}

export async function saveHours(db: TDb, botId: string, h: TOfficeHours, at: Date): Promise<void> {
  const set = { weekdays: h.weekdays, opensAt: h.opensAt, closesAt: h.closesAt, openOnHolidays: h.openOnHolidays, updatedAt: at };
  await db
    .insert(chatbotOfficeHours)
    .values({ chatbotId: botId, ...set })
    .onConflictDoUpdate({ target: chatbotOfficeHours.chatbotId, set });
}

export async function setPresence(db: TDb, seedId: string, userId: string, until: Date | null): Promise<void> {
  if (!until) {
    await db.delete(chatbotAgentPresence).where(and(eq(chatbotAgentPresence.seedId, seedId), eq(chatbotAgentPresence.userId, userId)));
    return;
  }
  await db
    .insert(chatbotAgentPresence)
    .values({ seedId, userId, onlineUntil: until })
    .onConflictDoUpdate({ target: [chatbotAgentPresence.seedId, chatbotAgentPresence.userId], set: { onlineUntil: until } });
}

export async function presenceOf(db: TDb, seedId: string, userId: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ until: chatbotAgentPresence.onlineUntil })
    .from(chatbotAgentPresence)
    .where(and(eq(chatbotAgentPresence.seedId, seedId), eq(chatbotAgentPresence.userId, userId), gt(chatbotAgentPresence.onlineUntil, now)));
  return row?.until ?? null;
}

export async function agentsOnline(db: TDb, seedId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chatbotAgentPresence)
    .where(and(eq(chatbotAgentPresence.seedId, seedId), gt(chatbotAgentPresence.onlineUntil, now)));
  return Number(row?.n ?? 0);
}

export async function findLive(db: TTx, conversationId: string): Promise<TLiveRow | undefined> {
  const [row] = await db.select().from(chatbotLiveChats).where(eq(chatbotLiveChats.conversationId, conversationId));
  return row;
}

/** Opens (or re-opens after an end) the conversation's live chat as waiting; undefined when it is already open. */
export async function openLive(db: TTx, conversationId: string, chatbotId: string, at: Date): Promise<TLiveRow | undefined> {
  const fresh = { status: 'waiting', agentId: null, requestedAt: at, takenAt: null, endedAt: null };
  const [row] = await db
    .insert(chatbotLiveChats)
    .values({ conversationId, chatbotId, ...fresh })
    .onConflictDoUpdate({ target: chatbotLiveChats.conversationId, set: fresh, setWhere: eq(chatbotLiveChats.status, 'ended') })
    .returning();
  return row;
}

/** Waiting → live with this agent; undefined when someone else took it first or it ended. */
export async function takeLive(db: TTx, conversationId: string, agentId: string, at: Date): Promise<TLiveRow | undefined> {
  const [row] = await db
    .update(chatbotLiveChats)
    .set({ status: 'live', agentId, takenAt: at })
    .where(and(eq(chatbotLiveChats.conversationId, conversationId), eq(chatbotLiveChats.status, 'waiting')))
    .returning();
  return row;
}

export async function endLive(db: TTx, conversationId: string, at: Date): Promise<TLiveRow | undefined> {
  const [row] = await db
    .update(chatbotLiveChats)
    .set({ status: 'ended', endedAt: at })
    .where(and(eq(chatbotLiveChats.conversationId, conversationId), inArray(chatbotLiveChats.status, ['waiting', 'live'])))
    .returning();
  return row;
}

/**
 * How long ago (milliseconds, by the database's clock, which also stamps messages) the agent last wrote in the
 * conversation; null when they have not written.
 */
export async function agentQuietMs(db: TDb, conversationId: string): Promise<number | null> {
  const [row] = await db
    .select({ ms: sql<string | null>`extract(epoch from (now() - max(${chatbotMessages.createdAt}))) * 1000` })
    .from(chatbotMessages)
    .where(and(eq(chatbotMessages.conversationId, conversationId), eq(chatbotMessages.role, 'agent')));
  return row?.ms == null ? null : Number(row.ms);
}

/** A bot's open live chats (waiting and live), oldest request first. */
export const openChats = (db: TDb, botId: string) =>
  db
    .select()
    .from(chatbotLiveChats)
    .where(and(eq(chatbotLiveChats.chatbotId, botId), inArray(chatbotLiveChats.status, ['waiting', 'live'])))
    .orderBy(asc(chatbotLiveChats.requestedAt));

/** The transcripts of several conversations, each in order. */
export const transcripts = (db: TDb, conversationIds: string[]) =>
  conversationIds.length
    ? db
        .select()
        .from(chatbotMessages)
        .where(inArray(chatbotMessages.conversationId, conversationIds))
        .orderBy(asc(chatbotMessages.createdAt), asc(chatbotMessages.id))
    : Promise.resolve([]);
