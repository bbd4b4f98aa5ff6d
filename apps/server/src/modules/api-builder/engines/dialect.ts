/**
 * The two SQL dialects of the API builder in one place: everything PostgreSQL and MySQL/MariaDB spell differently is
 * a method here, and the statement builders (postgrest/sql.ts, read.ts, write.ts) never ask which engine they are on.
 * Pure: no driver, no connection, so grammar → plan → SQL is tested without a database (postgrest/sql.test.ts).
 * Values always travel as parameters of `Sql` fragments; only identifiers (quoted here) and validated integers are text.
 */
import { int, raw, sql, type Sql } from '../postgrest/sql-fragment.ts';

export type TDialectKind = 'postgres' | 'mysql';

export type TInsert = {
  table: string;
  columns: string[];
  /** `(…), (…)`: the rows' values (parameters, `DEFAULT` or `NULL`). */
  rows: Sql;
  /** Prefer: resolution=merge-duplicates / ignore-duplicates, with the conflict target (on_conflict or the primary key). */
  resolution: 'merge' | 'ignore' | undefined;
  onConflict: string[];
  /** Primary-key columns to return (RETURNING dialects only). */
  returning: string[];
};

export type TDialect = {
  kind: TDialectKind;
  /** `"name"` / `` `name` ``, the quote character doubled inside. */
  quote: (ident: string) => string;
  /** The n-th (1-based) parameter's placeholder. */
  placeholder: (n: number) => string;
  /** A filter's text value as the engine should bind it for a column of `type` (MySQL's booleans are TINYINT(1): 0/1). */
  bindFilterValue: (type: string, value: string) => unknown;
  /** `like`, case-sensitive (`*` already turned into `%`). */
  like: (ref: Sql, pattern: string) => Sql;
  /** `ilike`, case-insensitive. */
  ilike: (ref: Sql, pattern: string) => Sql;
  /** The column's text matches a regular expression built by the server (chosung.ts), never the caller's. */
  matches: (ref: Sql, pattern: string) => Sql;
  /** ORDER BY term(s) for one column with the NULLs where asked. */
  orderBy: (ref: Sql, desc: boolean, nulls: 'first' | 'last') => Sql[];
  /** LIMIT/OFFSET written as literals (integers validated by the grammar; MySQL refuses some LIMIT parameters). */
  limitOffset: (limit: number | undefined, offset: number | undefined) => Sql;
  /** Whether INSERT/UPDATE return the touched keys themselves (RETURNING); otherwise the writer reads them in its transaction. */
  returning: boolean;
  /** The INSERT, with the upsert spelling and RETURNING of this dialect. */
  insert: (i: TInsert) => Sql;
  /** A SET target in `UPDATE table alias SET …`. */
  setTarget: (alias: string, column: string) => Sql;
  /** `DELETE … FROM table alias` up to WHERE. */
  deleteFrom: (table: string, alias: string) => Sql;
  /** The planner's estimate statement for a query, and its row count from the result (null when there is none). */
  explain: (query: Sql) => Sql;
  plannedRows: (rows: Record<string, unknown>[]) => number | null;
};

const quotePg = (ident: string) => `"${ident.replace(/"/g, '""')}"`;
const quoteMysql = (ident: string) => '`' + ident.replace(/`/g, '``') + '`';

const asc = (desc: boolean) => (desc ? 'DESC' : 'ASC');

export const postgresDialect: TDialect = {
  kind: 'postgres',
  quote: quotePg,
  placeholder: (n) => `$${n}`,
  bindFilterValue: (_type, value) => value,
  // The column as text, so `like` works on any type as PostgREST's does.
  like: (ref, pattern) => sql`${ref}::text LIKE ${pattern}`,
  ilike: (ref, pattern) => sql`${ref}::text ILIKE ${pattern}`,
  matches: (ref, pattern) => sql`${ref}::text ~ ${pattern}`,
  // Fixed keywords only: nothing of the caller's reaches the text.
  orderBy: (ref, desc, nulls) => [sql`${ref} ${raw(asc(desc))} NULLS ${raw(nulls === 'first' ? 'FIRST' : 'LAST')}`],
  limitOffset(limit, offset) {
    const l = limit === undefined ? raw('') : sql` LIMIT ${int(limit)}`;
    return offset !== undefined && offset > 0 ? sql`${l} OFFSET ${int(offset)}` : l;
  },
  returning: true,
  insert(i) {
    const q = quotePg;
    let s = sql`INSERT INTO ${raw(q(i.table))} (${raw(i.columns.map(q).join(', '))}) VALUES ${i.rows}`;
    if (i.resolution && i.onConflict.length) {
      const updatable = i.columns.filter((c) => !i.onConflict.includes(c));
      const action =
        i.resolution === 'ignore' || !updatable.length ? 'DO NOTHING' : `DO UPDATE SET ${updatable.map((c) => `${q(c)} = EXCLUDED.${q(c)}`).join(', ')}`;
      s = sql`${s} ON CONFLICT (${raw(i.onConflict.map(q).join(', '))}) ${raw(action)}`;
    }
    if (i.returning.length) s = sql`${s} RETURNING ${raw(i.returning.map(q).join(', '))}`;
    return s;
  },
  // PostgreSQL refuses a qualified SET target.
  setTarget: (_alias, column) => raw(quotePg(column)),
  deleteFrom: (table, alias) => raw(`DELETE FROM ${quotePg(table)} ${alias}`),
  explain: (query) => sql`EXPLAIN (FORMAT JSON) ${query}`,
  plannedRows(rows) {
    const rawPlan = rows[0]?.['QUERY PLAN'];
    const json = (typeof rawPlan === 'string' ? JSON.parse(rawPlan) : rawPlan) as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
    const n = json?.[0]?.Plan?.['Plan Rows'];
    return typeof n === 'number' ? Math.round(n) : null;
  },
};

const isMysqlBool = (type: string) => /^tinyint\(1\)/i.test(type);

export const mysqlDialect: TDialect = {
  kind: 'mysql',
  quote: quoteMysql,
  placeholder: () => '?',
  bindFilterValue(type, value) {
    if (isMysqlBool(type)) {
      if (value === 'true') return 1;
      if (value === 'false') return 0;
    }
    return value;
  },
  // Byte comparison: case-sensitive whatever the column's collation.
  like: (ref, pattern) => sql`${ref} LIKE BINARY ${pattern}`,
  ilike: (ref, pattern) => sql`LOWER(${ref}) LIKE LOWER(${pattern})`,
  matches: (ref, pattern) => sql`${ref} REGEXP ${pattern}`,
  // No NULLS FIRST/LAST: an IS NULL term first.
  orderBy: (ref, desc, nulls) => [sql`(${ref} IS NULL) ${raw(nulls === 'first' ? 'DESC' : 'ASC')}`, sql`${ref} ${raw(asc(desc))}`],
  limitOffset(limit, offset) {
    const paged = offset !== undefined && offset > 0;
    // OFFSET needs a LIMIT: the largest one.
    const l = limit !== undefined ? sql` LIMIT ${int(limit)}` : raw(paged ? ' LIMIT 18446744073709551615' : '');
    return paged ? sql`${l} OFFSET ${int(offset)}` : l;
  },
  returning: false,
  insert(i) {
    const q = quoteMysql;
    const verb = i.resolution === 'ignore' ? 'INSERT IGNORE' : 'INSERT';
    let s = sql`${raw(verb)} INTO ${raw(q(i.table))} (${raw(i.columns.map(q).join(', '))}) VALUES ${i.rows}`;
    if (i.resolution === 'merge') {
      // The conflict target is every unique key (MySQL has no ON CONFLICT (…)).
      const updatable = i.columns.filter((c) => !i.onConflict.includes(c));
      const set = updatable.length ? updatable : i.columns;
      s = sql`${s} ON DUPLICATE KEY UPDATE ${raw(set.map((c) => `${q(c)} = VALUES(${q(c)})`).join(', '))}`;
    }
    return s;
  },
  setTarget: (alias, column) => raw(`${alias}.${quoteMysql(column)}`),
  deleteFrom: (table, alias) => raw(`DELETE ${alias} FROM ${quoteMysql(table)} ${alias}`),
  explain: (query) => sql`EXPLAIN ${query}`,
  plannedRows(rows) {
    const n = rows[0]?.rows;
    return n === null || n === undefined ? null : Number(n);
  },
};

export const dialectOf = (kind: TDialectKind): TDialect => (kind === 'postgres' ? postgresDialect : mysqlDialect);

/** `alias.column`, quoted. */
export const col = (d: TDialect, alias: string, column: string): Sql => raw(`${alias}.${d.quote(column)}`);

/** Quoted columns joined by `, ` (optionally qualified): identifiers only, so one piece of text. */
export const cols = (d: TDialect, columns: string[], alias?: string): Sql =>
  raw(columns.map((c) => (alias ? `${alias}.${d.quote(c)}` : d.quote(c))).join(', '));
