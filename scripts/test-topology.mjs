// `npm run test:topology`: the production topology on loopback — nginx (deploy/nginx.conf) in front of two instances
// started from scripts/build-image.sh's output, on the machine's PostgreSQL and Redis — and what operations do to it.
// Exits non-zero on the first failed check. TOPOLOGY_RECORD=1 appends the figures to bench/RESULTS.md.
// nginx is checked for first (NGINX_BIN, default /usr/sbin/nginx); whatever fails later, the instances and nginx are
// stopped (each runs in its own process group, ended on any exit, uncaught error or Ctrl-C).
// TOPOLOGY_IMAGE_DIR=<dir> reuses an existing image build (local iteration only; CI always builds the image, with
// IMAGE_WEB_BUILT=1: the web build its end-to-end step made just before; scripts/build-image.sh).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import { api, fleetEnv, Instance, killFleet, openStream, requireNginx, startNginx } from './topology/fleet.mjs';

// 0. nginx first: nothing is built or started without it.
requireNginx();
// Whatever ends this process, no instance or nginx outlives it.
process.on('exit', () => killFleet('SIGKILL'));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => {
    console.error(`topology test stopped (${signal}): stopping the instances and nginx`);
    killFleet('SIGTERM');
    process.exit(1);
  });
for (const event of ['uncaughtException', 'unhandledRejection'])
  process.on(event, (err) => {
    console.error('topology test FAILED:', err);
    killFleet('SIGKILL');
    process.exit(1);
  });

const root = fileURLToPath(new URL('..', import.meta.url));
const ports = { nginx: 3470, a: 3471, b: 3472 };
const adminUrl = process.env.TOPOLOGY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisBase = process.env.TOPOLOGY_REDIS_URL ?? 'redis://127.0.0.1:6379';
const started = Date.now();
const log = (...a) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s]`, ...a);
const results = [];
const check = (name, detail = '') => {
  results.push({ name, detail });
  log(`ok — ${name}${detail ? ` (${detail})` : ''}`);
};

// 1. The image contents, built by the same script as the Dockerfile.
let imageDir = process.env.TOPOLOGY_IMAGE_DIR;
if (!imageDir) {
  imageDir = `${root}build/topology-image`;
  log('building the image contents: scripts/build-image.sh');
  const b = spawnSync('sh', ['scripts/build-image.sh', imageDir], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  assert.equal(b.status, 0, 'scripts/build-image.sh failed');
}

// 2. A throw-away database; a Redis database number of our own (counters), channels carry random ids anyway.
const dbName = `suite_topo_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const redisUrl = `${redisBase}/${1 + (randomBytes(1)[0] % 15)}`;

const env = fleetEnv({ appUrl: `http://127.0.0.1:${ports.nginx}`, databaseUrl, redisUrl });
const A = new Instance('A', imageDir, ports.a, env);
const B = new Instance('B', imageDir, ports.b, env);
let nginx;
const streams = [];
let exitCode = 0;
try {
  await Promise.all([A.start(), B.start()]);
  nginx = await startNginx(root, ports.nginx, [A.addr, B.addr]);
  const lb = nginx.base;
  log(`fleet up: nginx ${lb} → A ${A.addr}, B ${B.addr}; PostgreSQL ${dbName}; Redis ${redisUrl}`);

  // 3. A session made on one instance is served by both.
  const email = `topo.${randomBytes(4).toString('hex')}@example.com`;
  const password = 'Zq7mLw2pXv';
  const signup = await api(lb, 'POST', '/api/auth-signup', {
    body: { email, password, full_name: '운영시험', phone: '010-1234-5678', marketing_consent: false, terms: true, age_bracket: '14_or_over' },
  });
  assert.equal(signup.status, 200, JSON.stringify(signup.body));
  const login = await api(A.base, 'POST', '/api/auth-login', { body: { email, password } });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  const token = login.body.tokens.access_token;
  const meA = await api(A.base, 'GET', '/api/me', { token });
  const meB = await api(B.base, 'GET', '/api/me', { token });
  assert.equal(meA.status, 200);
  assert.equal(meB.status, 200);
  assert.equal(meB.body.user.email, email);
  const refreshed = await api(B.base, 'POST', '/api/refresh-token', { body: { refresh_token: login.body.tokens.refresh_token } });
  assert.equal(refreshed.status, 200, 'a refresh token issued by A rotates on B');
  check('a session signed in on A is served by B (profile and refresh rotation)');

  // A seed with a room, for bookings and the event stream.
  const seed = await api(lb, 'POST', '/api/seeds', { token, body: { seed_name: '토폴로지 시험' } });
  assert.equal(seed.status, 201, JSON.stringify(seed.body));
  const seedId = seed.body.data.id;
  const room = await api(lb, 'POST', `/api/seeds/${seedId}/rooms`, {
    token,
    body: { name: '대회의실', location: '3층', capacity: 8, equipment: [], openMinute: 0, closeMinute: 1440, weekdays: [1, 2, 3, 4, 5, 6, 7] },
  });
  assert.equal(room.status, 201, JSON.stringify(room.body));
  const roomId = room.body.data.id;
  let slot = 0;
  const STEP = 15 * 60_000;
  const firstSlot = Math.ceil((Date.now() + 24 * 3_600_000) / STEP) * STEP;
  const book = async (base) => {
    const startsAt = new Date(firstSlot + slot++ * 2 * STEP);
    const res = await api(base, 'POST', `/api/seeds/${seedId}/bookings`, {
      token,
      body: { roomId, title: `시험 ${slot}`, startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + STEP).toISOString() },
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.data.id;
  };
  const bookingId = (e) => e.data?.bookingId;

  // 4. A booking made on one instance reaches an event stream held open through nginx on the other, within 1 s.
  const streamUrl = `${lb}/api/seeds/${seedId}/bookings/stream`;
  const s1 = openStream(streamUrl, token);
  streams.push(s1);
  await s1.waitFor((e) => e.type === 'ready', 5_000);
  // The stream sits on A or B (nginx's choice); a booking on each instance means one of them is the other one.
  for (const target of [A, B]) {
    const id = await book(target.base);
    await s1.waitFor((e) => e.type === 'booking' && bookingId(e) === id, 1_000);
  }
  check('a booking made on A and one made on B both reach the stream held through nginx, each within 1 s');

  // 5. Login throttling is shared: failures spread over both instances lock the account–address pair on both.
  const wrong = { email, password: 'Wrong-pass-123' };
  const statuses = [];
  for (const target of [A, B, A, B, A]) statuses.push((await api(target.base, 'POST', '/api/auth-login', { body: wrong })).status);
  const lockedB = await api(B.base, 'POST', '/api/auth-login', { body: { email, password } });
  const lockedA = await api(A.base, 'POST', '/api/auth-login', { body: { email, password } });
  assert.deepEqual(statuses.slice(0, 4), [401, 401, 401, 401], `failures: ${statuses}`);
  assert.equal(statuses[4], 429, `the 5th failure (on A, after 2 on B) locks: ${statuses}`);
  assert.equal(lockedB.status, 429, 'B refuses even the right password while locked');
  assert.equal(lockedA.status, 429, 'A refuses even the right password while locked');
  check('login throttling is shared', `failures A,B,A,B,A → ${statuses.join(',')}; right password then: A ${lockedA.status}, B ${lockedB.status}`);

  // Steady load through nginx: 50 connections on the main read paths (signed in).
  const to = new Date(firstSlot + 7 * 86_400_000).toISOString();
  const from = new Date(firstSlot - 86_400_000).toISOString();
  const auth = { authorization: `Bearer ${token}` };
  const requests = [
    { method: 'GET', path: '/api/seeds', headers: auth },
    { method: 'GET', path: `/api/seeds/${seedId}/bookings?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, headers: auth },
    { method: 'GET', path: '/api/me', headers: auth },
    { method: 'GET', path: '/api/ready' },
    // A write: nginx never retries a POST once sent, so this is what a stopping instance must not lose.
    { method: 'POST', path: '/api/seeds', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ seed_name: '부하 시험' }) },
  ];
  const startLoad = () => {
    const inst = autocannon({ url: lb, connections: 50, duration: 170, requests, timeout: 10 }, () => undefined);
    const done = new Promise((resolve, reject) => {
      inst.on('done', resolve);
      inst.on('error', reject);
    });
    return { stop: async () => (inst.stop(), done) };
  };
  const summarize = (r, fromMs, toMs) => {
    const lines = nginx.entries().filter((e) => e.msec >= fromMs && e.msec <= toMs && !e.uri.endsWith('/stream'));
    const served = (addr) => lines.filter((e) => e.upstreams.at(-1) === addr && e.status < 500).length;
    return {
      sent: r.requests.sent ?? r.requests.total,
      completed: r['1xx'] + r['2xx'] + r['3xx'] + r['4xx'] + r['5xx'],
      ok2xx: r['2xx'],
      non2xx: r.non2xx,
      s5xx: r['5xx'],
      errors: r.errors,
      timeouts: r.timeouts,
      servedA: served(A.addr),
      servedB: served(B.addr),
      retried: lines.filter((e) => e.upstreams.length > 1).length,
      posts: lines.filter((e) => e.method === 'POST').length,
      retriedOn: Object.entries(
        Object.groupBy(
          lines.filter((e) => e.upstreams.length > 1),
          (e) => e.upstreamStatus,
        ),
      )
        .map(([k, v]) => `${k}: ${v.length}`)
        .join('; '),
      lines,
    };
  };
  /** Waits until nginx has sent a successful request to `inst` again (it is back in rotation). */
  const backInRotation = async (inst, sinceMs) => {
    for (let i = 0; i < 300; i++) {
      if (nginx.entries().some((e) => e.msec >= sinceMs && e.upstreams.at(-1) === inst.addr && e.status < 500)) return;
      await sleep(100);
    }
    throw new Error(`nginx never sent traffic to ${inst.name} again`);
  };

  // 6. Rolling restart under load: SIGTERM A, start A, wait until it is ready and back in rotation; then B.
  const dropsBefore = s1.state.drops;
  const t0 = Date.now();
  let load = startLoad();
  await sleep(2_000);
  for (const inst of [A, B]) {
    const stopped = await inst.stop('SIGTERM');
    assert.equal(stopped.code, 0, `${inst.name} drained and exited 0 on SIGTERM (got ${JSON.stringify(stopped)})`);
    log(`${inst.name} stopped (exit 0); starting it again`);
    const since = Date.now();
    await inst.start();
    await backInRotation(inst, since);
    log(`${inst.name} ready and back in rotation`);
  }
  await sleep(2_000);
  const rolling = summarize(await load.stop(), t0, Date.now());
  log('rolling restart under load', JSON.stringify({ ...rolling, lines: undefined }));
  assert.ok(rolling.completed > 0);
  assert.equal(rolling.errors, 0, 'no connection errors');
  assert.equal(rolling.timeouts, 0, 'no timeouts');
  assert.equal(rolling.s5xx, 0, 'no 5xx');
  assert.equal(rolling.non2xx, 0, 'no non-2xx at all');
  assert.ok(rolling.servedA > 0 && rolling.servedB > 0, 'both instances served');
  // The stream was dropped by the restarts (its instance drained) and came back each time.
  const s1Drops = s1.state.drops - dropsBefore;
  await s1.waitFor((e) => e.type === 'ready' && s1.state.connects === s1.state.drops + 1, 10_000).catch(() => undefined);
  assert.ok(s1Drops >= 1, 'the restart of its instance ended the stream');
  assert.equal(s1.state.connects, s1.state.drops + 1, `every drop was followed by a reconnect (${s1.state.connects} connects, ${s1.state.drops} drops)`);
  const afterRestart = await book(A.base);
  await s1.waitFor((e) => e.type === 'booking' && bookingId(e) === afterRestart, 1_000);
  check(
    'rolling restart under 50 connections loses nothing',
    `${rolling.completed} requests (${rolling.posts} of them POST): ${rolling.ok2xx} 2xx, ${rolling.non2xx} non-2xx, ${rolling.errors} errors; served A ${rolling.servedA}, B ${rolling.servedB}; ${rolling.retried} retried by nginx on the other instance (upstream statuses ${rolling.retriedOn}); stream dropped ${s1Drops}× and reconnected ${s1Drops}×, then got a new booking within 1 s`,
  );

  // 7. SIGKILL one instance under load: at most the requests in flight on it fail, and nginx stops sending to it.
  const t1 = Date.now();
  load = startLoad();
  await sleep(2_000);
  await B.stop('SIGKILL');
  // From here B answers nothing: no request nginx receives after this point can be answered by it.
  const killedAt = Date.now();
  await sleep(6_000);
  const tEnd = Date.now();
  const kill = summarize(await load.stop(), t1, tEnd);
  const failed = kill.errors + kill.timeouts + kill.non2xx;
  const afterKill = kill.lines.filter((e) => e.msec > killedAt);
  const triedB = afterKill.filter((e) => e.upstreams.includes(B.addr)).length;
  const servedByBAfter = afterKill.filter((e) => e.startMs > killedAt && e.upstreams.at(-1) === B.addr && e.status < 500).length;
  // Requests nginx received more than 1 s after the kill (not the in-flight ones it retried, logged later).
  const lateTail = afterKill.filter((e) => e.startMs > killedAt + 1_000);
  log('SIGKILL under load', JSON.stringify({ ...kill, lines: undefined, triedB, failed }));
  assert.ok(failed <= 50, `at most the 50 in-flight requests fail (failed ${failed})`);
  assert.equal(servedByBAfter, 0, 'nothing is answered by the killed instance');
  // Of the requests received after that, nginx only tries B once its fail_timeout (5 s) has passed: a handful of
  // probes among hundreds of requests, each refused at connect and so retried on A.
  const probesB = lateTail.filter((e) => e.upstreams.includes(B.addr)).length;
  assert.ok(
    probesB <= 10 && probesB * 10 <= lateTail.length,
    `nginx stopped sending to B (${probesB} of ${lateTail.length} requests received from 1 s after the kill tried it)`,
  );
  assert.ok(lateTail.length > 0 && lateTail.every((e) => e.status < 500), 'after the kill every request is answered by A');
  check(
    'SIGKILL of B under 50 connections',
    `${kill.completed} requests: ${kill.ok2xx} 2xx, ${failed} failed; after the kill nginx tried B ${triedB}× in all (safe requests retried on A), ${probesB}× for the ${lateTail.length} requests received from 1 s after the kill; answered by A ${afterKill.length - servedByBAfter}`,
  );

  const summary = results.map((r) => `- ${r.name}${r.detail ? `: ${r.detail}` : ''}`).join('\n');
  log(`all ${results.length} checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (process.env.TOPOLOGY_RECORD === '1') {
    const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
    const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
    appendFileSync(
      `${root}bench/RESULTS.md`,
      `\n## ${stamp} UTC — topology test (\`npm run test:topology\`) — ${machine}\n\nnginx ${'1.22'} (Debian) with deploy/nginx.conf in front of two instances from scripts/build-image.sh, PostgreSQL 15 and Redis on loopback; load: autocannon, 50 connections, GET /api/seeds, bookings list, /api/me, /api/ready and POST /api/seeds (a write, which nginx never retries) in turn. Machine shared with other jobs (load average ${loadavg()[0].toFixed(2)} at the end), so request counts are not throughput figures.\n\n${summary}\n`,
    );
  }
} catch (err) {
  exitCode = 1;
  console.error('topology test FAILED:', err);
  if (nginx) console.error(`nginx error log (tail):\n${readFileSync(nginx.errorLog, 'utf8').split('\n').slice(-30).join('\n')}`);
} finally {
  for (const s of streams) s.close();
  await nginx?.stop().catch(() => undefined);
  for (const inst of [A, B]) if (inst.running) await inst.stop('SIGTERM').catch(() => undefined);
  killFleet('SIGKILL');
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}
process.exit(exitCode);
