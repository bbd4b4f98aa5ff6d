// Admin-page builder: the generated list's first page of a 100 000-row table on PostgreSQL (issue 13: < 100 ms).
// One request at a time (what a person opening the page waits for), after 20 warm-up requests: the page as the web
// app asks for it (page 1, 25 rows, default sort, exact total, readable foreign keys), then sorted by an unindexed
// column, then with a text filter. Each request goes through the API builder's data API (the app's internal API).
// The customer and product databases are throw-away databases on the local PostgreSQL (BENCH_DATABASE_URL's server if set).
//
//   node bench/admin-builder.mjs        (npm run bench imports it after its own sections)
import { appendFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { apiBuilderBench } from './api-builder-setup.mjs';

const port = 3236;
const ROWS = 100_000;
const N = 200;

const {
  base,
  json,
  token,
  seed,
  connection: conn,
  close,
} = await apiBuilderBench({
  port,
  tag: 'adb',
  env: { API_BUILDER_ALLOW_PRIVATE_HOSTS: 'true' },
  prepare: async (c) => {
    await c.query('CREATE TABLE customers (id integer PRIMARY KEY, name text NOT NULL)');
    await c.query("INSERT INTO customers SELECT g, '고객 ' || g FROM generate_series(1, 1000) g");
    await c.query(
      'CREATE TABLE orders (id integer PRIMARY KEY, customer_id integer NOT NULL REFERENCES customers(id), status varchar(20) NOT NULL, amount integer NOT NULL, ordered_on date)',
    );
    await c.query(
      `INSERT INTO orders SELECT g, 1 + g % 1000, (ARRAY['paid','shipped','cancelled','refunded'])[1 + g % 4], (g * 7919) % 100000, DATE '2026-01-01' + (g % 300) FROM generate_series(1, ${ROWS}) g`,
    );
    await c.query('VACUUM ANALYZE');
  },
});
try {
  const app = await json(`/api/seeds/${seed.id}/admin-builder/apps`, { name: 'bench', connectionId: conn.id, tables: ['customers', 'orders'] }, token);
  const list = `/api/seeds/${seed.id}/admin-builder/apps/${app.id}/tables/orders/rows`;

  async function measure(query) {
    const url = `${base}${list}?${query}`;
    const once = async () => {
      const t0 = performance.now();
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      const body = await res.json();
      const ms = performance.now() - t0;
      if (!res.ok) throw new Error(`${query}: ${res.status} ${JSON.stringify(body)}`);
      return { ms, body };
    };
    for (let i = 0; i < 20; i++) await once();
    const times = [];
    let last;
    for (let i = 0; i < N; i++) {
      const r = await once();
      times.push(r.ms);
      last = r.body;
    }
    times.sort((a, b) => a - b);
    const at = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
    return { p50: at(0.5), p95: at(0.95), p99: at(0.99), total: last.total, rows: last.data.length };
  }

  const cases = [
    ['first page, default sort (primary key), exact total, readable customer names', 'page=1&pageSize=25'],
    ['first page sorted by amount (no index), descending', 'page=1&pageSize=25&sort=amount.desc'],
    [
      'first page, status = paid and ordered_on in February',
      'page=1&pageSize=25&f.status=eq%3Apaid&f.ordered_on=gte%3A2026-02-01&f.ordered_on=lte%3A2026-02-28',
    ],
    ['first page, search box "고객" over text columns', 'page=1&pageSize=25&q=%EA%B3%A0%EA%B0%9D'],
  ];
  const results = [];
  for (const [name, q] of cases) {
    const r = await measure(q);
    results.push({ name, ...r });
    console.log(`${name}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (total ${r.total}, ${r.rows} rows)`);
  }
  const lines = ['| request | rows matched | p50 ms | p95 ms | p99 ms | < 100 ms (p95) |', '|---|---:|---:|---:|---:|---|'];
  for (const r of results)
    lines.push(`| ${r.name} | ${r.total} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.p95 < 100 ? 'yes' : 'NO'} |`);
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, load ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`;
  const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const text =
    `\n## ${stamp} UTC — Admin builder: generated list of a ${ROWS.toLocaleString('en-US')}-row table — ${machine}\n\n` +
    `Sequential requests (${N} after 20 warm-up) to GET …/admin-builder/apps/{id}/tables/orders/rows, as the web page asks: 25 rows, exact total ` +
    `(count over the filter), customer names for the foreign key; every read through the API builder's data API (internal API, cache off). ` +
    `Customer and product databases: PostgreSQL 15 on the same machine, shared with other agents' builds and tests during the run.\n\n` +
    `${lines.join('\n')}\n`;
  appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
  console.log(text);
} finally {
  await close();
}
