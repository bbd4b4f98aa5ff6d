// The baseline of bench/api-builder.mjs in a process of its own (as the real server is: in the benchmark's process
// it would share one event loop with autocannon): node:http + pg, the same key check (SHA-256 of the key, looked up
// in memory) and the same single-row query. env: DATABASE_URL, KEY_HASH, PORT.
import { createHash } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const keys = new Set([process.env.KEY_HASH]);
const server = http.createServer(async (req, res) => {
  const key = req.headers.apikey;
  if (typeof key !== 'string' || !keys.has(createHash('sha256').update(key).digest('hex'))) {
    res.writeHead(401).end();
    return;
  }
  const id = new URL(req.url, 'http://x').searchParams.get('id')?.replace(/^eq\./, '');
  const r = await pool.query('SELECT id, name, price, note FROM items WHERE id = $1', [id]);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(r.rows));
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
