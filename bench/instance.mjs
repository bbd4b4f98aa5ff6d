// Sizing: requests per second of ONE production instance (PostgreSQL + Redis) on the main signed-in paths, next to a
// bare node:http server measured in alternation in the same run (3 rounds, medians and spread); then the same read
// through nginx (deploy/nginx.conf) in front of two instances versus one instance directly.
// Needs BENCH_DATABASE_URL (a PostgreSQL server to create a throw-away database on) and Redis at BENCH_REDIS_URL
// (default redis://127.0.0.1:6379/14). Appends its section to bench/RESULTS.md.
import { appendFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { bareBaseline, databaseLabel, run, summary, throwawayDatabase } from './http.mjs';
import { api, fleetEnv, Instance, startNginx } from '../scripts/topology/fleet.mjs';

const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) {
  console.log('bench/instance.mjs: BENCH_DATABASE_URL is not set; skipped');
} else {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const ROUNDS = 3;
  const SECONDS = 3;
  const dbName = await databaseLabel(adminUrl);
  const db = await throwawayDatabase(adminUrl, 'inst');
  const env = fleetEnv({ appUrl: 'http://127.0.0.1:3495', databaseUrl: db.url, redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14' });
  env.LOG_LEVEL = 'silent';
  const A = new Instance('A', root, 3496, env);
  const B = new Instance('B', root, 3497, env);
  let nginx;
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const spread = (xs) => `${Math.min(...xs)}–${Math.max(...xs)}`;
  try {
    await A.start();
    const email = `bench.${Date.now()}@example.com`;
    await api(A.base, 'POST', '/api/auth-signup', {
      body: { email, password: 'Zq7mLw2pXv', full_name: '벤치', phone: '010-1234-5678', marketing_consent: false, terms: true, age_bracket: '14_or_over' },
    });
    const login = await api(A.base, 'POST', '/api/auth-login', { body: { email, password: 'Zq7mLw2pXv' } });
    const token = login.body.tokens.access_token;
    const seed = await api(A.base, 'POST', '/api/seeds', { token, body: { seed_name: '벤치 시드' } });
    const seedId = seed.body.data.id;
    const room = await api(A.base, 'POST', `/api/seeds/${seedId}/rooms`, {
      token,
      body: { name: '대회의실', location: '3층', capacity: 8, equipment: [], openMinute: 0, closeMinute: 1440, weekdays: [1, 2, 3, 4, 5, 6, 7] },
    });
    const STEP = 15 * 60_000;
    const day = Math.ceil((Date.now() + 86_400_000) / STEP) * STEP;
    for (let i = 0; i < 20; i++) {
      await api(A.base, 'POST', `/api/seeds/${seedId}/bookings`, {
        token,
        body: {
          roomId: room.body.data.id,
          title: `회의 ${i}`,
          startsAt: new Date(day + i * 2 * STEP).toISOString(),
          endsAt: new Date(day + (i * 2 + 1) * STEP).toISOString(),
        },
      });
    }
    const headers = { authorization: `Bearer ${token}` };
    const range = `from=${encodeURIComponent(new Date(day).toISOString())}&to=${encodeURIComponent(new Date(day + 86_400_000).toISOString())}`;
    const paths = [
      ['GET /api/me — session check', '/api/me', headers],
      ['GET /api/seeds — my seeds', '/api/seeds', headers],
      [`GET /api/seeds/:id/bookings — a day with 20 bookings`, `/api/seeds/${seedId}/bookings?${range}`, headers],
      ['GET /api/ready — database and Redis ping', '/api/ready', {}],
      ['GET / — prerendered home page (brotli)', '/', { 'accept-encoding': 'br' }],
    ];
    const rows = [];
    for (const [name, path, h] of paths) {
      const bare = [];
      const inst = [];
      let errors = 0;
      for (let r = 0; r < ROUNDS; r++) {
        bare.push((await bareBaseline()).rps);
        const s = summary(name, await run({ url: `${A.base}${path}`, headers: h, duration: SECONDS }));
        inst.push(s.rps);
        errors += s.errors;
      }
      rows.push({ name, rps: median(inst), spread: spread(inst), bare: median(bare), errors });
      console.log(rows.at(-1));
    }
    // Through nginx: two instances versus one instance directly, alternating.
    await B.start();
    nginx = await startNginx(root, 3495, [A.addr, B.addr]);
    const direct = [];
    const lb = [];
    for (let r = 0; r < ROUNDS; r++) {
      direct.push(summary('direct', await run({ url: `${A.base}/api/seeds`, headers, duration: SECONDS })).rps);
      lb.push(summary('nginx', await run({ url: `${nginx.base}/api/seeds`, headers, duration: SECONDS })).rps);
    }
    const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
    const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const lines = [
      `\n## ${stamp} UTC — one production instance, main paths (${dbName} + Redis) — ${machine}`,
      '',
      `autocannon, 50 connections, ${SECONDS} s per run, ${ROUNDS} rounds alternating with a bare node:http server; medians (spread). NODE_ENV=production, instance, PostgreSQL, Redis, nginx and autocannon all on the same 2 cores, and the machine was shared with other jobs (load average ${loadavg()[0].toFixed(1)} at the end): read these as lower bounds and as ratios, not capacity.`,
      '',
      '| path | req/s (one instance) | spread | bare node:http | ratio to bare | errors |',
      '|---|---:|---:|---:|---:|---:|',
      ...rows.map((r) => `| ${r.name} | ${r.rps} | ${r.spread} | ${r.bare} | ${(r.rps / r.bare).toFixed(2)} | ${r.errors} |`),
      '',
      '| GET /api/seeds | req/s | spread | ratio |',
      '|---|---:|---:|---:|',
      `| one instance, direct | ${median(direct)} | ${spread(direct)} | 1.00 |`,
      `| nginx → two instances | ${median(lb)} | ${spread(lb)} | ${(median(lb) / median(direct)).toFixed(2)} |`,
      '',
    ];
    appendFileSync(new URL('./RESULTS.md', import.meta.url), lines.join('\n'));
    console.log(lines.join('\n'));
  } finally {
    await nginx?.stop();
    for (const i of [A, B]) if (i.proc && i.proc.exitCode === null) await i.stop('SIGTERM');
    await db.drop();
  }
}
