// Issue 34's sign-in bar and its floor: how close to a bare argon2id verify loop a sign-in can come on this machine.
// Three arms, each with GET /api/seeds beside it at BENCH_READ_RATE (default 300) requests a second, as
// bench/auth-burst.mjs measures the bar:
//   - bare: the argon2id verify loop of bench/paths-minimal.mjs (POST /argon2; reads on that server);
//   - hand: the hand-written sign-in of bench/paths-minimal.mjs (the real sign-in's two statements, argon2id and two
//     JWTs in plain node:http, without validation, throttle or audit of failures; reads on that server);
//   - ours: POST /api/auth-login on the real server (reads on it).
// 50 connections of returning sign-ins, 5 s, BENCH_ROUNDS rounds (default 5) alternating the arms after a warm-up of
// each; medians (min–max) of the rates, the CPU each sign-in cost by process and thread (/proc: the server's main
// thread, its libuv pool, its other threads, every PostgreSQL process, the load generator) and the machine's idle
// share. Appends its section to bench/RESULTS.md.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/sign-in-floor.mjs
import { appendFileSync, readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuByThread, cpuMs, cpuPer, databaseLabel, startServer, throwawayDatabase } from './http.mjs';
import { defaultPoolSize } from '../apps/server/src/config.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const port = 3267;
const base = `http://127.0.0.1:${port}`;
const minimalBase = `http://127.0.0.1:${port + 1}`;
const PASSWORD = 'Zq7mLw2pXv';
const ACCOUNTS = 60;
const READ_RATE = Number(process.env.BENCH_READ_RATE ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const AUTH_SECRET = randomBytes(48).toString('base64url');
const POOL = String(process.env.DATABASE_POOL_SIZE ?? defaultPoolSize());

const dbName = await databaseLabel(adminUrl);
const db = await throwawayDatabase(adminUrl, 'floor');
const loadAtStart = loadavg()[0];
const ours = await startServer(
  port,
  { DATABASE_URL: db.url, DATABASE_POOL_SIZE: POOL, AUTH_SECRET, AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false', TRUST_PROXY: 'true' },
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
const minimal = spawn(process.execPath, [fileURLToPath(new URL('./paths-minimal.mjs', import.meta.url))], {
  env: { ...process.env, DATABASE_URL: db.url, DATABASE_POOL_SIZE: POOL, AUTH_SECRET, PORT: String(port + 1), TOKEN_CHECK: 'hmac', NODE_OPTIONS: '' },
  stdio: ['ignore', 'pipe', 'inherit'],
});

/** The machine's CPU time by kind (/proc/stat's first line: user nice system idle iowait irq softirq steal …). */
const machine = () => readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);

let lines;
try {
  await new Promise((resolve, reject) => {
    minimal.stdout.on('data', (d) => String(d).includes('ready') && resolve());
    minimal.on('exit', () => reject(new Error('minimal server exited')));
  });
  let setupIp = 0;
  const post = (path, body, token) =>
    fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.0.${++setupIp}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const token = (
    await post('/api/auth-signup', { email: 'floor.owner@example.com', password: PASSWORD, full_name: '바닥', terms: true, age_bracket: '14_or_over' })
  ).tokens.access_token;
  await post('/api/seeds', { seed_name: '바닥 회사' }, token);
  for (let i = 0; i < ACCOUNTS; i++)
    await post('/api/auth-signup', { email: `floor.${i}@example.com`, password: PASSWORD, full_name: '로그인', terms: true, age_bracket: '14_or_over' });
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  const hash = (await c.query("SELECT password_hash FROM users WHERE email = 'floor.0@example.com'")).rows[0].password_hash;
  await c.end();
  await fetch(`${minimalBase}/password-hash`, { method: 'POST', body: JSON.stringify({ hash }) });
  const [mine, theirs] = await Promise.all(
    [base, minimalBase].map((b) => fetch(`${b}/api/seeds`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.text())),
  );
  if (mine !== theirs) throw new Error(`GET /api/seeds differs:\nreal ${mine.slice(0, 200)}\nminimal ${theirs.slice(0, 200)}`);

  let ip = 0;
  // Returning people: each account from its own network (as bench/auth-burst.mjs), so no sign-in sends a notice.
  const signIns = (server) =>
    autocannon({
      url: `${server}/api/auth-login`,
      method: 'POST',
      connections: 50,
      duration: 5,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.7.${(++ip % ACCOUNTS) + 1}.${Math.floor(ip / ACCOUNTS) & 255}` },
            body: JSON.stringify({ email: `floor.${ip % ACCOUNTS}@example.com`, password: PASSWORD }),
          }),
        },
      ],
    });
  const bareLoop = () => autocannon({ url: `${minimalBase}/argon2`, method: 'POST', body: '{}', connections: 50, duration: 5 });
  const reads = (server) =>
    autocannon({ url: `${server}/api/seeds`, headers: { authorization: `Bearer ${token}` }, connections: 10, overallRate: READ_RATE, duration: 5 });
  const arms = [
    { name: 'bare', label: 'bare argon2id verify loop (bench/paths-minimal.mjs)', pid: minimal.pid, run: bareLoop, server: minimalBase },
    { name: 'hand', label: 'hand-written sign-in (bench/paths-minimal.mjs)', pid: minimal.pid, run: () => signIns(minimalBase), server: minimalBase },
    { name: 'ours', label: 'POST /api/auth-login', pid: ours.pid, run: () => signIns(base), server: base },
  ];
  const measure = async (arm) => {
    const [t0, m0, c0] = [cpuByThread(arm.pid), machine(), cpuMs()];
    const [h, r] = await Promise.all([arm.run(), reads(arm.server)]);
    const [t1, m1, c1] = [cpuByThread(arm.pid), machine(), cpuMs()];
    if (h.non2xx || h.errors || r.non2xx || r.errors) throw new Error(`${arm.name}: failures ${h.non2xx}/${h.errors}, reads ${r.non2xx}/${r.errors}`);
    const n = h.requests.total;
    const cpu = cpuPer(t0, t1, n);
    const d = m1.map((v, i) => v - m0[i]);
    return { rate: h.requests.average, ...cpu, load: (c1 - c0) / n, idle: (100 * (d[3] + d[4])) / d.reduce((a, b) => a + b, 0) };
  };
  for (const arm of arms) await measure(arm); // warm-up
  const results = Object.fromEntries(arms.map((a) => [a.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const arm of arms) results[arm.name].push(await measure(arm));
    console.log(`round ${round + 1}: ${arms.map((a) => `${a.name} ${results[a.name].at(-1).rate.toFixed(0)}/s`).join(', ')}`);
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const m = (name, k) => median(results[name].map((x) => x[k] ?? 0));
  const spread = (name, k) => {
    const xs = results[name].map((x) => x[k] ?? 0);
    return `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;
  };
  const ms = (name, k) => m(name, k).toFixed(2);
  const total = (name) => median(results[name].map((x) => (x.main ?? 0) + (x.libuv ?? 0) + (x.other ?? 0) + x.postgres + x.load));
  const ratio = (a, b) => (m(a, 'rate') / m(b, 'rate')).toFixed(2);
  lines = [
    '| arm (GET /api/seeds beside it) | per second | CPU ms a sign-in or hash: main / libuv pool / other threads / PostgreSQL / load generator | all | machine idle |',
    '|---|---:|---:|---:|---:|',
    ...arms.map(
      (a) =>
        `| ${a.label} | ${m(a.name, 'rate').toFixed(0)} (${spread(a.name, 'rate')}) | ${ms(a.name, 'main')} / ${ms(a.name, 'libuv')} / ${ms(a.name, 'other')} / ${ms(a.name, 'postgres')} / ${ms(a.name, 'load')} | ${total(a.name).toFixed(2)} | ${m(a.name, 'idle').toFixed(1)} % |`,
    ),
    '',
    `Hand-written sign-in ÷ bare loop: **${ratio('hand', 'bare')}**; our sign-in ÷ bare loop: **${ratio('ours', 'bare')}** (issue 34's bar: ≥ 0.9); ours ÷ hand-written: **${ratio('ours', 'hand')}**.`,
  ];
} finally {
  minimal.kill('SIGTERM');
  ours.kill('SIGTERM');
  await new Promise((r) => ours.on('exit', r));
  await db.drop();
}

const host = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
const text =
  `\n## ${stamp} UTC — sign-in's floor: bare argon2id loop, a hand-written sign-in and ours, reads beside each — ${host}\n\n` +
  `Database: ${dbName} (a throw-away database on the local server). 50 connections of returning sign-ins from ${ACCOUNTS} accounts (or of bare verifies), ` +
  `GET /api/seeds at ${READ_RATE} req/s (10 connections) beside each on the same server, 5 s per arm, ${ROUNDS} rounds alternating bare / hand / ours after a warm-up of each; ` +
  `medians (min–max); CPU per sign-in includes the reads' share. Load average (1 min): ${loadAtStart.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at the end.\n\n` +
  `${lines.join('\n')}\n`;
appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
console.log(text);
