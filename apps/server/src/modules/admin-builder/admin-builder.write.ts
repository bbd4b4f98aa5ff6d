/**
 * Writing rows: create, update, delete through the data API, each with its change record — written pending before
 * the customer's database, confirmed after its commit, else reconciled by key (admin-builder.reconcile.ts).
 */
import { randomUUID } from 'node:crypto';
import { ko } from '@suite/shared';
import { AppError } from '../../lib/app-error.ts';
import { auditRow } from './admin-builder.audit.ts';
import { present, presentRow, tableIn, visibleColumns } from './admin-builder.columns.ts';
import { appContext } from './admin-builder.context.ts';
import { data, rowsOf } from './admin-builder.data.ts';
import type { TActor, TDeps } from './admin-builder.deps.ts';
import { bad, takeIntent, type TRow } from './admin-builder.intents.ts';
import { keyFilter, keysFilter, rowKeyOf } from './admin-builder.query.ts';
import { readOne } from './admin-builder.read.ts';
import * as repo from './admin-builder.repository.ts';
import { cleanValues, failIf } from './admin-builder.values.ts';
import { maskRow } from './admin-builder.rules.ts';

const m = ko.adminBuilder.server;

/** The columns whose values differ, before and after. */
export const changed = (before: TRow, after: TRow) => {
  const b: TRow = {};
  const a: TRow = {};
  for (const k of Object.keys(after)) {
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
      b[k] = before[k] ?? null;
      a[k] = after[k] ?? null;
    }
  }
  return { b, a };
};

/**
 * A new row, audited like an import of one row: the intent before the customer's database, the audit row with the
 * intent's end after it (a process killed in between is reconciled by the same rule).
 */
export async function createRow(deps: TDeps, actor: TActor, seedId: string, appId: string, table: string, input: TRow) {
  const ctx = await appContext(deps, actor, seedId, appId);
  const t = tableIn(ctx, table, 'create');
  const { values, errors } = cleanValues(ctx, t, input, 'create');
  failIf(errors);
  const intent = await takeIntent(deps, ctx, t, `row-${randomUUID()}`, actor, [values]);
  if ('result' in intent) throw bad(m.importPending, 409);
  let row: TRow;
  try {
    const res = await data(deps, ctx, {
      table,
      method: 'POST',
      query: {},
      body: values,
      prefer: 'return=representation',
      accept: 'application/vnd.pgrst.object+json',
    });
    row = res.body as TRow;
  } catch (e) {
    await repo.failImport(deps.db, intent.id, deps.now());
    throw e;
  }
  const rowKey = t.primaryKey.length ? rowKeyOf(t, row) : '';
  await repo.finishImport(deps.db, intent.id, { rowKey }, [auditRow(ctx, actor, t, 'create', rowKey, null, row)], deps.now());
  return maskRow(ctx, table, presentRow(ctx, t, row));
}

export async function updateRow(deps: TDeps, actor: TActor, seedId: string, appId: string, table: string, key: string, input: TRow) {
  const ctx = await appContext(deps, actor, seedId, appId);
  const t = tableIn(ctx, table, 'edit');
  const { values, errors } = cleanValues(ctx, t, input, 'update');
  failIf(errors);
  const before = await readOne(deps, ctx, t, key);
  if (!Object.keys(values).length) return maskRow(ctx, table, before);
  // The record first (pending: the intended values), confirmed after the customer's commit, else reconciled by key.
  const [auditId] = await repo.insertAudit(deps.db, [{ ...auditRow(ctx, actor, t, 'update', rowKeyOf(t, before), before, values), pending: true }]);
  let raw: TRow | undefined;
  try {
    const res = await data(deps, ctx, { table, method: 'PATCH', query: { where: keyFilter(t, key) }, body: values, prefer: 'return=representation' });
    raw = rowsOf(res)[0];
  } catch (e) {
    await repo.dropAudit(deps.db, [auditId!]);
    throw e;
  }
  if (!raw) {
    await repo.dropAudit(deps.db, [auditId!]);
    throw new AppError('ADMIN_ROW_NOT_FOUND');
  }
  const row = present(t, visibleColumns(ctx, t, 'row'), raw);
  const { b, a } = changed(before, row);
  if (Object.keys(a).length) await repo.confirmAudit(deps.db, auditId!, { rowKey: rowKeyOf(t, row), before: b, after: a });
  else await repo.dropAudit(deps.db, [auditId!]);
  return maskRow(ctx, table, row);
}

export async function deleteRows(deps: TDeps, actor: TActor, seedId: string, appId: string, table: string, keys: string[]): Promise<number> {
  const ctx = await appContext(deps, actor, seedId, appId);
  const t = tableIn(ctx, table, 'delete');
  const where = keysFilter(t, keys);
  // The rows as they are, recorded (pending) before they go; confirmed after the commit, else reconciled by key.
  const found = rowsOf(await data(deps, ctx, { table, method: 'GET', query: { where } }));
  if (!found.length) throw new AppError('ADMIN_ROW_NOT_FOUND');
  const ids = await repo.insertAudit(
    deps.db,
    found.map((r) => ({ ...auditRow(ctx, actor, t, 'delete', rowKeyOf(t, r), r, null), pending: true })),
  );
  let rows: TRow[];
  try {
    rows = rowsOf(await data(deps, ctx, { table, method: 'DELETE', query: { where }, prefer: 'return=representation' }));
  } catch (e) {
    await repo.dropAudit(deps.db, ids);
    throw e;
  }
  const gone = new Set(rows.map((r) => rowKeyOf(t, r)));
  for (const [i, r] of found.entries()) {
    if (gone.has(rowKeyOf(t, r))) await repo.confirmAudit(deps.db, ids[i]!);
    else await repo.dropAudit(deps.db, [ids[i]!]);
  }
  // Rows that appeared between the read and the delete are recorded as deleted too.
  const extra = rows.filter((r) => !found.some((f) => rowKeyOf(t, f) === rowKeyOf(t, r)));
  await repo.insertAudit(
    deps.db,
    extra.map((r) => auditRow(ctx, actor, t, 'delete', rowKeyOf(t, r), r, null)),
  );
  if (!rows.length) throw new AppError('ADMIN_ROW_NOT_FOUND');
  return rows.length;
}
