import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { chatbotConversations, chatbots, knowledgeSources } from '../../db/schema-knowledge.ts';

/**
 * Whether the seed has a chatbot, knowledge for one, and a conversation started from a site other than the console
 * (the widget is installed somewhere): the help centre's getting-started checklist, issue 33.
 */
export async function chatbotFacts(db: TDb, seedId: string, consoleOrigin: string): Promise<{ bot: boolean; source: boolean; installed: boolean }> {
  const one = { one: sql<number>`1` };
  const [bot] = await db.select(one).from(chatbots).where(eq(chatbots.seedId, seedId)).limit(1);
  const [source] = await db
    .select(one)
    .from(knowledgeSources)
    .where(and(eq(knowledgeSources.seedId, seedId), isNotNull(knowledgeSources.chatbotId)))
    .limit(1);
  const [installed] = await db
    .select(one)
    .from(chatbotConversations)
    .innerJoin(chatbots, eq(chatbots.id, chatbotConversations.chatbotId))
    .where(and(eq(chatbots.seedId, seedId), ne(chatbotConversations.origin, ''), ne(chatbotConversations.origin, consoleOrigin)))
    .limit(1);
  return { bot: Boolean(bot), source: Boolean(source), installed: Boolean(installed) };
}
