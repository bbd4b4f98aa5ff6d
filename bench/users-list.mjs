// The admin users list at 100 000 users: GET /api/admin/users latency (search, initial consonants, filters, sort, deep page)
// next to a bare node:http baseline measured in the same run. Needs PostgreSQL: BENCH_DATABASE_URL=postgres://...
// A throw-away database is created on that server, filled with Korean-named users by multi-row INSERT, and dropped.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/users-list.mjs     (appends to RESULTS.md)
//   npm run bench                                                                               (includes this section)
import { appendFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { bareBaseline, run, startServer, summary, table, throwawayDatabase } from './http.mjs';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const port = 3291;
const base = `http://127.0.0.1:${port}`;

const SURNAMES = [
  ['김', 'kim'],
  ['이', 'lee'],
  ['박', 'park'],
  ['최', 'choi'],
  ['정', 'jung'],
  ['강', 'kang'],
  ['조', 'cho'],
  ['윤', 'yoon'],
  ['장', 'jang'],
  ['임', 'lim'],
  ['한', 'han'],
  ['오', 'oh'],
  ['서', 'seo'],
  ['신', 'shin'],
  ['권', 'kwon'],
  ['황', 'hwang'],
];
const GIVEN = '민서지현우준영수진호은하연유태성혜경동희재원석승아보람빈규나';

/** Deterministic pseudo-random numbers, so every run seeds the same data. */
function rng(seed) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

export async function seedUsers(url, count) {
  const client = new pg.Client({ connectionString: url });
  let lost;
  client.on('error', (err) => {
    lost = err;
  });
  await client.connect();
  const rand = rng(42);
  const now = Date.now();
  const started = Date.now();
  const BATCH = 2_000;
  for (let from = 0; from < count; from += BATCH) {
    const values = [];
    const params = [];
    for (let i = from; i < Math.min(count, from + BATCH); i++) {
      const [sur, roman] = SURNAMES[Math.floor(rand() * SURNAMES.length)];
      const given = GIVEN[Math.floor(rand() * GIVEN.length)] + GIVEN[Math.floor(rand() * GIVEN.length)];
      const r = rand();
      const role = r < 0.01 ? 'admin' : r < 0.1 ? 'guest' : 'user';
      const s = rand();
      const status = s < 0.9 ? 'active' : s < 0.95 ? 'inactive' : 'suspended';
      const createdAt = new Date(now - Math.floor(rand() * 3 * 365 * 86_400_000));
      const deletedAt = rand() < 0.01 ? new Date(now - Math.floor(rand() * 20 * 86_400_000)) : null;
      const p = params.length;
      values.push(`($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}, $${p + 5}, $${p + 6}, true)`);
      params.push(`${roman}.${i}@company${i % 97}.co.kr`, sur + given, role, status, createdAt, deletedAt);
    }
    await client.query(
      `INSERT INTO users (email, full_name, role, status, created_at, updated_at, deleted_at, email_verified) VALUES ${values.join(',')}`,
      params,
    );
  }
  if (lost) throw lost;
  await client.query('VACUUM ANALYZE users');
  await client.end();
  return (Date.now() - started) / 1000;
}

const CASES = [
  ['기본: 최신 가입 순 1쪽', ''],
  ['이메일 검색 (kim.4242)', '?search=kim.4242'],
  ['이름 검색 (민서, 부분 일치)', `?search=${encodeURIComponent('민서')}`],
  ['초성 검색 (ㄱㅁㅅ)', `?search=${encodeURIComponent('ㄱㅁㅅ')}`],
  ['필터: guest + suspended + 1년', '?role=guest&status=suspended&joined=year'],
  ['정렬: 이메일 오름차순 5 000쪽 (깊은 페이지)', '?sort=email&order=asc&page=5000'],
  ['정렬: 가입일 오름차순 9 000쪽', '?sort=created_at&order=asc&page=9000'],
];

/** Runs the benchmark and returns its markdown section. */
export async function usersListSection({ adminUrl }) {
  // The same connection count as the rows it is compared with (it was a 50-connection baseline under 10-connection rows).
  const baseline = await bareBaseline(10);
  const db = await throwawayDatabase(adminUrl, 'users');
  const proc = await startServer(port, { DATABASE_URL: db.url, AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false' });
  try {
    // The first account of an empty instance is the admin.
    const signup = await fetch(`${base}/api/auth-signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench.admin@example.com', password: 'Zq7mLw2pXv', full_name: '벤치관리자', terms: true, age_bracket: '14_or_over' }),
    }).then((r) => r.json());
    const token = signup.tokens?.access_token;
    if (!token) throw new Error(`관리자 가입 실패: ${JSON.stringify(signup)}`);
    const seconds = await seedUsers(db.url, USERS);
    console.log(`seeded ${USERS} users in ${seconds.toFixed(1)} s`);
    const headers = { authorization: `Bearer ${token}` };
    const rows = [baseline];
    const notes = [];
    for (const [label, qs] of CASES) {
      const url = `${base}/api/admin/users${qs}`;
      const first = await fetch(url, { headers }).then((r) => r.json());
      // One request at a time: what a single admin waits for (median of 21, after the warm-up above).
      const times = [];
      for (let i = 0; i < 21; i++) {
        const t0 = performance.now();
        await fetch(url, { headers }).then((r) => r.arrayBuffer());
        times.push(performance.now() - t0);
      }
      const single = times.sort((x, y) => x - y)[10].toFixed(1);
      notes.push(`${label}: ${first.total} matches, ${single} ms alone`);
      const row = summary(`GET /api/admin/users${qs ? decodeURIComponent(qs) : ''} — ${label}`, await run({ url, headers, connections: 10 }));
      console.log(row);
      rows.push(row);
    }
    return (
      `### Admin users list at ${USERS.toLocaleString('en-US')} users (PostgreSQL, 10 connections, 5 s each)\n\n` +
      `Seeded with multi-row INSERT in ${seconds.toFixed(1)} s, then VACUUM ANALYZE (as autovacuum would: it also empties the GIN pending lists of the trigram indexes). ` +
      `Every request also passes the auth guard (one session lookup) and counts toward API usage. Load average at start: ${loadavg()[0].toFixed(2)} (machine shared).\n\n` +
      `${table(rows, baseline)}\n\nMatches and median latency of a single request with nothing else from this benchmark running: ${notes.join('; ')}.`
    );
  } finally {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.on('exit', r));
    await db.drop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    console.error('BENCH_DATABASE_URL=postgres://... 가 필요합니다 (10만 사용자 벤치마크는 PostgreSQL에서 실행합니다).');
    process.exit(2);
  }
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const section = await usersListSection({ adminUrl });
  const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const text = `\n## ${stamp} UTC — ${machine}\n\n${section}\n`;
  appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
  console.log(text);
}
