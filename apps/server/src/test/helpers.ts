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

/** A fresh, empty database of the given kind: PGlite in memory, or a new database on the PostgreSQL server. */
/**
 * A migrated empty PGlite, dumped once and kept in the temp folder under a hash of the migrations and the PGlite
 * version: every later test database starts from it (≈ 1.3 s) instead of running the migrations again (≈ 3–4 s more).
 * Two workers making it at once both write a complete file and rename it into place, so either copy is good.
 */
let template: Promise<Blob> | undefined;
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const folder = fileURLToPath(new URL('../../drizzle', import.meta.url));
    const hash = createHash('sha256');
    for (const f of readdirSync(folder).sort()) if (f.endsWith('.sql')) hash.update(f).update(readFileSync(join(folder, f)));
    hash.update(readFileSync(join(folder, 'meta/_journal.json')));
    const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
    hash.update(readFileSync(join(entry.slice(0, entry.lastIndexOf('/@electric-sql/pglite/') + '/@electric-sql/pglite/'.length), 'package.json')));
    const file = join(tmpdir(), `suite-pglite-template-${hash.digest('hex').slice(0, 16)}.tar.gz`);
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

export async function freshDatabase(kind: 'pglite' | 'postgres'): Promise<TDatabase> {
  if (kind === 'pglite') return openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate() });
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `suite_t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: '', poolSize: 20 });
  const close = database.close;
  database.close = async () => {
    await close();
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
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

/** Builds an app on a fresh database, with the shared state of its deployment shape (`testState`). */
export async function createTestApp(kind: 'pglite' | 'postgres', env: Record<string, string> = {}): Promise<TTestContext> {
  const config = testConfig(env);
  const database = await freshDatabase(kind);
  const state = await testState(kind);
  const app = await buildApp(config, { database, state, logger: false });
  await app.ready();
  return {
    app,
    database,
    state,
    config,
    close: async () => {
      await app.close();
      await state.close();
      await database.close();
    },
  };
}

/**
 * Two instances of the app on one database and one Redis (REDIS_URL, under a fresh key prefix), listening on loopback,
 * as a fleet behind a load balancer runs them. Their shutdown (and the database's) goes into `closers`, last first.
 */
export async function twoInstances(
  kind: 'pglite' | 'postgres',
  closers: (() => Promise<unknown>)[],
): Promise<{ a: TTestContext & { origin: string }; b: TTestContext & { origin: string } }> {
  const database = await freshDatabase(kind);
  closers.push(() => database.close());
  const env = { AUTH_SECRET: randomBytes(48).toString('base64url'), ENCRYPTION_KEY: randomBytes(32).toString('base64'), JOBS_INTERVAL_MS: '0' };
  const prefix = `suite-test:${randomBytes(4).toString('hex')}:`;
  const instance = async (): Promise<TTestContext & { origin: string }> => {
    const config = testConfig(env);
    const state = await createSharedState(process.env.REDIS_URL, prefix);
    const app = await buildApp(config, { database, state, logger: false });
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    closers.push(async () => {
      await app.close();
      await state.close();
    });
    return { app, database, state, config, origin, close: async () => undefined };
  };
  const a = await instance();
  return { a, b: await instance() };
}
