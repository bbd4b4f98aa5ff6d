/**
 * Admin-page builder: apps over an API-builder connection, per-table settings and role rights. This file is the
 * module's public surface (`appsOfConnection` for the API builder) and holds the apps and their settings; rows are
 * read and written only through the API builder's data API with a typed query (admin-builder.read.ts, .write.ts,
 * .import.ts), the change log and its reconciliation in admin-builder.audit.ts and .reconcile.ts.
 */
import { ko } from '@suite/shared';
import type { TAdminApp, TAdminAppDetail, TAdminTable, TAdminTableSettings } from '@suite/shared/schemas/admin-builder';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { seedFor } from '../seeds/seeds.service.ts';
import { defaultSettings, describeTable, isManager, settingsFor, type TAppCtx } from './admin-builder.columns.ts';
import { appContext, managedApp } from './admin-builder.context.ts';
import type { TActor, TDeps } from './admin-builder.deps.ts';
import * as repo from './admin-builder.repository.ts';

const m = ko.adminBuilder.server;

function toApp(ctx: Pick<TAppCtx, 'app' | 'engine' | 'connectionName' | 'role'>): TAdminApp {
  return {
    id: ctx.app.id,
    name: ctx.app.name,
    connectionId: ctx.app.connectionId,
    connectionName: ctx.connectionName,
    engine: ctx.engine,
    tables: ctx.app.tables,
    canManage: isManager(ctx.role),
    canSetRights: ctx.role === 'owner',
    createdAt: ctx.app.createdAt.toISOString(),
  };
}

const consoleAudit = (deps: TDeps, actor: TActor, action: string, seedId: string, metadata: Record<string, unknown>) =>
  writeAudit(deps.db, { action, actorId: actor.id, targetType: 'seed', targetId: seedId, ip: actor.ip, metadata });

export async function listApps(deps: TDeps, actor: TActor, seedId: string, connectionId?: string): Promise<TAdminApp[]> {
  const seed = await seedFor(deps.db, seedId, actor.id);
  const rows = (await repo.listApps(deps.db, seedId)).filter((a) => !connectionId || a.connectionId === connectionId);
  const out: TAdminApp[] = [];
  for (const app of rows) {
    const conn = await deps.connections.forAdmin(seedId, app.connectionId).catch(() => undefined);
    out.push(toApp({ app, engine: conn?.engine ?? 'postgres', connectionName: conn?.name ?? '', role: seed.role }));
  }
  return out;
}

/** For billing's gauge (issue 31, meter admin-builder.apps): the number of apps of every seed that has any. */
export const appCountsBySeed = (deps: Pick<TDeps, 'db'>) => repo.appCountsBySeed(deps.db);

/**
 * The admin apps built on a connection (id and name): what deleting the connection would take along. For the API
 * builder's delete confirmation; also `GET …/admin-builder/apps?connectionId=`.
 */
export async function appsOfConnection(deps: Pick<TDeps, 'db'>, seedId: string, connectionId: string): Promise<{ id: string; name: string }[]> {
  return (await repo.listApps(deps.db, seedId)).filter((a) => a.connectionId === connectionId).map((a) => ({ id: a.id, name: a.name }));
}

export async function createApp(
  deps: TDeps,
  actor: TActor,
  seedId: string,
  input: { name: string; connectionId: string; tables: string[] },
): Promise<{ id: string }> {
  const seed = await seedFor(deps.db, seedId, actor.id);
  if (!isManager(seed.role)) throw new AppError('ADMIN_APP_FORBIDDEN');
  const conn = await deps.connections.forAdmin(seedId, input.connectionId);
  const names = [...new Set(input.tables)];
  const infos = names.map((n) => {
    const t = conn.schema.tables.find((x) => x.name === n);
    if (!t)
      throw new AppError('ADMIN_BAD_INPUT', m.tableUnknown(n.slice(0, 64)), {
        status: 400,
        details: [{ path: 'tables', message: m.tableUnknown(n.slice(0, 64)) }],
      });
    return t;
  });
  const apiId = await deps.connections.createInternalApi(seedId, conn.id, names);
  try {
    // Every chosen table gets its page at once: default settings are stored with the app.
    const row = await repo.insertApp(
      deps.db,
      { seedId, name: input.name, connectionId: conn.id, apiId, tables: names, createdBy: actor.id },
      infos.map((t) => ({ table: t.name, settings: defaultSettings(t) })),
    );
    await consoleAudit(deps, actor, 'admin_builder.app_created', seedId, { label: input.name, tables: names });
    return { id: row.id };
  } catch (e) {
    await deps.connections.deleteInternalApi(apiId);
    throw e;
  }
}

export async function renameApp(deps: TDeps, actor: TActor, seedId: string, appId: string, name: string) {
  const app = await managedApp(deps, actor, seedId, appId);
  await repo.renameApp(deps.db, app.id, name);
  await consoleAudit(deps, actor, 'admin_builder.app_renamed', seedId, { label: name, from: app.name });
}

export async function deleteApp(deps: TDeps, actor: TActor, seedId: string, appId: string) {
  const app = await managedApp(deps, actor, seedId, appId);
  await repo.deleteApp(deps.db, app.id);
  await deps.connections.deleteInternalApi(app.apiId);
  await consoleAudit(deps, actor, 'admin_builder.app_deleted', seedId, { label: app.name });
}

export async function appDetail(deps: TDeps, actor: TActor, seedId: string, appId: string): Promise<TAdminAppDetail> {
  const ctx = await appContext(deps, actor, seedId, appId);
  const schema = [...ctx.tables.values()].map((t) => describeTable(ctx, t)).filter((t) => t.rights.includes('view') || isManager(ctx.role));
  return { ...toApp(ctx), schema };
}

export async function updateSettings(
  deps: TDeps,
  actor: TActor,
  seedId: string,
  appId: string,
  table: string,
  patch: Partial<TAdminTableSettings>,
): Promise<TAdminTable> {
  await managedApp(deps, actor, seedId, appId);
  const ctx = await appContext(deps, actor, seedId, appId);
  const t = ctx.tables.get(table);
  if (!t) throw new AppError('ADMIN_TABLE_NOT_FOUND');
  const cols = new Set(t.columns.map((c) => c.name));
  const bad = [
    ...(patch.listColumns ?? []),
    ...(patch.formColumns ?? []),
    ...(patch.readOnlyColumns ?? []),
    ...(patch.maskedColumns ?? []),
    ...Object.keys(patch.columnLabels ?? {}),
    ...(patch.defaultSort ? [patch.defaultSort.column] : []),
    ...(patch.displayColumn ? [patch.displayColumn] : []),
  ].find((c) => !cols.has(c));
  if (bad) throw new AppError('ADMIN_BAD_INPUT', m.unknownColumn(bad.slice(0, 64)), { status: 400 });
  const next = settingsFor(t, { ...ctx.settings.get(table), ...patch });
  // What binds admins (their rights, the columns they see and write) is the owner's to set, not an admin's own.
  if (ctx.role !== 'owner') {
    const before = ctx.settings.get(table)!;
    const same = (k: 'listColumns' | 'formColumns' | 'readOnlyColumns' | 'maskedColumns') =>
      JSON.stringify([...(before[k] ?? [])].sort()) === JSON.stringify([...(next[k] ?? [])].sort());
    const adminRights = JSON.stringify([...before.permissions.admin].sort()) === JSON.stringify([...next.permissions.admin].sort());
    // Nor may an admin give members (an account of its own among them) a right the owner did not give admins.
    const beyondAdmins = next.permissions.member.some((r) => !next.permissions.admin.includes(r) && !before.permissions.member.includes(r));
    if (!adminRights || beyondAdmins || !same('listColumns') || !same('formColumns') || !same('readOnlyColumns') || !same('maskedColumns'))
      throw new AppError('ADMIN_APP_FORBIDDEN', m.ownerOnlyRights);
  }
  await repo.saveSettings(deps.db, appId, table, next, deps.now());
  ctx.settings.set(table, next);
  await consoleAudit(deps, actor, 'admin_builder.settings_saved', seedId, { label: ctx.app.name, table });
  return describeTable(ctx, t);
}
