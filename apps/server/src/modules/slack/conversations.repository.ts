/** Conversations as knowledge (decision 085), the Slack side: the queue of threads to re-index, and mirror reads. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { slackThreadChanges as q } from '../../db/schema-conversations.ts';
import { slackMessages as m, slackWorkspaces as w } from '../../db/schema-slack.ts';

export type TThreadRef = { workspaceId: string; channel: string; threadTs: string };

/** Queues threads for re-indexing (a thread already queued keeps its place). */
export async function markChanged(db: TDb, refs: TThreadRef[], at: Date): Promise<void> {
  if (!refs.length) return;
  await db
    .insert(q)
    .values(refs.map((r) => ({ ...r, changedAt: at })))
    .onConflictDoNothing();
}

/**
 * Takes up to `limit` queued threads, oldest first: deleted from the queue in the same statement (SKIP LOCKED, so two
 * instances never take the same thread). A thread whose indexing fails is queued again by the caller.
 */
export async function takeChanged(db: TDb, limit: number): Promise<TThreadRef[]> {
  const res = await db.execute(sql`
    delete from ${q} where (workspace_id, channel, thread_ts) in (
      select workspace_id, channel, thread_ts from ${q} order by changed_at limit ${limit} for update skip locked
    ) returning workspace_id, channel, thread_ts`);
  const rows = ((res as unknown as { rows?: unknown[] }).rows ?? (res as unknown as unknown[])) as {
    workspace_id: string;
    channel: string;
    thread_ts: string;
  }[];
  return rows.map((r) => ({ workspaceId: r.workspace_id, channel: r.channel, threadTs: r.thread_ts }));
}

/** The thread a mirrored message belongs to (before an edit or a deletion is applied), or undefined. */
export async function threadOf(db: TDb, workspaceId: string, channel: string, ts: string): Promise<string | undefined> {
  const [row] = await db
    .select({ threadTs: m.threadTs })
    .from(m)
    .where(and(eq(m.workspaceId, workspaceId), eq(m.channel, channel), eq(m.ts, ts)))
    .limit(1);
  return row?.threadTs;
}

/** Every mirrored message of a thread, oldest first, with when it was written. */
export async function threadMessages(db: TDb, ref: TThreadRef) {
  return db
    .select({ ts: m.ts, user: m.slackUserId, text: m.text, at: m.createdAt })
    .from(m)
    .where(and(eq(m.workspaceId, ref.workspaceId), eq(m.channel, ref.channel), eq(m.threadTs, ref.threadTs)))
    .orderBy(asc(m.ts))
    .limit(1000);
}

/** Connected workspaces whose admin excluded channels from conversation search, with those channels. */
export async function workspacesWithExclusions(db: TDb): Promise<{ id: string; channels: string[] }[]> {
  const rows = await db
    .select({ id: w.id, settings: w.settings })
    .from(w)
    .where(and(eq(w.status, 'active'), sql`jsonb_array_length(coalesce(${w.settings}->'excludedChannels', '[]'::jsonb)) > 0`));
  return rows.map((r) => ({ id: r.id, channels: r.settings.excludedChannels ?? [] }));
}
