import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { seedInvitations, seedMembers, seeds, users } from '../../db/schema.ts';

/** A database handle or an open transaction. */
export type { TTx } from '../../db/client.ts';

export type TSeedRow = {
  id: string;
  seedName: string;
  seedAddress: string | null;
  createdAt: Date;
  role: string;
  memberCount: number;
};

/** Live members only: users in the trash do not count. */
const memberCount = sql<number>`(
  select count(*)::int from ${seedMembers} sm join ${users} u on u.id = sm.user_id
  where sm.seed_id = ${seeds.id} and u.deleted_at is null
)`;

const seedColumns = {
  id: seeds.id,
  seedName: seeds.seedName,
  seedAddress: seeds.seedAddress,
  createdAt: seeds.createdAt,
  role: seedMembers.role,
  memberCount,
};

const seedsOfQuery = (db: TTx) =>
  db
    .select(seedColumns)
    .from(seedMembers)
    .innerJoin(seeds, eq(seeds.id, seedMembers.seedId))
    .where(eq(seedMembers.userId, sql.placeholder('uid')))
    .orderBy(asc(seeds.createdAt), asc(seeds.id))
    .prepare('seeds_of_user');

const seedForQuery = (db: TTx) =>
  db
    .select(seedColumns)
    .from(seedMembers)
    .innerJoin(seeds, eq(seeds.id, seedMembers.seedId))
    .where(and(eq(seedMembers.seedId, sql.placeholder('sid')), eq(seedMembers.userId, sql.placeholder('uid'))))
    .limit(1)
    .prepare('seed_for_user');

/** Hot reads built once per database handle, named prepared statements on PostgreSQL (decision 023). */
const prepared = new WeakMap<object, { seedsOf: ReturnType<typeof seedsOfQuery>; seedFor: ReturnType<typeof seedForQuery> }>();
function queriesOf(db: TTx) {
  let q = prepared.get(db);
  if (!q) {
    q = { seedsOf: seedsOfQuery(db), seedFor: seedForQuery(db) };
    prepared.set(db, q);
  }
  return q;
}

/** The seeds a user belongs to, with their role, oldest first. */
export async function listSeedsOf(db: TTx, userId: string): Promise<TSeedRow[]> {
  return queriesOf(db).seedsOf.execute({ uid: userId });
}

/** One seed as seen by one member; undefined when it does not exist or the user is not a member. */
export async function findSeedFor(db: TTx, seedId: string, userId: string): Promise<TSeedRow | undefined> {
  const [row] = await queriesOf(db).seedFor.execute({ sid: seedId, uid: userId });
  return row;
}

export async function insertSeed(tx: TTx, values: { seedName: string; seedAddress: string | null; ownerId: string }): Promise<string> {
  const [row] = await tx.insert(seeds).values(values).returning({ id: seeds.id });
  await tx.insert(seedMembers).values({ seedId: row!.id, userId: values.ownerId, role: 'owner' });
  return row!.id;
}

export async function updateSeed(db: TTx, seedId: string, patch: { seedName?: string; seedAddress?: string | null }, at: Date): Promise<void> {
  await db
    .update(seeds)
    .set({ ...patch, updatedAt: at })
    .where(eq(seeds.id, seedId));
}

export async function deleteSeed(db: TTx, seedId: string): Promise<void> {
  await db.delete(seeds).where(eq(seeds.id, seedId));
}

export async function listMembers(db: TTx, seedId: string) {
  return db
    .select({ userId: users.id, email: users.email, fullName: users.fullName, role: seedMembers.role, joinedAt: seedMembers.createdAt })
    .from(seedMembers)
    .innerJoin(users, eq(users.id, seedMembers.userId))
    .where(and(eq(seedMembers.seedId, seedId), isNull(users.deletedAt)))
    .orderBy(sql`case ${seedMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`, asc(seedMembers.createdAt));
}

export async function findMember(db: TTx, seedId: string, userId: string) {
  const [row] = await db
    .select({ role: seedMembers.role, email: users.email })
    .from(seedMembers)
    .innerJoin(users, eq(users.id, seedMembers.userId))
    .where(and(eq(seedMembers.seedId, seedId), eq(seedMembers.userId, userId), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** The user's role in a seed: 'owner' (the seed's owner), else the member row's role, or null when not a member. */
export async function roleInSeed(db: TTx, seedId: string, userId: string): Promise<string | null> {
  const [owned] = await db
    .select({ id: seeds.id })
    .from(seeds)
    .where(and(eq(seeds.id, seedId), eq(seeds.ownerId, userId)))
    .limit(1);
  if (owned) return 'owner';
  const [m] = await db
    .select({ role: seedMembers.role })
    .from(seedMembers)
    .where(and(eq(seedMembers.seedId, seedId), eq(seedMembers.userId, userId)))
    .limit(1);
  return m?.role ?? null;
}

/** Ids of the seeds this user owns or administers. */
export async function seedIdsManagedBy(db: TTx, userId: string): Promise<string[]> {
  const owned = await db.select({ id: seeds.id }).from(seeds).where(eq(seeds.ownerId, userId));
  const admin = await db
    .select({ id: seedMembers.seedId })
    .from(seedMembers)
    .where(and(eq(seedMembers.userId, userId), inArray(seedMembers.role, ['owner', 'admin'])));
  return [...new Set([...owned, ...admin].map((r) => r.id))];
}

export async function addMember(db: TTx, seedId: string, userId: string, role: string): Promise<void> {
  await db.insert(seedMembers).values({ seedId, userId, role }).onConflictDoNothing();
}

export async function setMemberRole(db: TTx, seedId: string, userId: string, role: string): Promise<void> {
  await db
    .update(seedMembers)
    .set({ role })
    .where(and(eq(seedMembers.seedId, seedId), eq(seedMembers.userId, userId)));
}

export async function removeMember(db: TTx, seedId: string, userId: string): Promise<void> {
  await db.delete(seedMembers).where(and(eq(seedMembers.seedId, seedId), eq(seedMembers.userId, userId)));
}

export async function setOwner(db: TTx, seedId: string, ownerId: string, at: Date): Promise<void> {
  await db.update(seeds).set({ ownerId, updatedAt: at }).where(eq(seeds.id, seedId));
}

/** Serialises membership changes of one seed (role changes, transfer, removal) inside a transaction. */
export async function lockSeed(tx: TTx, seedId: string): Promise<void> {
  await tx.execute(sql`select id from ${seeds} where id = ${seedId} for update`);
}

// ── Invitations ──

export type TInvitationRow = typeof seedInvitations.$inferSelect;

/** Creates the invitation or, for an address already invited to this seed, replaces its token, role and expiry. */
export async function upsertInvitation(
  db: TTx,
  values: { seedId: string; email: string; role: string; tokenHash: string; invitedBy: string; expiresAt: Date },
  at: Date,
): Promise<void> {
  await db
    .insert(seedInvitations)
    .values({ ...values, createdAt: at })
    .onConflictDoUpdate({
      target: [seedInvitations.seedId, seedInvitations.email],
      set: { role: values.role, tokenHash: values.tokenHash, invitedBy: values.invitedBy, expiresAt: values.expiresAt, createdAt: at },
    });
}

export async function listInvitations(db: TTx, seedId: string): Promise<TInvitationRow[]> {
  return db
    .select()
    .from(seedInvitations)
    .where(and(eq(seedInvitations.seedId, seedId), gt(seedInvitations.expiresAt, sql`now()`)))
    .orderBy(asc(seedInvitations.createdAt));
}

export async function deleteInvitation(db: TTx, seedId: string, invitationId: string): Promise<boolean> {
  const rows = await db
    .delete(seedInvitations)
    .where(and(eq(seedInvitations.id, invitationId), eq(seedInvitations.seedId, seedId)))
    .returning({ id: seedInvitations.id });
  return rows.length === 1;
}

/** A live invitation by token hash, with the seed's name and the inviter's name. */
export async function findInvitationByHash(db: TTx, tokenHash: string) {
  const [row] = await db
    .select({ invitation: seedInvitations, seedName: seeds.seedName, inviterName: users.fullName })
    .from(seedInvitations)
    .innerJoin(seeds, eq(seeds.id, seedInvitations.seedId))
    .leftJoin(users, eq(users.id, seedInvitations.invitedBy))
    .where(and(eq(seedInvitations.tokenHash, tokenHash), gt(seedInvitations.expiresAt, sql`now()`)))
    .limit(1);
  return row;
}

/** The names of these seeds (ids that no longer exist are left out). */
export async function seedNames(db: TTx, ids: string[]): Promise<{ id: string; seedName: string }[]> {
  if (!ids.length) return [];
  return db.select({ id: seeds.id, seedName: seeds.seedName }).from(seeds).where(inArray(seeds.id, ids));
}

/** The owners of these seeds (ids that no longer exist are left out). */
export async function seedOwners(db: TTx, ids: string[]): Promise<{ id: string; ownerId: string; seedName: string }[]> {
  if (!ids.length) return [];
  return db.select({ id: seeds.id, ownerId: seeds.ownerId, seedName: seeds.seedName }).from(seeds).where(inArray(seeds.id, ids));
}

/** Uses an invitation once: deletes it and returns it, or undefined when another request used it first. */
export async function consumeInvitation(db: TTx, id: string): Promise<TInvitationRow | undefined> {
  const [row] = await db.delete(seedInvitations).where(eq(seedInvitations.id, id)).returning();
  return row;
}
