import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { authSessions, refreshTokens, users } from '../../db/schema.ts';
import type { TTx, TUserRow } from './user.repository.ts';

export type TSessionRow = typeof authSessions.$inferSelect;

export async function createSession(
  db: TTx,
  values: { id: string; userId: string; userAgent: string; ip: string; expiresAt: Date },
): Promise<void> {
  await db.insert(authSessions).values(values);
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
 * successor and touches the session. False when another request rotated it first (nothing else is changed then).
 */
export async function rotateRefreshToken(
  db: TTx,
  r: { tokenHash: string; childHash: string; expiresAt: Date; ip: string },
): Promise<boolean> {
  const result = await db.execute(sql`
    with rot as (
      update refresh_tokens set rotated_at = now()
      where token_hash = ${r.tokenHash} and rotated_at is null
      returning session_id
    ), child as (
      insert into refresh_tokens (token_hash, session_id, expires_at)
      select ${r.childHash}, session_id, ${r.expiresAt.toISOString()}::timestamptz from rot
      on conflict do nothing
    ), touched as (
      update auth_sessions set last_used_at = now(), ip = ${r.ip}, expires_at = ${r.expiresAt.toISOString()}::timestamptz
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

export async function touchSession(db: TTx, id: string, ip: string, expiresAt: Date): Promise<void> {
  await db.update(authSessions).set({ lastUsedAt: new Date(), ip, expiresAt }).where(eq(authSessions.id, id));
}

export async function revokeSession(db: TTx, id: string, reason: string, userId?: string): Promise<boolean> {
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(authSessions.id, id), isNull(authSessions.revokedAt), userId ? eq(authSessions.userId, userId) : undefined))
    .returning({ id: authSessions.id });
  return rows.length === 1;
}

/** Ends every live session of a user (optionally all but one); returns how many. */
export async function revokeUserSessions(db: TTx, userId: string, reason: string, exceptSessionId?: string): Promise<number> {
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        exceptSessionId ? ne(authSessions.id, exceptSessionId) : undefined,
      ),
    )
    .returning({ id: authSessions.id });
  return rows.length;
}

export async function listLiveSessions(db: TTx, userId: string): Promise<TSessionRow[]> {
  return db
    .select()
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, sql`now()`)))
    .orderBy(desc(authSessions.lastUsedAt));
}

/** What the guard needs for one request: the session and its user, by the access token's sid and sub. */
export async function findSessionWithUser(db: TTx, sessionId: string, userId: string) {
  const [row] = await db
    .select({
      revokedAt: authSessions.revokedAt,
      expiresAt: authSessions.expiresAt,
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
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId)))
    .limit(1);
  return row;
}
