import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { identities } from '../../db/schema-accounts.ts';
import { users } from '../../db/schema.ts';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { fakeGoogleKeys } from '../../test-support/fake-google-keys.ts';
import { call, loginAs, minutePassed, outbox, OTHER_PASSWORD, registerConfirmed, tokenOf, uniqueEmail } from './testing/auth-test-kit.ts';

describe.each(dbKinds)('linked identities on %s', (kind) => {
  let t: TTestContext;
  let google: Awaited<ReturnType<typeof fakeGoogleKeys>>;
  beforeAll(async () => {
    google = await fakeGoogleKeys();
    t = await createTestApp(kind, { env: google.env });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  const gLogin = async (sub: string, email: string, verified: boolean) =>
    call(t, { url: '/api/google-login', body: { googleToken: await google.idToken({ sub, email, verified }) } });
  const gSignup = async (sub: string, email: string, verified: boolean) =>
    call(t, { url: '/api/google-signup', body: { googleToken: await google.idToken({ sub, email, verified }), terms: true, age_bracket: '14_or_over' } });
  const linkMail = async (email: string) => (await outbox(t, email)).find((m) => m.subject === ko.accounts.mail.linkSubject)?.links[0] ?? '';

  it('replays the Google takeover of the issue: every step fails', async () => {
    const victim = uniqueEmail('victim');
    // 1. The attacker's token (own sub, the victim's address, email_verified false) creates no account.
    const signup = await gSignup('g-attacker', victim, false);
    expect(signup).toMatchObject({ status: 409, body: { code: 'IDENTITY_EMAIL_UNVERIFIED' } });
    expect(signup.body.tokens).toBeUndefined();
    expect(await t.database.db.select().from(users).where(eq(users.email, victim))).toHaveLength(0);
    // 2. Nor does google-login sign anyone in.
    const login = await gLogin('g-attacker', victim, false);
    expect(login.status).toBe(409);
    expect(login.body.tokens).toBeUndefined();

    // 3. The owner has an account; an unconfirmed link (as one made before this fix) exists for the attacker.
    const { email, user } = await registerConfirmed(t, victim);
    await t.database.db.insert(identities).values({ userId: user.id, provider: 'google', subject: 'g-attacker', email, confirmedAt: null });
    const viaLink = await gLogin('g-attacker', victim, false);
    expect(viaLink).toMatchObject({ status: 200, body: { linkRequired: true } });
    expect(viaLink.body.tokens).toBeUndefined();

    // 4. The owner resets the password: the link nobody confirmed goes, and the answer says so.
    await minutePassed(t, email);
    await call(t, { url: '/api/auth/forgot-password', body: { email } });
    const reset = (await outbox(t, email)).find((m) => m.subject === ko.auth.mail.resetSubject)?.links[0] ?? '';
    const done = await call(t, { url: '/api/auth/reset-password', body: { token: tokenOf(reset), password: OTHER_PASSWORD } });
    expect(done).toMatchObject({ status: 200, body: { message: `${ko.auth.server.resetDone} ${ko.accounts.server.resetRemovedLinks(1)}` } });
    expect(await t.database.db.select().from(identities).where(eq(identities.userId, user.id))).toHaveLength(0);
    // 5. The attacker's google-login no longer leads anywhere.
    const after = await gLogin('g-attacker', victim, false);
    expect(after.status).toBe(409);
    expect(after.body.tokens).toBeUndefined();

    // 6. The owner's own (verified) Google account is not refused: it is linked once the owner confirms.
    await minutePassed(t, email);
    expect((await gLogin('g-owner', victim, true)).body).toMatchObject({ linkRequired: true });
    const link = await linkMail(email);
    expect((await call(t, { url: '/api/auth/identities/confirm', body: { token: tokenOf(link) } })).status).toBe(200);
    const owner = await gLogin('g-owner', victim, true);
    expect(owner.status).toBe(200);
    expect(owner.body.user.id).toBe(user.id);
  });

  it('lists identities in settings, confirms a pending one while signed in, and unlinks while a method remains', async () => {
    const { email, user } = await registerConfirmed(t);
    expect((await gLogin(`sub-${email}`, email, true)).body.linkRequired).toBe(true);
    const s = await loginAs(t, email);
    const token = s.tokens.access_token;
    const list = await call(t, { url: '/api/me/identities', token });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([expect.objectContaining({ provider: 'google', email, confirmed: false })]);
    const id = list.body.data[0].id as string;
    await minutePassed(t, email);
    const confirm = await call(t, { url: `/api/me/identities/${id}/confirm`, method: 'POST', token });
    expect(confirm).toMatchObject({ status: 200, body: { message: ko.accounts.server.identityLinked } });
    expect((await outbox(t, email)).some((m) => m.subject === ko.accounts.mail.linkedSubject)).toBe(true);
    expect((await call(t, { url: '/api/me/identities', token })).body.data[0].confirmed).toBe(true);
    // Another user cannot touch it.
    const other = await registerConfirmed(t);
    const otherToken = (await loginAs(t, other.email)).tokens.access_token;
    expect((await call(t, { url: `/api/me/identities/${id}`, method: 'DELETE', token: otherToken })).status).toBe(404);
    // The password remains, so unlinking is allowed.
    expect((await call(t, { url: `/api/me/identities/${id}`, method: 'DELETE', token })).status).toBe(200);
    expect(await t.database.db.select().from(identities).where(eq(identities.userId, user.id))).toHaveLength(0);
  });

  it('refuses to unlink the last way to sign in', async () => {
    const email = uniqueEmail('gonly');
    const signup = await gSignup(`sub-${email}`, email, true);
    expect(signup.status).toBe(200);
    const token = signup.body.tokens.access_token;
    const [identity] = (await call(t, { url: '/api/me/identities', token })).body.data;
    expect(identity).toMatchObject({ provider: 'google', confirmed: true });
    const res = await call(t, { url: `/api/me/identities/${identity.id}`, method: 'DELETE', token });
    expect(res).toMatchObject({ status: 409, body: { code: 'LAST_SIGN_IN_METHOD', error: ko.accounts.server.lastSignInMethod } });
  });
});
