// Issue 34: the published data API next to the servers a customer could run instead, on one 100,000-row table, in
// one run with alternating rounds. Every target answers the same rows (checked before measuring):
//
//   minimal            node:http + pg, same key check and the same SQL (bench/api-builder-minimal.mjs)
//   minimal + cache    the same with an in-memory Map by URL (hits written from stored bytes)
//   data API           our server with its default logging (LOG_LEVEL=info, one access line per request, written
//                      to a file) — cache off (uncached) and cache on (ttl; every request a hit)
//   LOG_LEVEL=warn     a second instance without access lines: the cost of logging (BENCH_LOG_COMPARE=0 skips it)
//   spread reads       a second table of 1,000,000 rows (`spread_items`), ids drawn from all of it: 10 % from 200 hot
//                      ids, 90 % uniform (about 10 % hits: a uniform id is rarely asked twice), cache off vs ttl: the
//                      cost of a cache that mostly misses; and uniform ids only (the miss path alone). Each run
//                      draws a new stream (off and ttl the same one in a round), so a round does not re-ask the
//                      ids an earlier round cached (over 100,000 rows that made 29.8 % hits, not 10 %)
//   PostGraphile 5     with the connection-filter plugin, installed in a scratch folder (bench/peers/postgraphile.mjs)
//
// single row: /items?select=id,name,price,note&id=eq.4242; list of 20: …&id=gt.1000&order=id.asc&limit=20.
// autocannon, 50 connections, BENCH_SECONDS (5) per run, BENCH_ROUNDS (3) rounds; within a round the targets run one
// after the other in a fixed order after a 2 s warm-up of each; medians (min–max). Appends to bench/RESULTS.md and,
// with BENCH_FIGURES_FILE, a JSON line of the ratios (npm run bench judges them).
//
//   node bench/data-api.mjs        BENCH_PEERS=0 skips PostGraphile; BENCH_ONLY=<regexp> runs matching targets only
//                                  (no results written unless BENCH_RECORD=1); BENCH_LOG_LEVEL overrides the server's level (default info)
import { appendFileSync, closeSync, existsSync, mkdtempSync, openSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ROUNDS, SECONDS, cpuByThread, cpuMs, cpuPer, databaseLabel, run, startServer } from './http.mjs';
import { adminUrl, apiBuilderBench, startMinimal } from './api-builder-setup.mjs';

const port = 3410;
const ROWS = 100_000;
const SPREAD_ROWS = 1_000_000;
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
const logDir = mkdtempSync(join(tmpdir(), 'suite-bench-log-'));
const logFile = join(logDir, 'server.log');
const logFd = openSync(logFile, 'a');
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';
const dbName = await databaseLabel(adminUrl);
// Both instances of our server share the product database, so they need the same secrets (connection passwords are sealed).
const secrets = { AUTH_SECRET: randomBytes(48).toString('base64url'), ENCRYPTION_KEY: randomBytes(32).toString('base64') };
const bench = await apiBuilderBench({
  port,
  tag: 'dapi',
  env: {
    ...secrets,
    LOG_LEVEL: logLevel,
    ...(process.env.LOG_SAMPLE_RATE ? { LOG_SAMPLE_RATE: process.env.LOG_SAMPLE_RATE } : {}),
    // BENCH_CPU_PROF=<dir>: a V8 CPU profile of our server there (as bench/api-builder-rpc.mjs).
    ...(process.env.BENCH_CPU_PROF ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}` } : {}),
  },
  stdio: ['ignore', logFd, 'inherit'],
  prepare: async (c) => {
    await c.query('CREATE TABLE items (id integer PRIMARY KEY, name text NOT NULL, price integer NOT NULL, note text)');
    await c.query(`INSERT INTO items SELECT g, '상품 ' || g, g * 100, 'note ' || g FROM generate_series(1, ${ROWS}) g`);
    await c.query('CREATE TABLE spread_items (id integer PRIMARY KEY, name text NOT NULL, price integer NOT NULL, note text)');
    await c.query(`INSERT INTO spread_items SELECT g, '상품 ' || g, g * 100, 'note ' || g FROM generate_series(1, ${SPREAD_ROWS}) g`);
    await c.query('VACUUM ANALYZE items');
    await c.query('VACUUM ANALYZE spread_items');
  },
});
const { base, json, token, seed, connection: conn, customer, product, close, pid: serverPid } = bench;
const stops = [];
const lines = [];
const figures = {};
try {
  const ab = `/api/seeds/${seed.id}/api-builder`;
  const published = [
    { name: 'items', methods: ['GET'] },
    { name: 'spread_items', methods: ['GET'] },
  ];
  const offApi = await json(`${ab}/apis`, { connectionId: conn.id, tables: published }, token);
  await json(`${ab}/apis/${offApi.id}`, { cacheMode: 'off' }, token, 'PATCH');
  const ttlApi = await json(`${ab}/apis`, { connectionId: conn.id, tables: published, cacheTtlSeconds: 3600 }, token);
  await json(`${ab}/apis/${ttlApi.id}`, { cacheMode: 'ttl' }, token, 'PATCH');
  const keyOf = async (apiId) => (await json(`${ab}/keys`, { name: 'bench', apiId, rateLimitPerMinute: 100000 }, token)).key;
  const offKey = await keyOf(offApi.id);
  const ttlKey = await keyOf(ttlApi.id);
  // The keys' limit raised in the product database before their first use (see bench/api-builder.mjs).
  const p = new pg.Client({ connectionString: product.url });
  await p.connect();
  await p.query('UPDATE api_keys SET rate_limit_per_minute = 1000000000');
  await p.end();

  const minimal = await startMinimal({ databaseUrl: customer.url, key: offKey, port: port + 1, profileDir: process.env.BENCH_CPU_PROF_MINIMAL });
  stops.push(() => minimal.kill('SIGTERM'));
  const minBase = `http://127.0.0.1:${port + 1}`;

  // The cost of the access log: a second instance on the same product database with LOG_LEVEL=warn (no access
  // lines), measured in the same rounds (BENCH_LOG_COMPARE=0 skips it).
  let quiet;
  if (process.env.BENCH_LOG_COMPARE !== '0') {
    const proc = await startServer(
      port + 3,
      { ...secrets, DATABASE_URL: product.url, LOG_LEVEL: 'warn', AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false' },
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    stops.push(async () => {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.on('exit', r));
    });
    quiet = { base: `http://127.0.0.1:${port + 3}`, pid: proc.pid };
  }

  let graphile;
  if (process.env.BENCH_PEERS !== '0' && existsSync(new URL('./peers/postgraphile.mjs', import.meta.url))) {
    const peer = await import('./peers/postgraphile.mjs');
    const installed = await peer.installPostGraphile();
    const server = await peer.startPostGraphile({ databaseUrl: customer.url, port: port + 2, poolSize: 10 });
    stops.push(() => server.stop());
    graphile = { ...peer, ...installed, server };
  }

  const SINGLE = '/items?select=id,name,price,note&id=eq.4242';
  const LIST = '/items?select=id,name,price,note&id=gt.1000&order=id.asc&limit=20';
  const api = (apiId) => `${base}/api/v1/${apiId}`;
  const offHeaders = { apikey: offKey };
  const ttlHeaders = { apikey: ttlKey };
  const minHeaders = { apikey: offKey };

  // Spread reads: a seeded generator, so cache off and ttl receive the same stream of ids; the n-th run of a target
  // (the warm-up, then each round) draws with the n-th seed.
  const spread = (hotShare, n) => {
    let s = (0x2545f491 ^ Math.imul(n + 1, 0x9e3779b1)) >>> 0;
    const next = () => {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      return s / 2 ** 32;
    };
    return () => {
      const id = next() < hotShare ? 1 + Math.floor(next() * 200) * 37 : 1 + Math.floor(next() * SPREAD_ROWS);
      return `/spread_items?select=id,name,price,note&id=eq.${id}`;
    };
  };
  const spreadOpts = (apiId, headers, hotShare) => {
    let runs = 0;
    return () => spreadRun(apiId, headers, spread(hotShare, runs++));
  };
  const spreadRun = (apiId, headers, pick) => {
    const prefix = `/api/v1/${apiId}`;
    const tally = { hits: 0, total: 0 };
    return {
      opts: {
        url: base,
        headers,
        requests: [
          {
            setupRequest: (req) => ({ ...req, path: prefix + pick() }),
            onResponse: (_status, _body, _ctx, headers) => {
              tally.total++;
              if (headers?.['x-cache'] === 'HIT') tally.hits++;
            },
          },
        ],
      },
      tally,
    };
  };

  const graphql = (kind) =>
    graphile && {
      url: graphile.server.url,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: graphile.graphqlRequests[kind],
    };

  /** [name, () => ({ opts, tally? }), pid of the server measured] in the order each round runs them. */
  const targets = [
    ['minimal, single row', () => ({ opts: { url: minBase + SINGLE.replace('select=id,name,price,note&', ''), headers: minHeaders } }), minimal.pid],
    ['data API uncached, single row', () => ({ opts: { url: api(offApi.id) + SINGLE, headers: offHeaders } }), serverPid],
    ...(quiet
      ? [
          [
            'data API uncached, single row, LOG_LEVEL=warn',
            () => ({ opts: { url: `${quiet.base}/api/v1/${offApi.id}${SINGLE}`, headers: offHeaders } }),
            quiet.pid,
          ],
        ]
      : []),
    ['minimal, list of 20', () => ({ opts: { url: `${minBase}/items?id=gt.1000`, headers: minHeaders } }), minimal.pid],
    ['data API uncached, list of 20', () => ({ opts: { url: api(offApi.id) + LIST, headers: offHeaders } }), serverPid],
    ['minimal + in-memory cache, single row', () => ({ opts: { url: `${minBase}/cached/items?id=eq.4242`, headers: minHeaders } }), minimal.pid],
    ['data API cached, single row', () => ({ opts: { url: api(ttlApi.id) + SINGLE, headers: ttlHeaders } }), serverPid],
    ...(quiet
      ? [
          [
            'data API cached, single row, LOG_LEVEL=warn',
            () => ({ opts: { url: `${quiet.base}/api/v1/${ttlApi.id}${SINGLE}`, headers: ttlHeaders } }),
            quiet.pid,
          ],
        ]
      : []),
    ['minimal + in-memory cache, list of 20', () => ({ opts: { url: `${minBase}/cached/items?id=gt.1000`, headers: minHeaders } }), minimal.pid],
    ['data API cached, list of 20', () => ({ opts: { url: api(ttlApi.id) + LIST, headers: ttlHeaders } }), serverPid],
    ['spread reads (≈ 10 % hits), cache off', spreadOpts(offApi.id, offHeaders, 0.1), serverPid],
    ['spread reads (≈ 10 % hits), cache ttl', spreadOpts(ttlApi.id, ttlHeaders, 0.1), serverPid],
    ['uniform reads (miss path), cache off', spreadOpts(offApi.id, offHeaders, 0), serverPid],
    ['uniform reads (miss path), cache ttl', spreadOpts(ttlApi.id, ttlHeaders, 0), serverPid],
    ...(graphile
      ? [
          ['PostGraphile, single row', () => ({ opts: graphql('single') }), graphile.server.pid],
          ['PostGraphile, list of 20', () => ({ opts: graphql('list') }), graphile.server.pid],
        ]
      : []),
  ].filter(([name]) => !ONLY || ONLY.test(name));

  // Same rows from every server before measuring.
  const rowsOf = async (url, headers, init = {}) => {
    const res = await fetch(url, { headers, ...init });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return JSON.stringify(await res.json());
  };
  for (const [kind, apiPath, minPath] of [
    ['single', SINGLE, '/items?id=eq.4242'],
    ['list', LIST, '/items?id=gt.1000'],
  ]) {
    const want = await rowsOf(minBase + minPath, minHeaders);
    const got = [
      await rowsOf(api(offApi.id) + apiPath, offHeaders),
      await rowsOf(api(ttlApi.id) + apiPath, ttlHeaders),
      await rowsOf(api(ttlApi.id) + apiPath, ttlHeaders),
      await rowsOf(`${minBase}/cached${minPath}`, minHeaders),
      await rowsOf(`${minBase}/cached${minPath}`, minHeaders),
    ];
    if (graphile) {
      const res = await fetch(graphile.server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: graphile.graphqlRequests[kind] });
      got.push(JSON.stringify(graphile.rowsOf(await res.json(), kind)));
    }
    for (const g of got) if (g !== want) throw new Error(`${kind}: a server answers differently\nwant ${want.slice(0, 300)}\ngot  ${g.slice(0, 300)}`);
  }

  for (const [, make] of targets) await run({ ...make().opts, duration: 2 });
  const results = targets.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, [name, make, pid]] of targets.entries()) {
      const { opts, tally } = make();
      const c0 = { ...cpuByThread(pid), loadgen: cpuMs() };
      const r = await run(opts);
      const cpu = cpuPer(c0, { ...cpuByThread(pid), loadgen: cpuMs() }, r.requests.total);
      const hitRatio = tally ? tally.hits / Math.max(1, tally.total) : undefined;
      results[i].push({ rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx, hitRatio, cpu });
      console.log(
        `round ${round + 1}: ${name}: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms${hitRatio === undefined ? '' : `, hits ${(hitRatio * 100).toFixed(1)} %`}`,
      );
    }
  }

  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const row = (name) => {
    const i = targets.findIndex(([n]) => n === name);
    if (i < 0) return undefined;
    const rs = results[i].map((x) => x.rps);
    const hr = results[i].map((x) => x.hitRatio).filter((x) => x !== undefined);
    return {
      name,
      rps: median(rs),
      min: Math.min(...rs),
      max: Math.max(...rs),
      p99: median(results[i].map((x) => x.p99)),
      errors: results[i].reduce((a, x) => a + x.errors, 0),
      hitRatio: hr.length ? median(hr) : undefined,
      cpu: Object.fromEntries(['main', 'libuv', 'other', 'postgres', 'loadgen'].map((k) => [k, median(results[i].map((x) => x.cpu[k] ?? 0))])),
    };
  };
  lines.push(
    '| target | median req/s | spread (min–max) | p99 ms | errors | cache hits | CPU µs a request: server main thread / other threads / PostgreSQL / load generator |',
    '|---|---:|---:|---:|---:|---:|---:|',
  );
  const us = (ms) => Math.round(ms * 1000);
  for (const [name] of targets) {
    const r = row(name);
    lines.push(
      `| ${name} | ${Math.round(r.rps)} | ${Math.round(r.min)}–${Math.round(r.max)} | ${r.p99} | ${r.errors} | ${r.hitRatio === undefined ? '' : `${(r.hitRatio * 100).toFixed(1)} %`} | ${us(r.cpu.main)} / ${us(r.cpu.libuv + r.cpu.other)} / ${us(r.cpu.postgres)} / ${us(r.cpu.loadgen)} |`,
    );
  }
  lines.push('');
  const goal = (label, a, b, target) => {
    const ra = row(a);
    const rb = row(b);
    if (!ra || !rb) return;
    const ratio = ra.rps / rb.rps;
    figures[label] = ratio;
    lines.push(`| ${label} | ${a} ÷ ${b} | **${ratio.toFixed(2)}** | ≥ ${target} | ${ratio >= target ? 'yes' : 'no'} |`);
  };
  lines.push('| ratio | of | measured | goal | met |', '|---|---|---:|---:|---|');
  goal('uncached single ÷ minimal', 'data API uncached, single row', 'minimal, single row', 0.9);
  goal('uncached list ÷ minimal', 'data API uncached, list of 20', 'minimal, list of 20', 0.9);
  goal('cached single ÷ minimal + cache', 'data API cached, single row', 'minimal + in-memory cache, single row', 0.8);
  goal('cached list ÷ minimal + cache', 'data API cached, list of 20', 'minimal + in-memory cache, list of 20', 0.8);
  goal('ttl ÷ off, ≈ 10 % hits', 'spread reads (≈ 10 % hits), cache ttl', 'spread reads (≈ 10 % hits), cache off', 0.97);
  goal('ttl ÷ off, miss path alone', 'uniform reads (miss path), cache ttl', 'uniform reads (miss path), cache off', 0.97);
  goal('access log on: uncached single ÷ LOG_LEVEL=warn', 'data API uncached, single row', 'data API uncached, single row, LOG_LEVEL=warn', 0.95);
  goal('access log on: cached single ÷ LOG_LEVEL=warn', 'data API cached, single row', 'data API cached, single row, LOG_LEVEL=warn', 0.95);
  goal('uncached single ÷ PostGraphile', 'data API uncached, single row', 'PostGraphile, single row', 1.8);
  goal('uncached list ÷ PostGraphile', 'data API uncached, list of 20', 'PostGraphile, list of 20', 1.8);
} finally {
  for (const stop of stops) await stop();
  closeSync(logFd);
  await close();
}

const logBytes = statSync(logFile).size;
if (!ONLY || process.env.BENCH_RECORD === '1') {
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, load ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`;
  const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const text =
    `\n## ${stamp} UTC — issue 34: the data API next to a minimal server and PostGraphile${ONLY ? ` (targets matching /${ONLY.source}/ only)` : ''} — ${machine}\n\n` +
    `One table of ${ROWS.toLocaleString('en-US')} rows (${dbName}, a throw-away database; the product database on the same server). ` +
    `autocannon, 50 connections, ${SECONDS} s per run, ${ROUNDS} rounds, the targets in turn within each round after a 2 s warm-up of each; medians (min–max), p99 as the median of the rounds'. ` +
    `Our server: NODE_ENV=development, LOG_LEVEL=${logLevel}${process.env.LOG_SAMPLE_RATE ? `, LOG_SAMPLE_RATE=${process.env.LOG_SAMPLE_RATE}` : ' (default sampling)'}, its standard output a file (${(logBytes / 2 ** 20).toFixed(1)} MiB written in the run). ` +
    `Every server answered the same rows before the rounds.\n\n` +
    `${lines.join('\n')}\n`;
  appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
  console.log(text);
  if (process.env.BENCH_FIGURES_FILE) appendFileSync(process.env.BENCH_FIGURES_FILE, `${JSON.stringify({ dataApi: figures, at: stamp })}\n`);
} else console.log(lines.join('\n'));
