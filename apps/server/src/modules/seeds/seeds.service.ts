/**
 * Seeds (company workspaces) and their members. A user who is not a member of a seed gets 404 for everything about
 * it, exactly as for a seed that does not exist. Members: owner (one), admin, member.
 * Settings and members are managed by the owner and seed admins; deleting and transferring are the owner's.
 */
import { ko } from '@suite/shared';
import type { TSeed, TSeedMembersResponse, TSeedRole } from '@suite/shared/schemas/seeds';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { TDb } from '../../db/client.ts';
import { findUserById } from '../auth/auth.service.ts';
import * as repo from './seeds.repository.ts';

export type TActor = { id: string; ip: string };

/** For other modules (second-factor policy): the user's role in a seed, or null when not a member. */
export async function roleInSeed(db: repo.TTx, seedId: string, userId: string): Promise<string | null> {
  return repo.roleInSeed(db, seedId, userId);
}

/** For other modules (second-factor policy): the seeds this user owns or administers. */
export async function seedIdsManagedBy(db: repo.TTx, userId: string): Promise<string[]> {
  return repo.seedIdsManagedBy(db, userId);
}

const asRole = (r: string): TSeedRole => (r === 'owner' || r === 'admin' ? r : 'member');

/** The seed as the user sees it (with their role), or undefined when it does not exist or they are not a member. */
export const findSeed = (db: repo.TTx, seedId: string, userId: string): Promise<repo.TSeedRow | undefined> => repo.findSeedFor(db, seedId, userId);
export type TSeedRow = repo.TSeedRow;

export function toApiSeed(row: repo.TSeedRow): TSeed {
  return {
    id: row.id,
    seed_name: row.seedName,
    seed_address: row.seedAddress,
    created_at: row.createdAt.toISOString(),
    role: asRole(row.role),
    member_count: row.memberCount,
  };
}

/** The seed as `userId` sees it; 404 when it does not exist or they are not a member. */
export async function seedFor(db: repo.TTx, seedId: string, userId: string): Promise<repo.TSeedRow> {
  const row = await repo.findSeedFor(db, seedId, userId);
  if (!row) throw new AppError('SEED_NOT_FOUND');
  return row;
}

export function assertManager(seed: repo.TSeedRow): void {
  if (seed.role !== 'owner' && seed.role !== 'admin') throw new AppError('SEED_FORBIDDEN');
}

function assertOwner(seed: repo.TSeedRow): void {
  if (seed.role !== 'owner') throw new AppError('SEED_OWNER_ONLY');
}

const audit = (db: repo.TTx, actor: TActor, action: string, seedId: string, metadata: Record<string, unknown> = {}) =>
  writeAudit(db, { action, actorId: actor.id, targetType: 'seed', targetId: seedId, ip: actor.ip, metadata });

export async function listSeeds(db: TDb, userId: string): Promise<TSeed[]> {
  return (await repo.listSeedsOf(db, userId)).map(toApiSeed);
}

/**
 * An account with a pending deletion may not come to own a seed: the erasure skips seed owners (a seed is never erased
 * with its owner), so the deletion would silently wait. 409 with what to do.
 */
async function assertNoPendingDeletion(db: repo.TTx, userId: string, message: string): Promise<void> {
  if ((await findUserById(db, userId))?.deletionScheduledAt) throw new AppError('PRIVACY_DELETION_PENDING', message);
}

export async function createSeed(db: TDb, actor: TActor, input: { seed_name: string; seed_address?: string | null | undefined }): Promise<TSeed> {
  // Seed, owner membership and audit row commit together: a failure leaves nothing behind.
  const id = await db.transaction(async (tx) => {
    await assertNoPendingDeletion(tx, actor.id, ko.privacy.deletion.seedCreatePending);
    const seedId = await repo.insertSeed(tx, { seedName: input.seed_name, seedAddress: input.seed_address ?? null, ownerId: actor.id });
    await audit(tx, actor, 'seed.created', seedId, { label: input.seed_name });
    return seedId;
  });
  return toApiSeed(await seedFor(db, id, actor.id));
}

export async function updateSeed(
  db: TDb,
  actor: TActor,
  seedId: string,
  input: { seed_name?: string | undefined; seed_address?: string | null | undefined },
  now: Date,
): Promise<TSeed> {
  const seed = await seedFor(db, seedId, actor.id);
  assertManager(seed);
  const patch: { seedName?: string; seedAddress?: string | null } = {};
  if (input.seed_name !== undefined) patch.seedName = input.seed_name;
  if (input.seed_address !== undefined) patch.seedAddress = input.seed_address;
  await db.transaction(async (tx) => {
    await repo.updateSeed(tx, seedId, patch, now);
    await audit(tx, actor, 'seed.updated', seedId, { label: patch.seedName ?? seed.seedName, before: seed.seedName, changes: Object.keys(patch) });
  });
  return toApiSeed(await seedFor(db, seedId, actor.id));
}

export async function deleteSeed(db: TDb, actor: TActor, seedId: string): Promise<void> {
  const seed = await seedFor(db, seedId, actor.id);
  assertOwner(seed);
  await db.transaction(async (tx) => {
    await repo.deleteSeed(tx, seedId);
    await audit(tx, actor, 'seed.deleted', seedId, { label: seed.seedName });
  });
}

export async function membersOf(db: TDb, userId: string, seedId: string): Promise<TSeedMembersResponse> {
  const seed = await seedFor(db, seedId, userId);
  const members = await repo.listMembers(db, seedId);
  const manager = seed.role === 'owner' || seed.role === 'admin';
  const invitations = manager ? await repo.listInvitations(db, seedId) : [];
  return {
    data: members.map((m) => ({
      user_id: m.userId,
      email: m.email,
      full_name: m.fullName,
      role: asRole(m.role),
      joined_at: m.joinedAt.toISOString(),
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role === 'admin' ? 'admin' : 'member',
      created_at: i.createdAt.toISOString(),
      expires_at: i.expiresAt.toISOString(),
    })),
  };
}

export async function changeMemberRole(db: TDb, actor: TActor, seedId: string, userId: string, role: 'admin' | 'member'): Promise<void> {
  await db.transaction(async (tx) => {
    await repo.lockSeed(tx, seedId);
    assertManager(await seedFor(tx, seedId, actor.id));
    const target = await repo.findMember(tx, seedId, userId);
    if (!target) throw new AppError('SEED_MEMBER_NOT_FOUND');
    if (target.role === 'owner') throw new AppError('SEED_OWNER_ROLE_FIXED');
    await repo.setMemberRole(tx, seedId, userId, role);
    await audit(tx, actor, 'seed.member_role_changed', seedId, { userId, role });
  });
}

/** Removes a member (owner/admin) or leaves (anyone but the owner, for themself). Returns whether it was leaving. */
export async function removeMember(db: TDb, actor: TActor, seedId: string, userId: string): Promise<'left' | 'removed'> {
  const leaving = userId === actor.id;
  await db.transaction(async (tx) => {
    await repo.lockSeed(tx, seedId);
    const seed = await seedFor(tx, seedId, actor.id);
    if (leaving) {
      if (seed.role === 'owner') throw new AppError('SEED_OWNER_CANNOT_LEAVE');
    } else {
      assertManager(seed);
      const target = await repo.findMember(tx, seedId, userId);
      if (!target) throw new AppError('SEED_MEMBER_NOT_FOUND');
      if (target.role === 'owner') throw new AppError('SEED_FORBIDDEN', ko.console.seeds.cannotRemoveOwner, { status: 409 });
    }
    await repo.removeMember(tx, seedId, userId);
    await audit(tx, actor, leaving ? 'seed.left' : 'seed.member_removed', seedId, { userId });
  });
  return leaving ? 'left' : 'removed';
}

export async function transferOwnership(db: TDb, actor: TActor, seedId: string, userId: string, now: Date): Promise<TSeed> {
  await db.transaction(async (tx) => {
    await repo.lockSeed(tx, seedId);
    assertOwner(await seedFor(tx, seedId, actor.id));
    if (userId === actor.id) throw new AppError('CONFLICT', ko.console.seeds.transferToSelf);
    const target = await repo.findMember(tx, seedId, userId);
    if (!target) throw new AppError('SEED_MEMBER_NOT_FOUND', ko.console.seeds.transferTargetNotMember, { status: 400 });
    await assertNoPendingDeletion(tx, userId, ko.privacy.deletion.seedTransferPending);
    await repo.setMemberRole(tx, seedId, userId, 'owner');
    await repo.setMemberRole(tx, seedId, actor.id, 'admin');
    await repo.setOwner(tx, seedId, userId, now);
    await audit(tx, actor, 'seed.ownership_transferred', seedId, { to: userId });
  });
  return toApiSeed(await seedFor(db, seedId, actor.id));
}

/** E-mail addresses of a seed's owner and admins (for notices sent without a signed-in user, e.g. chatbot hand-offs). */
export async function managerEmails(db: TDb, seedId: string): Promise<string[]> {
  const members = await repo.listMembers(db, seedId);
  return members.filter((m) => m.role === 'owner' || m.role === 'admin').map((m) => m.email);
}

/** The seed's member with this e-mail address (any case), or undefined: Slack actions link a Slack user by e-mail (decision 088). */
export async function memberByEmail(db: TDb, seedId: string, email: string): Promise<{ userId: string; email: string; role: string } | undefined> {
  const wanted = email.trim().toLowerCase();
  const m = (await repo.listMembers(db, seedId)).find((x) => x.email.toLowerCase() === wanted);
  return m ? { userId: m.userId, email: m.email, role: m.role } : undefined;
}

/** The ids of the seed's owner and admins (the people told of its chatbot hand-offs and API alerts). */
export async function managerIds(db: TDb, seedId: string): Promise<string[]> {
  const members = await repo.listMembers(db, seedId);
  return members.filter((m) => m.role === 'owner' || m.role === 'admin').map((m) => m.userId);
}

/** For the monitoring page (issue 30): seed id → name for these seeds (ids that no longer exist are left out). */
export async function seedNames(db: repo.TTx, ids: string[]): Promise<Map<string, string>> {
  return new Map((await repo.seedNames(db, ids)).map((r) => [r.id, r.seedName]));
}

/** For billing notices (issue 31): seed id → its owner's id and the seed's name (ids that no longer exist are left out). */
export async function seedOwners(db: repo.TTx, ids: string[]): Promise<Map<string, { ownerId: string; seedName: string }>> {
  return new Map((await repo.seedOwners(db, ids)).map((r) => [r.id, { ownerId: r.ownerId, seedName: r.seedName }]));
}

/** The suite's link mail layout (the admin invitation uses it too). */
export { composeLinkMail } from './seeds.mails.ts';
