/** The app's change log: the record of one change, and the log as a role may read it (hidden columns stay hidden). */
import type { TAdminAuditEntry } from '@suite/shared/schemas/admin-builder';
import { AppError } from '../../lib/app-error.ts';
import type { TTableInfo } from '../api-builder/data-api.service.ts';
import { isManager, isMasked, rightsOf, visibleColumns, type TAppCtx } from './admin-builder.columns.ts';
import { maskRow } from './admin-builder.rules.ts';
import { appContext } from './admin-builder.context.ts';
import type { TActor, TDeps } from './admin-builder.deps.ts';
import * as repo from './admin-builder.repository.ts';

const PAGE = 50;

export const auditRow = (ctx: TAppCtx, actor: TActor, t: TTableInfo, action: 'create' | 'update' | 'delete', key: string, before: unknown, after: unknown) => ({
  appId: ctx.app.id,
  actorId: actor.id,
  actorName: actor.name,
  tableName: t.name,
  rowKey: key,
  action,
  before,
  after,
});

/** A change record's values without the columns this role may not see (an admin's hidden columns stay hidden). */
function visibleOf(ctx: TAppCtx, table: string, values: unknown): Record<string, unknown> | null {
  if (!values || typeof values !== 'object') return null;
  const t = ctx.tables.get(table);
  if (ctx.role === 'owner') return values as Record<string, unknown>;
  if (!t) return {};
  const cols = visibleColumns(ctx, t, 'row');
  const shown = Object.fromEntries(Object.entries(values).filter(([k]) => cols.includes(k)));
  // Masked personal data stays masked for a role without 열람 (decision 092).
  return maskRow(ctx, table, shown, rightsOf(ctx, table).includes('unmask'));
}

export type TAuditQuery = { q?: string | undefined; table?: string | undefined; page: number };

export async function audit(deps: TDeps, actor: TActor, seedId: string, appId: string, query: TAuditQuery) {
  const ctx = await appContext(deps, actor, seedId, appId);
  if (!isManager(ctx.role)) throw new AppError('ADMIN_APP_FORBIDDEN');
  // The search looks only at values this role may see (else a hidden value could be found by searching for it).
  const hidden =
    ctx.role === 'owner'
      ? undefined
      : new Map(
          [...ctx.tables.values()].map((t) => {
            const clear = rightsOf(ctx, t.name).includes('unmask');
            return [t.name, t.columns.map((c) => c.name).filter((c) => !visibleColumns(ctx, t, 'row').includes(c) || (!clear && isMasked(ctx, t.name, c)))];
          }),
        );
  const { rows, total } = await repo.listAudit(deps.db, ctx.app.id, {
    hidden,
    q: query.q?.trim() || undefined,
    table: query.table,
    limit: PAGE,
    offset: (query.page - 1) * PAGE,
  });
  const data: TAdminAuditEntry[] = rows.map((r) => ({
    id: r.id,
    at: r.createdAt.toISOString(),
    actorId: r.actorId,
    actorName: r.actorName,
    table: r.tableName,
    rowKey: r.rowKey,
    action: r.action as TAdminAuditEntry['action'],
    before: visibleOf(ctx, r.tableName, r.before),
    after: visibleOf(ctx, r.tableName, r.after),
  }));
  return { data, total };
}
