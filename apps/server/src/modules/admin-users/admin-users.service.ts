/**
 * Platform user management (admins only; the routes use requireAdmin). Every change is audited.
 * Safety rules: nobody suspends, inactivates, demotes or deletes themself, and the last active admin stays one
 * (checked under an advisory lock, so two admins demoting each other at once cannot both succeed).
 */
import type { TJoinedRange, TAdminUser, TAdminUsersQuery, TAdminUsersResponse, TTrashUser } from '@suite/shared/schemas/admin';
import { TRASH_RETENTION_DAYS } from '@suite/shared/schemas/admin';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { TDb } from '../../db/client.ts';
import type { TTx } from '../../db/client.ts';
import { revokeUserSessions, type TUserRow } from '../auth/auth.service.ts';
import * as repo from './admin-users.repository.ts';

/** Who acts, from where, and when (the request's time on the app's clock). */
export type TAdminActor = { id: string; ip: string; at: Date };

const DAY_MS = 86_400_000;
const KST_OFFSET_MS = 9 * 3_600_000;

/**
 * Start of a join-date range. today: since midnight Asia/Seoul; week: the last 7 days; month: the last 30 days;
 * year: the last 365 days (rolling windows ending now).
 */
export function joinedSince(range: TJoinedRange | undefined, now: Date): Date | undefined {
  if (!range) return undefined;
  if (range === 'today') {
    const kst = now.getTime() + KST_OFFSET_MS;
    return new Date(kst - (kst % DAY_MS) - KST_OFFSET_MS);
  }
  const days = { week: 7, month: 30, year: 365 }[range];
  return new Date(now.getTime() - days * DAY_MS);
}

const asRole = (r: string): TAdminUser['role'] => (r === 'admin' || r === 'guest' ? r : 'user');
const asStatus = (s: string): TAdminUser['status'] => (s === 'inactive' || s === 'suspended' ? s : 'active');

export function toAdminUser(u: TUserRow): TAdminUser {
  return {
    id: u.id,
    email: u.email,
    full_name: u.fullName,
    phone: u.phone,
    role: asRole(u.role),
    status: asStatus(u.status),
    provider: u.provider === 'google' ? 'google' : 'email',
    avatar_url: u.avatarUrl,
    created_at: u.createdAt.toISOString(),
    updated_at: u.updatedAt.toISOString(),
    last_login_at: u.lastLoginAt?.toISOString() ?? null,
  };
}

function toTrashUser(u: TUserRow): TTrashUser {
  // Trash rows always have deletedAt; the same write set updatedAt.
  const deletedAt = u.deletedAt ?? u.updatedAt;
  return {
    ...toAdminUser(u),
    deleted_at: deletedAt.toISOString(),
    purge_at: new Date(deletedAt.getTime() + TRASH_RETENTION_DAYS * DAY_MS).toISOString(),
  };
}

export async function listUsers(db: TDb, q: TAdminUsersQuery, now: Date): Promise<TAdminUsersResponse> {
  const { rows, total } = await repo.listUsers(db, q, joinedSince(q.joined, now));
  return { data: rows.map(toAdminUser), total, page: q.page, limit: q.limit, totalPages: Math.ceil(total / q.limit) };
}

async function liveUser(db: TTx, id: string): Promise<TUserRow> {
  const user = await repo.findLiveUser(db, id);
  if (!user) throw new AppError('USER_NOT_FOUND');
  return user;
}

/** Refuses a change that would leave no active admin. `target` is the row before the change. */
export async function assertKeepsAnAdmin(tx: TTx, target: TUserRow): Promise<void> {
  const isActiveAdmin = target.role === 'admin' && target.status === 'active' && !target.deletedAt;
  if (isActiveAdmin && (await repo.countOtherActiveAdmins(tx, target.id)) === 0) throw new AppError('ADMIN_LAST_ADMIN');
}

const audit = (db: TTx, actor: TAdminActor, action: string, target: TUserRow, metadata: Record<string, unknown> = {}) =>
  writeAudit(db as TDb, { action, actorId: actor.id, targetType: 'user', targetId: target.id, ip: actor.ip, metadata: { label: target.email, ...metadata } });

export async function updateUser(
  db: TDb,
  actor: TAdminActor,
  id: string,
  input: { full_name?: string | undefined; role?: TAdminUser['role'] | undefined },
): Promise<TAdminUser> {
  return db.transaction(async (tx) => {
    await repo.lockAdminChanges(tx);
    const before = await liveUser(tx, id);
    const demoting = input.role !== undefined && before.role === 'admin' && input.role !== 'admin';
    if (demoting && before.id === actor.id) throw new AppError('ADMIN_SELF_ACTION');
    if (demoting) await assertKeepsAnAdmin(tx, before);
    const patch: { fullName?: string; role?: string } = {};
    const changes: Record<string, [string, string]> = {};
    if (input.full_name !== undefined && input.full_name !== before.fullName) {
      patch.fullName = input.full_name;
      changes.full_name = [before.fullName, input.full_name];
    }
    if (input.role !== undefined && input.role !== before.role) {
      patch.role = input.role;
      changes.role = [before.role, input.role];
    }
    const after = Object.keys(patch).length ? await repo.patchUser(tx, id, patch, actor.at) : before;
    await audit(tx, actor, 'admin.user_updated', before, { changes });
    return toAdminUser(after ?? before);
  });
}

export async function setStatus(db: TDb, actor: TAdminActor, id: string, status: TAdminUser['status']): Promise<TAdminUser> {
  return db.transaction(async (tx) => {
    await repo.lockAdminChanges(tx);
    const before = await liveUser(tx, id);
    if (status !== 'active') {
      if (before.id === actor.id) throw new AppError('ADMIN_SELF_ACTION');
      await assertKeepsAnAdmin(tx, before);
    }
    const after = before.status === status ? before : await repo.patchUser(tx, id, { status }, actor.at);
    // Suspension and inactivation end every session at once (the guard also refuses their access tokens).
    const revoked = status === 'active' ? 0 : await revokeUserSessions(tx, id, `status_${status}`, actor.at);
    await audit(tx, actor, 'admin.user_status_changed', before, { from: before.status, to: status, sessionsRevoked: revoked });
    return toAdminUser(after ?? before);
  });
}

export async function softDelete(db: TDb, actor: TAdminActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await repo.lockAdminChanges(tx);
    const before = await liveUser(tx, id);
    if (before.id === actor.id) throw new AppError('ADMIN_SELF_ACTION');
    await assertKeepsAnAdmin(tx, before);
    await repo.patchUser(tx, id, { deletedAt: actor.at }, actor.at);
    const revoked = await revokeUserSessions(tx, id, 'deleted', actor.at);
    await audit(tx, actor, 'admin.user_deleted', before, { sessionsRevoked: revoked });
  });
}

export async function listTrash(db: TDb): Promise<TTrashUser[]> {
  return (await repo.listTrash(db)).map(toTrashUser);
}

export async function restore(db: TDb, actor: TAdminActor, id: string): Promise<TAdminUser> {
  const user = await repo.findTrashedUser(db, id);
  if (!user) throw new AppError('ADMIN_NOT_IN_TRASH');
  const after = await db.transaction(async (tx) => {
    const after = await repo.patchUser(tx, id, { deletedAt: null }, actor.at);
    await audit(tx, actor, 'admin.user_restored', user);
    return after;
  });
  return toAdminUser(after ?? user);
}

/** The audit log, filtered and paged (platform admins). */
export { listAudit } from './admin-audit.repository.ts';
