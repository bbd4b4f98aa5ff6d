/** The pending actions behind the assistant's buttons (slack_pending_actions, decision 088). */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { slackPendingActions } from '../../db/schema-slack-actions.ts';

export type TPendingRow = typeof slackPendingActions.$inferSelect;
export type TPendingKind = 'book' | 'cancel' | 'meal';

/** Stores a pending action; returns its opaque id (the button's value). */
export async function insertPending(
  db: TDb,
  row: {
    workspaceId: string;
    slackUserId: string;
    memberId: string | null;
    kind: TPendingKind;
    params: Record<string, unknown>;
    channel: string;
    expiresAt: Date;
  },
): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  await db.insert(slackPendingActions).values({ id, ...row });
  return id;
}

export async function findPending(db: TDb, workspaceId: string, id: string): Promise<TPendingRow | undefined> {
  const [row] = await db
    .select()
    .from(slackPendingActions)
    .where(and(eq(slackPendingActions.id, id), eq(slackPendingActions.workspaceId, workspaceId)))
    .limit(1);
  return row;
}

/** Marks a pending action used if it still is pending and not expired: true for exactly one caller. */
export async function claimPending(db: TDb, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(slackPendingActions)
    .set({ status: 'used', usedAt: now })
    .where(and(eq(slackPendingActions.id, id), eq(slackPendingActions.status, 'pending'), gt(slackPendingActions.expiresAt, now)))
    .returning({ id: slackPendingActions.id });
  return rows.length === 1;
}

/** Drops pending actions that expired more than a day ago (the mirror-retention sweep calls it). */
export async function purgeExpired(db: TDb, now: Date): Promise<number> {
  const rows = await db
    .delete(slackPendingActions)
    .where(lt(slackPendingActions.expiresAt, new Date(now.getTime() - 24 * 3600_000)))
    .returning({ id: slackPendingActions.id });
  return rows.length;
}
