/** Chatbot lookups (issue 29): the owner's definitions and each conversation's dialog state. */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { chatbotLookups, chatbotLookupStates } from '../../db/schema-chatbot-lookups.ts';

export type TLookupRow = typeof chatbotLookups.$inferSelect;
export type TLookupStateRow = typeof chatbotLookupStates.$inferSelect;

export const listLookups = (db: TDb, botId: string) =>
  db.select().from(chatbotLookups).where(eq(chatbotLookups.chatbotId, botId)).orderBy(asc(chatbotLookups.createdAt));

export async function countLookups(db: TDb, botId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(chatbotLookups).where(eq(chatbotLookups.chatbotId, botId));
  return Number(row?.n ?? 0);
}

export async function findLookup(db: TDb, botId: string, id: string): Promise<TLookupRow | undefined> {
  const [row] = await db
    .select()
    .from(chatbotLookups)
    .where(and(eq(chatbotLookups.id, id), eq(chatbotLookups.chatbotId, botId)));
  return row;
}

export async function findByName(db: TDb, botId: string, name: string): Promise<TLookupRow | undefined> {
  const [row] = await db
    .select()
    .from(chatbotLookups)
    .where(and(eq(chatbotLookups.chatbotId, botId), eq(chatbotLookups.name, name)));
  return row;
}

export async function insertLookup(db: TDb, v: typeof chatbotLookups.$inferInsert): Promise<TLookupRow> {
  const [row] = await db.insert(chatbotLookups).values(v).returning();
  return row!;
}

export async function updateLookup(db: TDb, id: string, patch: Partial<typeof chatbotLookups.$inferInsert>): Promise<TLookupRow> {
  const [row] = await db.update(chatbotLookups).set(patch).where(eq(chatbotLookups.id, id)).returning();
  return row!;
}

export async function deleteLookup(db: TDb, botId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(chatbotLookups)
    .where(and(eq(chatbotLookups.id, id), eq(chatbotLookups.chatbotId, botId)))
    .returning({ id: chatbotLookups.id });
  return rows.length === 1;
}

export async function stateOf(db: TDb, conversationId: string): Promise<TLookupStateRow | undefined> {
  const [row] = await db.select().from(chatbotLookupStates).where(eq(chatbotLookupStates.conversationId, conversationId));
  return row;
}

/** Sets the conversation's dialog state (created on first use). */
export async function saveState(
  db: TDb,
  conversationId: string,
  v: { lookupId: string | null; step: string | null; keySealed: string | null },
  at: Date,
): Promise<void> {
  await db
    .insert(chatbotLookupStates)
    .values({ conversationId, ...v, updatedAt: at })
    .onConflictDoUpdate({ target: chatbotLookupStates.conversationId, set: { ...v, updatedAt: at } });
}

/**
 * Takes one attempt of the conversation's budget: the state goes idle and `attempts` grows by one in one statement,
 * so two messages at once cannot both pass the cap. Returns the attempts counted so far (this one included), or
 * undefined when the cap is already reached (nothing changed).
 */
export async function takeAttempt(db: TDb, conversationId: string, cap: number, at: Date): Promise<number | undefined> {
  const rows = await db
    .insert(chatbotLookupStates)
    .values({ conversationId, lookupId: null, step: null, keySealed: null, attempts: 1, updatedAt: at })
    .onConflictDoUpdate({
      target: chatbotLookupStates.conversationId,
      set: { lookupId: null, step: null, keySealed: null, attempts: sql`${chatbotLookupStates.attempts} + 1`, updatedAt: at },
      setWhere: sql`${chatbotLookupStates.attempts} < ${cap}`,
    })
    .returning({ attempts: chatbotLookupStates.attempts });
  return rows[0]?.attempts;
}
