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

/** Sets the listed columns of the rows of `table` matching `cond` to their SQL expressions; returns how many rows. */
export async function anonymiseRows(db: TTx, table: string, set: Readonly<Record<string, string>>, cond: SQL): Promise<number> {
  const assignments = sql.join(
    Object.entries(set).map(([column, expr]) => sql`${sql.identifier(column)} = ${sql.raw(expr)}`),
    sql.raw(', '),
  );
  const res = await db.execute(sql`WITH u AS (UPDATE ${sql.identifier(table)} SET ${assignments} WHERE ${cond} RETURNING 1) SELECT count(*)::int AS n FROM u`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}
