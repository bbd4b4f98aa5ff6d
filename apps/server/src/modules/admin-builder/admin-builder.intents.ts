/**
 * Intents of a write to the customer's database (an import, a new row): written to the suite's database before the
 * customer's, finished with the audit rows after. A retry with the same key gets the first answer; an intent left
 * pending by a process that died is reconciled against the customer's database (the rows are there, or not).
 */
import { ko } from '@suite/shared';
import type { TAdminImportResponse } from '@suite/shared/schemas/admin-builder';
import { AppError } from '../../lib/app-error.ts';
import type { TCondition, TTableInfo } from '../api-builder/data-api.service.ts';
import { auditRow } from './admin-builder.audit.ts';
import type { TAppCtx } from './admin-builder.columns.ts';
import { ctxOf } from './admin-builder.context.ts';
import { data, rowsOf, totalOf } from './admin-builder.data.ts';
import type { TActor, TDeps } from './admin-builder.deps.ts';
import { filter, rowKeyOf } from './admin-builder.query.ts';
import * as repo from './admin-builder.repository.ts';

const m = ko.adminBuilder.server;
/** A pending intent older than this belongs to a process that died (an import takes seconds). */
export const STALE_IMPORT_MS = 2 * 60_000;

export type TRow = Record<string, unknown>;

export const bad = (message: string, status = 400) => new AppError('ADMIN_BAD_INPUT', message, { status });

/** The intent for `key`: a new one, a failed one taken up again, or the first answer of an import already done. */
export async function takeIntent(
  deps: TDeps,
  ctx: TAppCtx,
  t: TTableInfo,
  key: string,
  actor: TActor,
  values: TRow[],
): Promise<{ id: string } | { result: TAdminImportResponse }> {
  let prior = await repo.findImport(deps.db, ctx.app.id, key);
  // A key answers only the import it was made for: another table's or another user's answer is not replayed.
  if (prior && (prior.tableName !== t.name || (prior.actorId !== null && prior.actorId !== actor.id))) throw bad(m.importKeyInUse, 409);
  if (prior?.status === 'pending' && deps.now().getTime() - prior.updatedAt.getTime() > STALE_IMPORT_MS) {
    await reconcileOne(deps, prior);
    prior = await repo.findImport(deps.db, ctx.app.id, key);
  }
  if (prior?.status === 'done') return { result: prior.result as TAdminImportResponse };
  if (prior?.status === 'pending') throw bad(m.importPending, 409);
  const probeBefore = await probe(deps, ctx, t, values[0]!);
  if (prior) {
    if (!(await repo.restartImport(deps.db, prior.id, { rows: values, probeBefore }, deps.now()))) throw bad(m.importPending, 409);
    return { id: prior.id };
  }
  const row = await repo.insertImportIntent(deps.db, {
    appId: ctx.app.id,
    importKey: key,
    tableName: t.name,
    actorId: actor.id,
    actorName: actor.name,
    rows: values,
    probeBefore,
  });
  if (!row) throw bad(m.importPending, 409);
  return { id: row.id };
}

/** Conditions that match rows equal to `values` (JSON values are left out: they do not compare as text). */
function equalTo(t: TTableInfo, values: TRow): TCondition[] {
  const out: TCondition[] = [];
  for (const [c, v] of Object.entries(values)) {
    if (!t.columns.some((x) => x.name === c)) continue;
    if (v === null) out.push(filter(c, 'is', 'null'));
    else if (typeof v === 'boolean') out.push(filter(c, 'is', String(v)));
    else if (typeof v === 'string' || typeof v === 'number') out.push(filter(c, 'eq', String(v)));
  }
  return out;
}

/** How many rows of the table equal `values` now. */
async function probe(deps: TDeps, ctx: TAppCtx, t: TTableInfo, values: TRow): Promise<number> {
  const res = await data(deps, ctx, {
    table: t.name,
    method: 'GET',
    query: { select: [t.primaryKey[0] ?? t.columns[0]!.name], where: equalTo(t, values), limit: 1 },
    prefer: 'count=exact',
  });
  return Number(totalOf(res) ?? 0);
}

/**
 * A pending intent whose process died: if the customer's database has the rows (the first row's count grew; the
 * insert is one statement per batch), each row found is audited and the intent done; otherwise it failed.
 */
export async function reconcileOne(deps: TDeps, intent: repo.TImportRow): Promise<'done' | 'failed'> {
  const app = await repo.findAppById(deps.db, intent.appId);
  const ctx = app ? await ctxOf(deps, app, 'owner') : undefined;
  const t = ctx?.tables.get(intent.tableName);
  const values = intent.rows as TRow[];
  if (!ctx || !t || !values.length) {
    await repo.failImport(deps.db, intent.id, deps.now());
    return 'failed';
  }
  if ((await probe(deps, ctx, t, values[0]!)) <= intent.probeBefore) {
    await repo.failImport(deps.db, intent.id, deps.now());
    return 'failed';
  }
  const actor = { id: intent.actorId ?? '', ip: '', name: intent.actorName };
  const audit = [];
  const order = t.primaryKey.map((column) => ({ column, desc: true, nulls: undefined }));
  for (const v of values) {
    const res = await data(deps, ctx, { table: t.name, method: 'GET', query: { where: equalTo(t, v), order, limit: 1 } });
    const row = rowsOf(res)[0];
    if (row) audit.push({ ...auditRow(ctx, actor, t, 'create', t.primaryKey.length ? rowKeyOf(t, row) : '', null, row), actorId: intent.actorId });
  }
  const result: TAdminImportResponse = {
    success: true,
    message: m.imported(audit.length),
    columns: Object.keys(values[0]!),
    rows: [],
    imported: audit.length,
    encoding: 'utf-8',
  };
  await repo.finishImport(deps.db, intent.id, result, audit, deps.now());
  return 'done';
}
