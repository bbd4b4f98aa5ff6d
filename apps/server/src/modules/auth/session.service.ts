/**
 * Sessions and tokens. A session is one login on one device; its refresh tokens form one family.
 * Every refresh rotates: the presented token is marked rotated and its child (an id derived from the parent's,
 * so a retry gets the same one) becomes current. The rotated token still works for 10 s (concurrent tabs) and
 * yields that same child; after that, presenting it again revokes the whole session and is audited.
 */
import { randomUUID } from 'node:crypto';
import type { TSessionInfo, TTokens } from '@suite/shared';
import { AppError } from '../../lib/app-error.ts';
import { AUDIT, writeAudit } from '../../lib/audit.ts';
import { afterResponse } from '../../lib/after-response.ts';
import { announceSessionsEnded } from '../../lib/event-stream.ts';
import { newTokenId, sha256 } from '../../lib/tokens.ts';
import type { TAuthDeps, TRequestMeta } from './auth.deps.ts';
import { LIMITS } from './auth.throttle.ts';
import { isNewSignIn, noticeSignIn } from './security-notices.ts';
import { sessionIsLive } from './session-policy.ts';
import { accessClaims, describeDevice } from './user.presenter.ts';
import type { TUserRow } from './user.repository.ts';
import {
  findRefreshToken,
  insertRefreshToken,
  listLiveSessions,
  rotateRefreshToken,
  revokeSession,
  revokeUserSessions,
  rotatedAtOf,
  openSession,
  RECENT_DEVICES,
  touchSession,
} from './session.repository.ts';

export const REUSE_GRACE_MS = 10_000;

/**
 * Starts a session for a user who just proved who they are; returns the first token pair. The session ends
 * SESSION_MAX_AGE after this moment whatever happens later; the oldest sessions beyond SESSION_MAX_CONCURRENT end now.
 */
export async function startSession(
  deps: TAuthDeps,
  user: TUserRow,
  meta: TRequestMeta,
  opts: { secondFactor?: boolean; login?: { action: string; metadata: Record<string, unknown> } } = {},
): Promise<TTokens> {
  const now = deps.now();
  const sessionId = randomUUID();
  const jti = newTokenId();
  const expSeconds = Math.floor((now.getTime() + deps.config.session.maxAgeMs) / 1000);
  const refresh = await deps.tokens.signRefresh({ sub: user.id, sid: sessionId, jti, exp: expSeconds });
  // One statement: session, refresh token, session-limit trim (and for a sign-in its last-login time and audit row).
  const opened = await openSession(
    deps.db,
    {
      id: sessionId,
      userId: user.id,
      userAgent: meta.userAgent,
      ip: meta.ip,
      expiresAt: refresh.expiresAt,
      createdAt: now,
      secondFactorAt: opts.secondFactor ? now : null,
    },
    { tokenHash: sha256(jti), expiresAt: refresh.expiresAt },
    deps.config.session.maxConcurrent,
    opts.login,
  );
  if (opened.trimmed > 0) await sessionsEnded(deps, user.id);
  // A sign-in from a device and network the person has not used before: a security notice (security-notices.ts).
  // The statement above handed back the person's newest earlier sessions; a returning person's device is among them,
  // so the sign-in keeps its two statements (decisions 049, 107). Anything else is settled after the answer.
  if (opts.login) {
    const recent = opened.recent ?? [];
    const fresh = isNewSignIn(user, meta, recent, recent.length < RECENT_DEVICES);
    if (fresh !== false) afterResponse(deps.log, () => noticeSignIn(deps, user, sessionId, meta, fresh), 'auth: new sign-in check');
  }
  const access = await deps.tokens.signAccess(accessClaims(user, sessionId));
  return { access_token: access, refresh_token: refresh.token };
}

/**
 * Tells every instance that sessions of `userId` ended (`*`: everyone's), so their open event streams close within a
 * moment. Call after the revocation committed. A failed publish is logged; the streams' own re-check still ends them.
 */
export async function sessionsEnded(deps: TAuthDeps, userId: string): Promise<void> {
  try {
    await announceSessionsEnded(deps.state, userId);
  } catch (err) {
    deps.log.warn({ err }, 'auth: announcing ended sessions failed');
  }
}

/** A fresh access token for an existing session (claims re-read from the user row). */
export function accessTokenFor(deps: TAuthDeps, user: TUserRow, sessionId: string): Promise<string> {
  return deps.tokens.signAccess(accessClaims(user, sessionId));
}

export function assertActive(user: TUserRow): void {
  // 'system': the help centre's bot account (issue 33), which never signs in.
  if (user.deletedAt || user.status === 'erased' || user.status === 'system') throw new AppError('ACCOUNT_INACTIVE');
  if (user.status === 'suspended') throw new AppError('ACCOUNT_SUSPENDED');
  if (user.status !== 'active') throw new AppError('ACCOUNT_INACTIVE');
}

export async function refreshSession(deps: TAuthDeps, refreshToken: string, meta: TRequestMeta): Promise<TTokens> {
  await deps.limiter.consume(`refresh:ip:${meta.ip}`, LIMITS.refreshIp);
  let claims;
  try {
    claims = await deps.tokens.verifyRefresh(refreshToken);
  } catch {
    throw new AppError('REFRESH_INVALID');
  }
  const hash = sha256(claims.jti);
  const found = await findRefreshToken(deps.db, hash);
  if (!found || found.session.id !== claims.sid || found.user.id !== claims.sub) throw new AppError('REFRESH_INVALID');
  const { session, user } = found;
  const now = deps.now();
  if (session.revokedAt) throw new AppError('REFRESH_INVALID');
  if (!sessionIsLive(session, now, deps.config.session.idleTimeoutMs)) {
    await revokeSession(deps.db, session.id, session.expiresAt.getTime() <= now.getTime() ? 'max_age' : 'idle_timeout', now);
    await sessionsEnded(deps, user.id);
    throw new AppError('SESSION_EXPIRED');
  }
  try {
    assertActive(user);
  } catch (err) {
    await revokeUserSessions(deps.db, user.id, 'account_not_active', deps.now());
    await sessionsEnded(deps, user.id);
    throw new AppError((err as AppError).code, undefined, { status: 401 });
  }

  const childJti = deps.tokens.childJti(claims.jti);
  // The successor expires with the session: rotation never extends a session's absolute lifetime.
  const exp = Math.floor(session.expiresAt.getTime() / 1000);
  let rotatedAt = found.rotatedAt;
  if (!rotatedAt) {
    const refresh = await deps.tokens.signRefresh({ sub: user.id, sid: session.id, jti: childJti, exp });
    const won = await rotateRefreshToken(deps.db, { tokenHash: hash, childHash: sha256(childJti), expiresAt: refresh.expiresAt, ip: meta.ip, now });
    if (won) return { access_token: await deps.tokens.signAccess(accessClaims(user, session.id)), refresh_token: refresh.token };
    rotatedAt = (await rotatedAtOf(deps.db, hash)) ?? now;
  }
  if (now.getTime() - rotatedAt.getTime() <= REUSE_GRACE_MS) return issueChild(deps, user, session.id, childJti, exp, meta);

  // A rotated token presented again after the grace window: the family may be stolen. End the session.
  await revokeSession(deps.db, session.id, 'refresh_reuse', deps.now());
  await sessionsEnded(deps, user.id);
  await writeAudit(deps.db, {
    action: AUDIT.refreshReused,
    actorId: user.id,
    targetType: 'session',
    targetId: session.id,
    ip: meta.ip,
    metadata: { userAgent: meta.userAgent, rotatedAt: rotatedAt.toISOString() },
  });
  throw new AppError('REFRESH_REUSED');
}

/** Inside the grace window: the same successor again (stored by the rotation, re-stored here for safety). */
async function issueChild(deps: TAuthDeps, user: TUserRow, sessionId: string, childJti: string, exp: number, meta: TRequestMeta): Promise<TTokens> {
  const refresh = await deps.tokens.signRefresh({ sub: user.id, sid: sessionId, jti: childJti, exp });
  // Idempotent: the loser of a race, or a retry in the grace window, finds the child already stored.
  await insertRefreshToken(deps.db, { tokenHash: sha256(childJti), sessionId, expiresAt: refresh.expiresAt });
  await touchSession(deps.db, sessionId, meta.ip, deps.now());
  const access = await deps.tokens.signAccess(accessClaims(user, sessionId));
  return { access_token: access, refresh_token: refresh.token };
}

export type TLogoutScope = 'global' | 'local' | 'others';

export async function logout(deps: TAuthDeps, userId: string, sessionId: string, scope: TLogoutScope, meta: TRequestMeta): Promise<number> {
  let count: number;
  if (scope === 'local') count = (await revokeSession(deps.db, sessionId, 'logout', deps.now(), userId)) ? 1 : 0;
  else count = await revokeUserSessions(deps.db, userId, 'logout', deps.now(), scope === 'others' ? sessionId : undefined);
  if (count > 0) await sessionsEnded(deps, userId);
  await writeAudit(deps.db, { action: AUDIT.logout, actorId: userId, targetType: 'session', targetId: sessionId, ip: meta.ip, metadata: { scope, count } });
  return count;
}

export async function listSessions(deps: TAuthDeps, userId: string, currentSessionId: string): Promise<TSessionInfo[]> {
  const rows = await listLiveSessions(deps.db, userId, deps.now(), deps.config.session.idleTimeoutMs);
  return rows.map((s) => ({
    id: s.id,
    user_agent: s.userAgent,
    device: describeDevice(s.userAgent),
    ip: s.ip,
    created_at: s.createdAt.toISOString(),
    last_used_at: s.lastUsedAt.toISOString(),
    current: s.id === currentSessionId,
  }));
}

export async function endOneSession(deps: TAuthDeps, userId: string, sessionId: string, meta: TRequestMeta): Promise<void> {
  if (!(await revokeSession(deps.db, sessionId, 'ended_by_user', deps.now(), userId))) throw new AppError('SESSION_NOT_FOUND');
  await sessionsEnded(deps, userId);
  await writeAudit(deps.db, { action: AUDIT.sessionRevoked, actorId: userId, targetType: 'session', targetId: sessionId, ip: meta.ip });
}
