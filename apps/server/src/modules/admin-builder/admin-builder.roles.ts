/**
 * Custom roles of an admin app (decision 092): named rights per table and row rules, kept by the app's managers;
 * members assigned one role per app (owners and admins keep every right). And 열람: one masked value read in clear,
 * with the reason recorded (admin_reveals, PIPA 접속기록). Enforcement lives in the read/write path (rightsOf in
 * admin-builder.columns.ts, row rules in admin-builder.rules.ts through data()).
 */
import { ko } from '@suite/shared';
import type { TAdminRevealEntry, TAdminRoleMember, TAdminRoleRight, TAdminRoleView, TAdminRowRule } from '@suite/shared/schemas/admin-builder-roles';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { membersOf } from '../seeds/seeds.service.ts';
import { isManager, isMasked, presentRow, rightsOf, tableIn, visibleColumns, type TAppCtx } from './admin-builder.columns.ts';
import { appContext, managedApp } from './admin-builder.context.ts';
import { data, rowsOf } from './admin-builder.data.ts';
import type { TActor, TDeps } from './admin-builder.deps.ts';
import { keyFilter } from './admin-builder.query.ts';
import * as repo from './admin-builder.repository.ts';
import { checkRules } from './admin-builder.rules.ts';

const r = ko.adminBuilder.roles.server;
const m = ko.adminBuilder.server;
const PAGE = 50;

const toView = (row: repo.TRoleRow): TAdminRoleView => ({
  id: row.id,
  name: row.name,
  rights: row.rights as Record<string, TAdminRoleRight[]>,
  rules: row.rules as Record<string, TAdminRowRule[]>,
  createdAt: row.createdAt.toISOString(),
});

/** The seed's members (through the seeds module's public surface). */
const seedMembers = async (deps: TDeps, actor: TActor, seedId: string) =>
  (await membersOf(deps.db, actor.id, seedId)).data.map((x) => ({ userId: x.user_id, email: x.email, fullName: x.full_name, role: x.role as string }));

const consoleAudit = (deps: TDeps, actor: TActor, action: string, seedId: string, metadata: Record<string, unknown>) =>
  writeAudit(deps.db, { action, actorId: actor.id, targetType: 'seed', targetId: seedId, ip: actor.ip, metadata });

/** The app for a role change: only its managers (a member never changes roles, its own included). */
async function managedCtx(deps: TDeps, actor: TActor, seedId: string, appId: string): Promise<TAppCtx> {
  await managedApp(deps, actor, seedId, appId);
  return appContext(deps, actor, seedId, appId);
}

export async function listRoles(deps: TDeps, actor: TActor, seedId: string, appId: string): Promise<{ roles: TAdminRoleView[]; members: TAdminRoleMember[] }> {
  const app = await managedApp(deps, actor, seedId, appId);
  const [roles, assigned, members] = await Promise.all([
    repo.listRoles(deps.db, app.id),
    repo.roleAssignments(deps.db, app.id),
    seedMembers(deps, actor, seedId),
  ]);
  const roleOf = new Map(assigned.map((a) => [a.userId, a.roleId]));
  return {
    roles: roles.map(toView),
    members: members.map((x) => ({
      userId: x.userId,
      name: x.fullName || x.email,
      email: x.email,
      seedRole: x.role,
      roleId: isManager(x.role) ? null : (roleOf.get(x.userId) ?? null),
    })),
  };
}

type TRoleInput = { name: string; rights: Record<string, TAdminRoleRight[]>; rules: Record<string, TAdminRowRule[]> };

/** Tables of the app, rules typed against their columns; an admin gives no right admins lack (the owner's to give). */
function checkRole(ctx: TAppCtx, input: TRoleInput): TRoleInput {
  const rights: Record<string, TAdminRoleRight[]> = {};
  for (const [table, list] of Object.entries(input.rights)) {
    if (!ctx.tables.has(table))
      throw new AppError('ADMIN_BAD_INPUT', r.tableUnknown(table.slice(0, 64)), {
        status: 400,
        details: [{ path: `rights.${table.slice(0, 64)}`, message: r.tableUnknown(table.slice(0, 64)) }],
      });
    if (ctx.role !== 'owner') {
      const mine = rightsOf(ctx, table);
      if (list.some((x) => !mine.includes(x))) throw new AppError('ADMIN_APP_FORBIDDEN', r.beyondAdmins(table.slice(0, 64)));
    }
    rights[table] = [...new Set(list)];
  }
  checkRules(ctx, input.rules);
  const rules = Object.fromEntries(Object.entries(input.rules).filter(([, list]) => list.length));
  return { name: input.name, rights, rules };
}

export async function createRole(deps: TDeps, actor: TActor, seedId: string, appId: string, input: TRoleInput): Promise<TAdminRoleView> {
  const ctx = await managedCtx(deps, actor, seedId, appId);
  const clean = checkRole(ctx, input);
  if (await repo.roleNamed(deps.db, ctx.app.id, clean.name)) throw nameTaken();
  const row = await repo.insertRole(deps.db, { appId: ctx.app.id, ...clean }).catch((e: unknown) => {
    throw isUnique(e) ? nameTaken() : e;
  });
  await consoleAudit(deps, actor, 'admin_builder.role_created', seedId, { label: ctx.app.name, role: clean.name });
  return toView(row);
}

export async function updateRole(deps: TDeps, actor: TActor, seedId: string, appId: string, roleId: string, input: TRoleInput): Promise<TAdminRoleView> {
  const ctx = await managedCtx(deps, actor, seedId, appId);
  const role = await repo.findRole(deps.db, ctx.app.id, roleId);
  if (!role) throw new AppError('ADMIN_ROW_NOT_FOUND', r.roleNotFound);
  const clean = checkRole(ctx, input);
  const other = await repo.roleNamed(deps.db, ctx.app.id, clean.name);
  if (other && other.id !== role.id) throw nameTaken();
  const row = await repo.updateRole(deps.db, role.id, clean, deps.now()).catch((e: unknown) => {
    throw isUnique(e) ? nameTaken() : e;
  });
  await consoleAudit(deps, actor, 'admin_builder.role_updated', seedId, { label: ctx.app.name, role: clean.name });
  return toView(row!);
}

export async function deleteRole(deps: TDeps, actor: TActor, seedId: string, appId: string, roleId: string) {
  const app = await managedApp(deps, actor, seedId, appId);
  const role = await repo.findRole(deps.db, app.id, roleId);
  if (!role) throw new AppError('ADMIN_ROW_NOT_FOUND', r.roleNotFound);
  await repo.deleteRole(deps.db, role.id);
  await consoleAudit(deps, actor, 'admin_builder.role_deleted', seedId, { label: app.name, role: role.name });
}

/** A member's role in the app (null: the default member rights). Managers only; owners and admins get none. */
export async function assignRole(deps: TDeps, actor: TActor, seedId: string, appId: string, userId: string, roleId: string | null) {
  const app = await managedApp(deps, actor, seedId, appId);
  const member = (await seedMembers(deps, actor, seedId)).find((x) => x.userId === userId);
  if (!member) throw new AppError('ADMIN_ROW_NOT_FOUND', r.memberNotFound);
  if (isManager(member.role)) throw new AppError('ADMIN_BAD_INPUT', r.managerNoRole, { status: 400 });
  const role = roleId ? await repo.findRole(deps.db, app.id, roleId) : undefined;
  if (roleId && !role) throw new AppError('ADMIN_ROW_NOT_FOUND', r.roleNotFound);
  await repo.assignRole(deps.db, app.id, userId, roleId);
  await consoleAudit(deps, actor, 'admin_builder.role_assigned', seedId, { label: app.name, userId, role: role?.name ?? null });
}

const nameTaken = () => new AppError('ADMIN_BAD_INPUT', r.roleNameTaken, { status: 409, details: [{ path: 'name', message: r.roleNameTaken }] });
const isUnique = (e: unknown) =>
  /admin_roles_app_name_idx|unique/i.test(String((e as { message?: string })?.message ?? '')) || (e as { code?: string })?.code === '23505';

/**
 * 열람: one masked value in clear. The role needs `unmask` on the table (view included); the row is read through the
 * same path as every read (the role's row rules apply), the record (who, when, app, table, row, column, reason, IP)
 * is written before the value is answered.
 */
export async function reveal(
  deps: TDeps,
  actor: TActor,
  seedId: string,
  appId: string,
  table: string,
  input: { key: string; column: string; reason: string },
): Promise<{ value: unknown }> {
  const ctx = await appContext(deps, actor, seedId, appId);
  const t = tableIn(ctx, table, 'unmask');
  if (!visibleColumns(ctx, t, 'row').includes(input.column)) throw new AppError('ADMIN_BAD_INPUT', m.unknownColumn(input.column.slice(0, 64)), { status: 400 });
  if (!isMasked(ctx, table, input.column)) throw new AppError('ADMIN_BAD_INPUT', r.notMasked(input.column.slice(0, 64)), { status: 400 });
  const res = await data(deps, ctx, { table, method: 'GET', query: { select: [...new Set([...t.primaryKey, input.column])], where: keyFilter(t, input.key) } });
  const row = rowsOf(res)[0];
  if (!row) throw new AppError('ADMIN_ROW_NOT_FOUND');
  await repo.insertReveal(deps.db, {
    appId: ctx.app.id,
    actorId: actor.id,
    actorName: actor.name,
    ip: actor.ip,
    tableName: table,
    rowKey: JSON.stringify(t.primaryKey.map((k) => row[k])),
    columnName: input.column,
    reason: input.reason,
  });
  return { value: presentRow(ctx, t, row)[input.column] ?? null };
}

/** The app's 열람 records, newest first (managers). */
export async function reveals(deps: TDeps, actor: TActor, seedId: string, appId: string, page: number): Promise<{ data: TAdminRevealEntry[]; total: number }> {
  const app = await managedApp(deps, actor, seedId, appId);
  const { rows, total } = await repo.listReveals(deps.db, app.id, { limit: PAGE, offset: (page - 1) * PAGE });
  return {
    data: rows.map((x) => ({
      id: x.id,
      at: x.createdAt.toISOString(),
      actorName: x.actorName,
      table: x.tableName,
      rowKey: x.rowKey,
      column: x.columnName,
      reason: x.reason,
    })),
    total,
  };
}
