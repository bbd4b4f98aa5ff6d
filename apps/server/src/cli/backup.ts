/**
 * `npm run backup -- <file>` / `npm run restore -- <file> [--force]`, with the server's configuration (DATABASE_URL or
 * DATA_DIR). PostgreSQL: pg_dump's custom format and pg_restore (both must be on PATH, at least the server's major
 * version). Embedded PGlite: its own data-directory dump (a gzipped tar), loaded into a new data directory.
 * A restore refuses a target that already holds data unless --force is given; with --force an embedded data
 * directory is moved aside, never deleted. Stop every instance before restoring; stop the server before backing up the
 * embedded database (one process owns its files).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { ko } from '@suite/shared';
import { ConfigError, loadConfig, type TConfig } from '../config.ts';

const t = ko.ops.backup;
const extensions = { btree_gist, pg_trgm };

export type TBackupTarget = Pick<TConfig, 'databaseUrl' | 'dataDir'>;
export type TCliResult = { code: number; message: string };

/** Tables (schema-qualified) that hold at least one row; drizzle's migration journal does not count as data. */
const NON_EMPTY_SQL = `
  SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
  WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema', 'drizzle')`;

async function nonEmptyTables(query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>): Promise<string[]> {
  const tables = (await query(NON_EMPTY_SQL)).rows.map((r) => String(r.name));
  const full: string[] = [];
  for (const name of tables) {
    if ((await query(`SELECT EXISTS (SELECT 1 FROM ${name}) AS x`)).rows[0]?.x === true) full.push(name);
  }
  return full;
}

/** pg_dump/pg_restore get the password through the environment, never on the command line. */
function pgArgs(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const proc = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
    proc.on('error', (e) => fail(new Error(t.toolFailed(tool, e.message))));
    proc.on('exit', (code) => (code === 0 ? done() : fail(new Error(t.toolFailed(tool, err.trim() || `exit ${code}`)))));
  });
}

function kindOfFile(file: string): 'postgres' | 'pglite' | undefined {
  const head = readFileSync(file).subarray(0, 5);
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  return undefined;
}

const pgliteDir = (dataDir: string) => join(dataDir, 'pglite');
const label = (kind: 'postgres' | 'pglite') => (kind === 'postgres' ? 'PostgreSQL' : '내장(PGlite)');

/**
 * Records a finished backup in `database_backups` (the database page and the advisors read it), after the dump so the
 * file does not hold its own record. Skipped on a database whose migrations predate the table.
 */
async function recordBackup(query: (sql: string, params: unknown[]) => Promise<unknown>, file: string, engine: 'postgres' | 'pglite'): Promise<void> {
  await query(`INSERT INTO database_backups (file, size_bytes, engine) SELECT $1, $2, $3 WHERE to_regclass('public.database_backups') IS NOT NULL`, [
    file,
    statSync(file).size,
    engine,
  ]);
}

export async function backupDatabase(target: TBackupTarget, file: string): Promise<TCliResult> {
  const out = resolve(file);
  if (target.databaseUrl) {
    const { dbname, env } = pgArgs(target.databaseUrl);
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${out}`, `--dbname=${dbname}`], env);
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      await recordBackup((s, p) => client.query(s, p), out, 'postgres');
    } finally {
      await client.end();
    }
    return { code: 0, message: t.done(out, label('postgres'), statSync(out).size) };
  }
  const dir = pgliteDir(target.dataDir);
  if (!existsSync(join(dir, 'PG_VERSION'))) return { code: 1, message: t.noSource(dir) };
  const client = await PGlite.create(dir, { extensions });
  try {
    const dump = await client.dumpDataDir('gzip');
    writeFileSync(out, Buffer.from(await dump.arrayBuffer()));
    await recordBackup((s, p) => client.query(s, p), out, 'pglite');
  } finally {
    await client.close();
  }
  return { code: 0, message: t.done(out, label('pglite'), statSync(out).size) };
}

export async function restoreDatabase(target: TBackupTarget, file: string, opts: { force: boolean }): Promise<TCliResult> {
  const from = resolve(file);
  if (!existsSync(from) || !statSync(from).isFile()) return { code: 1, message: t.notFile(from) };
  const want = target.databaseUrl ? 'postgres' : 'pglite';
  const found = kindOfFile(from);
  if (found !== want) return { code: 1, message: t.wrongKind(from, found ? label(found) : '?', label(want)) };

  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    let full: string[];
    try {
      full = await nonEmptyTables((s) => client.query(s));
    } finally {
      await client.end();
    }
    if (full.length && !opts.force) return { code: 1, message: t.notEmpty(full.slice(0, 5).join(', ')) };
    const { dbname, env } = pgArgs(target.databaseUrl);
    await run(
      'pg_restore',
      ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${dbname}`, from],
      env,
    );
    return { code: 0, message: t.restored(from, label('postgres')) };
  }

  const dir = pgliteDir(target.dataDir);
  let moved = '';
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    if (existsSync(join(dir, 'PG_VERSION'))) {
      const current = await PGlite.create(dir, { extensions });
      let full: string[];
      try {
        full = await nonEmptyTables((s) => current.query<Record<string, unknown>>(s));
      } finally {
        await current.close();
      }
      if (full.length && !opts.force) return { code: 1, message: t.notEmpty(full.slice(0, 5).join(', ')) };
    }
    moved = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dir, moved);
  }
  const restored = await PGlite.create(dir, { extensions, loadDataDir: new Blob([readFileSync(from)]) });
  try {
    await restored.query('SELECT 1');
  } finally {
    await restored.close();
  }
  return { code: 0, message: [t.restored(from, label('pglite')), moved ? t.movedAside(moved) : ''].filter(Boolean).join('\n') };
}

async function main(): Promise<void> {
  const [command, file, ...rest] = process.argv.slice(2);
  let result: TCliResult = { code: 2, message: t.usage };
  try {
    const config = loadConfig();
    if (command === 'backup' && file && rest.length === 0) result = await backupDatabase(config, file);
    else if (command === 'restore' && file && rest.every((a) => a === '--force'))
      result = await restoreDatabase(config, file, { force: rest.includes('--force') });
  } catch (err) {
    result = { code: 1, message: err instanceof ConfigError ? err.message : t.failed(err instanceof Error ? err.message : String(err)) };
  }
  (result.code === 0 ? console.log : console.error)(result.message);
  process.exit(result.code);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
