// What a signed-in user waits for while others sign in: GET /api/seeds (token check + session + the user's seeds),
// one request every 20 ms, measured quiet and while 50 connections sign in (argon2id fills libuv's thread pool), in
// alternating rounds. Token checks that ran on the thread pool (jose's WebCrypto HMAC) queued behind the hashes:
// decision 049 (measurements in bench/LOG-023.md). Appends its section to bench/RESULTS.md.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/auth-burst.mjs   (BENCH_ROUNDS, default 3;
//   BENCH_LABEL names the code measured in the heading, for an A/B of two commits)
import { appendFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import autocannon from 'autocannon';
import { ROUNDS, databaseLabel, startServer, throwawayDatabase } from './http.mjs';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const port = 3263;
const base = `http://127.0.0.1:${port}`;
const PASSWORD = 'Zq7mLw2pXv';
const SIGN_INS = 60;

const dbName = await databaseLabel(adminUrl);
const db = await throwawayDatabase(adminUrl, 'burst');
const proc = await startServer(
  port,
  { DATABASE_URL: db.url, AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false', TRUST_PROXY: 'true' },
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
  const signIns = (seconds) =>
    autocannon({
      url: `${base}/api/auth-login`,
      method: 'POST',
      connections: 50,
      duration: seconds,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.8.${(++ip >> 8) & 255}.${ip & 255}` },
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
