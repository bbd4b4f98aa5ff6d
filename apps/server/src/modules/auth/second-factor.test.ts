import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { passkeys, totpFactors } from '../../db/schema-accounts.ts';
import { users } from '../../db/schema.ts';
import { createTestApp, dbKinds, movableClock, type TTestContext } from '../../test/helpers.ts';
import { call, GOOD_PASSWORD, loginAs, minutePassed, OTHER_PASSWORD, outbox, registerConfirmed, tokenOf } from './testing/auth-test-kit.ts';
import { stepOf, totpAt } from './totp.ts';

describe.each(dbKinds)('second factor on %s', (kind) => {
  let t: TTestContext;
  const clock = movableClock();
  let admin: { email: string; token: string };
  beforeAll(async () => {
    t = await createTestApp(kind, { now: clock.now });
    // The first account of an instance is its platform admin.
    const a = await registerConfirmed(t);
    admin = { email: a.email, token: (await loginAs(t, a.email)).tokens.access_token };
  });
  afterAll(async () => {
    await t?.close();
  });

  const code = (secret: string) => totpAt(secret, stepOf(clock.now().getTime()));
  const nextStep = () => clock.advance(30_000);

  async function enrol(token: string) {
    const setup = await call(t, { url: '/api/me/second-factor/totp', method: 'POST', token });
    expect(setup.status).toBe(200);
    const secret = setup.body.secret as string;
    expect(setup.body.otpauth_url).toContain(`secret=${secret}`);
    const confirmed = await call(t, { url: '/api/me/second-factor/totp/confirm', body: { code: code(secret) }, token });
    expect(confirmed.status).toBe(200);
    return { secret, recovery: confirmed.body.recovery_codes as string[] };
  }

  it('enrols TOTP (secret sealed at rest), then asks for it at every sign-in; codes and recovery codes work once', async () => {
    const { email, user } = await registerConfirmed(t);
    const token = (await loginAs(t, email)).tokens.access_token;
    const setup = await call(t, { url: '/api/me/second-factor/totp', method: 'POST', token });
    const wrong = await call(t, {
      url: '/api/me/second-factor/totp/confirm',
      body: { code: '000000' === code(setup.body.secret) ? '111111' : '000000' },
      token,
    });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'SECOND_FACTOR_CODE_INVALID' } });
    const ok = await call(t, { url: '/api/me/second-factor/totp/confirm', body: { code: code(setup.body.secret) }, token });
    expect(ok.status).toBe(200);
    const secret = setup.body.secret as string;
    const recovery = ok.body.recovery_codes as string[];
    expect(recovery).toHaveLength(10);
    const [row] = await t.database.db.select().from(totpFactors).where(eq(totpFactors.userId, user.id));
    expect(row?.secretSealed).not.toContain(secret);
    expect((await call(t, { url: '/api/me/second-factor', token })).body).toMatchObject({ totp: true, recovery_codes_left: 10, session_verified: true });

    // Password alone: no tokens, an mfaToken.
    const first = await call(t, { url: '/api/auth-login', body: { email, password: GOOD_PASSWORD } });
    expect(first.body).toMatchObject({ mfaRequired: true, message: ko.accounts.server.secondFactorNeeded });
    expect(first.body.tokens).toBeUndefined();
    const mfaToken = first.body.mfaToken as string;
    // The code used to enrol cannot be replayed; the next step's can, once.
    expect((await call(t, { url: '/api/auth/second-factor', body: { mfaToken, code: code(secret) } })).status).toBe(400);
    nextStep();
    const c = code(secret);
    const done = await call(t, { url: '/api/auth/second-factor', body: { mfaToken, code: c } });
    expect(done.status).toBe(200);
    expect(done.body.tokens.access_token).toBeTruthy();
    expect((await call(t, { url: '/api/auth/second-factor', body: { mfaToken, code: c } })).status).toBe(401);
    const again = await call(t, { url: '/api/auth-login', body: { email, password: GOOD_PASSWORD } });
    expect((await call(t, { url: '/api/auth/second-factor', body: { mfaToken: again.body.mfaToken, code: c } })).status).toBe(400);

    // A recovery code works once.
    const r1 = await call(t, { url: '/api/auth-login', body: { email, password: GOOD_PASSWORD } });
    expect((await call(t, { url: '/api/auth/second-factor', body: { mfaToken: r1.body.mfaToken, code: recovery[0] } })).status).toBe(200);
    const r2 = await call(t, { url: '/api/auth-login', body: { email, password: GOOD_PASSWORD } });
    expect(await call(t, { url: '/api/auth/second-factor', body: { mfaToken: r2.body.mfaToken, code: recovery[0] } })).toMatchObject({ status: 400 });
    expect((await call(t, { url: '/api/me/second-factor', token })).body.recovery_codes_left).toBe(9);
  });

  it("enrolling a factor ends the account's other sessions; the session that enrolled stays (issue 27 item 15)", async () => {
    const { email } = await registerConfirmed(t);
    const here = await loginAs(t, email);
    const elsewhere = await loginAs(t, email);
    expect((await call(t, { url: '/api/me/second-factor', token: elsewhere.tokens.access_token })).status).toBe(200);
    await enrol(here.tokens.access_token);
    expect((await call(t, { url: '/api/me/second-factor', token: elsewhere.tokens.access_token })).body.code).toBe('SESSION_REVOKED');
    expect((await call(t, { url: '/api/refresh-token', body: { refresh_token: elsewhere.tokens.refresh_token } })).status).toBe(401);
    const mine = await call(t, { url: '/api/me/second-factor', token: here.tokens.access_token });
    expect(mine.body).toMatchObject({ totp: true, session_verified: true });
    expect((await call(t, { url: '/api/refresh-token', body: { refresh_token: here.tokens.refresh_token } })).status).toBe(200);
  });

  it('a password sign-in asks for the second step for a confirmed app or a passkey, not for an unconfirmed app', async () => {
    const { email, user } = await registerConfirmed(t);
    const token = (await loginAs(t, email)).tokens.access_token;
    // An authenticator app whose setup was started but never confirmed does not count.
    expect((await call(t, { url: '/api/me/second-factor/totp', method: 'POST', token })).status).toBe(200);
    const plain = await call(t, { url: '/api/auth-login', body: { email, password: GOOD_PASSWORD } });
    expect(plain.status).toBe(200);
    expect(plain.body.mfaRequired).toBeUndefined();
    expect(plain.body.tokens.access_token).toBeTruthy();
    // A passkey alone does.
    await t.database.db.insert(passkeys).values({ id: `pk-${user.id}`, userId: user.id, publicKey: 'AQID', name: '노트북' });
    const asked = await call(t, { url: '/api/auth-login', body: { email, password: GOOD_PASSWORD } });
    expect(asked.body).toMatchObject({ mfaRequired: true, message: ko.accounts.server.secondFactorNeeded });
    expect(asked.body.tokens).toBeUndefined();
  });

  it('a password reset never bypasses the second factor', async () => {
    const { email } = await registerConfirmed(t);
    await enrol((await loginAs(t, email)).tokens.access_token);
    await minutePassed(t, email);
    await call(t, { url: '/api/auth/forgot-password', body: { email } });
    const link = (await outbox(t, email)).find((m) => m.subject === ko.auth.mail.resetSubject)?.links[0] ?? '';
    const reset = await call(t, { url: '/api/auth/reset-password', body: { token: tokenOf(link), password: OTHER_PASSWORD } });
    expect(reset.status).toBe(200);
    expect(reset.body.tokens).toBeUndefined();
    const login = await call(t, { url: '/api/auth-login', body: { email, password: OTHER_PASSWORD } });
    expect(login.body.mfaRequired).toBe(true);
    expect(login.body.tokens).toBeUndefined();
  });

  it('an admin required to use a second factor cannot reach the admin API without one', async () => {
    expect((await call(t, { url: '/api/admin/security/second-factor', body: { required: true }, token: admin.token, method: 'PUT' })).status).toBe(200);
    const refused = await call(t, { url: '/api/admin/users', token: admin.token });
    expect(refused).toMatchObject({ status: 403, body: { code: 'SECOND_FACTOR_REQUIRED', error: ko.accounts.server.secondFactorRequired } });
    expect((await call(t, { url: '/api/me/second-factor', token: admin.token })).body.required).toBe(true);
    // Enrolling in this session counts; a later sign-in passes through the second step.
    const { secret } = await enrol(admin.token);
    expect((await call(t, { url: '/api/admin/users', token: admin.token })).status).toBe(200);
    nextStep();
    const first = await call(t, { url: '/api/auth-login', body: { email: admin.email, password: GOOD_PASSWORD } });
    const second = await call(t, { url: '/api/auth/second-factor', body: { mfaToken: first.body.mfaToken, code: code(secret) } });
    expect((await call(t, { url: '/api/admin/users', token: second.body.tokens.access_token })).status).toBe(200);
    // A platform admin without a second factor and the policy on: refused.
    const other = await registerConfirmed(t);
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, other.email));
    const otherToken = (await loginAs(t, other.email)).tokens.access_token;
    expect((await call(t, { url: '/api/admin/users', token: otherToken })).status).toBe(403);
  });

  it("a seed's setting requires its owner to use a second factor for the seed's API", async () => {
    const { email } = await registerConfirmed(t);
    const token = (await loginAs(t, email)).tokens.access_token;
    const seed = await call(t, { url: '/api/seeds', body: { seed_name: '보안 시드' }, token });
    expect(seed.status).toBeLessThan(300);
    const seedId = (seed.body.data?.id ?? seed.body.seed?.id) as string;
    expect((await call(t, { url: `/api/seeds/${seedId}/members`, token })).status).toBe(200);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/seeds/${seedId}/security/second-factor`,
      headers: { authorization: `Bearer ${token}` },
      payload: { required: true },
    });
    expect(put.statusCode).toBe(200);
    expect((await call(t, { url: `/api/seeds/${seedId}/members`, token })).body.code).toBe('SECOND_FACTOR_REQUIRED');
    await enrol(token);
    expect((await call(t, { url: `/api/seeds/${seedId}/members`, token })).status).toBe(200);
  });
});
