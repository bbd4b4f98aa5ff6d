import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { auditLog, consents, users } from '../../db/schema.ts';
import { createAuthDeps } from './auth.deps.ts';
import { seedLinks } from '../seeds/seed-invitations.service.ts';
import { createExternalUser } from './identity.service.ts';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { call, claimsOf, GOOD_PASSWORD, minutePassed, outbox, registerConfirmed, signupBody, tokenOf, uniqueEmail } from './testing/auth-test-kit.ts';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';
const ISSUER = 'https://accounts.google.com';

/** A local stand-in for Google's key endpoint, on loopback. */
async function keyServer() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const rogue = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth2/v3/certs`;
  return { url, privateKey, roguePrivateKey: rogue.privateKey, close: () => new Promise<void>((r) => server.close(() => r())) };
}

type TIdOpts = { email: string; sub?: string; verified?: boolean; aud?: string; iss?: string; exp?: number; key?: CryptoKey; name?: string };

describe.each(dbKinds)('Google sign-in on %s', (kind) => {
  let t: TTestContext;
  let keys: Awaited<ReturnType<typeof keyServer>>;
  beforeAll(async () => {
    keys = await keyServer();
    t = await createTestApp(kind, { env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: keys.url, GOOGLE_ISSUER: ISSUER } });
  });
  afterAll(async () => {
    await t?.close();
    await keys?.close();
  });

  const idToken = (o: TIdOpts) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ email: o.email, email_verified: o.verified ?? true, name: o.name ?? 'Google User', picture: 'https://example.com/p.png' })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: 'JWT' })
      .setIssuer(o.iss ?? ISSUER)
      .setAudience(o.aud ?? CLIENT_ID)
      .setSubject(o.sub ?? `g-${Math.random().toString(36).slice(2)}`)
      .setIssuedAt(now - 60)
      .setExpirationTime(o.exp ?? now + 3600)
      .sign(o.key ?? keys.privateKey);
  };
  const gLogin = async (o: TIdOpts) => call(t, { url: '/api/google-login', body: { googleToken: await idToken(o) } });
  const gSignup = async (o: TIdOpts, extra: Record<string, unknown> = {}) =>
    call(t, { url: '/api/google-signup', body: { googleToken: await idToken(o), terms: true, age_bracket: '14_or_over', marketing_consent: false, ...extra } });

  it('writes a Google sign-up all or nothing: when its audit row fails, no user, identity or consent is left', async () => {
    const email = uniqueEmail();
    // A sign-up starts no sign-in: no security notice is sent here.
    const deps = createAuthDeps(t.app.ctx, t.app.log, seedLinks, () => Promise.reject(new Error('no notice expected')));
    const ext = { provider: 'google' as const, subject: `g-${email}`, email, emailVerified: true, name: '김원자', picture: null };
    // Past the HTTP text rule (called directly): the audit row's JSON cannot hold a lone surrogate, so its insert fails.
    await expect(createExternalUser(deps, ext, { marketing_consent: false }, { ip: '127.0.0.1', userAgent: 'x\ud800' })).rejects.toThrow();
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    const ok = await createExternalUser(deps, ext, { marketing_consent: false }, { ip: '127.0.0.1', userAgent: 'vitest' });
    expect(ok?.email).toBe(email);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, ok!.id));
    expect(audit.map((a) => a.action)).toContain('auth.signup');
  });

  it('publishes the client id for the browser', async () => {
    expect((await call(t, { url: '/api/auth/config' })).body).toMatchObject({ googleClientId: CLIENT_ID, requireEmailConfirmation: true });
  });

  it('answers an unknown Google account as a new user, then signs it up with consents and logs it in', async () => {
    const email = uniqueEmail('g');
    const sub = `sub-${email}`;
    const first = await gLogin({ email, sub });
    expect(first).toMatchObject({ status: 200, body: { success: true, isNewUser: true, message: ko.auth.server.googleNewUser } });
    expect(first.body.tokens).toBeUndefined();

    const noTerms = await gSignup({ email, sub }, { terms: false });
    expect(noTerms.status).toBe(400);
    expect(noTerms.body.details).toContainEqual({ path: 'terms', message: ko.auth.validation.termsRequired });

    const signup = await gSignup({ email, sub, name: '김구글' }, { marketing_consent: true, phone: '010-2222-3333' });
    expect(signup).toMatchObject({
      status: 200,
      body: {
        success: true,
        message: ko.auth.server.googleSignupDone,
        user: { email, provider: 'google', email_verified: true, full_name: '김구글', phone: '010-2222-3333' },
      },
    });
    expect(claimsOf(signup.body.tokens.access_token)).toMatchObject({ provider: 'google', email });
    const rows = await t.database.db.select().from(consents).where(eq(consents.userId, signup.body.user.id));
    expect(rows.map((r) => r.kind).sort()).toEqual(['age14', 'marketing', 'privacy', 'terms']);

    const again = await gLogin({ email, sub });
    expect(again).toMatchObject({ status: 200, body: { success: true, message: ko.auth.server.googleLoginDone, user: { id: signup.body.user.id } } });
    expect(again.body.tokens.refresh_token.split('.')).toHaveLength(3);
  });

  it.each([
    ['a wrong audience', { aud: 'someone-else.apps.googleusercontent.com' }],
    ['a wrong issuer', { iss: 'https://evil.example.com' }],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 10 }],
  ])('refuses %s', async (_label, o) => {
    const res = await gLogin({ email: uniqueEmail('g'), ...o });
    expect(res).toMatchObject({ status: 401, body: { code: 'GOOGLE_TOKEN_INVALID', error: ko.auth.server.googleTokenInvalid } });
  });

  it('refuses a bad signature and a non-JWT', async () => {
    const forged = await gLogin({ email: uniqueEmail('g'), key: keys.roguePrivateKey });
    expect(forged).toMatchObject({ status: 401, body: { code: 'GOOGLE_TOKEN_INVALID' } });
    const junk = await call(t, { url: '/api/google-login', body: { googleToken: 'not-a-jwt-at-all' } });
    expect(junk.status).toBe(401);
  });

  it('never links an existing email account silently: a pending link, a mail, then the owner confirms', async () => {
    const { email } = await registerConfirmed(t);
    const unverified = await gLogin({ email, verified: false });
    expect(unverified).toMatchObject({ status: 409, body: { code: 'IDENTITY_EMAIL_UNVERIFIED', error: ko.accounts.server.emailUnverified } });
    const sub = `sub-${email}`;
    const pending = await gLogin({ email, verified: true, sub });
    expect(pending).toMatchObject({ status: 200, body: { success: true, linkRequired: true, message: ko.accounts.server.linkRequired } });
    expect(pending.body.tokens).toBeUndefined();
    const mails = await outbox(t, email);
    const link = mails.find((m) => m.subject === ko.accounts.mail.linkSubject)?.links[0] ?? '';
    expect(link).toContain('/auth/link?token=');
    // Still no sign-in until the owner confirms.
    await minutePassed(t, email);
    expect((await gLogin({ email, verified: true, sub })).body.tokens).toBeUndefined();
    const confirmed = await call(t, { url: '/api/auth/identities/confirm', body: { token: tokenOf(link) } });
    expect(confirmed).toMatchObject({ status: 200, body: { message: ko.accounts.server.identityLinked } });
    expect((await outbox(t, email)).some((m) => m.subject === ko.accounts.mail.linkedSubject)).toBe(true);
    const linked = await gLogin({ email, verified: true, sub });
    expect(linked.status).toBe(200);
    expect(linked.body.user.email).toBe(email);
    // The token is single use, and the confirmed account keeps its password.
    expect((await call(t, { url: '/api/auth/identities/confirm', body: { token: tokenOf(link) } })).status).toBe(400);
    expect((await call(t, { url: '/api/auth-login', body: { email, password: GOOD_PASSWORD } })).status).toBe(200);
  });

  it('drops the password of an unconfirmed email account once the mailbox owner confirms a Google link', async () => {
    const email = uniqueEmail('squat');
    await call(t, { url: '/api/auth-signup', body: signupBody(email) });
    await minutePassed(t, email);
    const sub = `sub-${email}`;
    expect((await gLogin({ email, verified: true, sub })).body.linkRequired).toBe(true);
    const link = (await outbox(t, email)).find((m) => m.subject === ko.accounts.mail.linkSubject)?.links[0] ?? '';
    expect((await call(t, { url: '/api/auth/identities/confirm', body: { token: tokenOf(link) } })).status).toBe(200);
    const linked = await gLogin({ email, verified: true, sub });
    expect(linked.body.user.email_verified).toBe(true);
    expect((await call(t, { url: '/api/auth-login', body: { email, password: GOOD_PASSWORD } })).status).toBe(401);
  });

  it('refuses a suspended Google account', async () => {
    const email = uniqueEmail('gs');
    const sub = `sub-${email}`;
    await gSignup({ email, sub });
    await t.database.db.update(users).set({ status: 'suspended' }).where(eq(users.email, email));
    expect(await gLogin({ email, sub })).toMatchObject({ status: 403, body: { code: 'ACCOUNT_SUSPENDED' } });
  });
});

describe('Google sign-in when not configured or unreachable', () => {
  let off: TTestContext;
  let down: TTestContext;
  beforeAll(async () => {
    off = await createTestApp('pglite');
    down = await createTestApp('pglite', { env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: 'http://127.0.0.1:9/certs' } });
  });
  afterAll(async () => {
    await off?.close();
    await down?.close();
  });

  it('answers 503 with the Korean message', async () => {
    const body = { googleToken: 'eyJhbGciOiJSUzI1NiJ9.e30.sig', terms: true, age_bracket: '14_or_over' };
    for (const url of ['/api/google-login', '/api/google-signup']) {
      const res = await call(off, { url, body });
      expect(res).toMatchObject({ status: 503, body: { code: 'GOOGLE_UNAVAILABLE', error: ko.auth.server.googleUnavailable } });
    }
    const now = Math.floor(Date.now() / 1000);
    const { privateKey } = await generateKeyPair('RS256');
    const token = await new SignJWT({ email: 'a@b.co' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k' })
      .setIssuer(ISSUER)
      .setAudience(CLIENT_ID)
      .setSubject('s')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(privateKey);
    const res = await call(down, { url: '/api/google-login', body: { googleToken: token } });
    expect(res).toMatchObject({ status: 503, body: { code: 'GOOGLE_UNAVAILABLE' } });
  });
});
