import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { identities, passkeys } from '../../db/schema-accounts.ts';
import type { TTx } from './user.repository.ts';

export type TIdentityRow = typeof identities.$inferSelect;

export async function findIdentity(db: TTx, provider: string, subject: string): Promise<TIdentityRow | undefined> {
  const [row] = await db
    .select()
    .from(identities)
    .where(and(eq(identities.provider, provider), eq(identities.subject, subject)))
    .limit(1);
  return row;
}

export async function findIdentityById(db: TTx, id: string, userId: string): Promise<TIdentityRow | undefined> {
  const [row] = await db
    .select()
    .from(identities)
    .where(and(eq(identities.id, id), eq(identities.userId, userId)))
    .limit(1);
  return row;
}

/** Inserts an identity unless (provider, subject) is taken; returns the row or undefined. */
export async function insertIdentity(
  db: TTx,
  values: { userId: string; provider: string; subject: string; email: string; confirmedAt: Date | null },
): Promise<TIdentityRow | undefined> {
  const [row] = await db.insert(identities).values(values).onConflictDoNothing().returning();
  return row;
}

export async function confirmIdentity(db: TTx, id: string, at: Date): Promise<TIdentityRow | undefined> {
  const [row] = await db
    .update(identities)
    .set({ confirmedAt: at })
    .where(and(eq(identities.id, id), isNull(identities.confirmedAt)))
    .returning();
  return row;
}

export async function listIdentities(db: TTx, userId: string): Promise<TIdentityRow[]> {
  return db.select().from(identities).where(eq(identities.userId, userId)).orderBy(identities.linkedAt);
}

export async function deleteIdentity(db: TTx, id: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(identities)
    .where(and(eq(identities.id, id), eq(identities.userId, userId)))
    .returning({ id: identities.id });
  return rows.length === 1;
}

/** Removes the links the owner never confirmed; returns how many. */
export async function deleteUnconfirmedIdentities(db: TTx, userId: string): Promise<number> {
  const rows = await db
    .delete(identities)
    .where(and(eq(identities.userId, userId), isNull(identities.confirmedAt)))
    .returning({ id: identities.id });
  return rows.length;
}

/** Other ways to sign in than the identity `exceptId`: confirmed identities and passkeys. */
export async function otherSignInMethods(db: TTx, userId: string, exceptId: string): Promise<number> {
  const [ids] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(identities)
    .where(and(eq(identities.userId, userId), ne(identities.id, exceptId), isNotNull(identities.confirmedAt)));
  const [keys] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  return Number(ids?.n ?? 0) + Number(keys?.n ?? 0);
}
