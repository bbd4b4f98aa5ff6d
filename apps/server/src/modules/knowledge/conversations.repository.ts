/** Passages of mirrored Slack conversations (decision 085): the only file that knows their table. */
import { and, count, eq, inArray, lt, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { knowledgeConversationPassages as t } from '../../db/schema-conversations.ts';

export type TNewConversationPassage = Omit<typeof t.$inferInsert, 'id' | 'indexedAt'>;
export type TThreadKey = { workspaceId: string; channel: string; threadTs: string };

const ofThread = (k: TThreadKey) => and(eq(t.workspaceId, k.workspaceId), eq(t.channel, k.channel), eq(t.threadTs, k.threadTs));

/** The thread's passages replaced by `rows` (none: the thread is gone), in one transaction. */
export async function replaceThread(db: TDb, key: TThreadKey, rows: TNewConversationPassage[], at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(t).where(ofThread(key));
    if (rows.length) await tx.insert(t).values(rows.map((r) => ({ ...r, indexedAt: at })));
  });
}

/** Permalinks already known for the thread's messages (first_ts → permalink): a re-index does not ask Slack again. */
export async function knownPermalinks(db: TDb, key: TThreadKey): Promise<Map<string, string>> {
  const rows = await db.select({ ts: t.firstTs, permalink: t.permalink }).from(t).where(ofThread(key));
  return new Map(rows.filter((r) => r.permalink).map((r) => [r.ts, r.permalink!]));
}

/** Deletes the passages of these channels (excluded by the workspace's admin). */
export async function deleteChannels(db: TDb, workspaceId: string, channels: string[]): Promise<number> {
  if (!channels.length) return 0;
  const rows = await db
    .delete(t)
    .where(and(eq(t.workspaceId, workspaceId), inArray(t.channel, channels)))
    .returning({ id: t.id });
  return rows.length;
}

/** Deletes passages holding a message older than `cutoff`; returns their threads (re-indexed from what is left). */
export async function deleteOlderThan(db: TDb, workspaceId: string, cutoff: Date): Promise<{ channel: string; threadTs: string }[]> {
  const rows = await db
    .delete(t)
    .where(and(eq(t.workspaceId, workspaceId), lt(t.oldestAt, cutoff)))
    .returning({ channel: t.channel, threadTs: t.threadTs });
  const seen = new Map(rows.map((r) => [`${r.channel}:${r.threadTs}`, r]));
  return [...seen.values()];
}

const keyArray = (keys: string[]) =>
  sql`${sql.raw('ARRAY[')}${sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  )}${sql.raw(']::text[]')}`;

/** Passages of the given channels sharing at least one key with the query, most shared keys first. */
export async function candidates(db: TDb, workspaceId: string, channels: string[], keys: string[], limit: number) {
  if (!keys.length || !channels.length) return [];
  const arr = keyArray(keys);
  return db
    .select({
      id: t.id,
      channel: t.channel,
      channelName: t.channelName,
      threadTs: t.threadTs,
      firstTs: t.firstTs,
      authors: t.authors,
      authorName: t.authorName,
      permalink: t.permalink,
      title: t.title,
      content: t.content,
      grams: t.grams,
    })
    .from(t)
    .where(and(eq(t.workspaceId, workspaceId), inArray(t.channel, channels), sql`${t.grams} && ${arr}`))
    .orderBy(sql`cardinality(array(select unnest(${t.grams}) intersect select unnest(${arr}))) desc`)
    .limit(limit);
}

export async function passageCount(db: TDb, workspaceId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(t).where(eq(t.workspaceId, workspaceId));
  return row?.n ?? 0;
}

/** The thread's passages (tests and the console's counts). */
export async function threadPassages(db: TDb, key: TThreadKey) {
  return db.select().from(t).where(ofThread(key)).orderBy(t.ord);
}
