// Issue 34: PostGraphile 5 (with the connection-filter plugin) as a peer of the data API in bench/data-api.mjs, on the
// same PostgreSQL table. PostGraphile is not a dependency of the project: it is installed once into a scratch folder
// (npm install --no-save, by the system npm) and reused, so every run compares against the same installed versions.
// The server runs in a child process of its own (as the data API does), as a production server would run it:
// NODE_ENV=production, no GraphiQL, no watch mode, no explain, node:http + grafserv, postgraphile/presets/amber.
//
//   const { dir, version, filterVersion } = await installPostGraphile();
//   const server = await startPostGraphile({ databaseUrl, port: 3480, poolSize: 10 });
//   fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: graphqlRequests.list });
//   rowsOf(await res.json(), 'list')     // [{ id, name, price, note }, …] as the data API answers
//   await server.stop();
//
// env: BENCH_PEERS_DIR overrides the scratch folder.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * What is installed: PostGraphile 5 and the connection-filter plugin's line for it (3.x; peer postgraphile ^5.0.3).
 * A 4.x line of the plugin exists too (4.0.1, peer postgraphile ^5.1.4); a cached folder is checked against MAJOR, so
 * changing the specs and majors here makes the next run install again.
 */
const POSTGRAPHILE_SPEC = 'postgraphile@^5';
const FILTER_SPEC = 'postgraphile-plugin-connection-filter@^3';
const MAJOR = { postgraphile: 5, 'postgraphile-plugin-connection-filter': 3 };

/** @param {string} dir @param {string} name @returns {string | undefined} the installed version, if any */
function installedVersion(dir, name) {
  const file = join(dir, 'node_modules', name, 'package.json');
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')).version;
}

/** @param {string} dir */
function installedOk(dir) {
  return existsSync(join(dir, '.installed')) && Object.entries(MAJOR).every(([name, major]) => Number(installedVersion(dir, name)?.split('.')[0]) === major);
}

/**
 * Installs (once, cached) postgraphile@^5 + postgraphile-plugin-connection-filter@^3 (the line that works with
 * PostGraphile 5) + their peers into a scratch folder (default: join(os.tmpdir(), 'suite-bench-peers', 'postgraphile-5'),
 * override with env BENCH_PEERS_DIR), with `npm install --no-save --no-audit --no-fund` run by the system npm.
 * A folder holding a finished install (marker file `.installed`, written last) is reused as it is.
 * @returns {Promise<{ dir: string, version: string, filterVersion: string, installSeconds: number }>} exact installed
 *   versions read from the installed package.json files; installSeconds is 0 when the cached install was reused.
 */
export async function installPostGraphile() {
  const dir = process.env.BENCH_PEERS_DIR ?? join(tmpdir(), 'suite-bench-peers', `postgraphile-${MAJOR.postgraphile}`);
  let installSeconds = 0;
  if (!installedOk(dir)) {
    rmSync(join(dir, '.installed'), { force: true });
    mkdirSync(dir, { recursive: true });
    // A package.json of its own, so npm installs here and not into a package.json further up.
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'suite-bench-peer-postgraphile', private: true, type: 'module' }, null, 2) + '\n');
    const started = performance.now();
    await new Promise((resolve, reject) => {
      // The system npm (not a workspace script): a clean environment without the project's npm_config_* settings.
      const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_')));
      const npm = spawn('npm', ['install', '--no-save', '--no-audit', '--no-fund', POSTGRAPHILE_SPEC, FILTER_SPEC], {
        cwd: dir,
        env,
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      npm.on('error', reject);
      npm.on('exit', (code) => (code === 0 ? resolve(undefined) : reject(new Error(`npm install in ${dir} failed (exit ${code})`))));
    });
    installSeconds = (performance.now() - started) / 1000;
    if (!Object.entries(MAJOR).every(([name, major]) => Number(installedVersion(dir, name)?.split('.')[0]) === major)) {
      throw new Error(`npm install in ${dir} did not leave ${Object.keys(MAJOR).join(' and ')} of the expected majors`);
    }
    writeFileSync(join(dir, '.installed'), new Date().toISOString() + '\n');
  }
  const version = /** @type {string} */ (installedVersion(dir, 'postgraphile'));
  const filterVersion = /** @type {string} */ (installedVersion(dir, 'postgraphile-plugin-connection-filter'));
  return { dir, version, filterVersion, installSeconds };
}

/** The server written into the scratch folder (so `postgraphile` resolves from its node_modules). env: DATABASE_URL, PORT, POOL_SIZE. */
const SERVER_SCRIPT = `// Written by bench/peers/postgraphile.mjs: PostGraphile 5 as a production server, node:http + grafserv.
import { createServer } from 'node:http';
import { postgraphile } from 'postgraphile';
import { PostGraphileAmberPreset } from 'postgraphile/presets/amber';
import { makePgService } from 'postgraphile/adaptors/pg';
import { grafserv } from 'postgraphile/grafserv/node';
import { PostGraphileConnectionFilterPreset } from 'postgraphile-plugin-connection-filter';

const port = Number(process.env.PORT);
const host = '127.0.0.1';
const poolSize = process.env.POOL_SIZE ? Number(process.env.POOL_SIZE) : undefined;
const service = makePgService({
  connectionString: process.env.DATABASE_URL,
  schemas: ['public'],
  ...(poolSize ? { poolConfig: { max: poolSize } } : {}),
});
/** @type {GraphileConfig.Preset} */
const preset = {
  extends: [PostGraphileAmberPreset, PostGraphileConnectionFilterPreset],
  pgServices: [service],
  grafserv: { port, host, graphiql: false, watch: false, websockets: false },
  grafast: { explain: false },
};
const pool = service.adaptorSettings.pool;
console.log(\`postgraphile: pool size \${pool.options.max}\${poolSize ? '' : ' (default)'}\`);
const pgl = postgraphile(preset);
const serv = pgl.createServ(grafserv);
const server = createServer();
serv.addTo(server).catch((e) => {
  console.error('postgraphile: initializing the server failed', e);
  process.exit(1);
});
server.on('error', (e) => {
  console.error('postgraphile: server error', e);
  process.exit(2);
});
server.listen({ port, host }, () => console.log(\`postgraphile: listening on http://\${host}:\${port}/graphql\`));
const stop = async () => {
  server.close();
  server.closeAllConnections();
  await pgl.release().catch(() => {});
  await service.release().catch(() => {});
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
`;

/**
 * Starts PostGraphile on `databaseUrl` (schema public) at 127.0.0.1:`port` in a child process of its own (a small
 * server script written into the scratch folder, run with process.execPath), as a production server would run it:
 * NODE_ENV and GRAPHILE_ENV production, no GraphiQL, no watch mode, no explain, the connection-filter plugin loaded;
 * the pool size (pg's default, or `poolSize`) is printed. Installs first if needed. Resolves once it answers a GraphQL
 * query (rejects if it exits first or is not up within 2 minutes).
 * @param {{ databaseUrl: string, port: number, poolSize?: number }} options
 * @returns {Promise<{ url: string, pid: number, stop: () => Promise<void> }>}
 */
export async function startPostGraphile({ databaseUrl, port, poolSize }) {
  const { dir } = await installPostGraphile();
  const url = `http://127.0.0.1:${port}/graphql`;
  const busy = await fetch(url, { method: 'POST' }).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`port ${port} is already in use`);
  const script = join(dir, 'server.mjs');
  writeFileSync(script, SERVER_SCRIPT);
  const env = { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), NODE_ENV: 'production', GRAPHILE_ENV: 'production', NODE_OPTIONS: '' };
  delete env.POOL_SIZE;
  if (poolSize) env.POOL_SIZE = String(poolSize);
  const proc = spawn(process.execPath, [script], { cwd: dir, env, stdio: ['ignore', 'inherit', 'inherit'] });
  /** @type {Promise<void>} */
  const exited = new Promise((resolve) => proc.once('exit', () => resolve()));
  let gone = false;
  // If the benchmark ends without stop() (a crash), PostGraphile does not outlive it.
  const killOnExit = () => proc.kill('SIGKILL');
  process.once('exit', killOnExit);
  exited.then(() => {
    gone = true;
    process.removeListener('exit', killOnExit);
  });
  const stop = async () => {
    if (gone) return;
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 120_000;
  while (!gone) {
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
      const answer = await res.json();
      if (res.ok && answer?.data?.__typename === 'Query') return { url, pid: /** @type {number} */ (proc.pid), stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`PostGraphile did not answer at ${url} within 2 minutes`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`PostGraphile exited before it answered (exit code ${proc.exitCode})`);
}

/**
 * The GraphQL request bodies (JSON, POST application/json) for `items (id integer primary key, name text not null,
 * price integer not null, note text)`, the same work as the data API's
 *   single  /items?select=id,name,price,note&id=eq.4242
 *   list    /items?select=id,name,price,note&id=gt.1000&order=id.asc&limit=20
 * PostGraphile 5's amber preset keeps `id` for the global Node ID, so the column `id` is the field `rowId`, the
 * primary-key lookup is `itemByRowId(rowId:)` and the order `ROW_ID_ASC` (checked against its schema). The list is
 * filtered with the connection-filter plugin and asks for the nodes only (no totalCount, no cursors).
 */
export const graphqlRequests = {
  single: JSON.stringify({ query: '{ itemByRowId(rowId: 4242) { rowId name price note } }' }),
  list: JSON.stringify({
    query: '{ allItems(filter: { rowId: { greaterThan: 1000 } }, orderBy: ROW_ID_ASC, first: 20) { nodes { rowId name price note } } }',
  }),
};

/**
 * PostGraphile's answer to graphqlRequests[kind] as the data API answers it: an array of { id, name, price, note }
 * (keys in that order, so JSON.stringify of both can be compared). Throws on GraphQL errors.
 * @param {string | { data?: any, errors?: { message: string }[] }} answerJson the parsed answer (or its text)
 * @param {'single' | 'list'} kind
 * @returns {{ id: number, name: string, price: number, note: string | null }[]}
 */
export function rowsOf(answerJson, kind) {
  const answer = typeof answerJson === 'string' ? JSON.parse(answerJson) : answerJson;
  if (answer?.errors?.length) throw new Error(`PostGraphile: ${answer.errors.map((e) => e.message).join('; ')}`);
  if (!answer?.data) throw new Error(`PostGraphile: no data in ${JSON.stringify(answer).slice(0, 200)}`);
  /** @type {{ rowId: number, name: string, price: number, note: string | null }[]} */
  const nodes = kind === 'single' ? [answer.data.itemByRowId].filter(Boolean) : answer.data.allItems.nodes;
  return nodes.map((n) => ({ id: n.rowId, name: n.name, price: n.price, note: n.note }));
}
