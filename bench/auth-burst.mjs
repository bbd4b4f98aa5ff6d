// What a signed-in user waits for while others sign in: GET /api/seeds (token check + session + the user's seeds),
// one request every 20 ms, measured quiet and while 50 connections sign in (argon2id fills libuv's thread pool), in
// alternating rounds. Token checks that ran on the thread pool (jose's WebCrypto HMAC) queued behind the hashes:
// decision 049 (measurements in bench/LOG-023.md). Appends its section to bench/RESULTS.md.
//
// Then sign-in throughput with reads beside it (issue 34): 50 connections signing in while GET /api/seeds runs at a
// steady BENCH_READ_RATE (default 300) requests a second, next to the bare argon2id verify loop of bench/paths-minimal.mjs
// (same library and parameters, 50 connections) with the same reads beside it on that minimal server (same token
// check and SQL). Rounds alternate bare / real; the ratio of the medians is the figure (goal ≥ 0.9).
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/auth-burst.mjs   (BENCH_ROUNDS, default 3;
//   BENCH_LABEL names the code measured in the heading, for an A/B of two commits)
import { appendFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ROUNDS, databaseLabel, startServer, throwawayDatabase } from './http.mjs';
import { defaultPoolSize } from '../apps/server/src/config.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const port = 3263;
const base = `http://127.0.0.1:${port}`;
const PASSWORD = 'Zq7mLw2pXv';
const SIGN_INS = 60;

const READ_RATE = Number(process.env.BENCH_READ_RATE ?? 300);
const AUTH_SECRET = randomBytes(48).toString('base64url');
const POOL = Number(process.env.DATABASE_POOL_SIZE ?? defaultPoolSize());
const dbName = await databaseLabel(adminUrl);
const db = await throwawayDatabase(adminUrl, 'burst');
const proc = await startServer(
  port,
  {
    DATABASE_URL: db.url,
    DATABASE_POOL_SIZE: String(POOL),
    AUTH_SECRET,
    AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false',
    TRUST_PROXY: 'true',
    // BENCH_CPU_PROF=<dir>: a V8 CPU profile of our server there (as bench/data-api.mjs).
    ...(process.env.BENCH_CPU_PROF ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}` } : {}),
  },
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
const loadAtStart = loadavg()[0];

// Each sign-up from its own address (TRUST_PROXY), as sign-ups are limited per address.
let setupIp = 0;
const post = (path, body, token) =>
  fetch(base + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.9.0.${++setupIp}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  }).then((r) => r.json());

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

let lines;
try {
  const token = (
    await post('/api/auth-signup', { email: 'burst.owner@example.com', password: PASSWORD, full_name: '버스트', terms: true, age_bracket: '14_or_over' })
  ).tokens.access_token;
  await post('/api/seeds', { seed_name: '버스트 회사' }, token);
  for (let i = 0; i < SIGN_INS; i++)
    await post('/api/auth-signup', { email: `burst.${i}@example.com`, password: PASSWORD, full_name: '로그인', terms: true, age_bracket: '14_or_over' });

  /** GET /api/seeds every 20 ms for `ms`: the latencies. */
  const probe = async (ms) => {
    const lat = [];
    const end = Date.now() + ms;
    while (Date.now() < end) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/seeds`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET /api/seeds answered ${res.status}`);
      lat.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
    return lat;
  };
  let ip = 0;
  /**
   * `returning`: each account signs in from its own network (its /24; the address within it varies, so no address
   * meets the per-address limits) — a returning person, as most sign-ins are. Otherwise every request comes from
   * a new address, and each account meets a new network every 256 requests, which sends a security notice (by design).
   */
  const signIns = (seconds, returning = false) =>
    autocannon({
      url: `${base}/api/auth-login`,
      method: 'POST',
      connections: 50,
      duration: seconds,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': returning ? `10.7.${(++ip % SIGN_INS) + 1}.${Math.floor(ip / SIGN_INS) & 255}` : `10.8.${(++ip >> 8) & 255}.${ip & 255}`,
            },
            body: JSON.stringify({ email: `burst.${ip % SIGN_INS}@example.com`, password: PASSWORD }),
          }),
        },
      ],
    });

  await probe(1000); // warm-up
  const quiet = [];
  const busy = [];
  const rates = [];
  for (let round = 0; round < ROUNDS; round++) {
    quiet.push(await probe(3000));
    const load = signIns(5);
    await new Promise((r) => setTimeout(r, 1000)); // the hashes fill the pool first
    busy.push(await probe(3000));
    const done = await load;
    rates.push(done.requests.average);
    if (done.non2xx || done.errors) throw new Error(`sign-ins failed: ${done.non2xx} non-2xx, ${done.errors} errors`);
  }
  const row = (name, runs) => {
    const p50 = runs.map((l) => median(l));
    const p90 = runs.map((l) => pct(l, 90));
    const f = (xs) => `${median(xs).toFixed(1)} (${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)})`;
    return { line: `| ${name} | ${runs.reduce((n, l) => n + l.length, 0)} | ${f(p50)} | ${f(p90)} |`, p50: median(p50) };
  };
  const q = row('quiet', quiet);
  const b = row(`while 50 connections sign in (${median(rates).toFixed(0)} sign-ins/s)`, busy);
  lines = [
    '| GET /api/seeds, one every 20 ms | requests | p50 ms, median of rounds (min–max) | p90 ms, median of rounds (min–max) |',
    '|---|---:|---:|---:|',
    q.line,
    b.line,
    '',
    `During the sign-ins the median request took **${(b.p50 / q.p50).toFixed(1)}×** as long as on a quiet server.`,
  ];

  // ── Sign-in throughput with reads beside it, next to a bare argon2id verify loop with the same reads beside it.
  const minimal = spawn(process.execPath, [fileURLToPath(new URL('./paths-minimal.mjs', import.meta.url))], {
    env: { ...process.env, DATABASE_URL: db.url, DATABASE_POOL_SIZE: String(POOL), AUTH_SECRET, PORT: String(port + 1), TOKEN_CHECK: 'hmac', NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise((resolve, reject) => {
      minimal.stdout.on('data', (d) => String(d).includes('ready') && resolve());
      minimal.on('exit', () => reject(new Error('minimal server exited')));
    });
    const minimalBase = `http://127.0.0.1:${port + 1}`;
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const hash = (await c.query("SELECT password_hash FROM users WHERE email = 'burst.0@example.com'")).rows[0].password_hash;
    await c.end();
    await fetch(`${minimalBase}/password-hash`, { method: 'POST', body: JSON.stringify({ hash }) });
    // Both servers answer the reads the same (the minimal one runs the guard's and the route's SQL).
    const [mine, theirs] = await Promise.all(
      [base, minimalBase].map((b) => fetch(`${b}/api/seeds`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.text())),
    );
    if (mine !== theirs) throw new Error(`GET /api/seeds differs:\nreal ${mine.slice(0, 200)}\nminimal ${theirs.slice(0, 200)}`);
    const reads = (server) =>
      autocannon({ url: `${server}/api/seeds`, headers: { authorization: `Bearer ${token}` }, connections: 10, overallRate: READ_RATE, duration: 5 });
    const bareLoop = () => autocannon({ url: `${minimalBase}/argon2`, method: 'POST', body: '{}', connections: 50, duration: 5 });
    const together = async (hashing, server) => {
      const [h, r] = await Promise.all([hashing(), reads(server)]);
      if (h.non2xx || h.errors || r.non2xx || r.errors) throw new Error(`failures: hashing ${h.non2xx}/${h.errors}, reads ${r.non2xx}/${r.errors}`);
      return { rate: h.requests.average, reads: r.requests.average, readP50: r.latency.p50, readP99: r.latency.p99 };
    };
    await together(bareLoop, minimalBase); // warm-up
    await together(() => signIns(5, true), base);
    const bare = [];
    const real = [];
    for (let round = 0; round < ROUNDS; round++) {
      bare.push(await together(bareLoop, minimalBase));
      real.push(await together(() => signIns(5, true), base));
      console.log(`round ${round + 1}: bare argon2id ${bare.at(-1).rate.toFixed(0)}/s, sign-in ${real.at(-1).rate.toFixed(0)}/s`);
    }
    const m = (xs, k) => median(xs.map((x) => x[k]));
    const spread = (xs, k) => `${Math.min(...xs.map((x) => x[k])).toFixed(0)}–${Math.max(...xs.map((x) => x[k])).toFixed(0)}`;
    const ratio = m(real, 'rate') / m(bare, 'rate');
    lines.push(
      '',
      `Sign-in throughput with GET /api/seeds beside it at ${READ_RATE} req/s (10 connections), ${ROUNDS} rounds of 5 s alternating bare / real after a warm-up of each; medians (min–max). The sign-ins are returning people: each account from its own network (a /24; the address within it varies), so after the warm-up none is a "new sign-in" that sends a security notice:`,
      '',
      '| server | hashes or sign-ins /s | reads /s | reads p50 / p99 ms |',
      '|---|---:|---:|---:|',
      `| bare argon2id verify loop (bench/paths-minimal.mjs, 50 connections) + its GET /api/seeds | ${m(bare, 'rate').toFixed(0)} (${spread(bare, 'rate')}) | ${m(bare, 'reads').toFixed(0)} | ${m(bare, 'readP50')} / ${m(bare, 'readP99')} |`,
      `| POST /api/auth-login (50 connections) + GET /api/seeds | ${m(real, 'rate').toFixed(0)} (${spread(real, 'rate')}) | ${m(real, 'reads').toFixed(0)} | ${m(real, 'readP50')} / ${m(real, 'readP99')} |`,
      '',
      `Sign-ins ÷ bare argon2id verifies with reads beside both: **${ratio.toFixed(2)}** (goal ≥ 0.9).`,
    );
    if (process.env.BENCH_FIGURES_FILE) appendFileSync(process.env.BENCH_FIGURES_FILE, `${JSON.stringify({ loginBesideReads: ratio })}\n`);
  } finally {
    minimal.kill('SIGTERM');
  }
} finally {
  proc.kill('SIGTERM');
  await new Promise((r) => proc.on('exit', r));
  await db.drop();
}

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
const text =
  `\n## ${stamp} UTC — a signed-in request while others sign in${process.env.BENCH_LABEL ? ` (${process.env.BENCH_LABEL})` : ''} — ${machine}\n\n` +
  `Database: ${dbName} (a throw-away database on the local server). ${ROUNDS} rounds alternating quiet / busy, 3 s of requests each after a 1 s warm-up; the sign-ins come from 60 accounts, each request from its own address (TRUST_PROXY). ` +
  `Load average (1 min): ${loadAtStart.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at the end.\n\n` +
  `${lines.join('\n')}\n`;
appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
console.log(text);
