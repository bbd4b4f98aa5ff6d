/** Reading rows of an app's table: the list (paged, sorted, searched, filtered), one row, pick-list options, CSV and .xlsx export. */
import { csvHead, csvLine } from '../../lib/csv.ts';
import type { TTableInfo } from '../api-builder/data-api.service.ts';
import { columnsOf, isMasked, kindOf, present, refDisplay, rightsOf, tableIn, visibleColumns, type TAppCtx } from './admin-builder.columns.ts';
import { appContext } from './admin-builder.context.ts';
import { data, rowsOf, totalOf } from './admin-builder.data.ts';
import type { TActor, TDeps } from './admin-builder.deps.ts';
import { anyOf, containing, filter, filterConditions, keyFilter, orderOf } from './admin-builder.query.ts';
import type { TCondition } from '../api-builder/data-api.service.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TAdminColumn } from '@suite/shared/schemas/admin-builder';
import { xlsxWorkbook } from './admin-builder.xlsx.ts';
import { maskRow } from './admin-builder.rules.ts';
import * as repo from './admin-builder.repository.ts';

const EXPORT_MAX = 50_000;

export type TRowsQuery = { page: number; pageSize: number; sort?: string | undefined; q?: string | undefined } & Record<string, unknown>;

/** Readable values of foreign keys on a page: { column: { value: display } } (one IN query per referenced table). */
async function refsFor(deps: TDeps, ctx: TAppCtx, t: TTableInfo, rows: Record<string, unknown>[]) {
  const out: Record<string, Record<string, string>> = {};
  for (const col of columnsOf(ctx, t)) {
    if (!col.ref || !rightsOf(ctx, col.ref.table).includes('view') || col.ref.display === col.ref.column) continue;
    const values = [
      ...new Set(
        rows
          .map((r) => r[col.name])
          .filter((v) => v !== null && v !== undefined)
          .map(String),
      ),
    ];
    if (!values.length) continue;
    const res = await data(deps, ctx, {
      table: col.ref.table,
      method: 'GET',
      query: { select: [...new Set([col.ref.column, col.ref.display])], where: [filter(col.ref.column, 'in', values)] },
    });
    const map: Record<string, string> = {};
    for (const r of rowsOf(res)) map[String(r[col.ref.column])] = String(r[col.ref.display] ?? '');
    out[col.name] = map;
  }
  return out;
}

export async function listRows(deps: TDeps, actor: TActor, seedId: string, appId: string, table: string, query: TRowsQuery) {
  const ctx = await appContext(deps, actor, seedId, appId);
  const t = tableIn(ctx, table, 'view');
  const cols = visibleColumns(ctx, t, 'list');
  const res = await data(deps, ctx, {
    table,
    method: 'GET',
    query: {
      select: cols,
      where: filterConditions(ctx, t, query),
      order: orderOf(ctx, t, query.sort),
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    },
    prefer: 'count=exact',
  });
  const rows = rowsOf(res).map((r) => present(t, cols, r));
  const total = totalOf(res);
  const refs = await refsFor(deps, ctx, t, rows);
  return { data: rows.map((r) => maskRow(ctx, table, r)), total: total === undefined ? null : Number(total), page: query.page, pageSize: query.pageSize, refs };
}

export async function getRow(deps: TDeps, actor: TActor, seedId: string, appId: string, table: string, key: string) {
  const ctx = await appContext(deps, actor, seedId, appId);
  const t = tableIn(ctx, table, 'view');
  const row = await readOne(deps, ctx, t, key);
  return { data: maskRow(ctx, table, row), refs: await refsFor(deps, ctx, t, [row]) };
}

/** One row by its key, as its page receives it (404 when there is none). */
export async function readOne(deps: TDeps, ctx: TAppCtx, t: TTableInfo, key: string) {
  const cols = visibleColumns(ctx, t, 'row');
  const res = await data(deps, ctx, { table: t.name, method: 'GET', query: { select: cols, where: keyFilter(t, key) } });
  const row = rowsOf(res)[0];
  if (!row) throw new AppError('ADMIN_ROW_NOT_FOUND');
  return present(t, cols, row);
}

/** Options for a foreign-key pick list: rows of `table` whose display column contains `q`. */
export async function options(deps: TDeps, actor: TActor, seedId: string, appId: string, table: string, q: string | undefined) {
  const ctx = await appContext(deps, actor, seedId, appId);
  const t = tableIn(ctx, table, 'view');
  const key = t.primaryKey[0] ?? visibleColumns(ctx, t, 'list')[0]!;
  const display = refDisplay(ctx, t, key);
  const where: TCondition[] = [];
  const term = q?.trim();
  if (term) {
    const ors: TCondition[] = [filter(display, 'ilike', containing(term))];
    const keyKind = kindOf(t.columns.find((c) => c.name === key)?.type ?? '');
    if (/^\d{1,15}$/.test(term) && keyKind === 'number') ors.push(filter(key, 'eq', term));
    else if (key !== display && keyKind === 'text') ors.push(filter(key, 'eq', term));
    where.push(anyOf(ors));
  }
  const res = await data(deps, ctx, {
    table,
    method: 'GET',
    query: { select: [...new Set([key, display])], where, order: [{ column: display, desc: false, nulls: undefined }], limit: 20 },
  });
  return { data: rowsOf(res).map((r) => ({ value: r[key] as string | number, label: String(r[display] ?? r[key] ?? '') })) };
}

/**
 * The list's rows under the current search, filters and sort (the list's columns), page by page, as the pages receive
 * them: the one source of the CSV and the .xlsx export. The first page is empty and comes after the permission check.
 */
async function* exportPages(
  deps: TDeps,
  actor: TActor,
  seedId: string,
  appId: string,
  table: string,
  query: Record<string, unknown>,
  format: 'CSV' | 'XLSX',
): AsyncGenerator<{ t: TTableInfo; ctx: TAppCtx; cols: string[]; rows: Record<string, unknown>[] }> {
  const ctx = await appContext(deps, actor, seedId, appId);
  const t = tableIn(ctx, table, 'export');
  const cols = visibleColumns(ctx, t, 'list');
  const where = filterConditions(ctx, t, query);
  const order = orderOf(ctx, t, typeof query.sort === 'string' ? query.sort : undefined);
  // Masked columns leave masked; in clear only with a 열람 reason and the `unmask` right (else 403), recorded as one
  // admin_reveals row (reason, masked columns, row count) before any value leaves (decision 092).
  const reason = typeof query.reason === 'string' ? query.reason : undefined;
  const masked = cols.filter((c) => isMasked(ctx, table, c));
  const clear = reason !== undefined && masked.length > 0;
  if (clear) {
    tableIn(ctx, table, 'unmask');
    const counted = await data(deps, ctx, { table, method: 'GET', query: { select: cols.slice(0, 1), where, limit: 1 }, prefer: 'count=exact' });
    const total = Math.min(Number(totalOf(counted) ?? 0), EXPORT_MAX);
    await repo.insertReveal(deps.db, {
      appId: ctx.app.id,
      actorId: actor.id,
      actorName: actor.name,
      ip: actor.ip,
      tableName: table,
      rowKey: `내보내기 ${format} ${total}행`,
      columnName: masked.join(', '),
      reason,
    });
  }
  const step = Math.max(1, Math.min(ctx.rowCap, 1000));
  yield { t, ctx, cols, rows: [] };
  for (let offset = 0; offset < EXPORT_MAX; offset += step) {
    const res = await data(deps, ctx, { table, method: 'GET', query: { select: cols, where, order, limit: step, offset } });
    const rows = rowsOf(res);
    yield { t, ctx, cols, rows: rows.map((r) => maskRow(ctx, table, present(t, cols, r), clear)) };
    if (rows.length < step) break;
  }
}

/** The list's rows under the current search, filters and sort as CSV (the list's columns), page by page. */
export async function* exportCsv(
  deps: TDeps,
  actor: TActor,
  seedId: string,
  appId: string,
  table: string,
  query: Record<string, unknown>,
): AsyncGenerator<string> {
  let head = true;
  for await (const { cols, rows } of exportPages(deps, actor, seedId, appId, table, query, 'CSV')) {
    if (head) yield csvHead(cols);
    head = false;
    yield rows.map((r) => csvLine(cols.map((c) => r[c]))).join('');
  }
}

/** The same rows as an Excel workbook (typed cells; admin-builder.xlsx.ts). */
export async function exportXlsx(deps: TDeps, actor: TActor, seedId: string, appId: string, table: string, query: Record<string, unknown>): Promise<Buffer> {
  const all: Record<string, unknown>[] = [];
  let cols: { name: string; kind: TAdminColumn['kind'] }[] = [];
  for await (const page of exportPages(deps, actor, seedId, appId, table, query, 'XLSX')) {
    if (!cols.length) {
      const kinds = new Map(columnsOf(page.ctx, page.t).map((c) => [c.name, c.kind]));
      cols = page.cols.map((name) => ({ name, kind: kinds.get(name) ?? 'other' }));
    }
    all.push(...page.rows);
  }
  return xlsxWorkbook(table, cols, all);
}
