import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp, type TApp } from '../app.ts';
import { loadConfig, type TConfig } from '../config.ts';
import { openDatabase, type TDatabase } from '../db/client.ts';
import { createSharedState, type TSharedState } from '../state/shared-state.ts';

/** The database kinds the server suites run on: always PGlite, PostgreSQL too when TEST_DATABASE_URL is set. */
export const dbKinds: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export function testConfig(overrides: Record<string, string> = {}): TConfig {
  const dataDir = mkdtempSync(join(tmpdir(), 'suite-test-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_SECRET: randomBytes(48).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    ...overrides,
  });
}

/**
 * A migrated empty PGlite, dumped once and kept in the temp folder under a hash of the migrations and the PGlite
 * version: every later test database starts from it (≈ 1.3 s) instead of running the migrations again (≈ 3–4 s more).
 * Two workers making it at once both write a complete file and rename it into place, so either copy is good.
 */
let template: Promise<Blob> | undefined;
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
    const pglite = join(entry.slice(0, entry.lastIndexOf('/@electric-sql/pglite/') + '/@electric-sql/pglite/'.length), 'package.json');
    const file = join(tmpdir(), `suite-pglite-template-${migrationsHash(readFileSync(pglite))}.tar.gz`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const fresh = await openDatabase({ dataDir: 'memory://' });
    const dump = await fresh.dumpDataDir!();
    await fresh.close();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  })();
  return template;
}

/** 16 hex digits of a hash of the migrations (files and journal), and of `extra`. */
function migrationsHash(extra?: Buffer): string {
  const folder = fileURLToPath(new URL('../../drizzle', import.meta.url));
  const hash = createHash('sha256');
  for (const f of readdirSync(folder).sort()) if (f.endsWith('.sql')) hash.update(f).update(readFileSync(join(folder, f)));
  hash.update(readFileSync(join(folder, 'meta/_journal.json')));
  if (extra) hash.update(extra);
  return hash.digest('hex').slice(0, 16);
}

/** Runs `work` with a client on the server of TEST_DATABASE_URL. */
async function onServer<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/** The URL of database `name` on the server of TEST_DATABASE_URL. */
export function databaseUrl(name: string): string {
  return Object.assign(new URL(process.env.TEST_DATABASE_URL!), { pathname: `/${name}` }).toString();
}

/**
 * The PostgreSQL counterpart of the PGlite template: a database `suite_template_<hash of the migrations>` on the test
 * server, migrated once (by whichever worker gets the advisory lock first) and kept across runs; every test database
 * is a `CREATE DATABASE … TEMPLATE` copy of it (≈ 0.1 s) instead of running the migrations (≈ 1–2 s on a loaded
 * machine). Nobody connects to the template once it is made, as
 * PostgreSQL requires of a template. Templates of older migrations are left in place (another checkout on the same
 * server may still copy them); `DROP DATABASE suite_template_…` removes them by hand.
 */
let pgTemplate: Promise<string> | undefined;
function postgresTemplate(): Promise<string> {
  pgTemplate ??= onServer(async (c) => {
    const name = `suite_template_${migrationsHash()}`;
    await c.query('SELECT pg_advisory_lock(hashtext($1))', ['suite_template']);
    try {
      const found = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return name;
      const building = `${name}_building`;
      await c.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${building}`);
      const database = await openDatabase({ url: databaseUrl(building), dataDir: '', poolSize: 1 });
      await database.close();
      await c.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      return name;
    } finally {
      await c.query('SELECT pg_advisory_unlock(hashtext($1))', ['suite_template']);
    }
  });
  return pgTemplate;
}

/**
 * A new, migrated database on the server of TEST_DATABASE_URL (copied from the template), named `<prefix>_<random>`.
 * `drop()` removes it.
 */
export async function createPostgresDatabase(prefix = 'suite_t'): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const source = await postgresTemplate();
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await onServer(async (c) => {
    // Two copies of one template at the same moment: PostgreSQL may refuse the second while the first reads it.
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`CREATE DATABASE ${name} TEMPLATE ${source}`);
        return;
      } catch (e) {
        if ((e as { code?: string }).code !== '55006' || attempt >= 50) throw e;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
      }
    }
  });
  return { name, url: databaseUrl(name), drop: () => onServer((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined) };
}

/** A fresh, empty database of the given kind: PGlite in memory, or a new database on the PostgreSQL server. */
export async function freshDatabase(kind: 'pglite' | 'postgres'): Promise<TDatabase> {
  if (kind === 'pglite') return openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate() });
  const created = await createPostgresDatabase();
  const database = await openDatabase({ url: created.url, dataDir: '', poolSize: 20 });
  const close = database.close;
  database.close = async () => {
    await close();
    await created.drop();
  };
  return database;
}

export type TTestContext = { app: TApp; database: TDatabase; state: TSharedState; config: TConfig; close: () => Promise<void> };

/**
 * The shared state that goes with a database kind, as the two deployment shapes pair them: the embedded database
 * with in-process state (one instance), PostgreSQL with Redis when REDIS_URL is set (a fleet). One Vitest run with
 * TEST_DATABASE_URL and REDIS_URL thereby covers both shapes.
 */
export function testState(kind: 'pglite' | 'postgres'): Promise<TSharedState> {
  return createSharedState(kind === 'postgres' ? process.env.REDIS_URL : undefined, `suite-test:${randomBytes(4).toString('hex')}:`);
}

/** The kind of shared state `testState(kind)` gives. */
export function stateKindOf(kind: 'pglite' | 'postgres'): 'redis' | 'memory' {
  return kind === 'postgres' && process.env.REDIS_URL ? 'redis' : 'memory';
}

/** A clock that stands still until the test moves it (`advance(ms)`), starting at `start`. */
export type TClock = { now: () => Date; advance: (ms: number) => void };
export function movableClock(start = Date.now()): TClock {
  let t = start;
  return { now: () => new Date(t), advance: (ms) => void (t += ms) };
}

/** A clock that runs with the system's, plus whatever the test has moved it forward (`advance(ms)`). */
export function testClock(): TClock {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms) => void (offset += ms) };
}

export type TTestAppOptions = {
  /** Environment on top of `testConfig`'s (fresh secrets, a temp DATA_DIR, NODE_ENV=test, silent logs). */
  env?: Record<string, string>;
  /** The app's clock (`movableClock().now`, `testClock().now`); default the system clock. */
  now?: () => Date;
  /**
   * A fresh database of `kind` (default; closed with the app), an open one the app shares and leaves open (several
   * instances on one database), or 'config': the app opens the one its config names (DATA_DIR or DATABASE_URL) and
   * closes it, as in production.
   */
  database?: TDatabase | 'config';
  /** Whether the job runner polls: as configured (default), false (JOBS_INTERVAL_MS=0), or every n ms. */
  jobs?: boolean | number;
  /**
   * The shared state: that of `kind`'s deployment shape (default, `testState`); `{ redisUrl, prefix }` for instances
   * that share one (REDIS_URL under one prefix; in-process when the URL is undefined); or 'config' (REDIS_URL of the
   * config, as in production). Closed with the app.
   */
  state?: { redisUrl: string | undefined; prefix?: string } | 'config';
  /** Registers routes of the test's own before the app is ready. */
  extend?: (app: TApp) => void;
  /** Listens on a loopback port; `origin` is then its URL. */
  listen?: boolean;
};

export type TTestApp = TTestContext & { origin: string };

/**
 * The one test-app builder: an app of the given database kind with the options above. `close()` closes the app, its
 * shared state and the database it made (never one it was given).
 */
export async function createTestApp(kind: 'pglite' | 'postgres', opts: TTestAppOptions = {}): Promise<TTestApp> {
  const jobs: Record<string, string> = opts.jobs === undefined || opts.jobs === true ? {} : { JOBS_INTERVAL_MS: String(opts.jobs === false ? 0 : opts.jobs) };
  const config = testConfig({ ...jobs, ...opts.env });
  const given = opts.database !== undefined;
  const database = opts.database === 'config' ? undefined : (opts.database ?? (await freshDatabase(kind)));
  const state =
    opts.state === 'config'
      ? undefined
      : opts.state
        ? await createSharedState(opts.state.redisUrl, opts.state.prefix ?? `suite-test:${randomBytes(4).toString('hex')}:`)
        : await testState(kind);
  const app = await buildApp(config, { database, state, logger: false, ...(opts.now ? { now: opts.now } : {}) });
  opts.extend?.(app);
  await app.ready();
  const origin = opts.listen ? await app.listen({ port: 0, host: '127.0.0.1' }) : '';
  return {
    app,
    database: app.ctx.database,
    state: app.ctx.state,
    config,
    origin,
    close: async () => {
      await app.close();
      await state?.close();
      if (database && !given) await database.close();
    },
  };
}

/**
 * Two instances of the app on one database and one Redis (REDIS_URL, under a fresh key prefix), listening on loopback,
 * as a fleet behind a load balancer runs them. Their shutdown (and the database's) goes into `closers`, last first.
 */
export async function twoInstances(kind: 'pglite' | 'postgres', closers: (() => Promise<unknown>)[]): Promise<{ a: TTestApp; b: TTestApp }> {
  const database = await freshDatabase(kind);
  closers.push(() => database.close());
  const env = { AUTH_SECRET: randomBytes(48).toString('base64url'), ENCRYPTION_KEY: randomBytes(32).toString('base64') };
  const state = { redisUrl: process.env.REDIS_URL, prefix: `suite-test:${randomBytes(4).toString('hex')}:` };
  const instance = async () => {
    const t = await createTestApp(kind, { env, database, jobs: false, state, listen: true });
    closers.push(t.close);
    return t;
  };
  const a = await instance();
  return { a, b: await instance() };
}
