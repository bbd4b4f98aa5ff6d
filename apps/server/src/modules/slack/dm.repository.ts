/** Drizzle for where the assistant answers (decision 086): the threads it takes part in and a thread's earlier answers. */
import { and, desc, eq, gte, ne, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { slackEvents } from '../../db/schema-slack.ts';
import { slackBotThreads } from '../../db/schema-slack-dm.ts';

export type TBotThread = typeof slackBotThreads.$inferSelect;
type TKey = { workspaceId: string; channel: string; threadTs: string };

const key = (k: TKey) => and(eq(slackBotThreads.workspaceId, k.workspaceId), eq(slackBotThreads.channel, k.channel), eq(slackBotThreads.threadTs, k.threadTs));

export async function findThread(db: TDb, k: TKey): Promise<TBotThread | undefined> {
  const [row] = await db.select().from(slackBotThreads).where(key(k)).limit(1);
  return row;
}

/** An Assistant panel thread started or its viewed channel changed: kept with the channel (null when none). */
export async function saveAssistantThread(db: TDb, k: TKey, contextChannel: string | null, at: Date): Promise<void> {
  await db
    .insert(slackBotThreads)
    .values({ ...k, kind: 'assistant', contextChannel, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: [slackBotThreads.workspaceId, slackBotThreads.channel, slackBotThreads.threadTs], set: { contextChannel, updatedAt: at } });
}

/** The assistant answered in this thread (follow-ups there need no new mention). */
export async function markAnswered(db: TDb, k: TKey, at: Date): Promise<void> {
  await db
    .insert(slackBotThreads)
    .values({ ...k, kind: 'thread', lastAnsweredAt: at, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: [slackBotThreads.workspaceId, slackBotThreads.channel, slackBotThreads.threadTs],
      set: { lastAnsweredAt: at, updatedAt: at },
    });
}

export type TTurn = { question: string; answer: string };

/** Earlier questions answered from knowledge in this thread (oldest first), not counting `exceptId`. */
export async function threadTurns(db: TDb, k: TKey, exceptId: string, limit: number): Promise<TTurn[]> {
  const rows = await db
    .select({ question: slackEvents.question, answer: slackEvents.answer })
    .from(slackEvents)
    .where(
      and(
        eq(slackEvents.workspaceId, k.workspaceId),
        eq(slackEvents.channel, k.channel),
        eq(slackEvents.threadTs, k.threadTs),
        eq(slackEvents.kind, 'search'),
        eq(slackEvents.status, 'answered'),
        ne(slackEvents.id, exceptId),
      ),
    )
    .orderBy(desc(slackEvents.createdAt))
    .limit(limit);
  return rows.reverse();
}

/** Earlier top-level direct-message questions answered in this DM since `since` (oldest first). */
export async function recentDmTurns(db: TDb, workspaceId: string, channel: string, since: Date, exceptId: string, limit: number): Promise<TTurn[]> {
  const rows = await db
    .select({ question: slackEvents.question, answer: slackEvents.answer })
    .from(slackEvents)
    .where(
      and(
        eq(slackEvents.workspaceId, workspaceId),
        eq(slackEvents.channel, channel),
        eq(slackEvents.kind, 'search'),
        eq(slackEvents.status, 'answered'),
        gte(slackEvents.createdAt, since),
        sql`${slackEvents.payload}->>'topLevel' = 'true'`,
        ne(slackEvents.id, exceptId),
      ),
    )
    .orderBy(desc(slackEvents.createdAt))
    .limit(limit);
  return rows.reverse();
}

/** Whether this Slack user already asked the assistant in this thread. */
export async function askedInThread(db: TDb, k: TKey, slackUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: slackEvents.id })
    .from(slackEvents)
    .where(
      and(
        eq(slackEvents.workspaceId, k.workspaceId),
        eq(slackEvents.channel, k.channel),
        eq(slackEvents.threadTs, k.threadTs),
        eq(slackEvents.slackUserId, slackUserId),
      ),
    )
    .limit(1);
  return !!row;
}
