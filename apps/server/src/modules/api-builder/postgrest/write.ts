/**
 * Writes. Each returns the primary keys of the rows it touched, so the caller can read them back through the same
 * select path (Prefer: return=representation). PostgreSQL reports keys with RETURNING; MySQL/MariaDB from the body,
 * LAST_INSERT_ID, or a locking SELECT inside the same transaction.
 */
import { ko } from '@suite/shared';
import type { TEngine, TTableInfo } from '../engines/engine.ts';
import { PgrstError } from './errors.ts';
import { whereSql, type TPlan } from './read.ts';
import { columnOf, SqlParams } from './sql.ts';

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
async function runChecked(engine: TEngine, text: string, values: unknown[], expectOne: boolean | undefined, counted = (affected: number) => affected) {
  if (!expectOne) return engine.query(text, values);
  return engine.transaction(async (run) => {
    const res = await run(text, values);
    checkOne(true, counted(res.affected));
    return res;
  });
}

const toParam = (v: unknown) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : v);

export async function insertRows(
  engine: TEngine,
  table: TTableInfo,
  body: unknown,
  opts: {
    columns: string[] | undefined;
    onConflict: string[] | undefined;
    resolution: 'merge' | 'ignore' | undefined;
    missingDefault: boolean;
    expectOne?: boolean;
  },
): Promise<TWriteResult> {
  const rows = rowsOf(body);
  if (!rows.length) {
    checkOne(opts.expectOne, 0);
    return { keys: [] };
  }
  const cols = opts.columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
  if (!cols.length) throw new PgrstError(400, 'PGRST102', msg.noInsertColumns);
  cols.forEach((c) => columnOf(table, c));
  for (const c of opts.onConflict ?? []) columnOf(table, c);
  const p = new SqlParams(engine);
  const values = rows.map((r) => `(${cols.map((c) => (c in r ? p.add(toParam(r[c])) : opts.missingDefault ? 'DEFAULT' : 'NULL')).join(', ')})`).join(', ');
  const q = engine.quote;
  const pk = table.primaryKey;
  let text = `INSERT INTO ${q(table.name)} (${cols.map(q).join(', ')}) VALUES ${values}`;
  const updatable = cols.filter((c) => !(opts.onConflict ?? []).includes(c));
  if (engine.kind === 'postgres') {
    if (opts.resolution && opts.onConflict?.length) {
      text +=
        ` ON CONFLICT (${opts.onConflict.map(q).join(', ')}) ` +
        (opts.resolution === 'ignore' || !updatable.length ? 'DO NOTHING' : `DO UPDATE SET ${updatable.map((c) => `${q(c)} = EXCLUDED.${q(c)}`).join(', ')}`);
    }
    if (pk.length) text += ` RETURNING ${pk.map(q).join(', ')}`;
    const r = await runChecked(engine, text, p.values, opts.expectOne);
    return { keys: r.rows.map((row) => pk.map((c) => row[c])) };
  }
  if (opts.resolution === 'ignore') text = text.replace(/^INSERT /, 'INSERT IGNORE ');
  else if (opts.resolution === 'merge') {
    const set = updatable.length ? updatable : cols;
    text += ` ON DUPLICATE KEY UPDATE ${set.map((c) => `${q(c)} = VALUES(${q(c)})`).join(', ')}`;
  }
  // MySQL counts an upserted row as 2 affected rows; the object check uses the number of rows sent (one) then.
  const r = await runChecked(engine, text, p.values, opts.expectOne, (affected) => (opts.resolution === 'merge' ? rows.length : affected));
  if (!pk.length) return { keys: [] };
  if (pk.every((c) => cols.includes(c))) return { keys: rows.map((row) => pk.map((c) => row[c])) };
  if (pk.length === 1 && r.insertId) return { keys: rows.map((_, i) => [r.insertId! + i]) };
  return { keys: [] };
}

function setClause(engine: TEngine, table: TTableInfo, body: unknown, p: SqlParams, alias: string): { sql: string; patch: Record<string, unknown> } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new PgrstError(400, 'PGRST102', msg.bodyObject);
  const patch = body as Record<string, unknown>;
  const cols = Object.keys(patch);
  if (!cols.length) throw new PgrstError(400, 'PGRST102', msg.noUpdateColumns);
  cols.forEach((c) => columnOf(table, c));
  const target = (c: string) => (engine.kind === 'mysql' ? `${alias}.${engine.quote(c)}` : engine.quote(c));
  return { sql: cols.map((c) => `${target(c)} = ${p.add(toParam(patch[c]))}`).join(', '), patch };
}

async function lockedKeys(engine: TEngine, plan: TPlan, q: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>) {
  const p = new SqlParams(engine);
  const where = whereSql(engine, plan, p, 't0');
  const pk = plan.table.primaryKey;
  const r = await q(
    `SELECT ${pk.map((c) => `t0.${engine.quote(c)}`).join(', ')} FROM ${engine.quote(plan.table.name)} t0 WHERE ${where.join(' AND ')} FOR UPDATE`,
    p.values,
  );
  return r.rows.map((row) => pk.map((c) => row[c]));
}

export async function updateRows(engine: TEngine, plan: TPlan, body: unknown, expectOne?: boolean): Promise<TWriteResult> {
  const pk = plan.table.primaryKey;
  const q = engine.quote;
  if (engine.kind === 'postgres') {
    const p = new SqlParams(engine);
    const set = setClause(engine, plan.table, body, p, 't0');
    const where = whereSql(engine, plan, p, 't0');
    const text = `UPDATE ${q(plan.table.name)} t0 SET ${set.sql} WHERE ${where.join(' AND ')}${pk.length ? ` RETURNING ${pk.map((c) => `t0.${q(c)}`).join(', ')}` : ''}`;
    const r = await runChecked(engine, text, p.values, expectOne);
    return { keys: r.rows.map((row) => pk.map((c) => row[c])) };
  }
  return engine.transaction(async (run) => {
    const keys = pk.length ? await lockedKeys(engine, plan, run) : [];
    const p = new SqlParams(engine);
    const set = setClause(engine, plan.table, body, p, 't0');
    const where = whereSql(engine, plan, p, 't0');
    const res = await run(`UPDATE ${q(plan.table.name)} t0 SET ${set.sql} WHERE ${where.join(' AND ')}`, p.values);
    // MySQL's affected rows leave out matched rows whose values did not change: count the matched (locked) rows.
    checkOne(expectOne, pk.length ? keys.length : res.affected);
    // A key changed by the patch is read back under its new value.
    return { keys: keys.map((k) => pk.map((c, i) => (c in set.patch ? set.patch[c] : k[i]))) };
  });
}

export async function deleteRows(
  engine: TEngine,
  plan: TPlan,
  readBefore: ((keys: unknown[][]) => Promise<unknown[]>) | undefined,
  expectOne?: boolean,
): Promise<TWriteResult> {
  const pk = plan.table.primaryKey;
  const q = engine.quote;
  return engine.transaction(async (run) => {
    let before: unknown[] | undefined;
    if (readBefore && pk.length) {
      const keys = await lockedKeys(engine, plan, run);
      // Read through the pool before deleting (same rows, locked by this transaction: readers are not blocked).
      before = await readBefore(keys);
    }
    const p = new SqlParams(engine);
    const where = whereSql(engine, plan, p, 't0');
    const text =
      engine.kind === 'postgres'
        ? `DELETE FROM ${q(plan.table.name)} t0 WHERE ${where.join(' AND ')}`
        : `DELETE t0 FROM ${q(plan.table.name)} t0 WHERE ${where.join(' AND ')}`;
    const res = await run(text, p.values);
    checkOne(expectOne, res.affected);
    return { keys: [], ...(before ? { before } : {}) };
  });
}
