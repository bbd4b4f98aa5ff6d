import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { passkeys, recoveryCodes, secondFactorPolicies, totpFactors } from '../../db/schema-accounts.ts';
import type { TTx } from './user.repository.ts';

export type TTotpRow = typeof totpFactors.$inferSelect;
export type TPasskeyRow = typeof passkeys.$inferSelect;

/**
 * The one rule for "this account has a second factor": a confirmed authenticator app, or any passkey (an app whose
 * setup was not confirmed does not count). `userId` is an SQL expression: a value, or a column of the outer query
 * (the password sign-in's read, user.repository.ts).
 */
export function confirmedFactorExists(userId: SQL): SQL {
  return sql`(exists (select 1 from ${totpFactors} f where f.user_id = ${userId} and f.confirmed_at is not null)
        or exists (select 1 from ${passkeys} k where k.user_id = ${userId}))`;
}

/** Whether the user has a confirmed authenticator app or a passkey (one round trip; asked at every sign-in). */
export async function hasConfirmedFactor(db: TTx, userId: string): Promise<boolean> {
  const res = await db.execute(sql`select ${confirmedFactorExists(sql`${userId}::uuid`)} as has`);
  return Boolean((res as unknown as { rows: { has: boolean }[] }).rows[0]?.has);
}

export async function findTotp(db: TTx, userId: string): Promise<TTotpRow | undefined> {
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId)).limit(1);
  return row;
}

/** A new, unconfirmed secret; refuses (returns false) while a confirmed one exists. */
export async function putPendingTotp(db: TTx, userId: string, secretSealed: string, at: Date): Promise<boolean> {
  const rows = await db
    .insert(totpFactors)
    .values({ userId, secretSealed, createdAt: at })
    .onConflictDoUpdate({ target: totpFactors.userId, set: { secretSealed, lastStep: 0, createdAt: at }, setWhere: isNull(totpFactors.confirmedAt) })
    .returning({ userId: totpFactors.userId });
  return rows.length === 1;
}

export async function confirmTotp(db: TTx, userId: string, step: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(totpFactors)
    .set({ confirmedAt: at, lastStep: step })
    .where(and(eq(totpFactors.userId, userId), isNull(totpFactors.confirmedAt)))
    .returning({ userId: totpFactors.userId });
  return rows.length === 1;
}

/** Records a used step; false when this step (or a later one) was already used: a replayed code. */
export async function useTotpStep(db: TTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(totpFactors)
    .set({ lastStep: step })
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt), sql`${totpFactors.lastStep} < ${step}`))
    .returning({ userId: totpFactors.userId });
  return rows.length === 1;
}

export async function deleteTotp(db: TTx, userId: string): Promise<void> {
  await db.delete(totpFactors).where(eq(totpFactors.userId, userId));
}

export async function replaceRecoveryCodes(db: TTx, userId: string, hashes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (hashes.length) await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Spends a recovery code once; false when unknown or already used. */
export async function useRecoveryCode(db: TTx, userId: string, codeHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: at })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function recoveryCodesLeft(db: TTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

export async function listPasskeys(db: TTx, userId: string): Promise<TPasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.createdAt);
}

export async function findPasskey(db: TTx, id: string): Promise<TPasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.id, id)).limit(1);
  return row;
}

export async function insertPasskey(db: TTx, values: typeof passkeys.$inferInsert): Promise<void> {
  await db.insert(passkeys).values(values);
}

export async function touchPasskey(db: TTx, id: string, counter: number, at: Date): Promise<void> {
  await db.update(passkeys).set({ counter, lastUsedAt: at }).where(eq(passkeys.id, id));
}

export async function deletePasskey(db: TTx, id: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

/**
 * A policy's scope is 'platform' or a seed id. Seed ids are UUIDs, which the database (and the routes' params) accept
 * in any letter case: the text key is always the lower-case form, or `/api/seeds/{SEED-ID-IN-CAPITALS}/…` would find
 * no policy and pass the seed's second-factor rule (issue 27 item 14).
 */
const scopeKey = (scope: string) => scope.toLowerCase();

export async function getPolicy(db: TTx, scope: string): Promise<boolean> {
  const [row] = await db
    .select()
    .from(secondFactorPolicies)
    .where(eq(secondFactorPolicies.scope, scopeKey(scope)))
    .limit(1);
  return row?.required ?? false;
}

export async function setPolicy(db: TTx, scope: string, required: boolean, at: Date): Promise<void> {
  await db
    .insert(secondFactorPolicies)
    .values({ scope: scopeKey(scope), required })
    .onConflictDoUpdate({ target: secondFactorPolicies.scope, set: { required, updatedAt: at } });
}

/** Whether any of these scopes (seed ids) requires a second factor. */
export async function anyScopeRequires(db: TTx, scopes: string[]): Promise<boolean> {
  if (scopes.length === 0) return false;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(secondFactorPolicies)
    .where(and(inArray(secondFactorPolicies.scope, scopes.map(scopeKey)), eq(secondFactorPolicies.required, true)));
  return Number(row?.n ?? 0) > 0;
}
