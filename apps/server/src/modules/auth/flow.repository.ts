/** Short-lived, single-use sign-in steps (auth_flows), keyed by the SHA-256 of a random token. */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { authFlows } from '../../db/schema-accounts.ts';
import type { TTx } from './user.repository.ts';

export type TFlowKind = 'link_identity' | 'mfa_login' | 'webauthn_register' | 'webauthn_login' | 'oauth_start' | 'oauth_signup' | 'oauth_email';
export type TFlowRow = typeof authFlows.$inferSelect;

export async function createFlow(
  db: TTx,
  values: { idHash: string; kind: TFlowKind; userId: string | null; data: Record<string, unknown>; expiresAt: Date },
): Promise<void> {
  await db.insert(authFlows).values(values);
}

/** Like createFlow, but false (nothing written) when a flow with this id already exists, used or not. */
export async function createFlowOnce(
  db: TTx,
  values: { idHash: string; kind: TFlowKind; userId: string | null; data: Record<string, unknown>; expiresAt: Date },
): Promise<boolean> {
  const rows = await db.insert(authFlows).values(values).onConflictDoNothing().returning({ idHash: authFlows.idHash });
  return rows.length > 0;
}

/** Uses a flow once: returns it if it existed with this kind, unused and unexpired. */
export async function consumeFlow(db: TTx, kind: TFlowKind, idHash: string, now: Date): Promise<TFlowRow | undefined> {
  const [row] = await db
    .update(authFlows)
    .set({ usedAt: now })
    .where(and(eq(authFlows.idHash, idHash), eq(authFlows.kind, kind), isNull(authFlows.usedAt), gt(authFlows.expiresAt, now)))
    .returning();
  return row;
}

/** Reads a flow without using it (unused and unexpired only). */
export async function peekFlow(db: TTx, kind: TFlowKind, idHash: string, now: Date): Promise<TFlowRow | undefined> {
  const [row] = await db
    .select()
    .from(authFlows)
    .where(and(eq(authFlows.idHash, idHash), eq(authFlows.kind, kind), isNull(authFlows.usedAt), gt(authFlows.expiresAt, now)))
    .limit(1);
  return row;
}
