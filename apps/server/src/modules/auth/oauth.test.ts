import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { identities } from '../../db/schema-accounts.ts';
import { users } from '../../db/schema.ts';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { startFakeOAuthProviders, type TFakeProvider } from '../../test-support/fake-oauth-providers.ts';
import { call, loginAs, minutePassed, outbox, registerConfirmed, tokenOf, uniqueEmail } from './testing/auth-test-kit.ts';

let subjectCounter = 5000;
const nextSubject = () => String((subjectCounter += 1) * 1000 + Math.floor(Math.random() * 1000));
const newState = () => randomBytes(24).toString('base64url');

describe.each(dbKinds)('Kakao and Naver sign-in on %s', (kind) => {
  let t: TTestContext;
  let fake: Awaited<ReturnType<typeof startFakeOAuthProviders>>;
  beforeAll(async () => {
    fake = await startFakeOAuthProviders();
    t = await createTestApp(kind, { env: fake.env });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** The whole browser side: start with a state, "log in" at the fake, come back with code and state. */
  async function signInWith(provider: TFakeProvider, id: string, opts: { state?: string; returnedState?: string } = {}) {
    const state = opts.state ?? newState();
    const start = await call(t, { url: `/api/auth/oauth/${provider}/start`, body: { state } });
    expect(start.status).toBe(200);
    const back = await fake.authorizeAs(start.body.authorizeUrl, provider, id);
    expect(back.pathname).toBe(`/auth/callback/${provider}`);
    expect(back.searchParams.get('state')).toBe(state);
    const code = back.searchParams.get('code') ?? '';
    return call(t, { url: `/api/auth/oauth/${provider}/callback`, body: { state: opts.returnedState ?? state, code } });
  }

  it.each(['kakao', 'naver'] as const)('%s: a new verified account signs up after the consent step, then signs in', async (provider) => {
    const email = uniqueEmail(provider);
    const id = nextSubject();
    fake.addUser({ provider, id, nickname: '김카나', email, verified: true });
    const first = await signInWith(provider, id);
    expect(first).toMatchObject({ status: 200, body: { isNewUser: true, emailRequired: false, profile: { provider, email, full_name: '김카나' } } });
    expect(first.body.tokens).toBeUndefined();
    // The start never put a token in an address: the authorize URL carries state and challenge only.
    const signupToken = first.body.signupToken as string;
    expect((await call(t, { url: '/api/auth/oauth/signup', body: { signupToken, terms: false, age_bracket: '14_or_over' } })).status).toBe(400);
    const done = await call(t, { url: '/api/auth/oauth/signup', body: { signupToken, terms: true, age_bracket: '14_or_over', marketing_consent: true } });
    expect(done).toMatchObject({ status: 200, body: { user: { email, provider, marketing_consent: true } } });
    expect(done.body.tokens.access_token).toBeTruthy();
    // Single use.
    expect((await call(t, { url: '/api/auth/oauth/signup', body: { signupToken, terms: true, age_bracket: '14_or_over' } })).body.code).toBe(
      'OAUTH_SIGNUP_EXPIRED',
    );
    const again = await signInWith(provider, id);
    expect(again).toMatchObject({ status: 200, body: { message: ko.auth.server.oauthLoginDone(ko.accounts.providers[provider] ?? '') } });
    expect(again.body.user.id).toBe(done.body.user.id);
    // Listed in /settings as a confirmed identity.
    const list = await call(t, { url: '/api/me/identities', token: again.body.tokens.access_token });
    expect(list.body.data).toEqual([expect.objectContaining({ provider, email, confirmed: true })]);
  });

  it('refuses an unknown or replayed state, a state from another provider and a code issued for another PKCE challenge', async () => {
    const id = nextSubject();
    fake.addUser({ provider: 'kakao', id, nickname: '상태', email: uniqueEmail('st'), verified: true });
    // The state the browser returns is not the one this server issued.
    const wrong = await signInWith('kakao', id, { returnedState: newState() });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'OAUTH_STATE_INVALID' } });
    // A state used once cannot be used again (nor started twice).
    const state = newState();
    expect((await signInWith('kakao', id, { state })).status).toBe(200);
    const replay = await call(t, { url: '/api/auth/oauth/kakao/callback', body: { state, code: 'whatever' } });
    expect(replay.body.code).toBe('OAUTH_STATE_INVALID');
    expect((await call(t, { url: '/api/auth/oauth/kakao/start', body: { state } })).body.code).toBe('OAUTH_STATE_INVALID');
    // A Kakao state presented to Naver.
    const kState = newState();
    await call(t, { url: '/api/auth/oauth/kakao/start', body: { state: kState } });
    expect((await call(t, { url: '/api/auth/oauth/naver/callback', body: { state: kState, code: 'x' } })).body.code).toBe('OAUTH_STATE_INVALID');
    // Code injection: the attacker's code (issued for the attacker's own flow and challenge) in the victim's flow.
    const attacker = await call(t, { url: '/api/auth/oauth/kakao/start', body: { state: newState() } });
    const stolen = (await fake.authorizeAs(attacker.body.authorizeUrl, 'kakao', id)).searchParams.get('code') ?? '';
    const victimState = newState();
    await call(t, { url: '/api/auth/oauth/kakao/start', body: { state: victimState } });
    const injected = await call(t, { url: '/api/auth/oauth/kakao/callback', body: { state: victimState, code: stolen } });
    expect(injected).toMatchObject({ status: 400, body: { code: 'OAUTH_STATE_INVALID' } });
    expect(injected.body.tokens).toBeUndefined();
    // Malformed input is a Korean 400, never a 500.
    const bad = await call(t, { url: '/api/auth/oauth/kakao/callback', body: { state: 'short', code: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/[가-힣]/);
  });

  it('Kakao without an email, or with an unverified one: the given address is confirmed by mail before the account exists', async () => {
    const id = nextSubject();
    fake.addUser({ provider: 'kakao', id, nickname: '무메일' });
    const first = await signInWith('kakao', id);
    expect(first.body).toMatchObject({ isNewUser: true, emailRequired: true, profile: { email: '' } });
    const signupToken = first.body.signupToken as string;
    expect((await call(t, { url: '/api/auth/oauth/signup', body: { signupToken, terms: true, age_bracket: '14_or_over' } })).body.code).toBe(
      'OAUTH_EMAIL_NEEDED',
    );
    const email = uniqueEmail('nomail');
    const sent = await call(t, { url: '/api/auth/oauth/signup', body: { signupToken, terms: true, age_bracket: '14_or_over', email } });
    expect(sent).toMatchObject({ status: 200, body: { confirmationSent: true } });
    expect(sent.body.tokens).toBeUndefined();
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    const mail = (await outbox(t, email)).find((m) => m.subject === ko.accounts.mail.providerEmailSubject);
    const link = mail?.links[0] ?? '';
    expect(link).toContain('/auth/provider-email?token=');
    const done = await call(t, { url: '/api/auth/oauth/confirm-email', body: { token: tokenOf(link) } });
    expect(done).toMatchObject({ status: 200, body: { user: { email, provider: 'kakao', email_verified: true } } });
    expect((await call(t, { url: '/api/auth/oauth/confirm-email', body: { token: tokenOf(link) } })).status).toBe(400);
    expect((await signInWith('kakao', id)).body.user.id).toBe(done.body.user.id);

    // An unverified Kakao address is never trusted: same path, even though the address is shown on the form.
    const id2 = nextSubject();
    const unverified = uniqueEmail('unver');
    fake.addUser({ provider: 'kakao', id: id2, nickname: '미인증', email: unverified, verified: false });
    const second = await signInWith('kakao', id2);
    expect(second.body).toMatchObject({ isNewUser: true, emailRequired: true, profile: { email: unverified } });
    expect(
      (await call(t, { url: '/api/auth/oauth/signup', body: { signupToken: second.body.signupToken, terms: true, age_bracket: '14_or_over' } })).body.code,
    ).toBe('OAUTH_EMAIL_NEEDED');
  });

  it('an identity whose address has an account is linked only after the owner confirms by mail', async () => {
    const { email, user } = await registerConfirmed(t);
    const naverId = `nv-${nextSubject()}`;
    fake.addUser({ provider: 'naver', id: naverId, nickname: '주인', email, verified: true });
    const res = await signInWith('naver', naverId);
    expect(res).toMatchObject({ status: 200, body: { linkRequired: true } });
    expect(res.body.tokens).toBeUndefined();
    const link = (await outbox(t, email)).find((m) => m.subject === ko.accounts.mail.linkSubject)?.links[0] ?? '';
    expect(link).toContain('/auth/link?token=');
    // Still refused before confirmation.
    expect((await signInWith('naver', naverId)).body.tokens).toBeUndefined();
    await minutePassed(t, email);
    expect((await call(t, { url: '/api/auth/identities/confirm', body: { token: tokenOf(link) } })).status).toBe(200);
    expect((await outbox(t, email)).some((m) => m.subject === ko.accounts.mail.linkedSubject)).toBe(true);
    const signedIn = await signInWith('naver', naverId);
    expect(signedIn.body.user.id).toBe(user.id);

    // A Kakao account without email that gives the owner's address: the mailed confirmation leads only to a pending link.
    const kakaoId = nextSubject();
    fake.addUser({ provider: 'kakao', id: kakaoId, nickname: '침입자' });
    const start = await signInWith('kakao', kakaoId);
    await minutePassed(t, email);
    const sent = await call(t, { url: '/api/auth/oauth/signup', body: { signupToken: start.body.signupToken, terms: true, age_bracket: '14_or_over', email } });
    expect(sent.body).toMatchObject({ confirmationSent: true });
    const confirm = (await outbox(t, email)).find((m) => m.subject === ko.accounts.mail.providerEmailSubject)?.links[0] ?? '';
    await minutePassed(t, email);
    const opened = await call(t, { url: '/api/auth/oauth/confirm-email', body: { token: tokenOf(confirm) } });
    expect(opened).toMatchObject({ status: 200, body: { linkRequired: true } });
    expect(opened.body.tokens).toBeUndefined();
    const rows = await t.database.db.select().from(identities).where(eq(identities.userId, user.id));
    expect(rows.find((r) => r.provider === 'kakao')?.confirmedAt).toBeNull();
    // Unlink works for Kakao/Naver like for Google (the password remains).
    const token = (await loginAs(t, email)).tokens.access_token;
    const listed = (await call(t, { url: '/api/me/identities', token })).body.data as { id: string; provider: string }[];
    expect(listed.map((i) => i.provider).sort()).toEqual(['kakao', 'naver']);
    for (const i of listed) expect((await call(t, { url: `/api/me/identities/${i.id}`, method: 'DELETE', token })).status).toBe(200);
  });

  it('the browser learns which providers are configured', async () => {
    const config = await call(t, { url: '/api/auth/config' });
    expect(config.body.oauthProviders).toEqual({ kakao: true, naver: true });
  });
});

describe('Kakao and Naver not configured', () => {
  it('are shown as unavailable and refuse to start', async () => {
    const t = await createTestApp('pglite');
    try {
      const config = await call(t, { url: '/api/auth/config' });
      expect(config.body.oauthProviders).toEqual({ kakao: false, naver: false });
      for (const p of ['kakao', 'naver']) {
        const res = await call(t, { url: `/api/auth/oauth/${p}/start`, body: { state: newState() } });
        expect(res).toMatchObject({ status: 503, body: { code: 'OAUTH_UNAVAILABLE', error: ko.auth.server.oauthUnavailable } });
      }
      expect((await call(t, { url: '/api/auth/oauth/line/start', body: { state: newState() } })).status).toBe(400);
    } finally {
      await t.close();
    }
  });
});
