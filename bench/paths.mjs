// Issue 18: each hot API path next to a minimal server doing the same work, measured alternately in the same run.
//
// The minimal server is node:http + pg + jose, as issue 18 describes it: the same access-token check (HS256, key derived
// from AUTH_SECRET as lib/tokens.ts does, same issuer/audience/claims; a second minimal server checks with node:crypto's
// HMAC synchronously, as the real server now does, and the 50-connection rows are shown against it too), the same session + user lookup (the guard's SQL), the same SQL for
// the route and the same JSON. Both use the same number of pooled PostgreSQL connections (the real server's default for
// this machine, or DATABASE_POOL_SIZE) and are loaded with the same autocannon
// connection count. Rounds alternate minimal / real (warm-up first, not counted); medians, min–max and p99 medians.
// Login is compared with the same argon2id library and parameters verifying in a bare loop at the same concurrency,
// and with a hand-written sign-in (node:http + pg + jose) doing the real one's statements, hash, tokens and cookie.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/paths.mjs   (appends to RESULTS.md)
//   BENCH_ROUNDS=3 BENCH_SECONDS=5 BENCH_USERS=100000 BENCH_ONLY=<row name part> BENCH_CPU_PROF=<dir> are optional.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ROUNDS, SECONDS, cpuByThread, cpuMs, cpuPer, databaseLabel, run, startServer, throwawayDatabase } from './http.mjs';
import { seedUsers } from './users-list.mjs';
import { defaultPoolSize } from '../apps/server/src/config.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const ONLY = process.env.BENCH_ONLY;
const port = 3252;
const base = `http://127.0.0.1:${port}`;
const AUTH_SECRET = randomBytes(48).toString('base64url');
const figures = [];
const POOL = Number(process.env.DATABASE_POOL_SIZE ?? defaultPoolSize());

const dbName = await databaseLabel(adminUrl);
const db = await throwawayDatabase(adminUrl, 'paths');
const proc = await startServer(
  port,
  { DATABASE_URL: db.url, DATABASE_POOL_SIZE: String(POOL), AUTH_SECRET, AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false', TRUST_PROXY: 'true' },
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
const loadAtStart = loadavg()[0];

const json = async (path, body, token) => {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const out = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(out)}`);
  return out;
};

// ── The minimal servers, each in a process of its own ──
// As issue 18 describes it, the minimal server checks the token with jose; a second one checks it with node:crypto's
// HMAC synchronously, as the real server now does, so the API rows are also shown against that.
const startMinimal = async (minimalPort, tokenCheck) => {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./paths-minimal.mjs', import.meta.url))], {
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      DATABASE_POOL_SIZE: String(POOL),
      AUTH_SECRET,
      PORT: String(minimalPort),
      TOKEN_CHECK: tokenCheck,
      NODE_OPTIONS: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => String(d).includes('ready') && resolve());
    child.on('exit', () => reject(new Error('minimal server exited')));
  });
  return { proc: child, base: `http://127.0.0.1:${minimalPort}` };
};
const minimal = await startMinimal(port + 1, 'jose');
const minimalHmac = await startMinimal(port + 2, 'hmac');
const minimalProc = minimal.proc;
const minimalBase = minimal.base;
const argonBase = `${minimalBase}/argon2`;

const lines = [];
try {
  // ── Data: the first account is the platform admin; a seed with 50 rooms and one day of 400 bookings; 100 000 users.
  const signup = await json('/api/auth-signup', {
    email: 'bench.paths@example.com',
    password: 'Zq7mLw2pXv',
    full_name: '벤치관리자',
    terms: true,
    age_bracket: '14_or_over',
  });
  const token = signup.tokens.access_token;
  const userId = signup.user.id;
  const seedId = (await json('/api/seeds', { seed_name: '벤치 회사' }, token)).data.id;
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  const day = new Date(Date.parse(`${new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10)}T00:00:00Z`) - 9 * 3_600_000 - 10 * 86_400_000);
  await c.query(
    `INSERT INTO rooms (seed_id, name, location, capacity, equipment, open_minute, close_minute, weekdays)
     SELECT $1, '회의실 ' || lpad(g::text, 2, '0'), (g % 10 + 1) || '층', 4 + g % 12, ARRAY['모니터'], 0, 1440, '{1,2,3,4,5,6,7}' FROM generate_series(1, 50) g`,
    [seedId],
  );
  await c.query(
    `INSERT INTO room_bookings (seed_id, room_id, organizer_id, title, starts_at, ends_at, attendees, agenda)
     SELECT $1, r.id, $2, '정기 회의 ' || g, $3::timestamptz + (9 + g) * interval '1 hour', $3::timestamptz + (10 + g) * interval '1 hour', '[]'::jsonb, '안건'
     FROM rooms r CROSS JOIN generate_series(0, 7) g WHERE r.seed_id = $1`,
    [seedId, userId, day.toISOString()],
  );
  const passwordHash = (await c.query('SELECT password_hash FROM users WHERE id = $1', [userId])).rows[0].password_hash;
  // Sign-ins come from many people, as in real use: 500 accounts with this password (the same argon2id hash), taken
  // in turn. (50 concurrent sign-ins to one account measure its session-limit trimming, not the hash.)
  await c.query(
    `INSERT INTO users (email, full_name, password_hash, role, status, email_verified) SELECT 'bench.login.' || g || '@example.com', '로그인' || g, $1, 'user', 'active', true FROM generate_series(1, 500) g`,
    [passwordHash],
  );
  await fetch(`${minimalBase}/password-hash`, { method: 'POST', body: JSON.stringify({ hash: passwordHash }) });
  await c.end();
  const seeded = await seedUsers(db.url, USERS);
  console.log(`seeded ${USERS} users in ${seeded.toFixed(1)} s`);

  const auth = { authorization: `Bearer ${token}` };
  const bookingsPath = `/api/seeds/${seedId}/bookings?from=${encodeURIComponent(day.toISOString())}&to=${encodeURIComponent(new Date(day.getTime() + 86_400_000).toISOString())}`;
  const rows = [
    { name: 'GET /api/seeds', path: '/api/seeds', connections: 50 },
    { name: 'GET /api/seeds/{id}/bookings — one day, 50 rooms, 400 bookings', path: bookingsPath, connections: 50 },
    { name: `GET /api/admin/users — ${USERS.toLocaleString('en-US')} users, default page`, path: '/api/admin/users', connections: 10 },
    { name: 'GET /api/admin/users — name search (민서)', path: `/api/admin/users?search=${encodeURIComponent('민서')}`, connections: 10 },
    { name: 'GET /api/admin/users — deep page (email order, page 5 000)', path: '/api/admin/users?sort=email&order=asc&page=5000', connections: 10 },
  ].filter((r) => !ONLY || new RegExp(ONLY).test(r.name));

  // Same answer from both before measuring (the minimal server must do the same work).
  for (const r of rows) {
    const [a, b, c] = await Promise.all([base, minimalBase, minimalHmac.base].map((server) => fetch(server + r.path, { headers: auth }).then((x) => x.text())));
    for (const other of [b, c]) {
      if (a !== other) throw new Error(`${r.name}: a minimal server answers differently\nreal:    ${a.slice(0, 400)}\nminimal: ${other.slice(0, 400)}`);
    }
    r.bytes = a.length;
  }

  // One request alone (median of 21 after a warm-up): what a single user waits for.
  const alone = async (url) => {
    await fetch(url, { headers: auth }).then((x) => x.arrayBuffer());
    const t = [];
    for (let i = 0; i < 21; i++) {
      const t0 = performance.now();
      await fetch(url, { headers: auth }).then((x) => x.arrayBuffer());
      t.push(performance.now() - t0);
    }
    return t.sort((x, y) => x - y)[10];
  };

  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const summarise = (xs) => ({
    rps: median(xs.map((x) => x.rps)),
    min: Math.min(...xs.map((x) => x.rps)),
    max: Math.max(...xs.map((x) => x.rps)),
    p99: median(xs.map((x) => x.p99)),
    errors: xs.reduce((n, x) => n + x.errors, 0),
    cpu: xs[0].cpu ? Object.fromEntries(Object.keys(xs[0].cpu).map((k) => [k, median(xs.map((x) => x.cpu[k] ?? 0))])) : null,
  });
  // Each series ({ opts, pid }) warmed up, then the rounds alternate through them; medians per series.
  const measureSeries = async (series, cpu) => {
    for (const { opts } of series) await run({ ...opts, duration: 2 });
    const out = series.map(() => []);
    for (let i = 0; i < ROUNDS; i++) {
      for (const [j, { opts, pid }] of series.entries()) {
        const c0 = cpu ? { ...cpuByThread(pid), loadgen: cpuMs() } : null;
        const r = await run(opts);
        const c1 = cpu ? { ...cpuByThread(pid), loadgen: cpuMs() } : null;
        out[j].push({ rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx, cpu: cpu ? cpuPer(c0, c1, r.requests.total) : null });
      }
    }
    return out.map(summarise);
  };

  // Where a request's CPU goes (medians over the rounds, ms per request); notes printed under the table.
  const cpuText = (x) =>
    `main thread ${(x.main ?? 0).toFixed(2)}, libuv workers ${(x.libuv ?? 0).toFixed(2)}, PostgreSQL ${x.postgres.toFixed(2)}, load generator ${x.loadgen.toFixed(2)}`;
  const cpuNotes = [];
  const fmt = (s) => `${Math.round(s.rps)} (${Math.round(s.min)}–${Math.round(s.max)})`;
  lines.push(
    '| path | conns | minimal req/s (min–max) | real req/s (min–max) | ratio | p99 minimal / real ms | p99 ratio | alone minimal / real ms | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  const sameCheckLines = [];
  for (const r of rows) {
    const [aloneMin, aloneReal] = [await alone(minimalBase + r.path), await alone(base + r.path)];
    const minimalOpts = { url: minimalBase + r.path, headers: auth, connections: r.connections };
    const realOpts = { url: base + r.path, headers: auth, connections: r.connections };
    // The ratio rows (50 connections) are also measured against the minimal server that checks tokens as ours does.
    const withHmac = r.connections === 50;
    const series = [
      { opts: minimalOpts, pid: minimalProc.pid },
      ...(withHmac ? [{ opts: { ...minimalOpts, url: minimalHmac.base + r.path }, pid: minimalHmac.proc.pid }] : []),
      { opts: realOpts, pid: proc.pid },
    ];
    const results = await measureSeries(series, true);
    const m = { min: results[0], real: results.at(-1) };
    const line = `| ${r.name} | ${r.connections} | ${fmt(m.min)} | ${fmt(m.real)} | **${(m.real.rps / m.min.rps).toFixed(2)}** | ${m.min.p99} / ${m.real.p99} | ${(m.real.p99 / Math.max(1, m.min.p99)).toFixed(2)} | ${aloneMin.toFixed(1)} / ${aloneReal.toFixed(1)} | ${m.min.errors} / ${m.real.errors} |`;
    console.log(line);
    lines.push(line);
    const figure = { row: r.name, ratio: m.real.rps / m.min.rps, p99Ratio: m.real.p99 / Math.max(1, m.min.p99), aloneMs: aloneReal, errors: m.real.errors };
    cpuNotes.push(`${r.name} — minimal: ${cpuText(m.min.cpu)}; real: ${cpuText(m.real.cpu)}.`);
    if (withHmac) {
      const h = results[1];
      figure.sameCheck = { ratio: m.real.rps / h.rps, p99Ratio: m.real.p99 / Math.max(1, h.p99) };
      const sameLine = `| ${r.name} | ${r.connections} | ${fmt(h)} | ${fmt(m.real)} | **${figure.sameCheck.ratio.toFixed(2)}** | ${h.p99} / ${m.real.p99} | ${figure.sameCheck.p99Ratio.toFixed(2)} | — | ${h.errors} / ${m.real.errors} |`;
      console.log(sameLine);
      sameCheckLines.push(sameLine);
      cpuNotes.push(`${r.name} — minimal checking tokens with node:crypto: ${cpuText(h.cpu)}.`);
    }
    figures.push(figure);
  }
  if (!ONLY || new RegExp(ONLY).test('POST /api/auth-login')) {
    // Login: each request from its own address (TRUST_PROXY=true, as behind a proxy), so per-IP limits do not apply.
    let ip = 0;
    const loginOpts = {
      url: `${base}/api/auth-login`,
      method: 'POST',
      connections: 50,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${(++ip >> 8) & 255}.${ip & 255}` },
            body: JSON.stringify({ email: `bench.login.${(ip % 500) + 1}@example.com`, password: 'Zq7mLw2pXv' }),
          }),
        },
      ],
    };
    // The same request stream for all three (body and headers built per request), so the load generator does the same
    // work for each; the bare server reads the body and ignores it.
    const handOpts = { ...loginOpts, url: `${minimalBase}/api/auth-login` };
    // The hand-written sign-in must answer as the real one does (same fields and user; the tokens differ by nature).
    const probe = async (url) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.8.0.1' },
        body: JSON.stringify({ email: 'bench.login.1@example.com', password: 'Zq7mLw2pXv' }),
      });
      const body = await res.json();
      const shape = (o) => (o && typeof o === 'object' ? Object.fromEntries(Object.entries(o).map(([k, v]) => [k, shape(v)])) : typeof o);
      return { status: res.status, cookie: (res.headers.get('set-cookie') ?? '').replace(/=[^;]*/, '=…'), user: body.user, shape: JSON.stringify(shape(body)) };
    };
    const [realProbe, handProbe] = [await probe(loginOpts.url), await probe(handOpts.url)];
    if (JSON.stringify(realProbe) !== JSON.stringify(handProbe)) {
      throw new Error(`the hand-written sign-in answers differently\nreal: ${JSON.stringify(realProbe)}\nhand: ${JSON.stringify(handProbe)}`);
    }
    const [bare, hand, real] = await measureSeries(
      [
        { opts: { ...loginOpts, url: argonBase }, pid: minimalProc.pid },
        { opts: handOpts, pid: minimalProc.pid },
        { opts: loginOpts, pid: proc.pid },
      ],
      true,
    );
    const row = (name, a, b) =>
      `| ${name} | 50 | ${fmt(a)} | ${fmt(b)} | **${(b.rps / a.rps).toFixed(2)}** | ${a.p99} / ${b.p99} | ${(b.p99 / Math.max(1, a.p99)).toFixed(2)} | — | ${a.errors} / ${b.errors} |`;
    const loginLines = [
      row('POST /api/auth-login vs bare argon2id verify (m=19 MiB, t=2, p=1)', bare, real),
      row('POST /api/auth-login vs a hand-written sign-in (node:http + pg + jose: same statements, hash, tokens, cookie)', hand, real),
      row('(for reference) the hand-written sign-in vs bare argon2id verify', bare, hand),
    ];
    for (const line of loginLines) console.log(line);
    lines.push(...loginLines);
    figures.push({ row: 'login', ratio: real.rps / bare.rps, vsHandWritten: real.rps / hand.rps, handWrittenVsBare: hand.rps / bare.rps, errors: real.errors });
    // Where a sign-in's CPU goes (medians over the rounds, ms per request): the hash runs on libuv's worker threads.
    // The hash runs on libuv's worker threads.
    cpuNotes.push(
      `POST /api/auth-login — bare argon2 server: ${cpuText(bare.cpu)}; hand-written sign-in: ${cpuText(hand.cpu)}; real sign-in: ${cpuText(real.cpu)}.`,
    );
  }
  if (sameCheckLines.length) {
    lines.push(
      '',
      'The same rows against a minimal server that checks the token as the real one now does (node:crypto HMAC, synchronously), measured in the same rounds:',
      '',
      '| path | conns | minimal (node:crypto check) req/s (min–max) | real req/s (min–max) | ratio | p99 minimal / real ms | p99 ratio | — | errors |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...sameCheckLines,
      '',
    );
  }
  if (cpuNotes.length) {
    lines.push(
      '',
      'CPU per request, ms (from /proc: the server process by thread, every PostgreSQL process, this process for autocannon; medians of the rounds):',
      '',
    );
    for (const note of cpuNotes) lines.push(`- ${note}`);
    console.log(cpuNotes.join('\n'));
  }
} finally {
  proc.kill('SIGTERM');
  await new Promise((r) => proc.on('exit', r));
  minimalProc.kill('SIGTERM');
  minimalHmac.proc.kill('SIGTERM');
  await db.drop();
}

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
const text =
  `\n## ${stamp} UTC — issue 18: hot paths next to a minimal server — ${machine}\n\n` +
  `Database: ${dbName} (a throw-away database on the local server), both servers with ${POOL} pooled connections; the real server NODE_ENV=development, LOG_LEVEL=silent. ` +
  `autocannon, ${SECONDS} s per run, ${ROUNDS} rounds alternating minimal / real after a 2 s warm-up of each; medians (min–max), p99 as the median of the rounds' p99. ` +
  `"alone": median of 21 sequential requests. The minimal server (node:http + pg + jose, as issue 18 describes it, in its own process like the real one) checks the same token (with jose; a second minimal server checks it with node:crypto's HMAC as the real one now does), runs the same SQL (guard, route) and answers byte-identical JSON (checked before measuring). ` +
  `Load average (1 min): ${loadAtStart.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at the end — the machine is shared with other jobs, so only the ratios within a row mean much.\n\n` +
  `${lines.join('\n')}\n`;
if (!ONLY) appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
console.log(text);
// `npm run bench` (bench/run.mjs) reads these figures to judge each row of issue 18's table.
if (process.env.BENCH_FIGURES_FILE) appendFileSync(process.env.BENCH_FIGURES_FILE, `${JSON.stringify({ paths: figures, at: stamp })}\n`);
