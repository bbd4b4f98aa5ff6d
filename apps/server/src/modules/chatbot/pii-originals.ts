/**
 * Customers' messages with personal data (issue 29, decision 082): the masked text goes to chatbot_messages, the
 * original is sealed with ENCRYPTION_KEY in chatbot_message_originals (schema-chatbot-pii.ts). Only the code paths that
 * need the original (a lookup, the live hand-off) read it back, through `unsealOriginal`; it goes with its message and
 * conversation (foreign keys), after 30 days (privacy retention) and with a visitor's erasure (data map).
 */
import type { TDb, TTx } from '../../db/client.ts';
import { decryptSecret, encryptSecret } from '../../lib/secret-box.ts';
import * as repo from './chatbot.repository.ts';
import { findSealed, insertOriginal } from './pii-originals.repository.ts';
import { maskPersonalData, type TPiiKind } from '../../lib/pii-mask.ts';

type TKeyDeps = { db: TDb; config: { encryptionKey: Buffer } };

/**
 * Stores a visitor's message masked and, when something was masked, its original sealed (one transaction). Returns
 * the stored row (its `text` is the masked one) and the kinds masked.
 */
export async function insertVisitorMessage(
  deps: TKeyDeps,
  v: { conversationId: string; chatbotId: string; text: string },
  tx?: TTx,
): Promise<{ row: repo.TMessageRow; masked: string; kinds: TPiiKind[] }> {
  const { text: masked, kinds } = maskPersonalData(v.text);
  const write = async (t: TTx) => {
    const row = await repo.insertMessage(t as TDb, { conversationId: v.conversationId, chatbotId: v.chatbotId, role: 'visitor', text: masked });
    if (kinds.length) {
      await insertOriginal(t, {
        messageId: row.id,
        conversationId: v.conversationId,
        chatbotId: v.chatbotId,
        sealed: encryptSecret(deps.config.encryptionKey, v.text),
        kinds,
      });
    }
    return row;
  };
  const row = tx ? await write(tx) : await deps.db.transaction(write);
  return { row, masked, kinds };
}

/**
 * The original text of a visitor's message of the conversation, or null when nothing in it was masked (its stored
 * text is the original) or it is gone (deleted with the conversation, or past 30 days). For lookups and the live
 * hand-off only: never send it to a language model, a log or a list.
 */
export async function unsealOriginal(deps: TKeyDeps, conversationId: string, messageId: string): Promise<string | null> {
  const sealed = await findSealed(deps.db, conversationId, messageId);
  return sealed ? decryptSecret(deps.config.encryptionKey, sealed) : null;
}
