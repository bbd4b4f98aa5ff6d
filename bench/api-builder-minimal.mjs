// The baseline of bench/api-builder.mjs and bench/data-api.mjs in a process of its own (as the real server is: in the
// benchmark's process it would share one event loop with autocannon): node:http + pg, the same key check (SHA-256 of
// the key, looked up in memory) and the same queries as the data API runs for
//   /items?id=eq.N                    one row by primary key
//   /items?id=gt.N&limit=20           a list of 20 (ordered by id)
// and the same JSON (unnamed statements, as the data API sends them). Under /cached/… the same answers are kept in an in-memory Map by URL (no expiry, no bound): the
// "minimal server with an in-memory cache" of issue 34. env: DATABASE_URL, KEY_HASH, PORT, DATABASE_POOL_SIZE.
import { createHash } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
const keys = new Set([process.env.KEY_HASH]);
const cache = new Map();
const single = { text: 'SELECT id, name, price, note FROM items WHERE id = $1' };
const list = { text: 'SELECT id, name, price, note FROM items WHERE id > $1 ORDER BY id LIMIT 20' };

const server = http.createServer(async (req, res) => {
  const key = req.headers.apikey;
  if (typeof key !== 'string' || !keys.has(createHash('sha256').update(key).digest('hex'))) {
    res.writeHead(401).end();
    return;
  }
  const cached = req.url.startsWith('/cached/');
  if (cached) {
    const hit = cache.get(req.url);
    if (hit) {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': hit.length });
      res.end(hit);
      return;
    }
  }
  const params = new URL(req.url, 'http://x').searchParams;
  const id = params.get('id') ?? '';
  try {
    const r = id.startsWith('gt.') ? await pool.query({ ...list, values: [id.slice(3)] }) : await pool.query({ ...single, values: [id.replace(/^eq\./, '')] });
    const body = Buffer.from(JSON.stringify(r.rows));
    if (cached) cache.set(req.url, body);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  } catch {
    res.writeHead(500).end();
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => process.exit(0));
