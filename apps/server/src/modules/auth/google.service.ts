/**
 * Google sign-in. The ID token is verified by the adapter (signature, issuer, audience, expiry).
 * A known Google account logs in; an address with an email account is linked only when Google says the
 * address is verified (and an unconfirmed email account loses its password then: whoever set it never proved
 * the mailbox); an unknown account is a new user who must give consents through google-signup.
 */
import { ko, TERMS_VERSION, type TAuthResponse } from '@suite/shared';
import type { z } from 'zod';
import type { ZGoogleSignupInput } from '@suite/shared';
import type { TGoogleIdentity } from '../../adapters/google.ts';
import { AppError } from '../../lib/app-error.ts';
import { AUDIT, writeAudit } from '../../lib/audit.ts';
import type { TAuthDeps, TRequestMeta } from './auth.deps.ts';
import { LIMITS } from './auth.throttle.ts';
import { revokeUserSessions } from './session.repository.ts';
import { assertActive, startSession } from './session.service.ts';
import { toApiUser } from './user.presenter.ts';
import {
  findUserByEmail,
  findUserByGoogleSub,
  insertUser,
  recordConsents,
  roleForNewUser,
  touchLogin,
  updateUser,
  type TUserRow,
} from './user.repository.ts';

async function findAccount(deps: TAuthDeps, id: TGoogleIdentity): Promise<TUserRow | undefined> {
  return (await findUserByGoogleSub(deps.db, id.sub)) ?? (await findUserByEmail(deps.db, id.email));
}

async function signInExisting(deps: TAuthDeps, user: TUserRow, id: TGoogleIdentity, meta: TRequestMeta, message: string): Promise<TAuthResponse> {
  if (user.googleSub !== id.sub) {
    if (user.googleSub) throw new AppError('GOOGLE_TOKEN_INVALID');
    if (!id.emailVerified) throw new AppError('GOOGLE_EMAIL_UNVERIFIED');
    const wasUnconfirmed = !user.emailVerified;
    const linked = await updateUser(deps.db, user.id, {
      googleSub: id.sub,
      emailVerified: true,
      avatarUrl: user.avatarUrl ?? id.picture,
      ...(wasUnconfirmed ? { passwordHash: null } : {}),
    });
    if (!linked) throw new AppError('ACCOUNT_INACTIVE');
    if (wasUnconfirmed) await revokeUserSessions(deps.db, user.id, 'google_link_unconfirmed');
    await writeAudit(deps.db, { action: AUDIT.googleLinked, actorId: user.id, targetType: 'user', targetId: user.id, ip: meta.ip, metadata: { droppedPassword: wasUnconfirmed } });
    user = linked;
  }
  try {
    assertActive(user);
  } catch (err) {
    await revokeUserSessions(deps.db, user.id, 'account_not_active');
    await writeAudit(deps.db, { action: AUDIT.loginRefused, actorId: user.id, ip: meta.ip, metadata: { status: user.status, provider: 'google' } });
    throw err;
  }
  const tokens = await startSession(deps, user, meta);
  await touchLogin(deps.db, user.id);
  await writeAudit(deps.db, { action: AUDIT.loginSuccess, actorId: user.id, ip: meta.ip, metadata: { provider: 'google', userAgent: meta.userAgent } });
  return { success: true, message, user: toApiUser(user), tokens };
}

export async function googleLogin(deps: TAuthDeps, googleToken: string, meta: TRequestMeta): Promise<TAuthResponse> {
  const id = await deps.google.verify(googleToken);
  const user = await findAccount(deps, id);
  if (!user) return { success: true, isNewUser: true, message: ko.auth.server.googleNewUser };
  return signInExisting(deps, user, id, meta, ko.auth.server.googleLoginDone);
}

export async function googleSignup(deps: TAuthDeps, input: z.infer<typeof ZGoogleSignupInput>, meta: TRequestMeta): Promise<TAuthResponse> {
  if (!deps.google.enabled) throw new AppError('GOOGLE_UNAVAILABLE');
  await deps.limiter.consume(`signup:ip:${meta.ip}`, LIMITS.signupIp);
  const id = await deps.google.verify(input.googleToken);
  const existing = await findAccount(deps, id);
  if (existing) return signInExisting(deps, existing, id, meta, ko.auth.server.googleLoginDone);
  const fullName = (id.name || id.email.split('@')[0] || id.email).slice(0, 40);
  const created = await deps.db.transaction(async (tx) => {
    const role = await roleForNewUser(tx);
    const user = await insertUser(tx, {
      email: id.email,
      passwordHash: null,
      fullName,
      phone: input.phone ?? '',
      provider: 'google',
      googleSub: id.sub,
      emailVerified: id.emailVerified,
      marketingConsent: input.marketing_consent,
      avatarUrl: id.picture,
      role,
    });
    if (!user) return undefined;
    await recordConsents(
      tx,
      user.id,
      [
        { kind: 'terms', granted: true },
        { kind: 'privacy', granted: true },
        { kind: 'marketing', granted: input.marketing_consent },
      ],
      TERMS_VERSION,
      meta.ip,
    );
    return user;
  });
  if (!created) {
    // Lost a race with another sign-up of the same account.
    const again = await findAccount(deps, id);
    if (!again) throw new AppError('CONFLICT');
    return signInExisting(deps, again, id, meta, ko.auth.server.googleLoginDone);
  }
  await writeAudit(deps.db, { action: AUDIT.signup, actorId: created.id, targetType: 'user', targetId: created.id, ip: meta.ip, metadata: { provider: 'google', role: created.role } });
  const tokens = await startSession(deps, created, meta);
  await touchLogin(deps.db, created.id);
  return { success: true, message: ko.auth.server.googleSignupDone, user: toApiUser(created), tokens };
}
