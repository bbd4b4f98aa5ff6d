/** Monitoring's reads and writes: heartbeats, outside services, the jobs table (read, and a failed job's retry), catalogue views. */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { desc, lt, sql } from 'drizzle-orm';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client.ts';
import { databaseBackups, monitoringInstances, monitoringOutsideServices } from '../../db/schema-monitoring.ts';

type TRow = Record<string, unknown>;
const rowsOf = (res: unknown) => (res as { rows: TRow[] }).rows;
const num = (v: unknown) => Number(v ?? 0);

export type THeartbeat = typeof monitoringInstances.$inferInsert;

export async function upsertHeartbeat(db: TDb, beat: THeartbeat): Promise<void> {
  await db
    .insert(monitoringInstances)
    .values(beat)
    .onConflictDoUpdate({ target: monitoringInstances.id, set: { seenAt: beat.seenAt, stats: beat.stats, schedules: beat.schedules, version: beat.version } });
}

/** Forgets instances not heard from since `before`. */
export async function purgeInstances(db: TDb, before: Date): Promise<void> {
  await db.delete(monitoringInstances).where(lt(monitoringInstances.seenAt, before));
}

export async function listInstances(db: TDb, limit: number) {
  return db.select().from(monitoringInstances).orderBy(monitoringInstances.startedAt, monitoringInstances.id).limit(limit);
}

export async function recordSuccess(db: TDb, service: string, at: Date): Promise<void> {
  await db
    .insert(monitoringOutsideServices)
    .values({ service, lastSuccessAt: at, failuresInRow: 0 })
    .onConflictDoUpdate({
      target: monitoringOutsideServices.service,
      set: { lastSuccessAt: sql`greatest(${monitoringOutsideServices.lastSuccessAt}, excluded.last_success_at)`, failuresInRow: 0 },
    });
}

export async function recordFailure(db: TDb, service: string, at: Date, error: string): Promise<void> {
  await db
    .insert(monitoringOutsideServices)
    .values({ service, lastFailureAt: at, lastError: error, failuresInRow: 1 })
    .onConflictDoUpdate({
      target: monitoringOutsideServices.service,
      set: {
        lastFailureAt: sql`greatest(${monitoringOutsideServices.lastFailureAt}, excluded.last_failure_at)`,
        lastError: error,
        failuresInRow: sql`${monitoringOutsideServices.failuresInRow} + 1`,
      },
    });
}

export async function listOutsideServices(db: TDb) {
  return db.select().from(monitoringOutsideServices).limit(50);
}

export async function lastBackup(db: TDb) {
  const [row] = await db.select().from(databaseBackups).orderBy(desc(databaseBackups.madeAt), desc(databaseBackups.id)).limit(1);
  return row ?? null;
}

export async function engineVersion(db: TDb): Promise<{ version: string; sizeBytes: number }> {
  const res = await db.execute(sql`select current_setting('server_version') as v, pg_database_size(current_database())::bigint as size`);
  const row = rowsOf(res)[0] ?? {};
  return { version: String(row.v ?? ''), sizeBytes: num(row.size) };
}

/**
 * Tables of the public schema with their total size (with indexes and TOAST) and the statistics' row estimate: the
 * live-row count of pg_stat_user_tables, else pg_class.reltuples; null when neither knows (a table never analysed or
 * vacuumed shows reltuples -1 and, on PGlite, which has no autovacuum, 0 live rows).
 */
export async function tableSizes(db: TDb) {
  const res = await db.execute(sql`
    select c.relname as name, pg_total_relation_size(c.oid)::bigint as size,
      case when coalesce(s.n_live_tup, 0) > 0 then s.n_live_tup
        when c.reltuples >= 0 then c.reltuples::bigint
        else null end as estimate
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_stat_user_tables s on s.relid = c.oid
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    order by c.relname limit 500`);
  return rowsOf(res).map((r) => ({
    name: String(r.name),
    sizeBytes: num(r.size),
    estimate: r.estimate === null || r.estimate === undefined ? null : num(r.estimate),
  }));
}

/** A table's rows counted up to `cap + 1` at most (never a full scan of a big table; the names come from pg_class). */
export async function countRowsUpTo(db: TDb, table: string, cap: number): Promise<number> {
  const res = await db.execute(sql`select count(*)::bigint as n from (select 1 from ${sql.identifier(table)} limit ${cap + 1}) as bounded`);
  return num(rowsOf(res)[0]?.n);
}

/** Drizzle's record of applied migrations: the journal's `when` (folderMillis) of each, oldest first. */
export async function appliedMigrations(db: TDb): Promise<number[]> {
  const res = await db.execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at, id limit 2000`);
  return rowsOf(res).map((r) => num(r.created_at));
}

/** The slowest statements by mean time, when pg_stat_statements is installed and loaded; null otherwise. */
export async function slowStatements(db: TDb, limit: number) {
  try {
    const ext = await db.execute(sql`select 1 from pg_extension where extname = 'pg_stat_statements'`);
    if (!rowsOf(ext).length) return null;
    const res = await db.execute(sql`
      select left(query, 300) as query, calls::bigint as calls, mean_exec_time as mean, total_exec_time as total
      from pg_stat_statements
      where dbid = (select oid from pg_database where datname = current_database())
      order by mean_exec_time desc limit ${limit}`);
    return rowsOf(res).map((r) => ({ query: String(r.query), calls: num(r.calls), meanMs: num(r.mean), totalMs: num(r.total) }));
  } catch {
    // Installed but not in shared_preload_libraries: the view refuses to answer.
    return null;
  }
}

let tableModules: Promise<Map<string, string>> | undefined;
/**
 * Which module each table belongs to, from the schema files (db/schema.ts is the core: accounts and seeds;
 * db/schema-<module>.ts the others), read once.
 */
export function tableModuleMap(): Promise<Map<string, string>> {
  tableModules ??= (async () => {
    const folder = new URL('../../db/', import.meta.url);
    const map = new Map<string, string>();
    const files = readdirSync(folder)
      .filter((f) => /^schema(-[a-z0-9-]+)?\.ts$/.test(f))
      .sort();
    for (const file of files) {
      const module = file === 'schema.ts' ? 'core' : file.slice('schema-'.length, -'.ts'.length);
      const exports = (await import(fileURLToPath(new URL(file, folder)))) as Record<string, unknown>;
      for (const value of Object.values(exports)) if (is(value, PgTable)) map.set(getTableName(value), module);
    }
    return map;
  })();
  return tableModules;
}
