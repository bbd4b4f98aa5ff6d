/**
 * The account system's public surface: what other modules (seeds, admin users, the guard wired by buildApp) may use
 * of it. Everything else in modules/auth is internal (lint rule, decision 032).
 */
import type { TDb } from '../../db/client.ts';
import { findSessionWithUser } from './session.repository.ts';
import { sessionIsLive } from './session-policy.ts';

export { createAuthDeps, requestMeta, type TAuthDeps, type TRequestMeta, type TSeedLinks } from './auth.deps.ts';
export { reserveMail } from './auth.throttle.ts';
export { assertNotCommon, hashPassword } from './passwords.ts';
export { deliver } from './recovery.service.ts';
export { assertActive, sessionsEnded, startSession } from './session.service.ts';
export { toApiUser } from './user.presenter.ts';
export { findUserByEmail, findUserById, insertUser, touchLogin, updateUser, type TUserRow } from './user.repository.ts';
export { findSessionWithUser, revokeUserSessions } from './session.repository.ts';
export { sessionIsLive } from './session-policy.ts';
export { anyScopeRequires, getPolicy } from './second-factor.repository.ts';
export { assertAgeAllowed, recordAccountConsents } from './signup-records.ts';

/** Whether a session is live and its user active and not deleted: what the guard checks, for open event streams. */
export async function sessionStillActive(db: TDb, sessionId: string, userId: string, now: Date, idleTimeoutMs: number): Promise<boolean> {
  const row = await findSessionWithUser(db, sessionId, userId);
  return Boolean(row && sessionIsLive(row, now, idleTimeoutMs) && !row.user.deletedAt && row.user.status === 'active');
}
