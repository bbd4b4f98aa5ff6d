/** GET /api/admin/database (issue 30): the database page's read-only facts, each query bounded, the tables' part cached a minute. */
import { readFileSync } from 'node:fs';
import type { TDatabaseResponse } from '@suite/shared/schemas/monitoring';
import type { TMonitoringDeps } from './monitoring.deps.ts';
import * as repo from './monitoring.repository.ts';

let journal: Map<number, string> | undefined;
/** The migrations' names by their journal time (drizzle records only the time and a hash of each applied one). */
function migrationNames(): Map<number, string> {
  if (!journal) {
    const file = new URL('../../../drizzle/meta/_journal.json', import.meta.url);
    const entries = (JSON.parse(readFileSync(file, 'utf8')) as { entries: { when: number; tag: string }[] }).entries;
    journal = new Map(entries.map((e) => [e.when, e.tag]));
  }
  return journal;
}

/** Tables without statistics are counted no further than this; more shows as "100,000+". */
export const ROW_COUNT_CAP = 100_000;
/** How long the tables' sizes and rows are kept before they are read again. */
export const TABLES_CACHE_MS = 60_000;

type TTables = TDatabaseResponse['modules'];
const cached = new WeakMap<TMonitoringDeps['ctx'], { at: number; modules: Promise<TTables> }>();

/**
 * The tables by module with their size and rows: the statistics' estimate on both engines (never a full count; PGlite
 * serves one query at a time, so a count of every table would hold up every other request). A table the statistics
 * know nothing of (never analysed) is counted up to ROW_COUNT_CAP + 1 rows.
 */
async function readTables(deps: Pick<TMonitoringDeps, 'ctx'>): Promise<TTables> {
  const db = deps.ctx.database.db;
  const [tables, modules] = await Promise.all([repo.tableSizes(db), repo.tableModuleMap()]);
  const grouped = new Map<string, TTables[number]>();
  for (const t of tables) {
    const counted = t.estimate === null ? await repo.countRowsUpTo(db, t.name, ROW_COUNT_CAP) : null;
    const row =
      counted === null
        ? { name: t.name, sizeBytes: t.sizeBytes, rows: t.estimate ?? 0 }
        : { name: t.name, sizeBytes: t.sizeBytes, rows: Math.min(counted, ROW_COUNT_CAP), ...(counted > ROW_COUNT_CAP ? { rowsAtLeast: true } : {}) };
    const module = modules.get(t.name) ?? 'other';
    const group = grouped.get(module) ?? { module, sizeBytes: 0, tables: [] };
    group.tables.push(row);
    group.sizeBytes += t.sizeBytes;
    grouped.set(module, group);
  }
  return [...grouped.values()].sort((a, b) => b.sizeBytes - a.sizeBytes || a.module.localeCompare(b.module));
}

/** readTables, kept TABLES_CACHE_MS per app (loads at the same time share one read; a failed read is not kept). */
function tablesOf(deps: Pick<TMonitoringDeps, 'ctx'>): Promise<TTables> {
  const now = deps.ctx.now().getTime();
  const hit = cached.get(deps.ctx);
  if (hit && now - hit.at < TABLES_CACHE_MS) return hit.modules;
  const modules = readTables(deps);
  cached.set(deps.ctx, { at: now, modules });
  modules.catch(() => {
    if (cached.get(deps.ctx)?.modules === modules) cached.delete(deps.ctx);
  });
  return modules;
}

export async function databaseOverview(deps: Pick<TMonitoringDeps, 'ctx'>): Promise<TDatabaseResponse> {
  const { database } = deps.ctx;
  const db = database.db;
  const [engine, modules, applied, backup, slow] = await Promise.all([
    repo.engineVersion(db),
    tablesOf(deps),
    repo.appliedMigrations(db),
    repo.lastBackup(db),
    database.kind === 'postgres' ? repo.slowStatements(db, 10) : Promise.resolve(null),
  ]);
  const names = migrationNames();
  return {
    engine: database.kind,
    version: engine.version,
    sizeBytes: engine.sizeBytes,
    rowCounts: 'estimate',
    modules,
    migrations: applied.map((when) => ({ name: names.get(when) ?? `migration-${when}`, createdAt: new Date(when).toISOString() })),
    pool: database.poolStats?.() ?? null,
    backup: backup
      ? { madeAt: backup.madeAt.toISOString(), file: backup.file, sizeBytes: backup.sizeBytes, engine: backup.engine === 'postgres' ? 'postgres' : 'pglite' }
      : null,
    slowStatements: { available: slow !== null, statements: slow ?? [] },
  };
}
