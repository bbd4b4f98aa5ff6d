/**
 * Google sign-in. The ID token is verified by the adapter (signature, issuer, audience, expiry); what the identity
 * leads to (sign-in, a pending link the owner must confirm, or a new account) is decided by identity.service.ts.
 * An unknown account is a new user who must give consents through google-signup, and only with a verified email.
 */
import { ko, type TAuthResponse } from '@suite/shared';
import type { z } from 'zod';
import type { ZGoogleSignupInput } from '@suite/shared';
import type { TGoogleIdentity } from '../../adapters/google.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TAuthDeps, TRequestMeta } from './auth.deps.ts';
import { LIMITS } from './auth.throttle.ts';
import { signInExternal } from './external-signin.service.ts';
import { createExternalUser, resolveExternal, type TExternalIdentity } from './identity.service.ts';
import { toApiUser } from './user.presenter.ts';
import { assertAgeAllowed } from './signup-records.ts';

const asExternal = (id: TGoogleIdentity): TExternalIdentity => ({
  provider: 'google',
  subject: id.sub,
  email: id.email,
  emailVerified: id.emailVerified,
  name: id.name,
  picture: id.picture,
});

const linkRequired = (): TAuthResponse => ({ success: true, linkRequired: true, message: ko.accounts.server.linkRequired });

export async function googleLogin(deps: TAuthDeps, googleToken: string, meta: TRequestMeta): Promise<TAuthResponse> {
  const ext = asExternal(await deps.google.verify(googleToken));
  const outcome = await resolveExternal(deps, ext, meta);
  if (outcome.kind === 'new') return { success: true, isNewUser: true, message: ko.auth.server.googleNewUser };
  if (outcome.kind === 'link_pending') return linkRequired();
  return signInExternal(deps, outcome.user, 'google', meta, ko.auth.server.googleLoginDone);
}

export async function googleSignup(deps: TAuthDeps, input: z.infer<typeof ZGoogleSignupInput>, meta: TRequestMeta): Promise<TAuthResponse> {
  assertAgeAllowed(input.age_bracket);
  if (!deps.google.enabled) throw new AppError('GOOGLE_UNAVAILABLE');
  await deps.limiter.consume(`signup:ip:${meta.ip}`, LIMITS.signupIp);
  const ext = asExternal(await deps.google.verify(input.googleToken));
  const outcome = await resolveExternal(deps, ext, meta);
  if (outcome.kind === 'link_pending') return linkRequired();
  if (outcome.kind === 'signin') return signInExternal(deps, outcome.user, 'google', meta, ko.auth.server.googleLoginDone);
  const created = await createExternalUser(deps, ext, input, meta);
  if (!created) {
    // Lost a race with another sign-up of the same address: decide again.
    const again = await resolveExternal(deps, ext, meta);
    if (again.kind === 'signin') return signInExternal(deps, again.user, 'google', meta, ko.auth.server.googleLoginDone);
    if (again.kind === 'link_pending') return linkRequired();
    throw new AppError('CONFLICT');
  }
  const res = await signInExternal(deps, created, 'google', meta, ko.auth.server.googleSignupDone);
  return { ...res, user: toApiUser(created) };
}
