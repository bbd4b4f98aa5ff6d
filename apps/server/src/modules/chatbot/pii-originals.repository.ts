/** chatbot_message_originals (schema-chatbot-pii.ts): the sealed originals of masked visitor messages (pii-originals.ts). */
import { and, eq } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { chatbotMessageOriginals } from '../../db/schema-chatbot-pii.ts';

export async function insertOriginal(db: TTx, v: typeof chatbotMessageOriginals.$inferInsert): Promise<void> {
  await db.insert(chatbotMessageOriginals).values(v);
}

export async function findSealed(db: TTx, conversationId: string, messageId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ sealed: chatbotMessageOriginals.sealed })
    .from(chatbotMessageOriginals)
    .where(and(eq(chatbotMessageOriginals.conversationId, conversationId), eq(chatbotMessageOriginals.messageId, messageId)));
  return row?.sealed;
}
