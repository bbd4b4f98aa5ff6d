// The minimal server of bench/paths.mjs, in a process of its own (as the real server is: in the benchmark's process it
// would share one event loop with autocannon). node:http + pg + jose; env: DATABASE_URL, DATABASE_POOL_SIZE, AUTH_SECRET, PORT; the login
// baseline (POST /argon2) verifies PASSWORD_HASH, set by the benchmark through POST /password-hash first.
import { hkdfSync } from 'node:crypto';
import http from 'node:http';
import { verify } from '@node-rs/argon2';
import { jwtVerify } from 'jose';
import pg from 'pg';

// Fixed statements are named (parsed and planned once per connection), as the real server's hot reads are.

const IDLE_MS = 7 * 86_400_000;
const AUTH_SECRET = process.env.AUTH_SECRET;
const db = { url: process.env.DATABASE_URL };
// The same pool size as the real server's (bench/paths.mjs passes DATABASE_POOL_SIZE to both).
const pool = new pg.Pool({ connectionString: db.url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
// Imported once as a CryptoKey, as lib/tokens.ts does (jose would import raw bytes again on every check).
const accessKey = await crypto.subtle.importKey(
  'raw',
  new Uint8Array(hkdfSync('sha256', AUTH_SECRET, 'company-tools', 'access-token-v1', 32)),
  { name: 'HMAC', hash: 'SHA-256' },
  false,
  ['verify'],
);
const SESSION_SQL =
  'select "auth_sessions"."revoked_at", "auth_sessions"."expires_at", "auth_sessions"."last_used_at", "auth_sessions"."created_at", "auth_sessions"."second_factor_at", "users"."id", "users"."email", "users"."full_name", "users"."role", "users"."status", "users"."provider", "users"."email_verified", "users"."deleted_at" from "auth_sessions" inner join "users" on "users"."id" = "auth_sessions"."user_id" where ("auth_sessions"."id" = $1 and "auth_sessions"."user_id" = $2) limit $3';
const SEED_COLUMNS = `"seeds"."id", "seeds"."seed_name", "seeds"."seed_address", "seeds"."created_at", "seed_members"."role", (
  select count(*)::int from "seed_members" sm join "users" u on u.id = sm.user_id
  where sm.seed_id = "seeds"."id" and u.deleted_at is null
)`;
const SEEDS_SQL = `select ${SEED_COLUMNS} from "seed_members" inner join "seeds" on "seeds"."id" = "seed_members"."seed_id" where "seed_members"."user_id" = $1 order by "seeds"."created_at" asc, "seeds"."id" asc`;
const SEED_SQL = `select ${SEED_COLUMNS} from "seed_members" inner join "seeds" on "seeds"."id" = "seed_members"."seed_id" where ("seed_members"."seed_id" = $1 and "seed_members"."user_id" = $2) limit $3`;
const BOOKINGS_SQL =
  'select "room_bookings"."id", "room_bookings"."seed_id", "room_bookings"."room_id", "room_bookings"."organizer_id", "room_bookings"."title", "room_bookings"."starts_at", "room_bookings"."ends_at", "room_bookings"."attendees", "room_bookings"."agenda", "room_bookings"."minutes", "room_bookings"."status", "room_bookings"."series_id", "room_bookings"."checked_in_at", "room_bookings"."created_at", "room_bookings"."updated_at", "rooms"."name", "users"."full_name", "users"."email" from "room_bookings" inner join "rooms" on "rooms"."id" = "room_bookings"."room_id" inner join "users" on "users"."id" = "room_bookings"."organizer_id" where ("room_bookings"."seed_id" = $1 and "room_bookings"."starts_at" < $2 and "room_bookings"."starts_at" > $3 and "room_bookings"."ends_at" > $4 and "room_bookings"."status" <> $5) order by "room_bookings"."starts_at" asc, "rooms"."name" asc limit $6';
const USER_COLS =
  '"id", "email", "password_hash", "full_name", "phone", "provider", "google_sub", "email_verified", "marketing_consent", "role", "status", "avatar_url", "created_at", "updated_at", "last_login_at", "deleted_at", "name_initials"';

async function guard(req) {
  const m = /^Bearer\s+([A-Za-z0-9_.-]+)\s*$/i.exec(req.headers.authorization ?? '');
  if (!m) return undefined;
  let claims;
  try {
    claims = (
      await jwtVerify(m[1], accessKey, {
        algorithms: ['HS256'],
        issuer: 'company-tools',
        audience: 'company-tools:access',
        requiredClaims: ['sub', 'sid', 'exp', 'iat'],
      })
    ).payload;
  } catch {
    return undefined;
  }
  const r = (await pool.query({ name: 'session', text: SESSION_SQL, values: [claims.sid, claims.sub, 1] })).rows[0];
  const now = Date.now();
  if (!r || r.revoked_at || r.expires_at.getTime() <= now || r.last_used_at.getTime() + IDLE_MS <= now) return undefined;
  if (r.deleted_at || r.status !== 'active') return undefined;
  return r;
}

const seedJson = (s) => ({
  id: s.id,
  seed_name: s.seed_name,
  seed_address: s.seed_address,
  created_at: s.created_at.toISOString(),
  role: s.role,
  member_count: s.count,
});
let passwordHash;
const minimal = http.createServer(async (req, res) => {
  const send = (status, body) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  try {
    if (req.method === 'POST') {
      let text = '';
      for await (const chunk of req) text += chunk;
      if (req.url === '/password-hash') {
        passwordHash = JSON.parse(text).hash;
        return send(200, {});
      }
      // The login baseline: the same library and parameters verifying the same password, one verify per request.
      const ok = await verify(passwordHash, 'Zq7mLw2pXv');
      return send(ok ? 200 : 401, {});
    }
    const user = await guard(req);
    if (!user) return send(401, { success: false, code: 'UNAUTHORIZED' });
    const url = new URL(req.url, 'http://x');
    const parts = url.pathname.split('/');
    if (url.pathname === '/api/seeds') {
      const rows = (await pool.query({ name: 'seeds', text: SEEDS_SQL, values: [user.id] })).rows;
      return send(200, { data: rows.map(seedJson) });
    }
    if (parts[3] && parts[4] === 'bookings') {
      const seed = (await pool.query({ name: 'seed', text: SEED_SQL, values: [parts[3], user.id, 1] })).rows[0];
      if (!seed) return send(404, { success: false });
      const from = new Date(url.searchParams.get('from'));
      const to = new Date(url.searchParams.get('to'));
      const rows = (await pool.query(BOOKINGS_SQL, [parts[3], to, new Date(from.getTime() - 12 * 3_600_000), from, 'cancelled', 5000])).rows;
      const manager = seed.role === 'owner' || seed.role === 'admin';
      return send(200, {
        data: rows.map((b) => ({
          id: b.id,
          roomId: b.room_id,
          roomName: b.name,
          title: b.title,
          organizer: { id: b.organizer_id, name: b.full_name, email: b.email },
          attendees: b.attendees.map((a) => ({ email: a.email, userId: a.userId ?? null, name: a.name ?? null })),
          startsAt: b.starts_at.toISOString(),
          endsAt: b.ends_at.toISOString(),
          agenda: b.agenda,
          minutes: b.minutes,
          status: b.status,
          seriesId: b.series_id,
          checkedInAt: b.checked_in_at?.toISOString() ?? null,
          canEdit: ['confirmed', 'checked_in'].includes(b.status) && (b.organizer_id === user.id || manager),
          canWriteMinutes: b.status !== 'cancelled' && (b.organizer_id === user.id || b.attendees.some((a) => a.userId === user.id || a.email === user.email)),
        })),
      });
    }
    if (url.pathname === '/api/admin/users') {
      if (user.role !== 'admin') return send(403, { success: false });
      await pool.query('select "scope", "required", "updated_at" from "second_factor_policies" where "second_factor_policies"."scope" = $1 limit $2', [
        'platform',
        1,
      ]);
      const page = Number(url.searchParams.get('page') ?? 1);
      const search = url.searchParams.get('search');
      const limit = 10;
      const where = search ? `"deleted_at" is null and "full_name" like $1 and name_bigrams("full_name") @> name_bigrams($2)` : '"deleted_at" is null';
      const params = search ? [`%${search}%`, search] : [];
      const total = search
        ? Number((await pool.query(`select count(*) from "users" where ${where}`, params)).rows[0].count)
        : Number((await pool.query('select "live" from "user_counts" limit $1', [1])).rows[0].live);
      const offset = (page - 1) * limit;
      const fromEnd = offset > total / 2;
      const sort = url.searchParams.get('sort') === 'email' ? 'email' : 'created_at';
      const asc = (url.searchParams.get('order') === 'asc') !== fromEnd;
      const dir = asc ? 'asc' : 'desc';
      const order = sort === 'email' ? `"email" ${dir}` : `"created_at" ${dir}, "id" ${dir}`;
      const size = Math.max(0, Math.min(limit, total - offset));
      let rows = [];
      if (size > 0) {
        const ids = (
          await pool.query(`select "id" from "users" where ${where} order by ${order} limit ${size} offset ${fromEnd ? total - offset - size : offset}`, params)
        ).rows.map((r) => r.id);
        const byId = new Map((await pool.query(`select ${USER_COLS} from "users" where "id" = any($1)`, [ids])).rows.map((r) => [r.id, r]));
        rows = ids.map((id) => byId.get(id));
        if (fromEnd) rows.reverse();
      }
      return send(200, {
        data: rows.map((u) => ({
          id: u.id,
          email: u.email,
          full_name: u.full_name,
          phone: u.phone,
          role: u.role,
          status: u.status,
          provider: u.provider,
          avatar_url: u.avatar_url,
          created_at: u.created_at.toISOString(),
          updated_at: u.updated_at.toISOString(),
          last_login_at: u.last_login_at?.toISOString() ?? null,
        })),
        total,
        page,
        limit,
        totalPages: Math.ceil(total / limit),
      });
    }
    send(404, {});
  } catch (err) {
    send(500, { error: String(err) });
  }
});
minimal.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
