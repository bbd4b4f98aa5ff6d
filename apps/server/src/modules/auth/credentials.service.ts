/** Email sign-up and password login. */
import { randomUUID } from 'node:crypto';
import { ko, type TAuthResponse, type TLoginInput, type TSignupInput, type TUser } from '@suite/shared';
import { AppError } from '../../lib/app-error.ts';
import { AUDIT, writeAudit } from '../../lib/audit.ts';
import type { TAuthDeps, TRequestMeta } from './auth.deps.ts';
import { existingAccountMail } from './auth.mails.ts';
import { assertLoginAllowed, LIMITS, recordLoginFailure, recordLoginSuccess, reserveMail } from './auth.throttle.ts';
import { assertNotCommon, assertNotPersonal, hashPassword, verifyPassword } from './passwords.ts';
import { deliver, sendConfirmation } from './recovery.service.ts';
import { mailUnlockLink } from './login-unlock.service.ts';
import { secondFactorChallenge } from './second-factor.service.ts';
import { assertActive, startSession } from './session.service.ts';
import { toApiUser } from './user.presenter.ts';
import { findUserByEmail, findUserForSignIn, insertUser, roleForNewUser } from './user.repository.ts';
import { assertAgeAllowed, recordSignup } from './signup-records.ts';
import { revokeUserSessions } from './session.repository.ts';
import { sessionsEnded } from './session.service.ts';

export async function signup(deps: TAuthDeps, input: TSignupInput, meta: TRequestMeta): Promise<TAuthResponse> {
  assertAgeAllowed(input.age_bracket);
  await deps.limiter.consume(`signup:ip:${meta.ip}`, LIMITS.signupIp);
  assertNotCommon(input.password);
  assertNotPersonal(input.password, { email: input.email, fullName: input.full_name });
  const passwordHash = await hashPassword(input.password);
  const created = await deps.db.transaction(async (tx) => {
    const role = await roleForNewUser(tx);
    const user = await insertUser(tx, {
      email: input.email,
      passwordHash,
      fullName: input.full_name,
      phone: input.phone ?? '',
      provider: 'email',
      emailVerified: false,
      marketingConsent: input.marketing_consent,
      role,
    });
    if (!user) return undefined;
    // User, consents and audit row commit together: a failure leaves no half-made account.
    await recordSignup(tx, user.id, { marketing: input.marketing_consent, age14: true }, meta, { provider: 'email', role: user.role });
    return user;
  });
  const confirm = deps.config.requireEmailConfirmation;
  const pending = (user: TUser): TAuthResponse => ({
    success: true,
    message: ko.auth.server.signupNeedsConfirmation,
    needsEmailConfirmation: true,
    instructions: ko.auth.server.signupInstructions,
    user,
  });

  if (!created) {
    // The address has an account. With confirmation on, answer exactly as for a new address and tell the owner by mail.
    if (!confirm) throw new AppError('ALREADY_REGISTERED');
    const existing = await findUserByEmail(deps.db, input.email);
    if (existing) {
      await writeAudit(deps.db, { action: AUDIT.signupExisting, actorId: existing.id, ip: meta.ip, targetType: 'user', targetId: existing.id });
      if (!existing.emailVerified && existing.provider === 'email' && existing.passwordHash) {
        await sendConfirmation(deps, existing, false);
      } else if (await reserveMail(deps.limiter, existing.email, false)) {
        await deliver(deps, existingAccountMail(deps.config.appUrl, existing.email, existing.fullName));
      }
    }
    return pending(syntheticUser(input, deps.now()));
  }

  if (confirm) {
    await sendConfirmation(deps, created, false, input.invitation_token);
    return pending(toApiUser(created));
  }
  const tokens = await startSession(deps, created, meta);
  return { success: true, message: ko.auth.server.signupSuccess, user: toApiUser(created), tokens };
}

/** What a sign-up answer shows for an address that already has an account: built from the input only. */
function syntheticUser(input: TSignupInput, now: Date): TUser {
  return {
    id: randomUUID(),
    email: input.email,
    full_name: input.full_name,
    phone: input.phone ?? '',
    provider: 'email',
    email_verified: false,
    marketing_consent: input.marketing_consent,
    role: 'user',
    status: 'active',
    avatar_url: null,
    created_at: now.toISOString(),
  };
}

/** `device`: the id of this browser's valid device cookie for the address (auth.device.ts), if any. */
export async function login(deps: TAuthDeps, input: TLoginInput, meta: TRequestMeta, device?: string): Promise<TAuthResponse> {
  const source = { ip: meta.ip, device };
  await assertLoginAllowed(deps.limiter, input.email, source);
  // One read for the account and its second factor (a prepared statement: every sign-in runs it).
  const found = await findUserForSignIn(deps.db, input.email);
  const user = found?.user;
  const ok = await verifyPassword(user?.passwordHash, input.password);
  // An erased account's tombstone (issue 32) and the help bot's system account (issue 33) have no password and answer
  // as a missing account would.
  if (!user || !ok || user.deletedAt || user.status === 'erased' || user.status === 'system') {
    await writeAudit(deps.db, {
      action: AUDIT.loginFailure,
      actorId: user?.id ?? null,
      ip: meta.ip,
      metadata: { email: input.email, userAgent: meta.userAgent },
    });
    await recordLoginFailure(deps.limiter, input.email, source, () => mailUnlockLink(deps, input.email, meta));
    throw new AppError('INVALID_CREDENTIALS');
  }
  try {
    assertActive(user);
  } catch (err) {
    await revokeUserSessions(deps.db, user.id, 'account_not_active', deps.now());
    await sessionsEnded(deps, user.id);
    await writeAudit(deps.db, { action: AUDIT.loginRefused, actorId: user.id, ip: meta.ip, metadata: { status: user.status } });
    throw err;
  }
  if (deps.config.requireEmailConfirmation && !user.emailVerified) throw new AppError('EMAIL_NOT_CONFIRMED');
  await recordLoginSuccess(deps.limiter, input.email, source);
  // Issue 19: an account with a second factor gets no session until the second step.
  if (found?.hasSecondFactor) return secondFactorChallenge(deps, user, 'email');
  // The session, its last-login time and its audit row are written by one statement.
  const tokens = await startSession(deps, user, meta, { login: { action: AUDIT.loginSuccess, metadata: { provider: 'email', userAgent: meta.userAgent } } });
  return { success: true, message: ko.auth.server.loginSuccess, user: toApiUser(user), tokens };
}
