/**
 * Kakao and Naver sign-in (issue 19): OAuth 2.0 authorization code with `state` and PKCE (S256).
 *
 * 1. start: the browser makes a random `state` (beginOAuthFlow(), kept in its sessionStorage) and asks for the
 *    authorize address; the server keeps {provider, PKCE verifier} under SHA-256(state) for 10 minutes.
 * 2. The provider sends the browser back to /auth/callback/<provider>?code&state; the page accepts it only for the
 *    state it stored, then posts {state, code} here. The flow is used once; the code is exchanged with the verifier.
 * 3. The identity meets our accounts through identity.service.ts (the Google rules): a confirmed link signs in, an
 *    address that has an account only gets a pending link mailed to its owner, a new person gets a single-use
 *    sign-up token for the consent step. Tokens only ever travel in response bodies, never in an address.
 * 4. No verified email (Kakao may give none, or an unverified one): the consent step asks for an address, which is
 *    confirmed by a mailed link before anything is created; opening it decides again with that (now proven) address.
 */
import { ko, type TAgeBracket, type TAuthResponse, type TOAuthProvider } from '@suite/shared';
import { pkceChallenge } from '../../adapters/oauth-provider.ts';
import { AppError } from '../../lib/app-error.ts';
import { AUDIT, writeAudit } from '../../lib/audit.ts';
import { newTokenId, sha256 } from '../../lib/tokens.ts';
import type { TAuthDeps, TRequestMeta } from './auth.deps.ts';
import { providerEmailMail } from './auth.mails.ts';
import { LIMITS, reserveMail } from './auth.throttle.ts';
import { signInExternal } from './external-signin.service.ts';
import { consumeFlow, createFlow, createFlowOnce, peekFlow } from './flow.repository.ts';
import { createExternalUser, resolveExternal, type TExternalIdentity } from './identity.service.ts';
import { deliver } from './recovery.service.ts';
import { assertAgeAllowed } from './signup-records.ts';
import { toApiUser } from './user.presenter.ts';

const START_TTL_MS = 10 * 60_000;
const SIGNUP_TTL_MS = 30 * 60_000;
const EMAIL_TTL_MS = 24 * 3_600_000;

const providerName = (p: TOAuthProvider) => ko.accounts.providers[p] ?? p;
const redirectUri = (deps: TAuthDeps, provider: TOAuthProvider) => `${deps.config.appUrl}/auth/callback/${provider}`;
const linkRequired = (): TAuthResponse => ({ success: true, linkRequired: true, message: ko.accounts.server.linkRequired });

function client(deps: TAuthDeps, provider: TOAuthProvider) {
  const c = deps.oauth[provider];
  if (!c.enabled) throw new AppError('OAUTH_UNAVAILABLE');
  return c;
}

type TOAuthIdentity = TExternalIdentity & { provider: TOAuthProvider };

function readIdentity(data: Record<string, unknown>): TOAuthIdentity | undefined {
  const e = data.identity as Partial<TExternalIdentity> | undefined;
  if (!e || (e.provider !== 'kakao' && e.provider !== 'naver') || typeof e.subject !== 'string') return undefined;
  return {
    provider: e.provider,
    subject: e.subject,
    email: typeof e.email === 'string' ? e.email : '',
    emailVerified: e.emailVerified === true,
    name: typeof e.name === 'string' ? e.name : '',
    picture: typeof e.picture === 'string' ? e.picture : null,
  };
}

/** Step 1: the authorize address for this browser's state; the PKCE verifier stays on the server. */
export async function startOAuth(deps: TAuthDeps, provider: TOAuthProvider, state: string, meta: TRequestMeta): Promise<string> {
  const c = client(deps, provider);
  await deps.limiter.consume(`oauth:ip:${meta.ip}`, LIMITS.signupIp);
  const verifier = newTokenId() + newTokenId();
  const created = await createFlowOnce(deps.db, {
    idHash: sha256(state),
    kind: 'oauth_start',
    userId: null,
    data: { provider, verifier },
    expiresAt: new Date(deps.now().getTime() + START_TTL_MS),
  });
  // The same state twice: a replay, never a second flow.
  if (!created) throw new AppError('OAUTH_STATE_INVALID');
  return c.authorizeUrl({ state, codeChallenge: pkceChallenge(verifier), redirectUri: redirectUri(deps, provider) });
}

/** Steps 2–3: the provider's code for a state this server issued, exchanged once; then sign-in, link or sign-up. */
export async function finishOAuth(deps: TAuthDeps, provider: TOAuthProvider, state: string, code: string, meta: TRequestMeta): Promise<TAuthResponse> {
  const c = client(deps, provider);
  const flow = await consumeFlow(deps.db, 'oauth_start', sha256(state), deps.now());
  const verifier = typeof flow?.data.verifier === 'string' ? flow.data.verifier : '';
  if (!flow || flow.data.provider !== provider || !verifier) throw new AppError('OAUTH_STATE_INVALID');
  const accessToken = await c.exchange({ code, codeVerifier: verifier, redirectUri: redirectUri(deps, provider), state });
  const profile = await c.profile(accessToken);
  const ext: TOAuthIdentity = { provider, ...profile };

  let outcome;
  try {
    outcome = await resolveExternal(deps, ext, meta);
  } catch (err) {
    // Unknown identity without a verified email: a sign-up that must give (and confirm) an address.
    if (err instanceof AppError && err.code === 'IDENTITY_EMAIL_UNVERIFIED') outcome = { kind: 'new' as const };
    else throw err;
  }
  if (outcome.kind === 'link_pending') return linkRequired();
  if (outcome.kind === 'signin') return signInExternal(deps, outcome.user, provider, meta, ko.auth.server.oauthLoginDone(providerName(provider)));

  const signupToken = newTokenId();
  await createFlow(deps.db, {
    idHash: sha256(signupToken),
    kind: 'oauth_signup',
    userId: null,
    data: { identity: ext },
    expiresAt: new Date(deps.now().getTime() + SIGNUP_TTL_MS),
  });
  const emailRequired = !(ext.email && ext.emailVerified);
  return {
    success: true,
    isNewUser: true,
    message: ko.auth.server.oauthNewUser,
    signupToken,
    emailRequired,
    // An unverified address is only a suggestion for the form; it is never trusted.
    profile: { provider, email: ext.email, full_name: ext.name },
  };
}

/** Step 3b: the consent step. A verified identity becomes an account now; otherwise the given address is mailed first. */
export async function oauthSignup(
  deps: TAuthDeps,
  input: { signupToken: string; marketing_consent: boolean; age_bracket: TAgeBracket; email?: string | undefined },
  meta: TRequestMeta,
): Promise<TAuthResponse> {
  assertAgeAllowed(input.age_bracket);
  await deps.limiter.consume(`signup:ip:${meta.ip}`, LIMITS.signupIp);
  const hash = sha256(input.signupToken);
  const peeked = await peekFlow(deps.db, 'oauth_signup', hash, deps.now());
  const pending = peeked ? readIdentity(peeked.data) : undefined;
  if (!pending) throw new AppError('OAUTH_SIGNUP_EXPIRED');
  const verified = Boolean(pending.email && pending.emailVerified);
  if (!verified && !input.email) throw new AppError('OAUTH_EMAIL_NEEDED');
  if (!(await consumeFlow(deps.db, 'oauth_signup', hash, deps.now()))) throw new AppError('OAUTH_SIGNUP_EXPIRED');
  client(deps, pending.provider);

  if (!verified) {
    const email = input.email ?? '';
    const token = newTokenId();
    await createFlow(deps.db, {
      idHash: sha256(token),
      kind: 'oauth_email',
      userId: null,
      data: { identity: { ...pending, email, emailVerified: false }, marketing: input.marketing_consent, ageBracket: input.age_bracket },
      expiresAt: new Date(deps.now().getTime() + EMAIL_TTL_MS),
    });
    // The same answer whether or not the address has an account here (no enumeration); the mail decides later.
    if (await reserveMail(deps.limiter, email, false)) {
      await deliver(deps, providerEmailMail(deps.config.appUrl, email, pending.name || email, providerName(pending.provider), token));
    }
    return { success: true, confirmationSent: true, message: ko.auth.server.oauthConfirmationSent };
  }
  return createAndSignIn(deps, pending, { marketing_consent: input.marketing_consent, age_bracket: input.age_bracket }, meta);
}

/** Step 4: the mailed link was opened, so the address is proven; decide again with it. */
export async function confirmOAuthEmail(deps: TAuthDeps, token: string, meta: TRequestMeta): Promise<TAuthResponse> {
  const flow = await consumeFlow(deps.db, 'oauth_email', sha256(token), deps.now());
  const pending = flow ? readIdentity(flow.data) : undefined;
  if (!flow || !pending || !pending.email) throw new AppError('TOKEN_INVALID');
  client(deps, pending.provider);
  const ext: TOAuthIdentity = { ...pending, emailVerified: true };
  const outcome = await resolveExternal(deps, ext, meta);
  if (outcome.kind === 'link_pending') return linkRequired();
  if (outcome.kind === 'signin') return signInExternal(deps, outcome.user, ext.provider, meta, ko.auth.server.oauthLoginDone(providerName(ext.provider)));
  // A flow begun before the age question carries no bracket: the account is made without an 'age14' row.
  const age = flow.data.ageBracket === '14_or_over' ? ('14_or_over' as const) : undefined;
  return createAndSignIn(deps, ext, { marketing_consent: flow.data.marketing === true, age_bracket: age }, meta);
}

async function createAndSignIn(
  deps: TAuthDeps,
  ext: TOAuthIdentity,
  consents: { marketing_consent: boolean; age_bracket: TAgeBracket | undefined },
  meta: TRequestMeta,
): Promise<TAuthResponse> {
  const created = await createExternalUser(deps, ext, consents, meta);
  if (!created) {
    // Lost a race with another sign-up of the same address: decide again.
    const again = await resolveExternal(deps, ext, meta);
    if (again.kind === 'signin') return signInExternal(deps, again.user, ext.provider, meta, ko.auth.server.oauthLoginDone(providerName(ext.provider)));
    if (again.kind === 'link_pending') return linkRequired();
    throw new AppError('CONFLICT');
  }
  await writeAudit(deps.db, {
    action: AUDIT.signup,
    actorId: created.id,
    targetType: 'user',
    targetId: created.id,
    ip: meta.ip,
    metadata: { provider: ext.provider, role: created.role },
  });
  const res = await signInExternal(deps, created, ext.provider, meta, ko.auth.server.oauthSignupDone(providerName(ext.provider)));
  return { ...res, user: toApiUser(created) };
}
