// Accounts benchmark: login (argon2id) and refresh (rotation) throughput and p99, GET /api/me through the guard,
// and 200 concurrent refreshes of distinct sessions, next to a bare node:http baseline measured in the same run.
// PostgreSQL when BENCH_DATABASE_URL is set (a throw-away database is created on that server), else PGlite.
// Clients are spread over many addresses with X-Forwarded-For (TRUST_PROXY=true), as real users would be, so the
// per-IP limits (refresh 150 per 5 min) apply as in production without throttling the benchmark itself.
import { appendFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { bareBaseline, run, startServer, summary, table, throwawayDatabase } from './http.mjs';

const port = 3291;
const base = `http://127.0.0.1:${port}`;
let ipSeq = 0;
const nextIp = () => {
  ipSeq += 1;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

async function post(path, body, headers = {}) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp(), ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function login(email, password) {
  const r = await post('/api/auth-login', { email, password });
  if (r.status !== 200) throw new Error(`login ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.tokens;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const baseline = await bareBaseline();
console.log('baseline', baseline);

const adminUrl = process.env.BENCH_DATABASE_URL;
const db = adminUrl ? await throwawayDatabase(adminUrl, 'auth') : undefined;
const label = db ? 'PostgreSQL' : 'PGlite (embedded)';
const proc = await startServer(
  port,
  { NODE_ENV: 'development', TRUST_PROXY: 'true', AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false', ...(db ? { DATABASE_URL: db.url } : {}) },
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
let section;
try {
  const email = `bench-${Date.now().toString(36)}@example.com`;
  const password = 'Bench7Pass9x';
  const signup = await post('/api/auth-signup', { email, password, full_name: '벤치마크', marketing_consent: false, terms: true, age_bracket: '14_or_over' });
  if (signup.status !== 200) throw new Error(`sign-up ${signup.status} ${JSON.stringify(signup.body)}`);
  const rows = [baseline];

  rows.push(
    summary(
      `POST /api/auth-login — argon2id verify (${label})`,
      await run({
        url: `${base}/api/auth-login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      }),
    ),
  );

  // Token chains: each refresh presents a token that the previous refresh of its chain returned. autocannon
  // resets a connection's context between requests, so ready tokens wait in a queue (more chains than connections).
  const connections = 50;
  const ready = [];
  for (let i = 0; i < connections + 10; i++) ready.push((await login(email, password)).refresh_token);
  rows.push(
    summary(
      `POST /api/refresh-token — rotation (${label})`,
      await run({
        url: base,
        connections,
        requests: [
          {
            method: 'POST',
            path: '/api/refresh-token',
            setupRequest(req) {
              return {
                ...req,
                headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
                body: JSON.stringify({ refresh_token: ready.shift() }),
              };
            },
            onResponse(status, body) {
              if (status === 200) ready.push(JSON.parse(body).tokens.refresh_token);
            },
          },
        ],
      }),
    ),
  );

  const access = (await login(email, password)).access_token;
  rows.push(
    summary(`GET /api/me — guard: JWT + session check (${label})`, await run({ url: `${base}/api/me`, headers: { authorization: `Bearer ${access}` } })),
  );
  for (const r of rows.slice(1)) console.log(r);

  // 200 concurrent refreshes of 200 distinct sessions.
  const sessions = [];
  for (let i = 0; i < 200; i += 20) {
    sessions.push(...(await Promise.all(Array.from({ length: 20 }, () => login(email, password)))));
  }
  const started = performance.now();
  const results = await Promise.all(
    sessions.map(async (s) => {
      const t0 = performance.now();
      const r = await post('/api/refresh-token', { refresh_token: s.refresh_token });
      return { ok: r.status === 200 && Boolean(r.body.tokens?.refresh_token), ms: performance.now() - t0 };
    }),
  );
  const wall = performance.now() - started;
  const lat = results.map((r) => r.ms).sort((a, b) => a - b);
  const burst = {
    errors: results.filter((r) => !r.ok).length,
    wallMs: Math.round(wall),
    p50: Math.round(percentile(lat, 50)),
    p99: Math.round(percentile(lat, 99)),
  };
  console.log('burst', burst);
  section =
    `### Accounts on ${label}\n\n${table(rows, baseline)}\n\n` +
    `200 concurrent refreshes of 200 distinct sessions: ${burst.errors} errors, all done in ${burst.wallMs} ms (p50 ${burst.p50} ms, p99 ${burst.p99} ms).`;
} finally {
  proc.kill('SIGTERM');
  await new Promise((r) => proc.on('exit', r));
  await db?.drop();
}

const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
const text = `\n## ${stamp} UTC — ${machine} — accounts\n\nautocannon, 50 connections, 5 s per endpoint; login hashes with argon2id (m=19 MiB, t=2, p=1).\n\n${section}\n`;
appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
console.log(text);
