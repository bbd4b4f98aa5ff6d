/** Under 14 (개인정보 보호법 제22조의2): every sign-up states the age bracket; under 14 is refused and nothing is stored. */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko, TERMS_VERSION } from '@suite/shared';
import { consents, users } from '../../db/schema.ts';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { startFakeOAuthProviders } from '../../test-support/fake-oauth-providers.ts';
import { call, outbox, signupBody, tokenOf, uniqueEmail } from '../auth/testing/auth-test-kit.ts';
import { privacyConsentVersion } from './policy.service.ts';

const CLIENT_ID = 'age-test.apps.googleusercontent.com';
const ISSUER = 'https://accounts.google.com';

/** Google's key endpoint on loopback (ports of this part's range 4250–4299, one per database kind; Kakao's fake on 4252/4253). */
async function keyServer(port: number) {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'age-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${port}/certs`, privateKey, close: () => new Promise<void>((r) => server.close(() => r())) };
}

function idToken(key: CryptoKey, email: string, sub: string) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email, email_verified: true, name: '구글 사용자' })
    .setProtectedHeader({ alg: 'RS256', kid: 'age-key', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(CLIENT_ID)
    .setSubject(sub)
    .setIssuedAt(now - 60)
    .setExpirationTime(now + 3600)
    .sign(key);
}

describe.each(dbKinds)('the age bracket at sign-up on %s', (kind) => {
  let t: TTestContext;
  let keys: Awaited<ReturnType<typeof keyServer>>;
  let oauth: Awaited<ReturnType<typeof startFakeOAuthProviders>>;
  beforeAll(async () => {
    keys = await keyServer(kind === 'pglite' ? 4250 : 4251);
    oauth = await startFakeOAuthProviders(undefined, kind === 'pglite' ? 4252 : 4253);
    const env = { ...oauth.env, GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: keys.url, GOOGLE_ISSUER: ISSUER };
    t = await createTestApp(kind, { jobs: false, env });
  });
  afterAll(async () => {
    await t?.close();
    await keys?.close();
    await oauth?.close();
  });

  const userRows = (email: string) => t.database.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  const consentKinds = async (userId: string) =>
    (await t.database.db.select().from(consents).where(eq(consents.userId, userId))).map((c) => `${c.kind}:${c.granted}:${c.termsVersion}`).sort();

  it('email sign-up: a missing or unknown bracket is 400 in Korean, under 14 is 400 PRIVACY_UNDER_14 with the reason and stores nothing', async () => {
    for (const age_bracket of [undefined, 'adult']) {
      const res = await call(t, { url: '/api/auth-signup', body: { ...signupBody(uniqueEmail('age')), age_bracket } });
      expect(res.status).toBe(400);
      expect(res.body.details).toContainEqual({ path: 'age_bracket', message: ko.privacy.consents.ageRequired });
    }
    const email = uniqueEmail('child');
    const res = await call(t, { url: '/api/auth-signup', body: signupBody(email, { age_bracket: 'under_14' }) });
    expect(res).toMatchObject({ status: 400, body: { code: 'PRIVACY_UNDER_14', error: ko.privacy.server.under14 } });
    expect(res.body.error).toContain('법정대리인');
    expect(await userRows(email)).toEqual([]);
    expect(await outbox(t, email)).toEqual([]);
  });

  it('email sign-up: 14 or over records the age confirmation with terms and privacy in the sign-up transaction', async () => {
    const email = uniqueEmail('adult');
    const res = await call(t, { url: '/api/auth-signup', body: signupBody(email) });
    expect(res.status).toBe(200);
    const [user] = await userRows(email);
    expect(await consentKinds(user!.id)).toEqual([
      `age14:true:${TERMS_VERSION}`,
      `marketing:false:${TERMS_VERSION}`,
      `privacy:true:${privacyConsentVersion()}`,
      `terms:true:${TERMS_VERSION}`,
    ]);
  });

  it('Google sign-up: under 14 is refused before an account exists; 14 or over makes one with the age row', async () => {
    const email = uniqueEmail('gchild');
    const body = async (age_bracket?: string) => ({ googleToken: await idToken(keys.privateKey, email, `sub-${email}`), terms: true, age_bracket });
    const missing = await call(t, { url: '/api/google-signup', body: await body() });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toContainEqual({ path: 'age_bracket', message: ko.privacy.consents.ageRequired });
    const child = await call(t, { url: '/api/google-signup', body: await body('under_14') });
    expect(child).toMatchObject({ status: 400, body: { code: 'PRIVACY_UNDER_14', error: ko.privacy.server.under14 } });
    expect(await userRows(email)).toEqual([]);

    const adult = await call(t, { url: '/api/google-signup', body: await body('14_or_over') });
    expect(adult.status).toBe(200);
    expect(adult.body.tokens.access_token).toBeTruthy();
    const [user] = await userRows(email);
    expect(await consentKinds(user!.id)).toContain(`age14:true:${TERMS_VERSION}`);
  });

  it('Kakao without an address: under 14 is refused at the consent step; 14 or over travels through the mailed link to the account', async () => {
    const id = String(7_000_000 + Math.floor(Math.random() * 1_000_000));
    oauth.addUser({ provider: 'kakao', id, nickname: '카카오' });
    const state = randomBytes(24).toString('base64url');
    const start = await call(t, { url: '/api/auth/oauth/kakao/start', body: { state } });
    const back = await oauth.authorizeAs(start.body.authorizeUrl, 'kakao', id);
    const cb = await call(t, { url: '/api/auth/oauth/kakao/callback', body: { state, code: back.searchParams.get('code') ?? '' } });
    const signupToken = cb.body.signupToken as string;
    const email = uniqueEmail('kakao-age');

    const child = await call(t, { url: '/api/auth/oauth/signup', body: { signupToken, terms: true, age_bracket: 'under_14', email } });
    expect(child).toMatchObject({ status: 400, body: { code: 'PRIVACY_UNDER_14', error: ko.privacy.server.under14 } });
    expect(await outbox(t, email)).toEqual([]);

    const sent = await call(t, { url: '/api/auth/oauth/signup', body: { signupToken, terms: true, age_bracket: '14_or_over', email } });
    expect(sent.body.confirmationSent).toBe(true);
    const link = (await outbox(t, email)).flatMap((m) => m.links).find((l) => l.includes('/auth/provider-email'));
    const done = await call(t, { url: '/api/auth/oauth/confirm-email', body: { token: tokenOf(link ?? '') } });
    expect(done.status).toBe(200);
    expect(await consentKinds(done.body.user.id)).toContain(`age14:true:${TERMS_VERSION}`);
  });
});
