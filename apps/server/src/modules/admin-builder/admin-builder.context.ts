/** The context every admin-builder request starts from: membership, the app, its connection's schema and its settings. */
import { AppError } from '../../lib/app-error.ts';
import { seedFor } from '../seeds/seeds.service.ts';
import type { TAdminTableSettings } from '@suite/shared/schemas/admin-builder';
import type { TAdminRoleRight, TAdminRowRule } from '@suite/shared/schemas/admin-builder-roles';
import { resolveRules } from './admin-builder.rules.ts';
import type { TTableInfo } from '../api-builder/data-api.service.ts';
import { isManager, settingsFor, type TAppCtx } from './admin-builder.columns.ts';
import type { TActor, TDeps } from './admin-builder.deps.ts';
import * as repo from './admin-builder.repository.ts';

/** The app as `actor` sees it; a non-member learns nothing (the membership check answers first). */
export async function appContext(deps: TDeps, actor: TActor, seedId: string, appId: string): Promise<TAppCtx> {
  // Membership, app, settings and the member's custom role in parallel (the list's first page waits for them).
  const [seed, app, stored, role] = await Promise.all([
    seedFor(deps.db, seedId, actor.id),
    repo.findApp(deps.db, seedId, appId),
    repo.settingsOf(deps.db, appId),
    repo.roleOfMember(deps.db, appId, actor.id),
  ]);
  if (!app) throw new AppError('ADMIN_APP_NOT_FOUND');
  const ctx = await ctxOf(deps, app, seed.role, stored);
  // Owners and admins keep their rights; a member's role (decision 092) replaces the member rights of the settings.
  if (role && !isManager(seed.role))
    ctx.custom = {
      id: role.id,
      name: role.name,
      rights: role.rights as Record<string, TAdminRoleRight[]>,
      rules: resolveRules(role.rules as Record<string, TAdminRowRule[]>, actor.email ?? ''),
    };
  return { ...ctx, billing: { recorded: false } };
}

/** The app as a role sees it (the reconciler uses the owner's view: it only re-reads rows the import wrote). */
export async function ctxOf(deps: TDeps, app: repo.TAdminAppRow, role: string, stored?: Awaited<ReturnType<typeof repo.settingsOf>>): Promise<TAppCtx> {
  stored ??= await repo.settingsOf(deps.db, app.id);
  const conn = await deps.connections.forAdmin(app.seedId, app.connectionId);
  const tables = new Map<string, TTableInfo>();
  const settings = new Map<string, TAdminTableSettings>();
  for (const name of app.tables) {
    const t = conn.schema.tables.find((x) => x.name === name);
    if (!t) continue;
    // Relationships only between the app's tables (its internal API publishes only those).
    tables.set(name, { ...t, foreignKeys: t.foreignKeys.filter((fk) => app.tables.includes(fk.refTable)) });
    settings.set(name, settingsFor(t, stored.find((s) => s.tableName === name)?.settings));
  }
  return { app, role, engine: conn.engine, connectionName: conn.name, rowCap: conn.rowCap, tables, settings };
}

/** The app for a change only a manager (owner or admin) makes. */
export async function managedApp(deps: TDeps, actor: TActor, seedId: string, appId: string) {
  const seed = await seedFor(deps.db, seedId, actor.id);
  if (!isManager(seed.role)) throw new AppError('ADMIN_APP_FORBIDDEN');
  const app = await repo.findApp(deps.db, seedId, appId);
  if (!app) throw new AppError('ADMIN_APP_NOT_FOUND');
  return app;
}
