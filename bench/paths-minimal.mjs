// The minimal server of bench/paths.mjs, in a process of its own (as the real server is: in the benchmark's process it
// would share one event loop with autocannon). node:http + pg, and jose for signing. Env: DATABASE_URL,
// DATABASE_POOL_SIZE, AUTH_SECRET, PORT. The login baseline (POST /argon2) verifies PASSWORD_HASH, set by the benchmark through POST /password-hash first; POST
// /api/auth-login is a hand-written sign-in doing the real one's work (see signIn below).
import { createHash, createHmac, createSecretKey, hkdfSync, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { verify } from '@node-rs/argon2';
import { SignJWT, jwtVerify } from 'jose';
import pg from 'pg';
import { pgTimestampIso } from '../apps/server/src/db/timestamps.ts';

// Fixed statements are named (parsed and planned once per connection), as the real server's hot reads are.

const IDLE_MS = 7 * 86_400_000;
const AUTH_SECRET = process.env.AUTH_SECRET;
const db = { url: process.env.DATABASE_URL };
// The same pool size as the real server's (bench/paths.mjs passes DATABASE_POOL_SIZE to both).
const pool = new pg.Pool({ connectionString: db.url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
// Keys derived from AUTH_SECRET as lib/tokens.ts and auth.device.ts derive them.
const key = (info) => new Uint8Array(hkdfSync('sha256', AUTH_SECRET, 'company-tools', info, 32));
// The access-token check. TOKEN_CHECK=jose (the default, as issue 18 describes the minimal server): jose's jwtVerify
// with the key imported once as a CryptoKey (WebCrypto HMAC, a job on libuv's thread pool). TOKEN_CHECK=hmac: node:crypto's
// HMAC, synchronously, as lib/tokens.ts checks today.
const TOKEN_CHECK = process.env.TOKEN_CHECK === 'hmac' ? 'hmac' : 'jose';
const accessVerifyCryptoKey = await crypto.subtle.importKey('raw', key('access-token-v1'), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
async function checkWithJose(token) {
  try {
    const { payload } = await jwtVerify(token, accessVerifyCryptoKey, {
      algorithms: ['HS256'],
      issuer: 'company-tools',
      audience: 'company-tools:access',
      requiredClaims: ['sub', 'sid', 'exp', 'iat'],
    });
    return payload;
  } catch {
    return undefined;
  }
}
const accessVerifyKey = createSecretKey(key('access-token-v1'));
function checkAccessToken(token) {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const given = Buffer.from(parts[2]);
  const wanted = Buffer.from(createHmac('sha256', accessVerifyKey).update(`${parts[0]}.${parts[1]}`).digest('base64url'));
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return undefined;
  try {
    const header = JSON.parse(Buffer.from(parts[0], 'base64url').toString());
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString());
    const now = Math.floor(Date.now() / 1000);
    if (header.alg !== 'HS256' || header.crit || claims.iss !== 'company-tools' || claims.aud !== 'company-tools:access') return undefined;
    if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string' || typeof claims.iat !== 'number' || !(claims.exp > now)) return undefined;
    return claims;
  } catch {
    return undefined;
  }
}
const signingKey = (info) => crypto.subtle.importKey('raw', key(info), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
const accessSigningKey = await signingKey('access-token-v1');
const refreshSigningKey = await signingKey('refresh-token-v1');
const deviceKey = Buffer.from(key('login-device-cookie'));
const SESSION_SQL =
  'select "auth_sessions"."revoked_at", "auth_sessions"."expires_at", "auth_sessions"."last_used_at", "auth_sessions"."created_at", "auth_sessions"."second_factor_at", "users"."id", "users"."email", "users"."full_name", "users"."role", "users"."status", "users"."provider", "users"."email_verified", "users"."deleted_at" from "auth_sessions" inner join "users" on "users"."id" = "auth_sessions"."user_id" where ("auth_sessions"."id" = $1 and "auth_sessions"."user_id" = $2) limit $3';
const SEED_COLUMNS = `"seeds"."id", "seeds"."seed_name", "seeds"."seed_address", "seeds"."created_at", "seed_members"."role", (
  select count(*)::int from "seed_members" sm join "users" u on u.id = sm.user_id
  where sm.seed_id = "seeds"."id" and u.deleted_at is null
)`;
const SEEDS_SQL = `select ${SEED_COLUMNS} from "seed_members" inner join "seeds" on "seeds"."id" = "seed_members"."seed_id" where "seed_members"."user_id" = $1 order by "seeds"."created_at" asc, "seeds"."id" asc`;
const SEED_SQL = `select ${SEED_COLUMNS} from "seed_members" inner join "seeds" on "seeds"."id" = "seed_members"."seed_id" where ("seed_members"."seed_id" = $1 and "seed_members"."user_id" = $2) limit $3`;
const TEXT_TIMESTAMPS = { getTypeParser: (oid, format) => (oid === pg.types.builtins.TIMESTAMPTZ ? (v) => v : pg.types.getTypeParser(oid, format)) };
// The real server's list statement (modules/rooms/bookings.repository.ts), named there as here.
const BOOKINGS_SQL = `
  select b.id, b.room_id, r.name as room_name, b.title, b.organizer_id, u.full_name as organizer_name, u.email as organizer_email,
    b.attendees, b.starts_at, b.ends_at, b.agenda, b.minutes, b.status, b.series_id, b.checked_in_at
  from "room_bookings" b
  join "rooms" r on r.id = b.room_id
  join "users" u on u.id = b.organizer_id
  where b.seed_id = $1::uuid
    and b.starts_at < $2::timestamptz and b.starts_at > $3::timestamptz and b.ends_at > $4::timestamptz
    and ($5::uuid is null or b.room_id = $6::uuid)
    and ($7::boolean or b.status <> 'cancelled')
    and ($8::uuid is null or b.organizer_id = $9::uuid or b.attendees @> $10::jsonb)
  order by b.starts_at asc, r.name asc
  limit 5000`;
const USER_COLS =
  '"id", "email", "password_hash", "full_name", "phone", "provider", "google_sub", "email_verified", "marketing_consent", "role", "status", "avatar_url", "created_at", "updated_at", "last_login_at", "deleted_at", "name_initials"';

// The real sign-in's two statements, as the server sends them (named prepared statements there too). The second hands
// back the person's ten newest earlier sessions for the new-device check (decision 107); the check itself, a loop over
// them, is left out here.
const USER_FOR_SIGN_IN_SQL = `select ${USER_COLS}, (exists (select 1 from "totp_factors" f where f.user_id = "users".id and f.confirmed_at is not null)
        or exists (select 1 from "passkeys" k where k.user_id = "users".id)) as has_second_factor from "users" where "users"."email" = $1 limit $2`;
const OPEN_SESSION_SQL = `
    with new_session as (
      insert into "auth_sessions" (id, user_id, user_agent, ip, created_at, last_used_at, expires_at, second_factor_at)
      values ($1, $2, $3, $4, $5::timestamptz, $6::timestamptz, $7::timestamptz, $8::timestamptz)
      returning id),
    first_token as (
      insert into "refresh_tokens" (token_hash, session_id, expires_at)
      select $9, id, $10::timestamptz from new_session
      on conflict do nothing),
    last_login as (update "users" set last_login_at = $11::timestamptz where id = $12 returning id),
    trimmed as (
      update "auth_sessions" set revoked_at = $13::timestamptz, revoked_reason = 'session_limit'
      where id in (
        select id from "auth_sessions"
        where user_id = (select id from last_login) and revoked_at is null and expires_at > $14::timestamptz
        order by created_at desc nulls last, id desc
        offset $15::int)
      returning id)
    , audit as (
      insert into "audit_log" (action, actor_id, ip, metadata)
      select $16, $17, $18, $19::jsonb from new_session)
    select (select count(*) from trimmed)::int as trimmed,
      (select coalesce(json_agg(json_build_array(r.user_agent, r.ip) order by r.created_at desc), '[]'::json)
        from (select user_agent, ip, created_at from "auth_sessions" where user_id = $12
          order by created_at desc nulls last limit 10) r) as recent`;
const SESSION_MAX_AGE_MS = 30 * 86_400_000;
const SESSION_KEEP = 10;
const sha256 = (v) => createHash('sha256').update(v).digest('hex');
const jwt = (k, payload) => new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(k);

/**
 * A hand-written sign-in doing the real one's work: the same two statements, the same argon2id verify, the same two
 * JWTs (jose), the same device cookie and the same JSON shape. Left out: input validation, the login throttle and the
 * second-factor step (the benchmark's accounts have none).
 */
async function signIn(req, text, send, res) {
  const input = JSON.parse(text);
  const email = String(input.email).trim().toLowerCase();
  const u = (await pool.query({ name: 'user_for_sign_in', text: USER_FOR_SIGN_IN_SQL, values: [email, 1] })).rows[0];
  const ok = u?.password_hash ? await verify(u.password_hash, String(input.password)) : false;
  if (!u || !ok || u.deleted_at || u.status !== 'active' || u.has_second_factor) return send(401, { success: false, code: 'INVALID_CREDENTIALS' });
  const ip = String(req.headers['x-forwarded-for'] ?? req.socket.remoteAddress)
    .split(',')[0]
    .trim();
  const userAgent = req.headers['user-agent'] ?? '';
  const now = new Date();
  const sid = randomUUID();
  const jti = randomBytes(32).toString('base64url');
  const iat = Math.floor(now.getTime() / 1000);
  const exp = Math.floor((now.getTime() + SESSION_MAX_AGE_MS) / 1000);
  const refresh = await jwt(refreshSigningKey, { sid, iss: 'company-tools', aud: 'company-tools:refresh', sub: u.id, jti, iat, exp });
  const at = now.toISOString();
  const expiresAt = new Date(exp * 1000).toISOString();
  await pool.query({
    name: 'open_session_login',
    text: OPEN_SESSION_SQL,
    values: [
      sid,
      u.id,
      userAgent,
      ip,
      at,
      at,
      expiresAt,
      null,
      sha256(jti),
      expiresAt,
      at,
      u.id,
      at,
      at,
      SESSION_KEEP - 1,
      'auth.login',
      u.id,
      ip,
      JSON.stringify({ provider: 'email', userAgent }),
    ],
  });
  const user = {
    id: u.id,
    email: u.email,
    full_name: u.full_name,
    phone: u.phone,
    provider: u.provider,
    email_verified: u.email_verified,
    marketing_consent: u.marketing_consent,
    role: u.role,
    status: u.status,
    avatar_url: u.avatar_url,
    created_at: u.created_at.toISOString(),
  };
  // The access token carries the user's fields except id (as sub), status and avatar, plus the session.
  const { id, status: _status, avatar_url: _avatar, ...fields } = user;
  const claims = { sub: id, ...fields, sid };

  const access = await jwt(accessSigningKey, { ...claims, iss: 'company-tools', aud: 'company-tools:access', iat, exp: iat + 3600 });
  const account = sha256(email).slice(0, 32);
  const device = randomBytes(18).toString('base64url');
  const signature = createHmac('sha256', deviceKey).update(`${account}.${device}`).digest('base64url');
  res.setHeader('set-cookie', `ct_dev_${account.slice(0, 16)}=${device}.${signature}; Path=/api/auth-login; Max-Age=31536000; HttpOnly; SameSite=Strict`);
  return send(200, { success: true, message: '로그인되었습니다', user, tokens: { access_token: access, refresh_token: refresh } });
}

async function guard(req) {
  const m = /^Bearer\s+([A-Za-z0-9_.-]+)\s*$/i.exec(req.headers.authorization ?? '');
  if (!m) return undefined;
  const claims = TOKEN_CHECK === 'hmac' ? checkAccessToken(m[1]) : await checkWithJose(m[1]);
  if (!claims) return undefined;
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
      if (req.url === '/api/auth-login') return await signIn(req, text, send, res);
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
      const rows = (
        await pool.query({
          name: 'bookings',
          text: BOOKINGS_SQL,
          // Timestamps read as text and turned into ISO strings as the real list does (no Date per value).
          types: TEXT_TIMESTAMPS,
          values: [parts[3], to, new Date(from.getTime() - 12 * 3_600_000), from, null, null, false, null, null, null],
        })
      ).rows;
      const manager = seed.role === 'owner' || seed.role === 'admin';
      return send(200, {
        data: rows.map((b) => ({
          id: b.id,
          roomId: b.room_id,
          roomName: b.room_name,
          title: b.title,
          organizer: { id: b.organizer_id, name: b.organizer_name, email: b.organizer_email },
          attendees: b.attendees.map((a) => ({ email: a.email, userId: a.userId ?? null, name: a.name ?? null })),
          startsAt: pgTimestampIso(b.starts_at),
          endsAt: pgTimestampIso(b.ends_at),
          agenda: b.agenda,
          minutes: b.minutes,
          status: b.status,
          seriesId: b.series_id,
          checkedInAt: b.checked_in_at === null ? null : pgTimestampIso(b.checked_in_at),
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
