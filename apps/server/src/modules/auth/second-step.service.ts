/** Finishing a sign-in with a second factor, passwordless passkey sign-in, and who must use a second factor. */
import { ko, type TAuthResponse } from '@suite/shared';
import { AppError } from '../../lib/app-error.ts';
import { AUDIT, writeAudit } from '../../lib/audit.ts';
import type { TAuthUser } from '../../plugins/auth-guard.ts';
import type { TAuthDeps, TRequestMeta } from './auth.deps.ts';
import { anyScopeRequires, getPolicy } from './second-factor.repository.ts';
import { PLATFORM_SCOPE, pendingSignIn, spendSignIn, verifyPasskeyAssertion, verifySecondFactorCode } from './second-factor.service.ts';
import { revokeUserSessions } from './session.repository.ts';
import { assertActive, startSession } from './session.service.ts';
import { toApiUser } from './user.presenter.ts';
import { findUserById, type TUserRow } from './user.repository.ts';
import { afterResponse } from '../../lib/after-response.ts';
import { beginSecondStepAttempt, secondStepFailed, secondStepSucceeded } from './auth.throttle.ts';
import { secondStepLockMail } from './auth.mails.ts';
import { deliver } from './recovery.service.ts';
import { sessionsEnded } from './session.service.ts';

async function sessionFor(deps: TAuthDeps, user: TUserRow, meta: TRequestMeta, how: string): Promise<TAuthResponse> {
  try {
    assertActive(user);
  } catch (err) {
    await revokeUserSessions(deps.db, user.id, 'account_not_active', deps.now());
    await sessionsEnded(deps, user.id);
    throw err;
  }
  const tokens = await startSession(deps, user, meta, {
    secondFactor: true,
    login: { action: AUDIT.loginSuccess, metadata: { secondFactor: how, userAgent: meta.userAgent } },
  });
  return { success: true, message: ko.auth.server.loginSuccess, user: toApiUser(user), tokens };
}

export async function completeSignIn(
  deps: TAuthDeps,
  input: { mfaToken: string; code?: string | undefined; flowToken?: string | undefined; passkey?: Record<string, unknown> | undefined },
  meta: TRequestMeta,
): Promise<TAuthResponse> {
  const pending = await pendingSignIn(deps, input.mfaToken);
  let how: string | null = null;
  if (input.passkey && input.flowToken) {
    // A passkey cannot be guessed: it is not held by the code step's lock, so the owner can still use one.
    await verifyPasskeyAssertion(deps, input.flowToken, input.passkey, pending.userId);
    how = 'passkey';
  } else if (input.code) {
    // Issue 27 item 4: wrong codes count per account and per IP across sign-ins (not per mfaToken only).
    // Each attempt is counted before its code is checked, so parallel requests cannot slip past the cap.
    const attempt = await beginSecondStepAttempt(deps.limiter, pending.userId, meta.ip, (lockMs) => tellOwnerOfLock(deps, pending.userId, lockMs));
    how = await verifySecondFactorCode(deps, pending.userId, input.code);
    if (!how) await secondStepFailed(deps.limiter, attempt);
    else await secondStepSucceeded(deps.limiter, attempt);
  }
  if (!how) throw new AppError('SECOND_FACTOR_CODE_INVALID');
  await spendSignIn(deps, input.mfaToken);
  const user = await findUserById(deps.db, pending.userId);
  if (!user) throw new AppError('SECOND_FACTOR_EXPIRED');
  if (how === 'recovery') await writeAudit(deps.db, { action: AUDIT.recoveryCodeUsed, actorId: user.id, targetType: 'user', targetId: user.id, ip: meta.ip });
  return sessionFor(deps, user, meta, how);
}

/**
 * Mails the owner once when the code step locks. Not counted against the address's mail limits: the lock's growing
 * delay bounds these mails, and the owner's password-reset mail must still go out.
 */
function tellOwnerOfLock(deps: TAuthDeps, userId: string, lockMs: number): void {
  afterResponse(
    deps.log,
    async () => {
      const user = await findUserById(deps.db, userId);
      if (!user || user.deletedAt) return;
      await writeAudit(deps.db, { action: AUDIT.secondStepLocked, actorId: user.id, targetType: 'user', targetId: user.id, metadata: { lockMs } });
      await deliver(deps, secondStepLockMail(deps.config.appUrl, user.email, user.fullName, Math.ceil(lockMs / 60_000)));
    },
    'second-step lock mail',
  );
}

/** Passwordless: a discoverable passkey alone signs in (possession plus the authenticator's own check). */
export async function passkeySignIn(
  deps: TAuthDeps,
  input: { flowToken: string; response: Record<string, unknown> },
  meta: TRequestMeta,
): Promise<TAuthResponse> {
  await deps.limiter.consume(`passkey-login:ip:${meta.ip}`, { max: 30, windowMs: 5 * 60_000 });
  const userId = await verifyPasskeyAssertion(deps, input.flowToken, input.response, null);
  const user = await findUserById(deps.db, userId);
  if (!user || user.deletedAt) throw new AppError('PASSKEY_INVALID');
  return sessionFor(deps, user, meta, 'passkey');
}

/** Whether the platform (for admins) or one of the user's seeds (for its owner and admins) requires a second factor. */
export async function requiredFor(deps: TAuthDeps, user: Pick<TAuthUser, 'id' | 'role'>): Promise<boolean> {
  if (user.role === 'admin' && (await getPolicy(deps.db, PLATFORM_SCOPE))) return true;
  // The seed rule is read through the seeds service (handed in as deps.seeds), then checked against the policies here.
  return anyScopeRequires(deps.db, await deps.seeds.seedIdsManagedBy(deps.db, user.id));
}
