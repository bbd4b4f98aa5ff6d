/** The only file of the Slack module that knows Drizzle. */
import { and, asc, desc, eq, gt, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { slackEvents, slackMessages, slackOauthStates, slackTokenUsage, slackWorkspaces } from '../../db/schema-slack.ts';

export type TWorkspaceRow = typeof slackWorkspaces.$inferSelect;
export type TEventRow = typeof slackEvents.$inferSelect;

// ── OAuth states ──

export async function insertOauthState(db: TDb, v: { stateHash: string; userId: string; seedId: string; expiresAt: Date }) {
  await db.insert(slackOauthStates).values(v);
  await db.delete(slackOauthStates).where(lt(slackOauthStates.expiresAt, sql`now() - interval '1 day'`));
}

/** Uses a state once: deletes and returns it (undefined if unknown or already used). */
export async function consumeOauthState(db: TDb, stateHash: string) {
  const [row] = await db.delete(slackOauthStates).where(eq(slackOauthStates.stateHash, stateHash)).returning();
  return row;
}

// ── Workspaces ──

export async function findWorkspaceByTeam(db: TDb, teamId: string): Promise<TWorkspaceRow | undefined> {
  const [row] = await db.select().from(slackWorkspaces).where(eq(slackWorkspaces.teamId, teamId)).limit(1);
  return row;
}

export async function findWorkspace(db: TDb, id: string): Promise<TWorkspaceRow | undefined> {
  const [row] = await db.select().from(slackWorkspaces).where(eq(slackWorkspaces.id, id)).limit(1);
  return row;
}

export async function insertWorkspace(db: TDb, v: typeof slackWorkspaces.$inferInsert): Promise<TWorkspaceRow> {
  const [row] = await db.insert(slackWorkspaces).values(v).returning();
  return row!;
}

export async function updateWorkspace(db: TDb, id: string, patch: Partial<typeof slackWorkspaces.$inferInsert>, at: Date): Promise<void> {
  await db
    .update(slackWorkspaces)
    .set({ ...patch, updatedAt: at })
    .where(eq(slackWorkspaces.id, id));
}

/** Ids of the connected workspaces. */
export async function activeWorkspaceIds(db: TDb): Promise<string[]> {
  const rows = await db.select({ id: slackWorkspaces.id }).from(slackWorkspaces).where(eq(slackWorkspaces.status, 'active'));
  return rows.map((r) => r.id);
}

/** Tokens spent outside a logged event (embeddings), counted toward the monthly budget. */
export async function recordTokenUsage(db: TDb, workspaceId: string, kind: 'embeddings', tokens: number): Promise<string | undefined> {
  if (tokens <= 0) return undefined;
  const [row] = await db.insert(slackTokenUsage).values({ workspaceId, kind, tokens }).returning({ id: slackTokenUsage.id });
  return row?.id;
}

export async function activeWorkspaceOfSeed(db: TDb, seedId: string): Promise<TWorkspaceRow | undefined> {
  const [row] = await db
    .select()
    .from(slackWorkspaces)
    .where(and(eq(slackWorkspaces.seedId, seedId), eq(slackWorkspaces.status, 'active')))
    .orderBy(asc(slackWorkspaces.createdAt))
    .limit(1);
  return row;
}

export async function disconnectTeam(db: TDb, teamId: string, at: Date): Promise<void> {
  await db
    .update(slackWorkspaces)
    .set({ status: 'disconnected', botTokenEnc: null, disconnectedAt: at, updatedAt: at })
    .where(eq(slackWorkspaces.teamId, teamId));
}

/** Workspaces of the given seeds (a user's, from the seeds module), oldest first. */
export async function workspacesOfSeeds(db: TDb, seedIds: string[]): Promise<TWorkspaceRow[]> {
  if (!seedIds.length) return [];
  return db.select().from(slackWorkspaces).where(inArray(slackWorkspaces.seedId, seedIds)).orderBy(asc(slackWorkspaces.createdAt));
}

/** Tokens of this month's events plus those spent outside events (embeddings): what the monthly budget counts. */
export async function tokensThisMonth(db: TDb, workspaceId: string): Promise<number> {
  const [[events], [other]] = await Promise.all([
    db
      .select({ n: sql<number>`coalesce(sum(${slackEvents.promptTokens} + ${slackEvents.completionTokens}), 0)::int` })
      .from(slackEvents)
      .where(and(eq(slackEvents.workspaceId, workspaceId), sql`${slackEvents.createdAt} >= date_trunc('month', now())`)),
    db
      .select({ n: sql<number>`coalesce(sum(${slackTokenUsage.tokens}), 0)::int` })
      .from(slackTokenUsage)
      .where(and(eq(slackTokenUsage.workspaceId, workspaceId), sql`${slackTokenUsage.createdAt} >= date_trunc('month', now())`)),
  ]);
  return (events?.n ?? 0) + (other?.n ?? 0);
}

// ── Events ──

/** Stores a batch of events; returns the rows stored (event_ids already present are skipped). */
export async function insertEvents(db: TDb, rows: (typeof slackEvents.$inferInsert)[]): Promise<TEventRow[]> {
  if (!rows.length) return [];
  return db.insert(slackEvents).values(rows).onConflictDoNothing({ target: slackEvents.eventId }).returning();
}

export async function findEvent(db: TDb, id: string): Promise<TEventRow | undefined> {
  const [row] = await db.select().from(slackEvents).where(eq(slackEvents.id, id)).limit(1);
  return row;
}

export async function updateEvent(db: TDb, id: string, patch: Partial<typeof slackEvents.$inferInsert>): Promise<void> {
  await db.update(slackEvents).set(patch).where(eq(slackEvents.id, id));
}

/**
 * Starts an attempt on a pending event: compare-and-set on `attempts`, so of two instances that picked the same event
 * (both sweepers, no Redis) only one works it.
 */
export async function startAttempt(db: TDb, id: string, attempts: number): Promise<boolean> {
  const rows = await db
    .update(slackEvents)
    .set({ attempts: attempts + 1 })
    .where(and(eq(slackEvents.id, id), eq(slackEvents.status, 'pending'), eq(slackEvents.attempts, attempts)))
    .returning({ id: slackEvents.id });
  return rows.length === 1;
}

/** Pending events received before `olderThan` (left by a crash or a restart), oldest first. */
export async function stalePending(db: TDb, olderThan: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: slackEvents.id })
    .from(slackEvents)
    .where(and(eq(slackEvents.status, 'pending'), lt(slackEvents.createdAt, olderThan)))
    .orderBy(asc(slackEvents.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

// ── Message mirror ──

export async function upsertMessage(
  db: TDb,
  v: { workspaceId: string; channel: string; ts: string; threadTs: string; slackUserId: string; text: string },
  at: Date,
): Promise<void> {
  const createdAt = new Date(Math.round(Number(v.ts) * 1000) || at.getTime());
  await db
    .insert(slackMessages)
    .values({ ...v, createdAt })
    .onConflictDoUpdate({ target: [slackMessages.workspaceId, slackMessages.channel, slackMessages.ts], set: { text: v.text } });
}

export async function editMessage(db: TDb, workspaceId: string, channel: string, ts: string, text: string, at: Date): Promise<void> {
  await db
    .update(slackMessages)
    .set({ text, editedAt: at })
    .where(and(eq(slackMessages.workspaceId, workspaceId), eq(slackMessages.channel, channel), eq(slackMessages.ts, ts)));
}

export async function deleteMessage(db: TDb, workspaceId: string, channel: string, ts: string): Promise<void> {
  await db.delete(slackMessages).where(and(eq(slackMessages.workspaceId, workspaceId), eq(slackMessages.channel, channel), eq(slackMessages.ts, ts)));
}

export async function threadMessages(db: TDb, workspaceId: string, channel: string, threadTs: string) {
  return db
    .select({ ts: slackMessages.ts, user: slackMessages.slackUserId, text: slackMessages.text })
    .from(slackMessages)
    .where(and(eq(slackMessages.workspaceId, workspaceId), eq(slackMessages.channel, channel), eq(slackMessages.threadTs, threadTs)))
    .orderBy(asc(slackMessages.ts))
    .limit(500);
}

/** Deletes mirrored messages older than each workspace's retention. Returns how many went. */
export async function purgeExpiredMessages(db: TDb): Promise<number> {
  const rows = await db.execute(sql`
    delete from ${slackMessages} m using ${slackWorkspaces} w
    where m.workspace_id = w.id
      and m.created_at < now() - make_interval(days => coalesce((w.settings->>'retentionDays')::int, 90))
    returning m.id`);
  return (rows as unknown as { rows?: unknown[] }).rows?.length ?? (Array.isArray(rows) ? rows.length : 0);
}

// ── Console reads ──

const kindCount = (k: string) => sql<number>`count(*) filter (where ${slackEvents.kind} = ${k})::int`;
const tokenSum = sql<number>`coalesce(sum(${slackEvents.promptTokens} + ${slackEvents.completionTokens}), 0)::int`;
const asked = inArray(slackEvents.kind, ['mention', 'summary', 'search']);

export async function userStats(db: TDb, workspaceId: string) {
  return db
    .select({
      slackUserId: slackEvents.slackUserId,
      mentions: sql<number>`count(*)::int`,
      summaries: kindCount('summary'),
      searches: kindCount('search'),
      tokens: tokenSum,
      lastSeen: sql<Date>`max(${slackEvents.createdAt})`,
    })
    .from(slackEvents)
    .where(and(eq(slackEvents.workspaceId, workspaceId), asked, sql`${slackEvents.slackUserId} <> ''`))
    .groupBy(slackEvents.slackUserId)
    .orderBy(sql`count(*) desc`, asc(slackEvents.slackUserId))
    .limit(500);
}

export async function logs(db: TDb, workspaceId: string, q: { text?: string | undefined; before?: Date | undefined; limit: number }) {
  const conds = [eq(slackEvents.workspaceId, workspaceId)];
  if (q.before) conds.push(lt(slackEvents.createdAt, q.before));
  if (q.text) {
    const like = `%${q.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(or(ilike(slackEvents.question, like), ilike(slackEvents.answer, like), ilike(slackEvents.slackUserId, like), ilike(slackEvents.channel, like))!);
  }
  return db
    .select()
    .from(slackEvents)
    .where(and(...conds))
    .orderBy(desc(slackEvents.createdAt))
    .limit(q.limit + 1);
}

export async function dailyStats(db: TDb, workspaceId: string, since: Date) {
  const day = sql<string>`to_char(${slackEvents.createdAt} at time zone 'Asia/Seoul', 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      mentions: sql<number>`count(*) filter (where ${asked})::int`,
      summaries: kindCount('summary'),
      searches: kindCount('search'),
      tokens: tokenSum,
      latencySum: sql<number>`coalesce(sum(${slackEvents.latencyMs}), 0)::int`,
      latencyN: sql<number>`count(${slackEvents.latencyMs})::int`,
    })
    .from(slackEvents)
    .where(and(eq(slackEvents.workspaceId, workspaceId), gt(slackEvents.createdAt, since)))
    .groupBy(day);
}

/** Tokens spent outside events (embeddings) per Korean calendar day. */
export async function dailyTokenUsage(db: TDb, workspaceId: string, since: Date) {
  const day = sql<string>`to_char(${slackTokenUsage.createdAt} at time zone 'Asia/Seoul', 'YYYY-MM-DD')`;
  return db
    .select({ day, tokens: sql<number>`coalesce(sum(${slackTokenUsage.tokens}), 0)::int` })
    .from(slackTokenUsage)
    .where(and(eq(slackTokenUsage.workspaceId, workspaceId), gt(slackTokenUsage.createdAt, since)))
    .groupBy(day);
}

/** Connected workspaces that can post (a bot token is kept), oldest first: where alerts may be posted. */
export function postableWorkspaces(db: TDb, limit: number) {
  return db
    .select({ seedId: slackWorkspaces.seedId, teamName: slackWorkspaces.teamName })
    .from(slackWorkspaces)
    .where(and(eq(slackWorkspaces.status, 'active'), sql`${slackWorkspaces.botTokenEnc} is not null`))
    .orderBy(asc(slackWorkspaces.createdAt))
    .limit(limit);
}

/**
 * Workspaces whose token Slack no longer takes: connected ones whose latest event failed with Slack's token errors,
 * and ones Slack disconnected (app removed, tokens revoked: an `uninstall` event) since `since` whose seed has not
 * connected a workspace again.
 */
export async function revokedWorkspaceNames(db: TDb, since: Date): Promise<string[]> {
  const w = slackWorkspaces;
  const e = slackEvents;
  const rows = await db
    .select({ teamName: w.teamName })
    .from(w)
    .where(
      or(
        and(
          eq(w.status, 'active'),
          sql`(select ${e.error} from ${e} where ${e.workspaceId} = ${w.id} order by ${e.createdAt} desc limit 1) ~ '(token_revoked|invalid_auth|account_inactive|not_authed)'`,
        ),
        and(
          eq(w.status, 'disconnected'),
          sql`exists (select 1 from ${e} where ${e.workspaceId} = ${w.id} and ${e.kind} = 'uninstall' and ${e.createdAt} >= ${since})`,
          sql`not exists (select 1 from ${slackWorkspaces} o where o.seed_id = ${w.seedId} and o.status = 'active')`,
        ),
      ),
    )
    .orderBy(w.teamName)
    .limit(20);
  return rows.map((r) => r.teamName);
}
