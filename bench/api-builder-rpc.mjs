// API builder aggregates and functions (issue 36): req/s through the published data API next to a minimal node:http +
// pg server running the same SQL with the same key check (bench/api-builder-rpc-minimal.mjs, its own process), in the
// same run. Targets, each against its baseline:
//   aggregates, one customer   GET /orders?select=amount.sum(),status,count()&customer_id=eq.42   (index, ~20 rows)
//   aggregates, whole table    GET /orders?select=amount.sum(),status,count()                     (20 000 rows)
//   rpc                        POST /rpc/customer_orders {"cust": 42}                              (set-returning SQL function)
// Rounds alternate over every target (3 rounds, 5 s each, 50 connections, after a 2 s warm-up of each); medians,
// spread (min–max), p99 and the ratio data API / baseline (bar ≥ 0.7). The API's cache is off (the SQL is measured).
// The customer and product databases are throw-away databases on the local PostgreSQL (BENCH_DATABASE_URL's server).
//
//   node bench/api-builder-rpc.mjs     BENCH_ONLY=<part of a target's name>: only those targets, nothing written
//                                      BENCH_CPU_PROF=<dir>: V8 CPU profiles of the server and the baseline there
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ROUNDS, SECONDS, cpuByThread, cpuPer, databaseLabel, run } from './http.mjs';
import { adminUrl, apiBuilderBench } from './api-builder-setup.mjs';

const port = 3420;
const only = process.env.BENCH_ONLY;
const prof = process.env.BENCH_CPU_PROF;
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
  pid,
} = await apiBuilderBench({
  port,
  tag: 'abrpc',
  ...(prof ? { env: { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${prof}` } } : {}),
  prepare: async (c) => {
    await c.query('CREATE TABLE orders (id integer PRIMARY KEY, customer_id integer NOT NULL, status text NOT NULL, amount integer NOT NULL, ordered_on date)');
    await c.query(
      "INSERT INTO orders SELECT g, 1 + g % 1000, (ARRAY['paid','pending','shipped','cancelled'])[1 + g % 4], 1000 + (g * 37) % 90000, DATE '2026-01-01' + g % 300 FROM generate_series(1, 20000) g",
    );
    await c.query('CREATE INDEX orders_customer ON orders (customer_id)');
    await c.query(
      'CREATE FUNCTION customer_orders(cust integer) RETURNS SETOF orders LANGUAGE sql STABLE AS $$ SELECT * FROM orders WHERE customer_id = cust ORDER BY id $$',
    );
    await c.query('VACUUM ANALYZE orders');
  },
});

function startBaseline(key, basePort) {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./api-builder-rpc-minimal.mjs', import.meta.url))], {
    env: {
      ...process.env,
      DATABASE_URL: customer.url,
      KEY_HASH: createHash('sha256').update(key).digest('hex'),
      PORT: String(basePort),
      NODE_OPTIONS: prof ? `--cpu-prof --cpu-prof-dir=${prof}` : '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => String(d).includes('ready') && resolve(child));
    child.on('exit', () => reject(new Error('baseline server exited')));
  });
}

try {
  const ab = `/api/seeds/${seed.id}/api-builder`;
  const api = await json(`${ab}/apis`, { connectionId: conn.id, tables: [{ name: 'orders', methods: ['GET'] }] }, token);
  await json(`${ab}/apis/${api.id}`, { cacheMode: 'off', aggregatesEnabled: true, functions: [{ name: 'customer_orders' }] }, token, 'PATCH');
  const key = (await json(`${ab}/keys`, { name: 'bench', apiId: api.id, rateLimitPerMinute: 100000 }, token)).key;
  // As in bench/api-builder.mjs: a higher limit set directly before the key's first use, so no run is cut short by 429s.
  const p = new pg.Client({ connectionString: product.url });
  await p.connect();
  await p.query('UPDATE api_keys SET rate_limit_per_minute = 1000000000');
  await p.end();
  const minimal = await startBaseline(key, port + 1);
  const bare = `http://127.0.0.1:${port + 1}`;
  const ours = `${base}/api/v1/${api.id}`;
  const headers = { apikey: key };
  const post = (url, body) => ({ url, method: 'POST', body: JSON.stringify(body), headers: { ...headers, 'content-type': 'application/json' } });
  const agg = '/orders?select=amount.sum(),status,count()';
  const pairs = [
    ['aggregates, one customer', { url: `${bare}${agg}&customer_id=eq.42`, headers }, { url: `${ours}${agg}&customer_id=eq.42`, headers }],
    ['aggregates, whole table', { url: `${bare}${agg}`, headers }, { url: `${ours}${agg}`, headers }],
    ['rpc', post(`${bare}/rpc/customer_orders`, { cust: 42 }), post(`${ours}/rpc/customer_orders`, { cust: 42 })],
  ];
  // Both servers must answer the same JSON, or the comparison is void.
  for (const [name, b, o] of pairs) {
    const [x, y] = await Promise.all([b, o].map(async (t) => fetch(t.url, { method: t.method ?? 'GET', headers: t.headers, body: t.body })));
    const [bx, by] = [await x.text(), await y.text()];
    if (!x.ok || !y.ok || JSON.stringify(JSON.parse(bx)) !== JSON.stringify(JSON.parse(by)))
      throw new Error(`${name}: answers differ\n${x.status} ${bx.slice(0, 300)}\n${y.status} ${by.slice(0, 300)}`);
  }
  // Each target with the process that serves it: CPU per request (its main thread, and PostgreSQL's backends) is
  // measured around every run — less at the mercy of the shared machine than req/s.
  const targets = pairs.flatMap(([name, b, o]) => [
    [`${name} — baseline (node:http + pg, same SQL)`, b, minimal.pid],
    [`${name} — data API`, o, pid],
  ]);
  const chosen = targets.filter(([name]) => !only || name.includes(only));
  for (const [, opts] of chosen) await run({ ...opts, duration: 2 });
  const results = new Map(targets.map(([name]) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, opts, servedBy] of chosen) {
      const before = cpuByThread(servedBy);
      const r = await run(opts);
      const cpu = cpuPer(before, cpuByThread(servedBy), Math.max(1, r.requests.total));
      results
        .get(name)
        .push({ rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50, errors: r.errors + r.non2xx, main: cpu.main, pg: cpu.postgres });
      console.log(
        `round ${round + 1}: ${name}: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, CPU/req main ${cpu.main.toFixed(3)} ms, PostgreSQL ${cpu.postgres.toFixed(3)} ms`,
      );
    }
  }
  minimal.kill('SIGTERM');

  if (!only) {
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const row = (name) => {
      const rs = results.get(name);
      return {
        name,
        rps: median(rs.map((x) => x.rps)),
        min: Math.min(...rs.map((x) => x.rps)),
        max: Math.max(...rs.map((x) => x.rps)),
        p50: median(rs.map((x) => x.p50)),
        p99: median(rs.map((x) => x.p99)),
        errors: rs.reduce((a, x) => a + x.errors, 0),
        main: median(rs.map((x) => x.main)),
        pg: median(rs.map((x) => x.pg)),
      };
    };
    const rows = targets.map(([name]) => row(name));
    const lines = [
      '| endpoint | median req/s | spread (min–max) | p50 ms | p99 ms | server CPU ms/req | PostgreSQL CPU ms/req | errors |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
    ];
    for (const r of rows)
      lines.push(
        `| ${r.name} | ${Math.round(r.rps)} | ${Math.round(r.min)}–${Math.round(r.max)} | ${r.p50} | ${r.p99} | ${r.main.toFixed(3)} | ${r.pg.toFixed(3)} | ${r.errors} |`,
      );
    const ratios = pairs.map(([name], i) => {
      const ratio = rows[2 * i + 1].rps / rows[2 * i].rps;
      return `- ${name}: data API / baseline **${ratio.toFixed(2)}** (bar ≥ 0.7${ratio >= 0.7 ? ', met' : ', **not met**'})`;
    });
    const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, load ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`;
    const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const text =
      `\n## ${stamp} UTC — API builder aggregates and RPC (issue 36) — ${machine}\n\n` +
      `autocannon, 50 connections, ${SECONDS} s per run, ${ROUNDS} alternating rounds over all six targets; customer database: ${dbName} (orders, 20 000 rows, 1 000 customers), ` +
      `product database on the same server, shared state in memory, the API's cache off. The baseline runs the SQL text the data API's planner renders, with the same key check, in its own process; ` +
      `both answers are compared before the run. The machine was shared with other work during the run: absolute figures are noisy, the ratios are measured within the same rounds.\n\n` +
      `${lines.join('\n')}\n\n${ratios.join('\n')}\n`;
    appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
    console.log(text);
  }
} finally {
  await close();
}
