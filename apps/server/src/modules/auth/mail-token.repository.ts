import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { authTokens } from '../../db/schema.ts';
import type { TTx } from './user.repository.ts';

/** `unlock_login`: the owner's link that trusts a browser while strangers keep the account's sign-in locked. */
export type TMailTokenKind = 'confirm_email' | 'reset_password' | 'unlock_login';

export async function createMailToken(
  db: TTx,
  values: { userId: string; kind: TMailTokenKind; tokenHash: string; email: string; expiresAt: Date; payload?: Record<string, unknown> },
): Promise<void> {
  await db.insert(authTokens).values(values);
}

/** Uses a token once: returns its row if it existed, was unused and unexpired. */
export async function consumeMailToken(db: TTx, kind: TMailTokenKind, tokenHash: string, at: Date) {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: at })
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.kind, kind), isNull(authTokens.usedAt), gt(authTokens.expiresAt, at)))
    .returning();
  return row;
}

/** Reads a usable token without using it (to check a new password against its owner before spending the link). */
export async function peekMailToken(db: TTx, kind: TMailTokenKind, tokenHash: string) {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.kind, kind), isNull(authTokens.usedAt), gt(authTokens.expiresAt, sql`now()`)))
    .limit(1);
  return row;
}

/** Voids every outstanding token of a kind for a user (after a reset, the other reset links stop working). */
export async function voidMailTokens(db: TTx, userId: string, kind: TMailTokenKind, at: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: at })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
}
