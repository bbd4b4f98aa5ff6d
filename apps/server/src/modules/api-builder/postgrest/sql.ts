/**
 * SQL text for the parsed grammar, on either engine. Identifiers come only from the introspected (published)
 * schema and are quoted by the engine; every value is a bound parameter.
 */
import { ko } from '@suite/shared';
import type { TEngine, TTableInfo } from '../engines/engine.ts';
import { PgrstError } from './errors.ts';
import type { TCondition, TFilter, TOrder } from './grammar.ts';

const msg = ko.apiBuilder.pgrst;

export type TPublishedSchema = { tables: Map<string, TTableInfo> };

export class SqlParams {
  readonly values: unknown[] = [];
  private readonly engine: TEngine;
  constructor(engine: TEngine) {
    this.engine = engine;
  }
  add(v: unknown): string {
    this.values.push(v);
    return this.engine.param(this.values.length);
  }
}

export function columnOf(table: TTableInfo, name: string) {
  const c = table.columns.find((col) => col.name === name);
  if (!c) throw new PgrstError(400, '42703', msg.noColumn(table.name, name));
  return c;
}

const isBoolColumn = (engine: TEngine, type: string) => (engine.kind === 'mysql' ? /^tinyint\(1\)/i.test(type) : type === 'boolean');

/** A filter value as the engine should receive it (MySQL booleans are 0/1). */
function bindValue(engine: TEngine, type: string, v: string): unknown {
  if (engine.kind === 'mysql' && isBoolColumn(engine, type)) {
    if (v === 'true') return 1;
    if (v === 'false') return 0;
  }
  return v;
}

const likePattern = (v: string) => v.replace(/\*/g, '%');

function filterSql(engine: TEngine, table: TTableInfo, f: TFilter, p: SqlParams, alias: string): string {
  const col = columnOf(table, f.column);
  const ref = `${alias}.${engine.quote(col.name)}`;
  const not = (s: string) => (f.negated ? `NOT (${s})` : s);
  const v = f.value;
  switch (f.op) {
    case 'eq':
    case 'neq':
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const sym = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' }[f.op];
      return not(`${ref} ${sym} ${p.add(bindValue(engine, col.type, v as string))}`);
    }
    case 'like':
      return not(engine.kind === 'mysql' ? `${ref} LIKE BINARY ${p.add(likePattern(v as string))}` : `${ref}::text LIKE ${p.add(likePattern(v as string))}`);
    case 'ilike':
      return not(
        engine.kind === 'mysql' ? `LOWER(${ref}) LIKE LOWER(${p.add(likePattern(v as string))})` : `${ref}::text ILIKE ${p.add(likePattern(v as string))}`,
      );
    case 'in': {
      const list = v as string[];
      if (!list.length) return f.negated ? '1=1' : '1=0';
      return not(`${ref} IN (${list.map((x) => p.add(bindValue(engine, col.type, x))).join(', ')})`);
    }
    case 'is': {
      const word = (v as string).toUpperCase();
      return `${ref} IS ${f.negated ? 'NOT ' : ''}${word}`;
    }
  }
}

export function conditionSql(engine: TEngine, table: TTableInfo, c: TCondition, p: SqlParams, alias: string): string {
  if (c.kind === 'filter') return filterSql(engine, table, c, p, alias);
  const inner = c.children.map((ch) => conditionSql(engine, table, ch, p, alias)).join(c.op === 'and' ? ' AND ' : ' OR ');
  return c.negated ? `NOT (${inner})` : `(${inner})`;
}

export function orderSql(engine: TEngine, table: TTableInfo, order: TOrder[], alias: string): string {
  const parts: string[] = [];
  for (const o of order) {
    const ref = `${alias}.${engine.quote(columnOf(table, o.column).name)}`;
    // PostgreSQL's default: NULLs sort as larger than any value (last ascending, first descending).
    const nulls = o.nulls ?? (o.desc ? 'first' : 'last');
    if (engine.kind === 'postgres') parts.push(`${ref} ${o.desc ? 'DESC' : 'ASC'} NULLS ${nulls.toUpperCase()}`);
    else parts.push(`(${ref} IS NULL) ${nulls === 'first' ? 'DESC' : 'ASC'}`, `${ref} ${o.desc ? 'DESC' : 'ASC'}`);
  }
  return parts.length ? ` ORDER BY ${parts.join(', ')}` : '';
}

export function limitSql(limit: number | undefined, offset: number | undefined, engine: TEngine): string {
  // Integers validated by the grammar; written as literals (MySQL prepared statements refuse some LIMIT parameters).
  let s = '';
  if (limit !== undefined) s += ` LIMIT ${limit}`;
  if (offset !== undefined && offset > 0)
    s += limit === undefined && engine.kind === 'mysql' ? ` LIMIT 18446744073709551615 OFFSET ${offset}` : ` OFFSET ${offset}`;
  return s;
}

/** `(a, b) IN ((…),(…))` for key tuples, written portably. */
export function keysInSql(engine: TEngine, alias: string, cols: string[], tuples: unknown[][], p: SqlParams): string {
  if (!tuples.length) return '1=0';
  if (cols.length === 1) return `${alias}.${engine.quote(cols[0]!)} IN (${tuples.map((t) => p.add(t[0])).join(', ')})`;
  return `(${tuples
    .map((t) => cols.map((c, i) => `${alias}.${engine.quote(c)} = ${p.add(t[i])}`).join(' AND '))
    .map((s) => `(${s})`)
    .join(' OR ')})`;
}

export type TRelation = {
  /** The related table. */
  table: TTableInfo;
  /** many-to-one: the parent holds the FK (object or null); one-to-many: the child holds it (array). */
  cardinality: 'one' | 'many';
  /** Columns on the current table and the related table that join them, pairwise. */
  localCols: string[];
  remoteCols: string[];
};

/** Finds the relationship `name` (a table, optionally disambiguated by `hint`: FK name or column) from `from`. */
export function resolveRelation(schema: TPublishedSchema, from: TTableInfo, name: string, hint: string | undefined): TRelation {
  const target = schema.tables.get(name);
  if (!target) throw new PgrstError(400, 'PGRST200', msg.noRelation(from.name, name), msg.relationHint);
  const matches = (fk: { name: string; columns: string[] }) => !hint || fk.name === hint || (fk.columns.length === 1 && fk.columns[0] === hint);
  const candidates: TRelation[] = [
    ...from.foreignKeys
      .filter((fk) => fk.refTable === target.name && matches(fk))
      .map((fk) => ({ table: target, cardinality: 'one' as const, localCols: fk.columns, remoteCols: fk.refColumns })),
    ...target.foreignKeys
      .filter((fk) => fk.refTable === from.name && matches(fk))
      .map((fk) => ({ table: target, cardinality: 'many' as const, localCols: fk.refColumns, remoteCols: fk.columns })),
  ];
  // A self-reference appears twice (as its own parent and child); without a hint both directions are ambiguous.
  if (candidates.length === 0) throw new PgrstError(400, 'PGRST200', msg.noRelation(from.name, name), msg.relationHint);
  if (candidates.length > 1) throw new PgrstError(300, 'PGRST201', msg.ambiguous(from.name, name), msg.ambiguousHint(name));
  return candidates[0]!;
}
