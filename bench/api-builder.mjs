// API builder: a single-row GET through the published data API, uncached and cached, next to a minimal node:http +
// pg server doing the same key check (SHA-256 of the key, looked up in memory) and the same query, in the same run.
// Rounds alternate baseline / uncached / cached (3 rounds, 5 s each, 50 connections, after a 2 s warm-up of each);
// medians, spread and p99. The baseline runs in its own process, like the real server.
// The customer database is a throw-away database on the local PostgreSQL (BENCH_DATABASE_URL's server if set).
//
//   node bench/api-builder.mjs          (npm run bench imports it after its own sections)
import { appendFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import pg from 'pg';
import { ROUNDS, SECONDS, databaseLabel, run } from './http.mjs';
import { adminUrl, apiBuilderBench, startMinimal } from './api-builder-setup.mjs';

const port = 3400;
const dbName = await databaseLabel(adminUrl);
const {
  base,
  json,
  token,
  seed,
  connection: conn,
  customer,
  product,
  close,
} = await apiBuilderBench({
  port,
  tag: 'ab',
  prepare: async (c) => {
    await c.query('CREATE TABLE items (id integer PRIMARY KEY, name text NOT NULL, price integer NOT NULL, note text)');
    await c.query("INSERT INTO items SELECT g, '상품 ' || g, g * 100, 'note ' || g FROM generate_series(1, 10000) g");
    await c.query('VACUUM ANALYZE items');
  },
});
try {
  const ab = `/api/seeds/${seed.id}/api-builder`;
  const uncachedApi = await json(`${ab}/apis`, { connectionId: conn.id, tables: [{ name: 'items', methods: ['GET'] }] }, token);
  await json(`${ab}/apis/${uncachedApi.id}`, { cacheMode: 'off' }, token, 'PATCH');
  const cachedApi = await json(`${ab}/apis`, { connectionId: conn.id, tables: [{ name: 'items', methods: ['GET'] }], cacheTtlSeconds: 3600 }, token);
  const keyOf = async (apiId) => (await json(`${ab}/keys`, { name: 'bench', apiId, rateLimitPerMinute: 100000 }, token)).key;
  const uncachedKey = await keyOf(uncachedApi.id);
  const cachedKey = await keyOf(cachedApi.id);
  // A key's limit is at most 100 000 calls a minute through the API, and a fast cached run passes that in 5 s: the
  // benchmark's keys get a higher limit directly in the product database before their first use (the server keeps a key's record in memory once used), so no run is cut
  // short by 429s. Same static headers for every target (a per-request autocannon hook would cost the load
  // generator CPU on the API targets only).
  const p = new pg.Client({ connectionString: product.url });
  await p.connect();
  await p.query('UPDATE api_keys SET rate_limit_per_minute = 1000000000');
  await p.end();

  // The baseline: same key check and query, nothing else, in its own process.
  const minimal = await startMinimal({ databaseUrl: customer.url, key: uncachedKey, port: port + 1 });
  const bareUrl = `http://127.0.0.1:${port + 1}/items?id=eq.4242`;

  const path = '/items?select=id,name,price,note&id=eq.4242';
  const check = await fetch(`${base}/api/v1/${cachedApi.id}${path}`, { headers: { apikey: cachedKey } });
  if (!check.ok) throw new Error(`data API: ${check.status} ${await check.text()}`);
  const targets = [
    ['baseline: node:http + pg, same key check and query', { url: bareUrl, headers: { apikey: uncachedKey } }],
    ['data API, uncached (cache off)', { url: `${base}/api/v1/${uncachedApi.id}${path}`, apiId: uncachedApi.id }],
    ['data API, cached (x-cache: HIT)', { url: `${base}/api/v1/${cachedApi.id}${path}`, apiId: cachedApi.id }],
  ];
  // Warm-up (not counted): JIT, connection pools and caches of every target, so round 1 measures the same thing as round 3.
  const withKey = async ({ apiId, ...opts }) => (apiId ? { ...opts, headers: { apikey: apiId === uncachedApi.id ? uncachedKey : cachedKey } } : opts);
  for (const [, opts] of targets) await run({ ...(await withKey(opts)), duration: 2 });
  const results = targets.map(() => []);
  // BENCH_ONLY=uncached|cached|baseline: run only that target (to profile one path with BENCH_CPU_PROF); no results written.
  const only = process.env.BENCH_ONLY;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, [name, opts]] of targets.entries()) {
      if (only && !name.includes(only)) continue;
      const r = await run(await withKey(opts));
      results[i].push({ rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50, errors: r.errors + r.non2xx });
      console.log(`round ${round + 1}: ${name}: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms`);
    }
  }
  minimal.kill('SIGTERM');

  if (!only) {
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const rows = targets.map(([name], i) => {
      const rs = results[i].map((x) => x.rps);
      return {
        name,
        rps: median(rs),
        min: Math.min(...rs),
        max: Math.max(...rs),
        p50: median(results[i].map((x) => x.p50)),
        p99: median(results[i].map((x) => x.p99)),
        errors: results[i].reduce((a, x) => a + x.errors, 0),
      };
    });
    const [bare, uncached, cached] = rows;
    const lines = ['| endpoint | median req/s | spread (min–max) | p50 ms | p99 ms | errors |', '|---|---:|---:|---:|---:|---:|'];
    for (const r of rows) lines.push(`| ${r.name} | ${Math.round(r.rps)} | ${Math.round(r.min)}–${Math.round(r.max)} | ${r.p50} | ${r.p99} | ${r.errors} |`);
    const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, load ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`;
    const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const text =
      `\n## ${stamp} UTC — API builder single-row GET — ${machine}\n\n` +
      `autocannon, 50 connections, ${SECONDS} s per run, ${ROUNDS} alternating rounds; customer database: ${dbName} (10 000 rows), product database: ${dbName} (same server), shared state in memory. ` +
      `The machine was shared with other agents' builds and tests during the run: absolute figures are noisy, the ratios are measured within the same rounds.\n\n` +
      `${lines.join('\n')}\n\n` +
      `- uncached / baseline: **${(uncached.rps / bare.rps).toFixed(2)}** (target ≥ 0.7)\n` +
      `- cached / uncached: **${(cached.rps / uncached.rps).toFixed(2)}** (target ≥ 3)\n`;
    appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
    console.log(text);
  }
} finally {
  await close();
}
