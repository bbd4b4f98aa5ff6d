// Self-check of bench/peers/postgraphile.mjs: a throw-away database with the items table of bench/data-api.mjs
// (100,000 rows), PostGraphile installed (or the cached install reused) and started on port 3480, both requests sent
// and their rows printed, then a 3-second autocannon of each (50 connections) just to show req/s — not a measurement
// (bench/data-api.mjs measures). Stops PostGraphile and drops the database at the end.
//
//   npx node bench/peers/postgraphile-check.mjs        env: DATABASE_URL (admin connection, default the local postgres)
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { graphqlRequests, installPostGraphile, rowsOf, startPostGraphile } from './postgraphile.mjs';

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const port = 3480;
const dbName = `suite_bench_pg_${randomBytes(4).toString('hex')}`;
const databaseUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
/** @type {{ stop: () => Promise<void> } | undefined} */
let server;
let failed = false;
try {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  await c.query('CREATE TABLE items (id integer PRIMARY KEY, name text NOT NULL, price integer NOT NULL, note text)');
  await c.query(`INSERT INTO items SELECT g, '상품 ' || g, g * 100, 'note ' || g FROM generate_series(1, 100000) g`);
  await c.query('VACUUM ANALYZE items');
  await c.end();

  const t0 = performance.now();
  const installed = await installPostGraphile();
  console.log(
    `installed postgraphile ${installed.version} + postgraphile-plugin-connection-filter ${installed.filterVersion} in ${installed.dir}` +
      (installed.installSeconds ? ` (npm install took ${installed.installSeconds.toFixed(1)} s)` : ' (cached install reused)'),
  );
  const t1 = performance.now();
  server = await startPostGraphile({ databaseUrl, port });
  console.log(
    `started in ${((performance.now() - t1) / 1000).toFixed(1)} s: ${server.url} (pid ${server.pid}); install + start ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const url = /** @type {{ url: string }} */ (server).url;
  const want = {
    single: [{ id: 4242, name: '상품 4242', price: 424200, note: 'note 4242' }],
    list: Array.from({ length: 20 }, (_, i) => ({ id: 1001 + i, name: `상품 ${1001 + i}`, price: (1001 + i) * 100, note: `note ${1001 + i}` })),
  };
  for (const kind of /** @type {const} */ (['single', 'list'])) {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: graphqlRequests[kind] });
    const rows = rowsOf(await res.json(), kind);
    console.log(`\n${kind}: ${graphqlRequests[kind]}\n${res.status}, ${rows.length} row(s):`);
    console.table(rows);
    if (JSON.stringify(rows) !== JSON.stringify(want[kind])) throw new Error(`${kind}: not the rows the data API answers`);
  }

  for (const kind of /** @type {const} */ (['single', 'list'])) {
    const result = await autocannon({
      url,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: graphqlRequests[kind],
      connections: 50,
      duration: 3,
    });
    console.log(
      `${kind}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
        `${result['2xx']} 2xx, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts (3 s, 50 connections; not a measurement)`,
    );
    if (result.non2xx || result.errors) failed = true;
  }
} catch (e) {
  failed = true;
  console.error(e);
} finally {
  await server?.stop();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  console.log(`\nstopped PostGraphile, dropped ${dbName}`);
}
process.exitCode = failed ? 1 : 0;
