import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.ts';

export type TDb = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(fn)`. */
export type TTransaction = Parameters<Parameters<TDb['transaction']>[0]>[0];
/** What a repository function runs on: the database, or a transaction the caller opened (the one transaction type). */
export type TTx = TTransaction | TDb;

export type TDatabase = {
  kind: 'pglite' | 'postgres';
  db: TDb;
  /** Runs several SQL statements at once (the driver's own exec). */
  exec: (statements: string) => Promise<void>;
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /** Connections of the PostgreSQL pool now (metrics); the embedded PGlite has one connection and no pool. */
  poolStats?: () => { max: number; total: number; idle: number; waiting: number };
  /** The embedded database's data directory as a gzipped tarball (PGlite only; tests keep a migrated template). */
  dumpDataDir?: () => Promise<Blob>;
};

const migrationsFolder = new URL('../../drizzle', import.meta.url).pathname;
/** Any fixed number: serialises migrations when several instances start together. */
const MIGRATION_LOCK = 727_001;

export type TDatabaseOptions = {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  dataDir: string;
  poolSize?: number;
  /** PGlite only: start from this data-directory dump (a PGlite `dumpDataDir` tarball) instead of an empty cluster. */
  loadDataDir?: Blob;
};

export async function openDatabase(opts: TDatabaseOptions): Promise<TDatabase> {
  return opts.url ? openPostgres(opts.url, opts.poolSize ?? 10) : openPglite(opts.dataDir, opts.loadDataDir);
}

/**
 * PGlite runs each statement synchronously in WASM on the event loop and resolves it in microtasks, so a chain of
 * statements (a background job's reads and writes) never lets pending I/O in: requests that need no database at all
 * — Slack's event acks — waited for the whole chain. Each top-level statement and transaction first yields to the
 * event loop (`setImmediate`, after pending I/O callbacks), so requests are served between statements. Statements
 * inside a transaction run back to back, as the transaction holds the only connection anyway.
 */
function yieldBeforeEachStatement(client: PGlite): void {
  const io = () => new Promise<void>((resolve) => setImmediate(resolve));
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => (await io(), query(...args))) as typeof client.query;
  client.exec = async (...args: Parameters<typeof exec>) => (await io(), exec(...args));
  client.transaction = (async (...args: Parameters<typeof transaction>) => (await io(), transaction(...args))) as typeof client.transaction;
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<TDatabase> {
  let location = 'memory://';
  if (dataDir !== 'memory://') {
    location = join(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
  }
  const client = await PGlite.create(location, { extensions: { btree_gist, pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  yieldBeforeEachStatement(client);
  const db = drizzlePglite(client, { schema }) as unknown as TDb;
  await client.exec('CREATE EXTENSION IF NOT EXISTS btree_gist; CREATE EXTENSION IF NOT EXISTS pg_trgm;');
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    kind: 'pglite',
    db,
    exec: async (s) => {
      await client.exec(s);
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
    dumpDataDir: async () => client.dumpDataDir('gzip'),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<TDatabase> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  const conn = await pool.connect();
  try {
    await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await conn.query('CREATE EXTENSION IF NOT EXISTS btree_gist; CREATE EXTENSION IF NOT EXISTS pg_trgm;');
    await migratePg(drizzlePg(conn), { migrationsFolder });
  } finally {
    await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    conn.release();
  }
  const db = drizzlePg(pool, { schema }) as unknown as TDb;
  return {
    kind: 'postgres',
    db,
    exec: async (s) => {
      await pool.query(s);
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await pool.end();
    },
    poolStats: () => ({ max: poolSize, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
