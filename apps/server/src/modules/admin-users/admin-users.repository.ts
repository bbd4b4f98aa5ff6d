import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, like, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { isInitialsQuery, type TAdminUsersQuery } from '@suite/shared/schemas/admin';
import { authTokens, seedMembers, seeds, users } from '../../db/schema.ts';
import { userCounts } from '../../db/schema-user-counts.ts';
import type { TTx } from '../../db/client.ts';
import type { TUserRow } from '../auth/auth.service.ts';

/** Escapes LIKE wildcards so a search for '50%' means the characters. */
export function likeContains(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An erased account's tombstone (issue 32): kept so shared rows stay whole, never listed, counted or opened. */
/** The help centre's bot account (status 'system', issue 33) is not a person either: never listed or counted. */
const notErased = and(ne(users.status, 'erased'), ne(users.status, 'system'))!;

/** The WHERE of the users list. Deleted users (in the trash) and erased accounts' tombstones never appear. */
function listConditions(q: TAdminUsersQuery, joinedSince: Date | undefined): SQL | undefined {
  const conds: (SQL | undefined)[] = [isNull(users.deletedAt), notErased];
  if (q.search) {
    if (isInitialsQuery(q.search)) {
      conds.push(sql`${users.nameInitials} like ${likeContains(q.search.replace(/\s+/g, ''))}`);
    } else if (/^[\p{Script=Hangul}\s]+$/u.test(q.search)) {
      // Hangul has no case and addresses are ASCII: a plain LIKE on the name, far cheaper per row than ILIKE
      // (which lower-cases every multibyte name) when a 1–2 syllable query leaves the trigram index out.
      conds.push(like(users.fullName, likeContains(q.search)));
      // Two syllables or more: the bigram index finds the candidates (migration users-name-bigrams), LIKE decides.
      if (q.search.length >= 2) conds.push(sql`name_bigrams(${users.fullName}) @> name_bigrams(${q.search})`);
    } else {
      const p = likeContains(q.search);
      conds.push(or(ilike(users.email, p), ilike(users.fullName, p)));
    }
  }
  if (q.role) conds.push(eq(users.role, q.role));
  if (q.status) conds.push(eq(users.status, q.status));
  if (joinedSince) conds.push(gte(users.createdAt, joinedSince));
  return and(...conds);
}

/**
 * The exact total of a list. Unfiltered, it is the trigger-kept count of users not in the trash (one row read
 * instead of counting every user) less the tombstones (the trigger counts them: their deleted_at is null); with a
 * filter, the matching rows are counted.
 */
async function countListed(db: TTx, q: TAdminUsersQuery, joinedSince: Date | undefined, where: SQL | undefined): Promise<number> {
  if (!q.search && !q.role && !q.status && !joinedSince) {
    const tombstones = sql`(select count(*) from ${users} where ${users.status} in ('erased', 'system') and ${users.deletedAt} is null)`;
    const [row] = await db
      .select({ n: sql<string>`${userCounts.live} - ${tombstones}` })
      .from(userCounts)
      .limit(1);
    if (row) return Number(row.n);
  }
  const [totalRow] = await db.select({ n: count() }).from(users).where(where);
  return totalRow?.n ?? 0;
}

/**
 * One page of the list and the total. A page in the back half is read from the other end with the order reversed
 * (OFFSET walks the index from the start, so the last page would otherwise cost as much as reading every row).
 */
export async function listUsers(db: TTx, q: TAdminUsersQuery, joinedSince: Date | undefined): Promise<{ rows: TUserRow[]; total: number }> {
  const where = listConditions(q, joinedSince);
  const total = await countListed(db, q, joinedSince, where);
  const offset = (q.page - 1) * q.limit;
  if (offset >= total) return { rows: [], total };
  const fromEnd = offset > total / 2;
  const ascending = (q.order === 'asc') !== fromEnd;
  const dir = ascending ? asc : desc;
  // Emails are unique: no tie-breaker needed, so the unique index gives the order directly.
  const order = q.sort === 'email' ? [dir(users.email)] : [dir(users.createdAt), dir(users.id)];
  const size = Math.min(q.limit, total - offset);
  // The page's ids first (OFFSET walks a partial index on the sort key index-only, no table rows read), then those
  // rows: the deep pages of 100 000 users no longer fetch every skipped row (decision 023).
  const ids = await db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(...order)
    .limit(size)
    .offset(fromEnd ? total - offset - size : offset);
  if (!ids.length) return { rows: [], total };
  const found = await db
    .select()
    .from(users)
    .where(
      inArray(
        users.id,
        ids.map((r) => r.id),
      ),
    );
  const byId = new Map(found.map((r) => [r.id, r]));
  const rows = ids.map((r) => byId.get(r.id)).filter((r): r is TUserRow => r !== undefined);
  return { rows: fromEnd ? rows.reverse() : rows, total };
}

/** A user that is not in the trash. */
export async function findLiveUser(db: TTx, id: string): Promise<TUserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt), notErased))
    .limit(1);
  return row;
}

export async function findTrashedUser(db: TTx, id: string): Promise<TUserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNotNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** Active, not deleted admins other than `exceptId`. */
export async function countOtherActiveAdmins(db: TTx, exceptId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), isNull(users.deletedAt), ne(users.id, exceptId)));
  return row?.n ?? 0;
}

/** Any fixed number: serialises changes that could remove the last active admin. */
const ADMIN_CHANGE_LOCK = 727_003;
export async function lockAdminChanges(tx: TTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_CHANGE_LOCK})`);
}

export async function patchUser(db: TTx, id: string, patch: Partial<typeof users.$inferInsert>, at: Date): Promise<TUserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: at })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function listTrash(db: TTx, limit = 500): Promise<TUserRow[]> {
  return db.select().from(users).where(isNotNull(users.deletedAt)).orderBy(desc(users.deletedAt)).limit(limit);
}

export async function idsDeletedBefore(db: TTx, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.deletedAt), lt(users.deletedAt, cutoff)))
    .limit(limit);
  return rows.map((r) => r.id);
}

// ── Account invitations (auth_tokens kind 'account_invite') ──

export const ACCOUNT_INVITE = 'account_invite';

export async function createInviteToken(db: TTx, values: { userId: string; email: string; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(authTokens).values({ ...values, kind: ACCOUNT_INVITE });
}

/** Voids the user's earlier invitation links (a new invitation replaces them). */
export async function voidInviteTokens(db: TTx, userId: string, at: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: at })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, ACCOUNT_INVITE), isNull(authTokens.usedAt)));
}

/** Uses an invitation token once; undefined when unknown, used or expired. */
export async function consumeInviteToken(db: TTx, tokenHash: string, at: Date) {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: at })
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.kind, ACCOUNT_INVITE), isNull(authTokens.usedAt), gte(authTokens.expiresAt, at)))
    .returning();
  return row;
}

/** Inside the purge's transaction: locks a trashed account deleted before `cutoff`; false when it is not (restored). */
export async function lockTrashedBefore(tx: TTx, id: string, cutoff: Date): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), isNotNull(users.deletedAt), lt(users.deletedAt, cutoff)))
    .for('update');
  return rows.length > 0;
}

/**
 * The seeds this user owns pass to its longest-standing admin, else member; a seed with nobody else left is deleted.
 * Run inside the purge's transaction, before the account is erased.
 */
export async function handOverSeeds(tx: TTx, userId: string, at: Date): Promise<void> {
  const owned = await tx.select({ id: seeds.id, ownerId: seeds.ownerId }).from(seeds).where(eq(seeds.ownerId, userId));
  for (const seed of owned) {
    const [heir] = await tx
      .select({ userId: seedMembers.userId })
      .from(seedMembers)
      .innerJoin(users, eq(users.id, seedMembers.userId))
      .where(and(eq(seedMembers.seedId, seed.id), ne(seedMembers.userId, seed.ownerId), isNull(users.deletedAt), notErased))
      .orderBy(sql`case ${seedMembers.role} when 'admin' then 0 else 1 end`, asc(seedMembers.createdAt))
      .limit(1);
    if (!heir) {
      await tx.delete(seeds).where(eq(seeds.id, seed.id));
      continue;
    }
    await tx
      .update(seedMembers)
      .set({ role: 'owner' })
      .where(and(eq(seedMembers.seedId, seed.id), eq(seedMembers.userId, heir.userId)));
    await tx.update(seeds).set({ ownerId: heir.userId, updatedAt: at }).where(eq(seeds.id, seed.id));
  }
}
