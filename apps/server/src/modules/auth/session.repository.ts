import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { preparedStatement } from '../../db/prepared.ts';
import { auditLog, authSessions, refreshTokens, users } from '../../db/schema.ts';
import type { TTx, TUserRow } from './user.repository.ts';

export type TSessionRow = typeof authSessions.$inferSelect;

const p = (name: string) => sql.placeholder(name);

/** A stored session's device, as the new-sign-in check compares them (security-notices.ts). */
export type TSessionDevice = { userAgent: string; ip: string };

/**
 * A person's sessions newest first, in the order their indexes hold them (decision 106, migration 0058:
 * `created_at DESC NULLS LAST`). `created_at desc` alone means NULLS FIRST, an order those indexes cannot give, so
 * PostgreSQL read every session the person kept and sorted them: on each sign-in, for the ten newest (decision 108).
 * created_at is never null, so the order itself is the same.
 */
export const NEWEST_SESSIONS_FIRST = sql`created_at desc nulls last`;

/** How many of a person's newest earlier sessions a sign-in's statement hands back for the new-sign-in check. */
export const RECENT_DEVICES = 10;

/**
 * The statement behind `openSession`; `login` adds the last-login time, the audit row and the person's newest
 * earlier sessions (`recent`, newest first, at most RECENT_DEVICES: the statement's snapshot does not hold the new
 * one), so the new-sign-in check of a returning person needs no statement of its own. The user row is locked
 * before the sessions (the trim reads last_login first), the same order as an admin's suspend or delete (users, then
 * sessions), so the two cannot deadlock.
 */
function openSessionStatement(login: boolean) {
  return preparedStatement<{ trimmed: number; recent?: [string, string][] }>(
    login ? 'auth_open_session_login' : 'auth_open_session',
    sql`
    with new_session as (
      insert into ${authSessions} (id, user_id, user_agent, ip, created_at, last_used_at, expires_at, second_factor_at)
      values (${p('id')}, ${p('userId')}, ${p('userAgent')}, ${p('ip')}, ${p('now')}::timestamptz, ${p('now')}::timestamptz,
        ${p('expiresAt')}::timestamptz, ${p('secondFactorAt')}::timestamptz)
      returning id),
    first_token as (
      insert into ${refreshTokens} (token_hash, session_id, expires_at)
      select ${p('tokenHash')}, id, ${p('refreshExpiresAt')}::timestamptz from new_session
      on conflict do nothing),
    ${login ? sql`last_login as (update ${users} set last_login_at = ${p('now')}::timestamptz where id = ${p('userId')} returning id),` : sql``}
    trimmed as (
      update ${authSessions} set revoked_at = ${p('now')}::timestamptz, revoked_reason = 'session_limit'
      where id in (
        select id from ${authSessions}
        where user_id = ${login ? sql`(select id from last_login)` : p('userId')} and revoked_at is null and expires_at > ${p('now')}::timestamptz
        order by ${NEWEST_SESSIONS_FIRST}, id desc
        offset ${p('offset')}::int)
      returning id)
    ${
      login
        ? sql`, audit as (
      insert into ${auditLog} (action, actor_id, ip, metadata)
      select ${p('action')}, ${p('userId')}, ${p('ip')}, ${p('metadata')}::jsonb from new_session)`
        : sql``
    }
    select (select count(*) from trimmed)::int as trimmed
    ${
      login
        ? sql`, (select coalesce(json_agg(json_build_array(r.user_agent, r.ip) order by r.created_at desc), '[]'::json)
        from (select user_agent, ip, created_at from ${authSessions} where user_id = ${p('userId')}
          order by ${NEWEST_SESSIONS_FIRST} limit ${sql.raw(String(RECENT_DEVICES))}) r) as recent`
        : sql``
    }`,
  );
}

const openSessionPlain = openSessionStatement(false);
const openSessionLogin = openSessionStatement(true);

/**
 * Opens a session in ONE statement (one round trip, one commit, all or nothing): the session row, its first refresh
 * token, the end of the user's oldest live sessions beyond `keep` (the new one counts as the newest), and for a
 * password or provider sign-in the user's last-login time and its audit row. The statement's sub-queries all see the
 * data as it was before it, so the trim keeps the newest `keep − 1` earlier sessions. Returns how many were ended
 * and, for a sign-in, the person's newest earlier sessions (see openSessionStatement). A prepared statement
 * (db/prepared.ts): every sign-in runs it.
 */
export async function openSession(
  db: TTx,
  s: { id: string; userId: string; userAgent: string; ip: string; expiresAt: Date; createdAt: Date; secondFactorAt: Date | null },
  refresh: { tokenHash: string; expiresAt: Date },
  keep: number,
  login?: { action: string; metadata: Record<string, unknown> },
): Promise<{ trimmed: number; recent?: TSessionDevice[] }> {
  const values: Record<string, unknown> = {
    id: s.id,
    userId: s.userId,
    userAgent: s.userAgent,
    ip: s.ip,
    now: s.createdAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    secondFactorAt: s.secondFactorAt ? s.secondFactorAt.toISOString() : null,
    tokenHash: refresh.tokenHash,
    refreshExpiresAt: refresh.expiresAt.toISOString(),
    offset: Math.max(0, keep - 1),
  };
  const rows = login
    ? await openSessionLogin(db, { ...values, action: login.action, metadata: JSON.stringify(login.metadata) })
    : await openSessionPlain(db, values);
  const row = rows[0];
  return { trimmed: Number(row?.trimmed ?? 0), recent: row?.recent?.map(([userAgent, ip]) => ({ userAgent, ip })) };
}

/** The device (user agent, address) of a user's stored sessions other than one, newest first, at most `limit`. */
export async function sessionDevices(db: TTx, userId: string, exceptId: string, limit = 200): Promise<TSessionDevice[]> {
  return db
    .select({ userAgent: authSessions.userAgent, ip: authSessions.ip })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), ne(authSessions.id, exceptId)))
    .orderBy(NEWEST_SESSIONS_FIRST)
    .limit(limit);
}

/** Ends every live session of every user, except one; returns how many. */
export async function revokeAllSessions(db: TTx, reason: string, exceptSessionId: string, now: Date): Promise<number> {
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(isNull(authSessions.revokedAt), ne(authSessions.id, exceptSessionId)))
    .returning({ id: authSessions.id });
  return rows.length;
}

export async function markSecondFactor(db: TTx, sessionId: string, at: Date): Promise<void> {
  await db.update(authSessions).set({ secondFactorAt: at }).where(eq(authSessions.id, sessionId));
}

export async function insertRefreshToken(db: TTx, values: { tokenHash: string; sessionId: string; expiresAt: Date }): Promise<void> {
  await db.insert(refreshTokens).values(values).onConflictDoNothing();
}

export type TRefreshLookup = {
  rotatedAt: Date | null;
  session: TSessionRow;
  user: TUserRow;
};

/** A stored refresh token with its session and user, or undefined. */
export async function findRefreshToken(db: TTx, tokenHash: string): Promise<TRefreshLookup | undefined> {
  const [row] = await db
    .select({ rotatedAt: refreshTokens.rotatedAt, session: authSessions, user: users })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/**
 * One statement, so the rotation is atomic: marks the presented token rotated (only if it was not yet), stores its
 * successor and touches the session (last use only: the session's absolute expiry never moves).
 * False when another request rotated it first (nothing else is changed then).
 */
export async function rotateRefreshToken(db: TTx, r: { tokenHash: string; childHash: string; expiresAt: Date; ip: string; now: Date }): Promise<boolean> {
  const now = r.now.toISOString();
  const result = await db.execute(sql`
    with rot as (
      update refresh_tokens set rotated_at = ${now}::timestamptz
      where token_hash = ${r.tokenHash} and rotated_at is null
      returning session_id
    ), child as (
      insert into refresh_tokens (token_hash, session_id, expires_at)
      select ${r.childHash}, session_id, ${r.expiresAt.toISOString()}::timestamptz from rot
      on conflict do nothing
    ), touched as (
      update auth_sessions set last_used_at = ${now}::timestamptz, ip = ${r.ip}
      where id in (select session_id from rot)
    )
    select count(*)::int as n from rot`);
  const rows = (result as unknown as { rows: { n: number }[] }).rows;
  return Number(rows[0]?.n ?? 0) === 1;
}

export async function rotatedAtOf(db: TTx, tokenHash: string): Promise<Date | null> {
  const [row] = await db.select({ at: refreshTokens.rotatedAt }).from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row?.at ?? null;
}

export async function touchSession(db: TTx, id: string, ip: string, now: Date): Promise<void> {
  await db.update(authSessions).set({ lastUsedAt: now, ip }).where(eq(authSessions.id, id));
}

export async function revokeSession(db: TTx, id: string, reason: string, at: Date, userId?: string): Promise<boolean> {
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(authSessions.id, id), isNull(authSessions.revokedAt), userId ? eq(authSessions.userId, userId) : undefined))
    .returning({ id: authSessions.id });
  return rows.length === 1;
}

/** Ends every live session of a user (optionally all but one); returns how many. */
export async function revokeUserSessions(db: TTx, userId: string, reason: string, at: Date, exceptSessionId?: string): Promise<number> {
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt), exceptSessionId ? ne(authSessions.id, exceptSessionId) : undefined))
    .returning({ id: authSessions.id });
  return rows.length;
}

export async function listLiveSessions(db: TTx, userId: string, now: Date, idleMs: number): Promise<TSessionRow[]> {
  return db
    .select()
    .from(authSessions)
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, now),
        gt(authSessions.lastUsedAt, new Date(now.getTime() - idleMs)),
      ),
    )
    .orderBy(desc(authSessions.lastUsedAt));
}

/** What the guard needs for one request: the session and its user, by the access token's sid and sub. */
function sessionWithUserQuery(db: TTx) {
  return db
    .select({
      revokedAt: authSessions.revokedAt,
      expiresAt: authSessions.expiresAt,
      lastUsedAt: authSessions.lastUsedAt,
      createdAt: authSessions.createdAt,
      secondFactorAt: authSessions.secondFactorAt,
      user: {
        id: users.id,
        email: users.email,
        fullName: users.fullName,
        role: users.role,
        status: users.status,
        provider: users.provider,
        emailVerified: users.emailVerified,
        deletedAt: users.deletedAt,
      },
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.id, sql.placeholder('sid')), eq(authSessions.userId, sql.placeholder('uid'))))
    .limit(1)
    .prepare('auth_session_with_user');
}

/**
 * Built once per database handle (decision 023): the guard runs this on every request, and building the query
 * through the ORM cost more CPU than the database spent answering it. On PostgreSQL it is also a named prepared
 * statement, so each pooled connection parses and plans it once.
 */
const sessionWithUser = new WeakMap<object, ReturnType<typeof sessionWithUserQuery>>();

export async function findSessionWithUser(db: TTx, sessionId: string, userId: string) {
  let query = sessionWithUser.get(db);
  if (!query) {
    query = sessionWithUserQuery(db);
    sessionWithUser.set(db, query);
  }
  const [row] = await query.execute({ sid: sessionId, uid: userId });
  return row;
}
