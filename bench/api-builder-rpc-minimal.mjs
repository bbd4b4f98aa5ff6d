// The baseline of bench/api-builder-rpc.mjs in a process of its own (as the real server is): node:http + pg, the same
// key check as the data API (SHA-256 of the key, looked up in memory) and the same SQL text the data API runs for
//   GET  /orders?select=amount.sum(),status,count()[&customer_id=eq.N]   aggregates grouped by status
//   POST /rpc/customer_orders {"cust": N}                                 a set-returning function
// (statements copied from what the planner renders, row cap 1000 included), answered with the same JSON.
// env: DATABASE_URL, KEY_HASH, PORT, DATABASE_POOL_SIZE.
import { createHash } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
const keys = new Set([process.env.KEY_HASH]);
const AGG = 'SELECT t0."status", SUM(t0."amount") AS suite_agg_0, COUNT(*) AS suite_agg_1 FROM "orders" t0';
const aggAll = { text: `${AGG} GROUP BY t0."status" LIMIT 1000` };
const aggOne = { text: `${AGG} WHERE t0."customer_id" = $1 GROUP BY t0."status" LIMIT 1000` };
const rpc = {
  text: 'WITH "customer_orders" AS (SELECT * FROM "customer_orders"("cust" := $1::integer)) SELECT t0."id", t0."customer_id", t0."status", t0."amount", t0."ordered_on" FROM "customer_orders" t0 LIMIT 1000',
};
// pg's default parsers: bigint (sum, count) and date arrive as text; the data API answers numbers and dates as PostgREST does.
const num = (v) => (v === null ? null : Number(v));

function send(res, rows) {
  const body = Buffer.from(JSON.stringify(rows));
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
}

const server = http.createServer(async (req, res) => {
  const key = req.headers.apikey;
  if (typeof key !== 'string' || !keys.has(createHash('sha256').update(key).digest('hex'))) {
    res.writeHead(401).end();
    return;
  }
  try {
    if (req.method === 'POST' && req.url.startsWith('/rpc/customer_orders')) {
      let text = '';
      for await (const chunk of req) text += chunk;
      const { cust } = JSON.parse(text);
      const r = await pool.query({ ...rpc, values: [String(cust)] });
      send(
        res,
        r.rows.map((x) => ({ id: x.id, customer_id: x.customer_id, status: x.status, amount: x.amount, ordered_on: x.ordered_on })),
      );
      return;
    }
    const params = new URL(req.url, 'http://x').searchParams;
    const customer = params.get('customer_id');
    const r = customer ? await pool.query({ ...aggOne, values: [customer.replace(/^eq\./, '')] }) : await pool.query(aggAll);
    send(
      res,
      r.rows.map((x) => ({ status: x.status, sum: num(x.suite_agg_0), count: num(x.suite_agg_1) })),
    );
  } catch {
    res.writeHead(500).end();
  }
});
// Dates as the data API renders them (text), not Date objects.
pg.types.setTypeParser(1082, (v) => v);
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => process.exit(0));
