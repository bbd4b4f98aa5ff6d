/**
 * The erasure's SQL (issue 32): the database's own foreign keys (to order tables children first) and the three row
 * operations the data map's `erase` rules need. Table and column names and the SET expressions come from the data map
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

/** `$1`, `$2` in a map expression → bound parameters (as subjects.repository.ts binds the links). */
function bind(text: string, params: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d)/);
  const chunks = [sql.raw(parts[0] ?? '')];
  for (let i = 1; i < parts.length; i += 2) {
    chunks.push(sql`${params[Number(parts[i]) - 1]}`);
    chunks.push(sql.raw(parts[i + 1] ?? ''));
  }
  return sql.join(chunks, sql.raw(''));
}

/**
 * Sets the listed columns of the rows of `table` that one subject link selects to their SQL expressions; `$1`/`$2` in
 * the expressions are bound to that link's values (data-map.ts). Returns how many rows.
 */
export async function anonymiseRows(
  db: TTx,
  table: string,
  set: Readonly<Record<string, string>>,
  link: { where: string; params: readonly unknown[] },
): Promise<number> {
  const assignments = sql.join(
    Object.entries(set).map(([column, expr]) => sql`${sql.identifier(column)} = ${bind(expr, link.params)}`),
    sql.raw(', '),
  );
  const res = await db.execute(
    sql`WITH u AS (UPDATE ${sql.identifier(table)} SET ${assignments} WHERE ${bind(link.where, link.params)} RETURNING 1) SELECT count(*)::int AS n FROM u`,
  );
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}
