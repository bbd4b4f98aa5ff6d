/**
 * Writes. Each returns the primary keys of the rows it touched, so the caller can read them back through the same
 * select path (Prefer: return=representation). A RETURNING dialect (PostgreSQL) reports keys with RETURNING; the
 * other (MySQL/MariaDB) from the body, LAST_INSERT_ID, or a locking SELECT inside the same transaction.
 */
import { ko } from '@suite/shared';
import type { TEngine, TTableInfo } from '../engines/engine.ts';
import { cols, type TDialect } from '../engines/dialect.ts';
import { PgrstError } from './errors.ts';
import { whereSql, type TPlan } from './read.ts';
import { columnOf } from './sql.ts';
import { join, raw, render, sql, type Sql } from './sql-fragment.ts';

const msg = ko.apiBuilder.pgrst;

export type TWriteResult = { keys: unknown[][]; before?: unknown[] };

function rowsOf(body: unknown): Record<string, unknown>[] {
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.length) return [];
  for (const r of rows) {
    if (typeof r !== 'object' || r === null || Array.isArray(r)) throw new PgrstError(400, 'PGRST102', msg.bodyRows);
  }
  return rows as Record<string, unknown>[];
}

/**
 * `Accept: application/vnd.pgrst.object+json` on a write: the statement must touch exactly one row, checked inside the
 * write's transaction so that any other count is rolled back (PostgREST answers 406 PGRST116 and changes nothing).
 */
function checkOne(expectOne: boolean | undefined, affected: number) {
  if (expectOne && affected !== 1) throw new PgrstError(406, 'PGRST116', msg.notSingular, null, msg.rowCount(affected));
}

/**
 * Runs one statement; with `expectOne`, inside a transaction that is rolled back unless the count `counted` gives
 * (default: the rows the statement affected) is exactly one.
 */
async function runChecked(engine: TEngine, statement: Sql, expectOne: boolean | undefined, counted = (affected: number) => affected) {
  const { text, values } = render(statement, engine.dialect.placeholder);
  if (!expectOne) return engine.query(text, values);
  return engine.transaction(async (run) => {
    const res = await run(text, values);
    checkOne(true, counted(res.affected));
    return res;
  });
}

const toParam = (v: unknown) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : v);

export type TInsertOptions = {
  columns: string[] | undefined;
  onConflict: string[] | undefined;
  resolution: 'merge' | 'ignore' | undefined;
  missingDefault: boolean;
  expectOne?: boolean;
};

/**
 * The INSERT for a body (an object or an array of objects): columns from `columns=` or the union of the rows' keys, a
 * key missing from a row is `DEFAULT` (Prefer: missing=default) or `NULL`. `[{"id":1,"name":"a"}]` with
 * `Prefer: resolution=merge-duplicates` → `INSERT INTO "t" ("id", "name") VALUES ($1, $2) ON CONFLICT ("id") DO UPDATE
 * SET "name" = EXCLUDED."name" RETURNING "id"` (MySQL: `… ON DUPLICATE KEY UPDATE `name` = VALUES(`name`)`).
 */
export function insertSql(d: TDialect, table: TTableInfo, rows: Record<string, unknown>[], opts: TInsertOptions): { statement: Sql; columns: string[] } {
  const columns = opts.columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
  if (!columns.length) throw new PgrstError(400, 'PGRST102', msg.noInsertColumns);
  columns.forEach((c) => columnOf(table, c));
  for (const c of opts.onConflict ?? []) columnOf(table, c);
  const missing = raw(opts.missingDefault ? 'DEFAULT' : 'NULL');
  const values = join(
    rows.map(
      (r) =>
        sql`(${join(
          columns.map((c) => (c in r ? sql`${toParam(r[c])}` : missing)),
          ', ',
        )})`,
    ),
    ', ',
  );
  const statement = d.insert({
    table: table.name,
    columns,
    rows: values,
    resolution: opts.resolution,
    onConflict: opts.onConflict ?? [],
    returning: d.returning ? table.primaryKey : [],
  });
  return { statement, columns };
}

export async function insertRows(engine: TEngine, table: TTableInfo, body: unknown, opts: TInsertOptions): Promise<TWriteResult> {
  const rows = rowsOf(body);
  if (!rows.length) {
    checkOne(opts.expectOne, 0);
    return { keys: [] };
  }
  const d = engine.dialect;
  const { statement, columns } = insertSql(d, table, rows, opts);
  const pk = table.primaryKey;
  if (d.returning) {
    const r = await runChecked(engine, statement, opts.expectOne);
    return { keys: r.rows.map((row) => pk.map((c) => row[c])) };
  }
  // MySQL counts an upserted row as 2 affected rows; the object check uses the number of rows sent (one) then.
  const r = await runChecked(engine, statement, opts.expectOne, (affected) => (opts.resolution === 'merge' ? rows.length : affected));
  if (!pk.length) return { keys: [] };
  if (pk.every((c) => columns.includes(c))) return { keys: rows.map((row) => pk.map((c) => row[c])) };
  if (pk.length === 1 && r.insertId) return { keys: rows.map((_, i) => [r.insertId! + i]) };
  return { keys: [] };
}

/** `SET …` of a PATCH body (an object of column → value). */
function setClause(d: TDialect, table: TTableInfo, body: unknown, alias: string): { sql: Sql; patch: Record<string, unknown> } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new PgrstError(400, 'PGRST102', msg.bodyObject);
  const patch = body as Record<string, unknown>;
  const columns = Object.keys(patch);
  if (!columns.length) throw new PgrstError(400, 'PGRST102', msg.noUpdateColumns);
  columns.forEach((c) => columnOf(table, c));
  return {
    sql: join(
      columns.map((c) => sql`${d.setTarget(alias, c)} = ${toParam(patch[c])}`),
      ', ',
    ),
    patch,
  };
}

/**
 * The UPDATE for a PATCH with its filters: `{"name":"b"}` with `id=eq.1` → `UPDATE "t" t0 SET "name" = $1 WHERE
 * t0."id" = $2 RETURNING t0."id"` (MySQL: `` UPDATE `t` t0 SET t0.`name` = ? WHERE t0.`id` = ? ``, keys read first).
 */
export function updateSql(d: TDialect, plan: TPlan, body: unknown): { statement: Sql; patch: Record<string, unknown> } {
  const pk = plan.table.primaryKey;
  const set = setClause(d, plan.table, body, 't0');
  const where = join(whereSql(d, plan, 't0'), ' AND ');
  const returning = d.returning && pk.length ? sql` RETURNING ${cols(d, pk, 't0')}` : raw('');
  return { statement: sql`UPDATE ${raw(d.quote(plan.table.name))} t0 SET ${set.sql} WHERE ${where}${returning}`, patch: set.patch };
}

/** The DELETE for a request's filters: `id=eq.1` → `DELETE FROM "t" t0 WHERE t0."id" = $1` (MySQL: `` DELETE t0 FROM `t` t0 … ``). */
export const deleteSql = (d: TDialect, plan: TPlan): Sql => sql`${d.deleteFrom(plan.table.name, 't0')} WHERE ${join(whereSql(d, plan, 't0'), ' AND ')}`;

/** The primary keys of the rows a request's filters match, locked for the rest of the transaction. */
export const lockedKeysSql = (d: TDialect, plan: TPlan): Sql =>
  sql`SELECT ${cols(d, plan.table.primaryKey, 't0')} FROM ${raw(d.quote(plan.table.name))} t0 WHERE ${join(whereSql(d, plan, 't0'), ' AND ')} FOR UPDATE`;

async function lockedKeys(engine: TEngine, plan: TPlan, q: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>) {
  const { text, values } = render(lockedKeysSql(engine.dialect, plan), engine.dialect.placeholder);
  const r = await q(text, values);
  const pk = plan.table.primaryKey;
  return r.rows.map((row) => pk.map((c) => row[c]));
}

export async function updateRows(engine: TEngine, plan: TPlan, body: unknown, expectOne?: boolean): Promise<TWriteResult> {
  const pk = plan.table.primaryKey;
  const d = engine.dialect;
  if (d.returning) {
    const r = await runChecked(engine, updateSql(d, plan, body).statement, expectOne);
    return { keys: r.rows.map((row) => pk.map((c) => row[c])) };
  }
  return engine.transaction(async (run) => {
    const keys = pk.length ? await lockedKeys(engine, plan, run) : [];
    const { statement, patch } = updateSql(d, plan, body);
    const { text, values } = render(statement, d.placeholder);
    const res = await run(text, values);
    // MySQL's affected rows leave out matched rows whose values did not change: count the matched (locked) rows.
    checkOne(expectOne, pk.length ? keys.length : res.affected);
    // A key changed by the patch is read back under its new value.
    return { keys: keys.map((k) => pk.map((c, i) => (c in patch ? patch[c] : k[i]))) };
  });
}

export async function deleteRows(
  engine: TEngine,
  plan: TPlan,
  readBefore: ((keys: unknown[][]) => Promise<unknown[]>) | undefined,
  expectOne?: boolean,
): Promise<TWriteResult> {
  const pk = plan.table.primaryKey;
  return engine.transaction(async (run) => {
    let before: unknown[] | undefined;
    if (readBefore && pk.length) {
      const keys = await lockedKeys(engine, plan, run);
      // Read through the pool before deleting (same rows, locked by this transaction: readers are not blocked).
      before = await readBefore(keys);
    }
    const { text, values } = render(deleteSql(engine.dialect, plan), engine.dialect.placeholder);
    const res = await run(text, values);
    checkOne(expectOne, res.affected);
    return { keys: [], ...(before ? { before } : {}) };
  });
}
