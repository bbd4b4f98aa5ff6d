/** GET /api/admin/database (issue 30): the database page's read-only facts, each query bounded. */
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

export async function databaseOverview(deps: Pick<TMonitoringDeps, 'ctx'>): Promise<TDatabaseResponse> {
  const { database } = deps.ctx;
  const db = database.db;
  const [engine, tables, modules, applied, backup, slow] = await Promise.all([
    repo.engineVersion(db),
    repo.tableSizes(db),
    repo.tableModuleMap(),
    repo.appliedMigrations(db),
    repo.lastBackup(db),
    database.kind === 'postgres' ? repo.slowStatements(db, 10) : Promise.resolve(null),
  ]);
  // PGlite: exact counts (an embedded database is small); PostgreSQL: the statistics' estimate, never a full scan.
  const exact = database.kind === 'pglite';
  const rows = new Map<string, number>();
  for (const t of tables) rows.set(t.name, exact ? await repo.countRows(db, t.name) : t.estimate);
  const grouped = new Map<string, TDatabaseResponse['modules'][number]>();
  for (const t of tables) {
    const module = modules.get(t.name) ?? 'other';
    const group = grouped.get(module) ?? { module, sizeBytes: 0, tables: [] };
    group.tables.push({ name: t.name, sizeBytes: t.sizeBytes, rows: rows.get(t.name) ?? 0 });
    group.sizeBytes += t.sizeBytes;
    grouped.set(module, group);
  }
  const names = migrationNames();
  return {
    engine: database.kind,
    version: engine.version,
    sizeBytes: engine.sizeBytes,
    rowCounts: exact ? 'exact' : 'estimate',
    modules: [...grouped.values()].sort((a, b) => b.sizeBytes - a.sizeBytes || a.module.localeCompare(b.module)),
    migrations: applied.map((when) => ({ name: names.get(when) ?? `migration-${when}`, createdAt: new Date(when).toISOString() })),
    pool: database.poolStats?.() ?? null,
    backup: backup
      ? { madeAt: backup.madeAt.toISOString(), file: backup.file, sizeBytes: backup.sizeBytes, engine: backup.engine === 'postgres' ? 'postgres' : 'pglite' }
      : null,
    slowStatements: { available: slow !== null, statements: slow ?? [] },
  };
}
