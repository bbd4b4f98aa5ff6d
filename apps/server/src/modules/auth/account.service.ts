/** The signed-in user's own account: profile, marketing consent, password. */
import { ko, type TMeResponse } from '@suite/shared';
import type { z } from 'zod';
import type { ZChangePasswordInput, ZUpdateMeInput } from '@suite/shared';
import { AppError } from '../../lib/app-error.ts';
import { AUDIT } from '../../lib/audit.ts';
import { auditOwnAccount } from './own-account-audit.ts';
import type { TAuthDeps, TRequestMeta } from './auth.deps.ts';
import { assertNotCommon, assertNotPersonal, hashPassword, verifyPassword } from './passwords.ts';
import { revokeUserSessions } from './session.repository.ts';
import { accessTokenFor } from './session.service.ts';
import { toApiUser } from './user.presenter.ts';
import { findUserById, updateUser, type TNewUser, type TUserRow } from './user.repository.ts';
import { applyMarketingChange, mailConsentChange } from './marketing-consents.service.ts';
import { sessionsEnded } from './session.service.ts';
import { noticePassword } from './security-notices.ts';

export async function loadUser(deps: TAuthDeps, userId: string): Promise<TUserRow> {
  const user = await findUserById(deps.db, userId);
  if (!user || user.deletedAt) throw new AppError('SESSION_REVOKED');
  return user;
}

export async function updateMe(
  deps: TAuthDeps,
  userId: string,
  sessionId: string,
  input: z.infer<typeof ZUpdateMeInput>,
  meta: TRequestMeta,
): Promise<TMeResponse> {
  const current = await loadUser(deps, userId);
  const patch: Partial<TNewUser> = {};
  if (input.full_name !== undefined) patch.fullName = input.full_name;
  if (input.phone !== undefined) patch.phone = input.phone;
  const marketingChanged = input.marketing_consent !== undefined && input.marketing_consent !== current.marketingConsent;
  const at = deps.now();
  // The marketing flag changes as PATCH /api/me/consents changes it (its own row, the night-time consent withdrawn
  // with it, the person told by mail): marketing-consents.service.ts.
  const done = await deps.db.transaction(async (tx) => {
    const row = await updateUser(tx, userId, patch, at);
    if (!row || !marketingChanged) return { row, changed: [] };
    const applied = await applyMarketingChange(tx, userId, { marketing: input.marketing_consent }, meta.ip, at);
    return { row: applied.user, changed: applied.changed };
  });
  const updated = done.row;
  if (!updated) throw new AppError('SESSION_REVOKED');
  if (marketingChanged) patch.marketingConsent = updated.marketingConsent;
  await mailConsentChange(deps, updated, done.changed, at);
  await auditOwnAccount(deps.db, AUDIT.profileUpdated, userId, meta.ip, { fields: Object.keys(patch) });
  return {
    success: true,
    message: ko.auth.server.profileUpdated,
    user: toApiUser(updated),
    access_token: await accessTokenFor(deps, updated, sessionId),
  };
}

export async function changePassword(
  deps: TAuthDeps,
  userId: string,
  sessionId: string,
  input: z.infer<typeof ZChangePasswordInput>,
  meta: TRequestMeta,
): Promise<string> {
  // A stolen access token must not become a way to guess the password: 10 attempts per 15 min per account.
  await deps.limiter.consume(`password-change:${userId}`, { max: 10, windowMs: 15 * 60_000 });
  const user = await loadUser(deps, userId);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw new AppError('CURRENT_PASSWORD_WRONG');
  if (input.newPassword === input.currentPassword) {
    throw new AppError('PASSWORD_SAME', undefined, { details: [{ path: 'newPassword', message: ko.auth.validation.passwordSameAsOld }] });
  }
  assertNotCommon(input.newPassword, 'newPassword');
  assertNotPersonal(input.newPassword, user, 'newPassword');
  await updateUser(deps.db, userId, { passwordHash: await hashPassword(input.newPassword) }, deps.now());
  const ended = await revokeUserSessions(deps.db, userId, 'password_changed', deps.now(), sessionId);
  if (ended > 0) await sessionsEnded(deps, userId);
  await auditOwnAccount(deps.db, AUDIT.passwordChanged, userId, meta.ip, { sessionsEnded: ended });
  await noticePassword(deps, userId, false);
  return ko.auth.server.passwordChanged;
}
