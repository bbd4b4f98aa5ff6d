/**
 * The admin builder's reads and writes as the data API's parsed query (conditions, order, limit, offset, select,
 * columns): built as a tree and handed to `callDataApiTyped`, never spelled as PostgREST text and parsed back, so a
 * value needs no quoting and a column name no escaping. Which columns a role may filter, search and sort by is
 * decided here (the visible ones; a hidden foreign key by equality only).
 */
import { ko } from '@suite/shared';
import type { TAdminColumn } from '@suite/shared/schemas/admin-builder';
import { AppError } from '../../lib/app-error.ts';
import type { TCondition, TFilter, TOrder, TParsedQuery, TTableInfo } from '../api-builder/data-api.service.ts';
import { columnsOf, isMasked, visibleColumns, type TAppCtx } from './admin-builder.columns.ts';

const m = ko.adminBuilder.server;

/** One table's query: the columns to return (all when left out), conditions (ANDed), order, page, insert columns. */
export type TQuery = { select?: string[]; where?: TCondition[]; order?: TOrder[]; limit?: number; offset?: number; columns?: string[] };

/** The data API's tree for a query on one table (no embeds). */
export function treeOf(q: TQuery): TParsedQuery {
  return {
    select: q.select ? q.select.map((name) => ({ kind: 'field', alias: undefined, name })) : [{ kind: 'star' }],
    resources: new Map([['', { where: q.where ?? [], order: q.order ?? [], limit: q.limit, offset: q.offset }]]),
    onConflict: undefined,
    columns: q.columns,
  };
}

export const filter = (column: string, op: TFilter['op'], value: string | string[], negated = false): TFilter => ({
  kind: 'filter',
  column,
  op,
  negated,
  value,
});
export const anyOf = (children: TCondition[]): TCondition => ({ kind: 'logic', op: 'or', negated: false, children });
export const allOf = (children: TCondition[]): TCondition => ({ kind: 'logic', op: 'and', negated: false, children });

/** An `ilike` pattern for "contains": the term's own `*` are dropped (they would be wildcards). */
export const containing = (term: string) => `*${term.replace(/\*/g, '')}*`;

/** The list's search (`q`) and column filters (`f.<column>=<op>:<value>`) as conditions on the table. */
export function filterConditions(ctx: TAppCtx, t: TTableInfo, query: Record<string, unknown>): TCondition[] {
  const out: TCondition[] = [];
  const visible = visibleColumns(ctx, t, 'list');
  const all = columnsOf(ctx, t);
  const cols = all.filter((c) => visible.includes(c.name));
  // A foreign key filters even when hidden, by equality only: a parent's page lists its children by it (the related
  // tab). Ranges, patterns and lists on it would read its values row by row.
  const filterable = all.filter((c) => visible.includes(c.name) || c.ref);
  const eqOnly = (c: TAdminColumn) => !visible.includes(c.name);
  const q = typeof query.q === 'string' ? query.q.trim() : '';
  if (q) {
    // Masked personal data is never searched (its values could be probed without 열람; decision 092).
    const ors: TCondition[] = cols.filter((c) => c.kind === 'text' && !c.ref && !c.masked).map((c) => filter(c.name, 'ilike', containing(q)));
    // A number typed in the search box also finds the row by its numeric primary key.
    const pk = cols.find((c) => c.name === t.primaryKey[0] && c.kind === 'number');
    if (pk && /^\d{1,15}$/.test(q)) ors.push(filter(pk.name, 'eq', q));
    if (ors.length) out.push(anyOf(ors));
  }
  for (const [k, raw] of Object.entries(query)) {
    if (!k.startsWith('f.')) continue;
    const col = filterable.find((c) => c.name === k.slice(2));
    if (!col) throw new AppError('ADMIN_BAD_INPUT', m.unknownColumn(k.slice(2, 66)), { status: 400 });
    for (const one of Array.isArray(raw) ? raw : [raw]) {
      const s = String(one);
      const i = s.indexOf(':');
      const op = i < 0 ? '' : s.slice(0, i);
      const value = i < 0 ? '' : s.slice(i + 1);
      if (eqOnly(col) && op !== 'eq') throw new AppError('ADMIN_BAD_INPUT', m.unknownColumn(col.name.slice(0, 64)), { status: 400 });
      // A masked column filters only by whether it has a value.
      if (col.masked && !((op === 'is' && value === 'null') || (op === 'not' && value === 'null')))
        throw new AppError('ADMIN_BAD_INPUT', ko.adminBuilder.roles.server.maskedFilter(col.name.slice(0, 64)), { status: 400 });
      if (op === 'contains') out.push(filter(col.name, 'ilike', containing(value)));
      else if (op === 'eq' || op === 'gte' || op === 'lte') {
        if (col.kind === 'number' && !/^-?\d+(\.\d+)?$/.test(value)) throw new AppError('ADMIN_BAD_INPUT', m.notNumber(col.name), { status: 400 });
        if ((col.kind === 'date' || col.kind === 'datetime') && Number.isNaN(Date.parse(value)))
          throw new AppError('ADMIN_BAD_INPUT', m.notDate(col.name), { status: 400 });
        out.push(filter(col.name, op, value));
      } else if (op === 'in') out.push(filter(col.name, 'in', value.split(',')));
      else if (op === 'is' && ['true', 'false', 'null'].includes(value)) out.push(filter(col.name, 'is', value));
      else if (op === 'not' && value === 'null') out.push(filter(col.name, 'is', 'null', true));
      else throw new AppError('ADMIN_BAD_INPUT', ko.adminBuilder.validation.filter, { status: 400 });
    }
  }
  return out;
}

/** The list's order: the requested sort or the table's default (visible columns only), then the primary key. */
export function orderOf(ctx: TAppCtx, t: TTableInfo, sort: string | undefined): TOrder[] {
  const s = ctx.settings.get(t.name)!;
  const out: TOrder[] = [];
  const asked = sort ? /^([^.]+)\.(asc|desc)$/.exec(sort) : null;
  const visible = visibleColumns(ctx, t, 'list').filter((c) => !isMasked(ctx, t.name, c));
  // Only by a column the page shows: an order by a hidden (or masked) one would tell its values' ranks.
  if (asked && visible.includes(asked[1]!)) out.push({ column: asked[1]!, desc: asked[2] === 'desc', nulls: undefined });
  else if (s.defaultSort && visible.includes(s.defaultSort.column))
    out.push({ column: s.defaultSort.column, desc: s.defaultSort.dir === 'desc', nulls: undefined });
  // A stable order for paging: the primary key last.
  for (const k of t.primaryKey) if (!out.some((o) => o.column === k)) out.push({ column: k, desc: false, nulls: undefined });
  return out;
}

/** A row key from the pages (`["…", 3]`, the primary key's values in order) as the values to compare. */
export function keyValues(t: TTableInfo, key: string): string[] {
  if (!t.primaryKey.length) throw new AppError('ADMIN_BAD_INPUT', m.noPrimaryKey, { status: 400 });
  let values: unknown;
  try {
    values = JSON.parse(key);
  } catch {
    throw new AppError('ADMIN_ROW_NOT_FOUND');
  }
  if (!Array.isArray(values) || values.length !== t.primaryKey.length || values.some((v) => v === null || typeof v === 'object'))
    throw new AppError('ADMIN_ROW_NOT_FOUND');
  return values.map(String);
}

/** The conditions that address one row by its key. */
export const keyFilter = (t: TTableInfo, key: string): TFilter[] => keyValues(t, key).map((v, i) => filter(t.primaryKey[i]!, 'eq', v));

/** The conditions that address the rows of several keys (one IN for a single-column key). */
export function keysFilter(t: TTableInfo, keys: string[]): TCondition[] {
  const values = [...new Set(keys)].map((k) => keyValues(t, k));
  if (values.length === 1) return keyFilter(t, keys[0]!);
  if (t.primaryKey.length === 1)
    return [
      filter(
        t.primaryKey[0]!,
        'in',
        values.map((v) => v[0]!),
      ),
    ];
  return [anyOf(values.map((v) => allOf(v.map((x, i) => filter(t.primaryKey[i]!, 'eq', x)))))];
}

export const rowKeyOf = (t: TTableInfo, row: Record<string, unknown>) => JSON.stringify(t.primaryKey.map((k) => row[k]));
