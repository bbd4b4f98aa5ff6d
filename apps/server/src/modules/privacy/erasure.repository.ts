/**
 * The erasure's SQL (issue 32): the database's own foreign keys (to order tables children first), primary keys (to
 * find a subject's rows once, before any of them changes) and the row operations the data map's `erase` rules need. Table and column names and the SET expressions come from the data map
 * (code, never input); the subject's values are bound parameters inside `cond` (subjects.repository.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';

export type TForeignKey = { child: string; parent: string; onDelete: 'cascade' | 'set null' | 'other' };

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** Every foreign key between tables of the public schema (child references parent), with its ON DELETE action. */
export async function foreignKeys(db: TTx): Promise<TForeignKey[]> {
  const res = await db.execute(sql`
    SELECT cl.relname AS child, pl.relname AS parent, c.confdeltype AS del
    FROM pg_constraint c
    JOIN pg_class cl ON cl.oid = c.conrelid
    JOIN pg_class pl ON pl.oid = c.confrelid
    JOIN pg_namespace n ON n.oid = cl.relnamespace
    WHERE c.contype = 'f' AND n.nspname = 'public'`);
  return rowsOf<{ child: string; parent: string; del: string }>(res).map((r) => ({
    child: r.child,
    parent: r.parent,
    onDelete: r.del === 'c' ? 'cascade' : r.del === 'n' ? 'set null' : 'other',
  }));
}

/** A table's row key: its primary key's columns with their SQL types, or none (then rows are found by ctid). */
export type TRowKey = readonly { column: string; type: string }[];

/** The primary key of every table of the public schema (column order as declared). */
export async function primaryKeys(db: TTx): Promise<Map<string, TRowKey>> {
  const res = await db.execute(sql`
    SELECT cl.relname AS "table", a.attname AS "column", format_type(a.atttypid, a.atttypmod) AS "type"
    FROM pg_constraint c
    JOIN pg_class cl ON cl.oid = c.conrelid
    JOIN pg_namespace n ON n.oid = cl.relnamespace
    CROSS JOIN LATERAL unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
    WHERE c.contype = 'p' AND n.nspname = 'public'
    ORDER BY cl.relname, k.ord`);
  const out = new Map<string, { column: string; type: string }[]>();
  for (const r of rowsOf<{ table: string; column: string; type: string }>(res)) {
    const list = out.get(r.table) ?? [];
    list.push({ column: r.column, type: r.type });
    out.set(r.table, list);
  }
  return out;
}

/**
 * The keys of the rows of `table` matching `cond` (JSON text, one entry per row): primary key values, or the ctid
 * where the table has no primary key (stable within the erasure's transaction unless the row itself is updated, and
 * such tables' rows are only ever deleted by it).
 */
export async function rowKeys(db: TTx, table: string, key: TRowKey, cond: SQL): Promise<string[]> {
  const t = sql.identifier(table);
  const res = key.length
    ? await db.execute(
        sql`SELECT to_jsonb(k)::text AS k FROM (SELECT ${sql.join(
          key.map((c) => sql.identifier(c.column)),
          sql.raw(', '),
        )} FROM ${t} WHERE ${cond}) k`,
      )
    : await db.execute(sql`SELECT to_jsonb(ctid::text)::text AS k FROM ${t} WHERE ${cond}`);
  return rowsOf<{ k: string }>(res).map((r) => r.k);
}

/** The condition selecting exactly the rows whose keys rowKeys returned. */
export function keyCondition(key: TRowKey, keys: readonly string[]): SQL {
  const list = `[${keys.join(',')}]`;
  if (!key.length) return sql`ctid IN (SELECT x::tid FROM jsonb_array_elements_text(${list}::jsonb) x)`;
  const cols = sql.join(
    key.map((c) => sql.identifier(c.column)),
    sql.raw(', '),
  );
  const values = sql.join(
    key.map((c) => sql`(k->>${c.column})::${sql.raw(c.type)}`),
    sql.raw(', '),
  );
  return sql`(${cols}) IN (SELECT ${values} FROM jsonb_array_elements(${list}::jsonb) k)`;
}

/** Counts the rows of `table` matching `cond`. */
export async function countRows(db: TTx, table: string, cond: SQL): Promise<number> {
  const res = await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${cond}`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}

/** Deletes the rows of `table` matching `cond`; returns how many. */
export async function deleteRows(db: TTx, table: string, cond: SQL): Promise<number> {
  const res = await db.execute(sql`WITH d AS (DELETE FROM ${sql.identifier(table)} WHERE ${cond} RETURNING 1) SELECT count(*)::int AS n FROM d`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}

/** `$1`, `$2` in a map expression or link → bound parameters (as subjects.repository.ts binds the links). */
export function bind(text: string, params: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d)/);
  const chunks = [sql.raw(parts[0] ?? '')];
  for (let i = 1; i < parts.length; i += 2) {
    chunks.push(sql`${params[Number(parts[i]) - 1]}`);
    chunks.push(sql.raw(parts[i + 1] ?? ''));
  }
  return sql.join(chunks, sql.raw(''));
}

/**
 * Sets the listed columns of the rows of `table` matching `cond` (the rows one subject link selected, by key) to their
 * SQL expressions; `$1`/`$2` in the expressions are bound to that link's values (data-map.ts). Returns how many rows.
 */
export async function anonymiseRows(db: TTx, table: string, set: Readonly<Record<string, string>>, params: readonly unknown[], cond: SQL): Promise<number> {
  const assignments = sql.join(
    Object.entries(set).map(([column, expr]) => sql`${sql.identifier(column)} = ${bind(expr, params)}`),
    sql.raw(', '),
  );
  const res = await db.execute(sql`WITH u AS (UPDATE ${sql.identifier(table)} SET ${assignments} WHERE ${cond} RETURNING 1) SELECT count(*)::int AS n FROM u`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}
