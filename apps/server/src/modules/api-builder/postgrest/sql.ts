/**
 * SQL for the parsed grammar, on either engine: fragments that carry their values (sql-fragment.ts), spelled by the
 * engine's dialect (engines/dialect.ts). Identifiers come only from the introspected (published) schema and are
 * quoted by the dialect; every value is a bound parameter.
 */
import { ko } from '@suite/shared';
import type { TTableInfo } from '../engines/engine.ts';
import { col, type TDialect } from '../engines/dialect.ts';
import { chosungPattern, isTextType } from './chosung.ts';
import { PgrstError } from './errors.ts';
import type { TCondition, TFilter, TOrder } from './grammar.ts';
import { join, raw, sql, type Sql } from './sql-fragment.ts';

const msg = ko.apiBuilder.pgrst;

export type TPublishedSchema = { tables: Map<string, TTableInfo> };

export function columnOf(table: TTableInfo, name: string) {
  const c = table.columns.find((column) => column.name === name);
  if (!c) throw new PgrstError(400, '42703', msg.noColumn(table.name, name));
  return c;
}

const likePattern = (v: string) => v.replace(/\*/g, '%');

const COMPARE = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/**
 * One horizontal filter, e.g. for `age=gte.18` on alias `t0`: PostgreSQL `t0."age" >= $1`, MySQL `` t0.`age` >= ? ``
 * with the value `'18'` (the database casts it to the column's type).
 */
function filterSql(d: TDialect, table: TTableInfo, f: TFilter, alias: string): Sql {
  const c = columnOf(table, f.column);
  const ref = col(d, alias, c.name);
  const not = (s: Sql) => (f.negated ? sql`NOT (${s})` : s);
  const v = f.value;
  switch (f.op) {
    case 'eq':
    case 'neq':
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return not(sql`${ref} ${raw(COMPARE[f.op])} ${d.bindFilterValue(c.type, v as string)}`);
    case 'like':
      return not(d.like(ref, likePattern(v as string)));
    case 'ilike':
      return not(d.ilike(ref, likePattern(v as string)));
    case 'chosung':
      if (!isTextType(c.type)) throw new PgrstError(400, 'PGRST100', msg.chosungColumn(c.name));
      return not(d.matches(ref, chosungPattern(v as string)));
    case 'in': {
      const list = v as string[];
      if (!list.length) return raw(f.negated ? '1=1' : '1=0');
      return not(
        sql`${ref} IN (${join(
          list.map((x) => sql`${d.bindFilterValue(c.type, x)}`),
          ', ',
        )})`,
      );
    }
    case 'is': {
      // null | true | false | unknown, checked by the grammar: a keyword, not a value.
      const word = (v as string).toUpperCase();
      return sql`${ref} IS ${raw(f.negated ? 'NOT ' : '')}${raw(word)}`;
    }
  }
}

/** A condition tree: `or=(a.eq.1,b.is.null)` → `(t0."a" = $1 OR t0."b" IS NULL)`. */
export function conditionSql(d: TDialect, table: TTableInfo, c: TCondition, alias: string): Sql {
  if (c.kind === 'filter') return filterSql(d, table, c, alias);
  const inner = join(
    c.children.map((ch) => conditionSql(d, table, ch, alias)),
    c.op === 'and' ? ' AND ' : ' OR ',
  );
  return c.negated ? sql`NOT (${inner})` : sql`(${inner})`;
}

/** ` ORDER BY …` (or nothing), NULLs placed as PostgreSQL places them by default unless the order says otherwise. */
export function orderSql(d: TDialect, table: TTableInfo, order: TOrder[], alias: string): Sql {
  const parts: Sql[] = [];
  for (const o of order) {
    // PostgreSQL's default: NULLs sort as larger than any value (last ascending, first descending).
    const nulls = o.nulls ?? (o.desc ? 'first' : 'last');
    parts.push(...d.orderBy(col(d, alias, columnOf(table, o.column).name), o.desc, nulls));
  }
  return parts.length ? sql` ORDER BY ${join(parts, ', ')}` : raw('');
}

/** `(a, b) IN ((…),(…))` for key tuples, written portably: `t0."id" IN ($1, $2)` or `((t0."a" = $1 AND t0."b" = $2) OR …)`. */
export function keysInSql(d: TDialect, alias: string, columns: string[], tuples: unknown[][]): Sql {
  if (!tuples.length) return raw('1=0');
  if (columns.length === 1)
    return sql`${col(d, alias, columns[0]!)} IN (${join(
      tuples.map((t) => sql`${t[0]}`),
      ', ',
    )})`;
  const each = tuples.map(
    (t) =>
      sql`(${join(
        columns.map((c, i) => sql`${col(d, alias, c)} = ${t[i]}`),
        ' AND ',
      )})`,
  );
  return sql`(${join(each, ' OR ')})`;
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
