/** The digests' Drizzle code (decision 087): settings, subscriptions, the sent-log, the mirror's period reads. */
import { and, asc, desc, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { slackMessages, slackTokenUsage, slackWorkspaces } from '../../db/schema-slack.ts';
import { slackDigestRuns, slackDigestSettings, slackDigestSubscriptions } from '../../db/schema-slack-digest.ts';

export type TDigestSettingsRow = typeof slackDigestSettings.$inferSelect;
export type TDigestRunRow = typeof slackDigestRuns.$inferSelect;

export async function findSettings(db: TDb, workspaceId: string, channel: string): Promise<TDigestSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(slackDigestSettings)
    .where(and(eq(slackDigestSettings.workspaceId, workspaceId), eq(slackDigestSettings.channel, channel)))
    .limit(1);
  return row;
}

/** Creates or changes a channel's settings; `touch` moves updated_at (a schedule change: missed slots are not sent). */
export async function upsertSettings(
  db: TDb,
  workspaceId: string,
  channel: string,
  patch: Partial<Pick<TDigestSettingsRow, 'channelName' | 'frequency' | 'weekday' | 'minuteOfDay' | 'postToChannel'>>,
  at: Date,
): Promise<TDigestSettingsRow> {
  const [row] = await db
    .insert(slackDigestSettings)
    .values({ workspaceId, channel, ...patch, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: [slackDigestSettings.workspaceId, slackDigestSettings.channel], set: { ...patch, updatedAt: at } })
    .returning();
  return row!;
}

/** Only the channel's name (a slash command tells it), without touching the schedule. */
export async function rememberChannelName(db: TDb, workspaceId: string, channel: string, name: string): Promise<void> {
  if (!name) return;
  await db
    .update(slackDigestSettings)
    .set({ channelName: name })
    .where(and(eq(slackDigestSettings.workspaceId, workspaceId), eq(slackDigestSettings.channel, channel), ne(slackDigestSettings.channelName, name)));
}

export async function settingsOfWorkspace(db: TDb, workspaceId: string): Promise<TDigestSettingsRow[]> {
  return db.select().from(slackDigestSettings).where(eq(slackDigestSettings.workspaceId, workspaceId)).orderBy(asc(slackDigestSettings.channel));
}

/** Every switched-on digest of a connected workspace (the schedule checks which are due). */
export async function activeSettings(db: TDb) {
  return db
    .select({ s: slackDigestSettings })
    .from(slackDigestSettings)
    .innerJoin(slackWorkspaces, eq(slackWorkspaces.id, slackDigestSettings.workspaceId))
    .where(and(ne(slackDigestSettings.frequency, 'off'), eq(slackWorkspaces.status, 'active')))
    .then((rows) => rows.map((r) => r.s));
}

export async function subscribe(db: TDb, workspaceId: string, channel: string, slackUserId: string): Promise<boolean> {
  const rows = await db
    .insert(slackDigestSubscriptions)
    .values({ workspaceId, channel, slackUserId })
    .onConflictDoNothing()
    .returning({ id: slackDigestSubscriptions.id });
  return rows.length === 1;
}

export async function unsubscribe(db: TDb, workspaceId: string, channel: string, slackUserId: string): Promise<boolean> {
  const rows = await db
    .delete(slackDigestSubscriptions)
    .where(
      and(
        eq(slackDigestSubscriptions.workspaceId, workspaceId),
        eq(slackDigestSubscriptions.channel, channel),
        eq(slackDigestSubscriptions.slackUserId, slackUserId),
      ),
    )
    .returning({ id: slackDigestSubscriptions.id });
  return rows.length === 1;
}

export async function subscribers(db: TDb, workspaceId: string, channel?: string) {
  const conds = [eq(slackDigestSubscriptions.workspaceId, workspaceId)];
  if (channel) conds.push(eq(slackDigestSubscriptions.channel, channel));
  return db
    .select({ channel: slackDigestSubscriptions.channel, slackUserId: slackDigestSubscriptions.slackUserId })
    .from(slackDigestSubscriptions)
    .where(and(...conds))
    .orderBy(asc(slackDigestSubscriptions.createdAt))
    .limit(2000);
}

/**
 * Claims a period: the insert that wins the unique key (workspace, channel, period) sends it. A claim left by an
 * instance that died (still 'claimed' or 'failed' after `staleBefore`, fewer than 3 attempts) is taken over by a
 * compare-and-set on `attempts`. Returns the run row to work, or undefined.
 */
export async function claimRun(
  db: TDb,
  v: { workspaceId: string; channel: string; periodKey: string; periodStart: Date; periodEnd: Date },
  now: Date,
  staleBefore: Date,
): Promise<TDigestRunRow | undefined> {
  const [fresh] = await db
    .insert(slackDigestRuns)
    .values({ ...v, createdAt: now, claimedAt: now })
    .onConflictDoNothing()
    .returning();
  if (fresh) return fresh;
  const [taken] = await db
    .update(slackDigestRuns)
    .set({ attempts: sql`${slackDigestRuns.attempts} + 1`, claimedAt: now, status: 'claimed' })
    .where(
      and(
        eq(slackDigestRuns.workspaceId, v.workspaceId),
        eq(slackDigestRuns.channel, v.channel),
        eq(slackDigestRuns.periodKey, v.periodKey),
        inArray(slackDigestRuns.status, ['claimed', 'failed']),
        lte(slackDigestRuns.claimedAt, staleBefore),
        sql`${slackDigestRuns.attempts} < 3`,
      ),
    )
    .returning();
  return taken;
}

export async function updateRun(db: TDb, id: string, patch: Partial<typeof slackDigestRuns.$inferInsert>): Promise<void> {
  await db.update(slackDigestRuns).set(patch).where(eq(slackDigestRuns.id, id));
}

export async function addDmSent(db: TDb, id: string, user: string): Promise<void> {
  await db
    .update(slackDigestRuns)
    .set({ dmSent: sql`array_append(${slackDigestRuns.dmSent}, ${user})` })
    .where(eq(slackDigestRuns.id, id));
}

export async function lastRuns(db: TDb, workspaceId: string): Promise<TDigestRunRow[]> {
  return db
    .selectDistinctOn([slackDigestRuns.channel])
    .from(slackDigestRuns)
    .where(eq(slackDigestRuns.workspaceId, workspaceId))
    .orderBy(slackDigestRuns.channel, desc(slackDigestRuns.periodEnd));
}

/** The mirror's messages of a channel in (start, end], oldest first (capped). */
export async function periodMessages(db: TDb, workspaceId: string, channel: string, start: Date, end: Date) {
  return db
    .select({ ts: slackMessages.ts, threadTs: slackMessages.threadTs, user: slackMessages.slackUserId, text: slackMessages.text })
    .from(slackMessages)
    .where(
      and(
        eq(slackMessages.workspaceId, workspaceId),
        eq(slackMessages.channel, channel),
        gt(slackMessages.createdAt, start),
        lte(slackMessages.createdAt, end),
      ),
    )
    .orderBy(asc(slackMessages.createdAt), asc(slackMessages.ts))
    .limit(1500);
}

/** Channels with mirrored messages (the console lists them even before a schedule is saved). */
export async function mirroredChannels(db: TDb, workspaceId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ channel: slackMessages.channel })
    .from(slackMessages)
    .where(and(eq(slackMessages.workspaceId, workspaceId), sql`${slackMessages.channel} !~ '^D'`))
    .limit(500);
  return rows.map((r) => r.channel);
}

export async function hasMirrored(db: TDb, workspaceId: string, channel: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(slackMessages)
    .where(and(eq(slackMessages.workspaceId, workspaceId), eq(slackMessages.channel, channel)))
    .limit(1);
  return Boolean(row);
}

/** A digest's model tokens count toward the workspace's monthly budget (slack_token_usage, kind 'digest'). */
export async function recordDigestTokens(db: TDb, workspaceId: string, tokens: number): Promise<void> {
  if (tokens > 0) await db.insert(slackTokenUsage).values({ workspaceId, kind: 'digest', tokens });
}
