import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { authTokens } from '../../db/schema.ts';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import {
  call,
  GOOD_PASSWORD,
  loginAs,
  minutePassed,
  nextIp,
  OTHER_PASSWORD,
  outbox,
  registerConfirmed,
  signupBody,
  tokenOf,
  uniqueEmail,
} from './testing/auth-test-kit.ts';

describe.each(dbKinds)('forgot and reset password on %s', (kind) => {
  let t: TTestContext;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const forgot = (email: string, ip?: string) => call(t, { url: '/api/auth/forgot-password', body: { email }, ...(ip ? { ip } : {}) });

  it('answers the same for known and unknown addresses and mails only the owner', async () => {
    const { email } = await registerConfirmed(t);
    const ghost = uniqueEmail('ghost');
    const known = await forgot(email);
    const unknown = await forgot(ghost);
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({ success: true, message: ko.auth.server.forgotSent });
    expect((await outbox(t, email))[0]?.subject).toBe(ko.auth.mail.resetSubject);
    expect(await outbox(t, ghost)).toEqual([]);
    // The per-address mail limit is silent (issue 11): the same 200 and body again, and no second mail.
    const [k2, u2] = [await forgot(email), await forgot(ghost)];
    expect([k2.status, u2.status]).toEqual([200, 200]);
    expect(k2.body).toEqual(u2.body);
    expect(k2.headers['retry-after']).toBeUndefined();
    expect((await outbox(t, email)).filter((m) => m.subject === ko.auth.mail.resetSubject)).toHaveLength(1);
  });

  it('resets through the mailed link once, ends every session, and logs in with the new password', async () => {
    const { email } = await registerConfirmed(t);
    const before = await loginAs(t, email);
    await forgot(email);
    const link = (await outbox(t, email))[0]!.links[0]!;
    expect(link).toMatch(new RegExp(`^${t.config.appUrl}/reset-password\\?token=`));
    const token = tokenOf(link);
    const common = await call(t, { url: '/api/auth/reset-password', body: { token, password: 'Password1' } });
    expect(common.body.code).toBe('PASSWORD_COMMON');
    const ok = await call(t, { url: '/api/auth/reset-password', body: { token, password: OTHER_PASSWORD } });
    expect(ok).toMatchObject({ status: 200, body: { success: true, message: ko.auth.server.resetDone } });
    const again = await call(t, { url: '/api/auth/reset-password', body: { token, password: 'An0therGood' } });
    expect(again).toMatchObject({ status: 400, body: { code: 'TOKEN_INVALID', error: ko.auth.server.tokenInvalid } });
    expect((await call(t, { url: '/api/refresh-token', body: { refresh_token: before.tokens.refresh_token } })).status).toBe(401);
    expect((await call(t, { url: '/api/auth-login', body: { email, password: GOOD_PASSWORD } })).status).toBe(401);
    await loginAs(t, email, OTHER_PASSWORD);
  });

  it('refuses expired and unknown reset tokens; stores only hashes', async () => {
    const { email } = await registerConfirmed(t);
    await forgot(email);
    const token = tokenOf((await outbox(t, email))[0]!.links[0]!);
    const stored = await t.database.db.select().from(authTokens).where(eq(authTokens.email, email));
    expect(stored.some((r) => r.tokenHash === token)).toBe(false);
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.email, email));
    expect((await call(t, { url: '/api/auth/reset-password', body: { token, password: OTHER_PASSWORD } })).body.code).toBe('TOKEN_INVALID');
    expect((await call(t, { url: '/api/auth/reset-password', body: { token: 'x'.repeat(43), password: OTHER_PASSWORD } })).status).toBe(400);
    expect((await call(t, { url: '/api/auth/confirm-email', body: { token: 'short' } })).status).toBe(400);
  });

  it('expires confirmation links after 24 hours', async () => {
    const email = uniqueEmail('late');
    await call(t, { url: '/api/auth-signup', body: signupBody(email) });
    const token = tokenOf((await outbox(t, email))[0]!.links[0]!);
    const [row] = await t.database.db.select().from(authTokens).where(eq(authTokens.email, email));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(24 * 3_600_000, -3);
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.email, email));
    expect((await call(t, { url: '/api/auth/confirm-email', body: { token } })).body.code).toBe('TOKEN_INVALID');
  });

  it('limits forgot-password to 30 per 5 minutes per IP', async () => {
    const ip = nextIp();
    const statuses = [];
    for (let i = 0; i < 31; i++) statuses.push((await forgot(uniqueEmail('flood'), ip)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    const last = await forgot(uniqueEmail('flood'), ip);
    expect(last).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED', error: ko.errors.rateLimited } });
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits sign-up to 30 per 5 minutes per IP', async () => {
    const ip = nextIp();
    // Common passwords are refused after the request is counted, so the flood costs no hashing.
    for (let i = 0; i < 30; i++) {
      const r = await call(t, { url: '/api/auth-signup', body: signupBody(uniqueEmail('s'), { password: 'Password1' }), ip });
      expect(r.status).toBe(400);
    }
    const over = await call(t, { url: '/api/auth-signup', body: signupBody(uniqueEmail('s')), ip });
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });

  it('limits mail to one address to 5 an hour, silently', async () => {
    const { email } = await registerConfirmed(t);
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      await minutePassed(t, email);
      statuses.push((await forgot(email)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    // The confirmation mail was the first of the hour's five.
    expect((await outbox(t, email)).filter((m) => m.subject === ko.auth.mail.resetSubject)).toHaveLength(4);
  });
});
