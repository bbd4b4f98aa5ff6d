/**
 * Settling what a process that died left pending: import intents (at start and on a retry) and change records
 * (before the change log is read). An update is confirmed when the row holds the values it wrote, a delete when the
 * row is gone; otherwise the record is dropped (nothing changed).
 */
import type { TAppCtx } from './admin-builder.columns.ts';
import { presentRow, visibleColumns } from './admin-builder.columns.ts';
import { audit, type TAuditQuery } from './admin-builder.audit.ts';
import { ctxOf } from './admin-builder.context.ts';
import { data, rowsOf } from './admin-builder.data.ts';
import type { TActor, TDeps } from './admin-builder.deps.ts';
import { reconcileOne, STALE_IMPORT_MS, type TRow } from './admin-builder.intents.ts';
import { keyFilter } from './admin-builder.query.ts';
import * as repo from './admin-builder.repository.ts';

/** On start: every intent left pending by a process that died is settled (audited or failed). */
export async function reconcileImports(deps: TDeps, olderThanMs = STALE_IMPORT_MS): Promise<number> {
  const stale = await repo.staleImports(deps.db, new Date(deps.now().getTime() - olderThanMs));
  for (const intent of stale) await reconcileOne(deps, intent);
  return stale.length + (await reconcileAudit(deps, olderThanMs));
}

const same = (a: unknown, b: unknown) => {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  if (String(a) === String(b)) return true;
  const na = Number(a);
  const nb = Number(b);
  if (Number.isFinite(na) && Number.isFinite(nb) && String(a).trim() !== '' && String(b).trim() !== '') return na === nb;
  const da = Date.parse(String(a));
  return !Number.isNaN(da) && da === Date.parse(String(b));
};

/** Pending change records whose process died between writing them and confirming them, settled against the row. */
export async function reconcileAudit(deps: TDeps, olderThanMs = STALE_IMPORT_MS, appId?: string): Promise<number> {
  const stale = await repo.stalePendingAudit(deps.db, new Date(deps.now().getTime() - olderThanMs), appId);
  const ctxs = new Map<string, TAppCtx | null>();
  for (const rec of stale) {
    if (!ctxs.has(rec.appId)) {
      const app = await repo.findAppById(deps.db, rec.appId);
      ctxs.set(rec.appId, app ? await ctxOf(deps, app, 'owner').catch(() => null) : null);
    }
    const ctx = ctxs.get(rec.appId);
    const t = ctx?.tables.get(rec.tableName);
    if (!ctx || !t) {
      await repo.dropAudit(deps.db, [rec.id]);
      continue;
    }
    const res = await data(deps, ctx, { table: t.name, method: 'GET', query: { select: visibleColumns(ctx, t, 'row'), where: keyFilter(t, rec.rowKey) } });
    const now = rowsOf(res)[0];
    if (rec.action === 'delete') {
      if (now) await repo.dropAudit(deps.db, [rec.id]);
      else await repo.confirmAudit(deps.db, rec.id);
      continue;
    }
    const intended = (rec.after ?? {}) as TRow;
    const before = (rec.before ?? {}) as TRow;
    const row = now ? presentRow(ctx, t, now) : undefined;
    if (!row || !Object.keys(intended).every((k) => same(intended[k], row[k]))) {
      await repo.dropAudit(deps.db, [rec.id]);
      continue;
    }
    const keys = Object.keys(intended).filter((k) => !same(before[k], row[k]));
    if (!keys.length) await repo.dropAudit(deps.db, [rec.id]);
    else
      await repo.confirmAudit(deps.db, rec.id, {
        before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])),
        after: Object.fromEntries(keys.map((k) => [k, row[k] ?? null])),
      });
  }
  return stale.length;
}

/** The change log, with this app's stale pending records settled first (so that it lists every committed change). */
export async function auditLog(deps: TDeps, actor: TActor, seedId: string, appId: string, query: TAuditQuery) {
  const result = await audit(deps, actor, seedId, appId, query);
  if (!(await reconcileAudit(deps, STALE_IMPORT_MS, appId))) return result;
  return audit(deps, actor, seedId, appId, query);
}
