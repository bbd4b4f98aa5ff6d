import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { consents, users } from '../../db/schema.ts';
import { confirmedFactorExists } from './second-factor.repository.ts';

export type TUserRow = typeof users.$inferSelect;
export type TNewUser = typeof users.$inferInsert;
/** A database handle or an open transaction. */
export type { TTx } from '../../db/client.ts';

/** Any fixed number: serialises the "first account becomes admin" decision. */
const FIRST_USER_LOCK = 727_002;

export async function findUserByEmail(db: TTx, email: string): Promise<TUserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** A password sign-in's one read: the account by its address, and whether it has a confirmed second factor. */
function userForSignInQuery(db: TTx) {
  return db
    .select({
      user: users,
      // The table named in full: a one-table select renders its own columns unqualified.
      hasSecondFactor: sql<boolean>`${confirmedFactorExists(sql`${users}.id`)}`,
    })
    .from(users)
    .where(eq(users.email, sql.placeholder('email')))
    .limit(1)
    .prepare('auth_user_for_sign_in');
}

/** Built once per database handle and prepared on PostgreSQL (decision 023): every sign-in runs it. */
const userForSignIn = new WeakMap<object, ReturnType<typeof userForSignInQuery>>();

export async function findUserForSignIn(db: TTx, email: string): Promise<{ user: TUserRow; hasSecondFactor: boolean } | undefined> {
  let query = userForSignIn.get(db);
  if (!query) {
    query = userForSignInQuery(db);
    userForSignIn.set(db, query);
  }
  const [row] = await query.execute({ email });
  return row && { user: row.user, hasSecondFactor: Boolean(row.hasSecondFactor) };
}

export async function findUserById(db: TTx, id: string): Promise<TUserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * Decides the role of a new account inside the caller's transaction: 'admin' for the first account of the instance.
 * Takes a transaction-scoped advisory lock only while the instance is still empty.
 */
export async function roleForNewUser(tx: TTx): Promise<'admin' | 'user'> {
  // The help centre's bot account (status 'system', issue 33) is created at start-up: it does not make the instance taken.
  const exists = async () => (await tx.select({ id: users.id }).from(users).where(ne(users.status, 'system')).limit(1)).length > 0;
  if (await exists()) return 'user';
  await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_USER_LOCK})`);
  return (await exists()) ? 'user' : 'admin';
}

/** Inserts unless the email (or Google id) is taken; returns undefined on conflict. */
export async function insertUser(tx: TTx, values: TNewUser): Promise<TUserRow | undefined> {
  const [row] = await tx.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateUser(db: TTx, id: string, patch: Partial<TNewUser>, at: Date): Promise<TUserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: at })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning();
  return row;
}

export async function touchLogin(db: TTx, id: string, at: Date): Promise<void> {
  await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, id));
}

export type TConsentKind = 'terms' | 'privacy' | 'age14' | 'marketing' | 'marketing_night';

export async function recordConsents(
  db: TTx,
  userId: string,
  items: { kind: TConsentKind; granted: boolean }[],
  termsVersion: string,
  ip: string,
): Promise<void> {
  if (!items.length) return;
  await db.insert(consents).values(items.map((i) => ({ userId, kind: i.kind, granted: i.granted, termsVersion, ip })));
}
