// Meeting-room booking at 50 rooms and 100 000 bookings (PostgreSQL): booking-create and day-timeline-read throughput
// and p99 next to a bare node:http baseline measured in the same run. Needs BENCH_DATABASE_URL=postgres://...; a
// throw-away database is created on that server, seeded by SQL, and dropped. Appends its own section to RESULTS.md.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/rooms.mjs
//   npm run bench            (run.mjs imports this file after its own sections)
import { appendFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import pg from 'pg';
import { bareBaseline, run, startServer, summary, table, throwawayDatabase } from './http.mjs';

const ROOMS = 50;
const BOOKINGS = 100_000;
const port = 3292;
const base = `http://127.0.0.1:${port}`;
const DAY = 86_400_000;
const adminUrl = process.env.BENCH_DATABASE_URL;

/** Midnight in Asia/Seoul, `days` from today, as a Date. */
function seoulMidnight(days) {
  const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
  return new Date(Date.parse(`${today}T00:00:00Z`) - 9 * 3_600_000 + days * DAY);
}

/** 50 rooms and 100 000 one-hour bookings (8 a day per room, 09:00–17:00 Seoul) from 125 days ago onwards. */
async function seed(url, seedId, userId) {
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => undefined);
  await c.connect();
  const t0 = Date.now();
  await c.query(
    `INSERT INTO rooms (seed_id, name, location, capacity, equipment, open_minute, close_minute, weekdays)
     SELECT $1, '회의실 ' || lpad(g::text, 2, '0'), (g % 10 + 1) || '층', 4 + g % 12, ARRAY['모니터'], 0, 1440, '{1,2,3,4,5,6,7}'
     FROM generate_series(1, ${ROOMS}) g`,
    [seedId],
  );
  const perRoom = BOOKINGS / ROOMS;
  const first = seoulMidnight(-125);
  await c.query(
    `INSERT INTO room_bookings (seed_id, room_id, organizer_id, title, starts_at, ends_at, attendees, agenda)
     SELECT $1, r.id, $2, '정기 회의 ' || g,
            $3::timestamptz + (g / 8) * interval '1 day' + (9 + g % 8) * interval '1 hour',
            $3::timestamptz + (g / 8) * interval '1 day' + (10 + g % 8) * interval '1 hour',
            '[]'::jsonb, '안건'
     FROM rooms r CROSS JOIN generate_series(0, ${perRoom - 1}) g WHERE r.seed_id = $1`,
    [seedId, userId, first.toISOString()],
  );
  await c.query('VACUUM ANALYZE rooms');
  await c.query('VACUUM ANALYZE room_bookings');
  const { rows } = await c.query('SELECT id FROM rooms WHERE seed_id = $1 ORDER BY name', [seedId]);
  await c.end();
  return { seconds: (Date.now() - t0) / 1000, roomIds: rows.map((r) => r.id) };
}

/** Median of 21 sequential requests after a warm-up: what one user waits for with nothing else running. */
async function alone(url, headers) {
  await fetch(url, { headers }).then((r) => r.arrayBuffer());
  const times = [];
  for (let i = 0; i < 21; i++) {
    const t0 = performance.now();
    await fetch(url, { headers }).then((r) => r.arrayBuffer());
    times.push(performance.now() - t0);
  }
  return times.sort((x, y) => x - y)[10].toFixed(1);
}

async function section() {
  const baseline = await bareBaseline();
  const db = await throwawayDatabase(adminUrl, 'rooms');
  const proc = await startServer(port, { DATABASE_URL: db.url, AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false' });
  try {
    const signup = await fetch(`${base}/api/auth-signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench.rooms@example.com', password: 'Zq7mLw2pXv', full_name: '벤치예약', terms: true, age_bracket: '14_or_over' }),
    }).then((r) => r.json());
    const token = signup.tokens?.access_token;
    if (!token) throw new Error(`가입 실패: ${JSON.stringify(signup)}`);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const seedRes = await fetch(`${base}/api/seeds`, { method: 'POST', headers, body: JSON.stringify({ seed_name: '벤치 회사' }) }).then((r) => r.json());
    const seedId = seedRes.data.id;
    const userId = signup.user.id;
    const { seconds, roomIds } = await seed(db.url, seedId, userId);
    console.log(`seeded ${ROOMS} rooms and ${BOOKINGS} bookings in ${seconds.toFixed(1)} s`);

    // Day timeline: one day of every room (400 bookings) — what the booking screen reads.
    const day = seoulMidnight(-10);
    const dayUrl = `${base}/api/seeds/${seedId}/bookings?from=${encodeURIComponent(day.toISOString())}&to=${encodeURIComponent(new Date(day.getTime() + DAY).toISOString())}`;
    const count = (await fetch(dayUrl, { headers }).then((r) => r.json())).data.length;
    const dayAlone = await alone(dayUrl, headers);
    const roomsAlone = await alone(`${base}/api/seeds/${seedId}/rooms`, headers);
    const read = summary(`GET /api/seeds/:id/bookings — one day, ${ROOMS} rooms (${count} bookings)`, await run({ url: dayUrl, headers }));
    console.log(read);
    const roomsRead = summary('GET /api/seeds/:id/rooms', await run({ url: `${base}/api/seeds/${seedId}/rooms`, headers }));
    console.log(roomsRead);

    // Booking create: every request a fresh 15-minute slot (rooms in turn, days 200+ ahead), so all should be 201.
    const future = seoulMidnight(200).getTime();
    let n = 0;
    const create = await run({
      url: `${base}/api/seeds/${seedId}/bookings`,
      method: 'POST',
      headers,
      requests: [
        {
          setupRequest: (req) => {
            const i = n++;
            const start = future + Math.floor(i / ROOMS) * 15 * 60_000;
            req.body = JSON.stringify({
              roomId: roomIds[i % ROOMS],
              title: `벤치 ${i}`,
              startsAt: new Date(start).toISOString(),
              endsAt: new Date(start + 15 * 60_000).toISOString(),
              attendees: [],
              agenda: '',
            });
            return req;
          },
        },
      ],
    });
    const created = summary('POST /api/seeds/:id/bookings — new booking (201)', create);
    console.log(created);

    // Conflicts: every request the same occupied slot — the exclusion constraint answers 409.
    const busy = seoulMidnight(-10).getTime() + 9 * 3_600_000;
    const conflict = await run({
      url: `${base}/api/seeds/${seedId}/bookings`,
      method: 'POST',
      headers,
      body: JSON.stringify({
        roomId: roomIds[0],
        title: '충돌',
        startsAt: new Date(busy + 15 * 60_000).toISOString(),
        endsAt: new Date(busy + 45 * 60_000).toISOString(),
      }),
    });
    // 409 is the expected answer here: report them as answers, not errors.
    const clash = { ...summary('POST /api/seeds/:id/bookings — overlapping (409 expected)', conflict), errors: conflict.errors + (conflict['2xx'] ?? 0) };
    console.log(clash);
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const total = (await c.query('SELECT count(*)::int AS n FROM room_bookings')).rows[0].n;
    await c.end();
    return (
      `### Meeting-room booking at ${ROOMS} rooms and ${BOOKINGS.toLocaleString('en-US')} bookings (PostgreSQL, 50 connections, 5 s each)\n\n` +
      `Seeded by SQL in ${seconds.toFixed(1)} s (the exclusion constraint checked on every row), then VACUUM ANALYZE. Every request passes the auth guard ` +
      `(one session lookup) and the seed-membership check. Creating a booking also writes its reminder and auto-release jobs and a log row, ` +
      `and publishes the live event. Bookings at the end: ${total.toLocaleString('en-US')} (${(total - BOOKINGS).toLocaleString('en-US')} created, none lost to conflicts between different slots). ` +
      `Load average at start: ${loadavg()[0].toFixed(2)} (machine shared).\n\n${table([baseline, read, roomsRead, created, clash], baseline)}\n\n` +
      `In the 409 row, "errors" counts answers other than the expected 409 (2xx or failures). ` +
      `A single request alone (median of 21): day timeline ${dayAlone} ms, rooms list ${roomsAlone} ms.`
    );
  } finally {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.on('exit', r));
    await db.drop();
  }
}

if (!adminUrl) {
  console.log('rooms benchmark skipped: set BENCH_DATABASE_URL=postgres://... (it runs on PostgreSQL).');
} else {
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const body = await section().catch((err) => {
    console.error('rooms benchmark failed:', err);
    process.exit(1);
  });
  const text = `\n## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — ${machine}\n\n${body}\n`;
  appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
  console.log(text);
}
