import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { auditLog, authSessions, users } from '../../db/schema.ts';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { call, claimsOf, GOOD_PASSWORD, loginAs, nextIp, registerConfirmed, uniqueEmail } from './testing/auth-test-kit.ts';

describe.each(dbKinds)('login on %s', (kind) => {
  let t: TTestContext;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('returns the user and a token pair whose access token carries the spec claims, role and session', async () => {
    const { email } = await registerConfirmed(t);
    const res = await call(t, { url: '/api/auth-login', body: { email, password: GOOD_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: ko.auth.server.loginSuccess, user: { email, provider: 'email' } });
    const c = claimsOf(res.body.tokens.access_token);
    for (const k of ['sub', 'email', 'full_name', 'phone', 'provider', 'email_verified', 'marketing_consent', 'created_at', 'iat', 'exp', 'role', 'sid']) {
      expect(c, k).toHaveProperty(k);
    }
    expect(c.exp! - c.iat!).toBe(3600);
    const r = claimsOf(res.body.tokens.refresh_token);
    expect(r.exp! - r.iat!).toBe(30 * 24 * 3600);
    expect(r.jti).toBeTruthy();
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, res.body.user.id), eq(auditLog.action, 'auth.login')));
    expect(audit).toHaveLength(1);
  });

  it('answers a wrong password and an unknown address identically', async () => {
    const { email } = await registerConfirmed(t);
    const wrong = await call(t, { url: '/api/auth-login', body: { email, password: 'Wrong1pass' } });
    const unknown = await call(t, { url: '/api/auth-login', body: { email: uniqueEmail('ghost'), password: 'Wrong1pass' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({
      success: false,
      code: 'INVALID_CREDENTIALS',
      error: ko.auth.server.invalidCredentials,
      helpUrl: expect.stringMatching(/^\/help\/[a-z0-9-]+$/),
    });
    const failures = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.login_failed'));
    expect(failures.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(failures)).not.toContain('Wrong1pass');
  });

  it('refuses suspended and inactive accounts and ends their sessions', async () => {
    for (const [status, code, message] of [
      ['suspended', 'ACCOUNT_SUSPENDED', ko.auth.server.accountSuspended],
      ['inactive', 'ACCOUNT_INACTIVE', ko.auth.server.accountInactive],
    ] as const) {
      const { email } = await registerConfirmed(t);
      const live = await loginAs(t, email);
      await t.database.db.update(users).set({ status }).where(eq(users.email, email));
      const res = await call(t, { url: '/api/auth-login', body: { email, password: GOOD_PASSWORD } });
      expect(res).toMatchObject({ status: 403, body: { code, error: message } });
      const [s] = await t.database.db
        .select()
        .from(authSessions)
        .where(eq(authSessions.id, String(claimsOf(live.tokens.access_token).sid)));
      expect(s?.revokedAt).not.toBeNull();
      expect((await call(t, { url: '/api/me', token: live.tokens.access_token })).status).toBe(401);
      expect((await call(t, { url: '/api/refresh-token', body: { refresh_token: live.tokens.refresh_token } })).status).toBe(401);
    }
  });

  it('locks an account–IP pair for 15 minutes after 5 failures, with Retry-After and a Korean message', async () => {
    const { email } = await registerConfirmed(t);
    const ip = nextIp();
    for (let i = 1; i <= 4; i++) {
      expect((await call(t, { url: '/api/auth-login', body: { email, password: 'Wrong1pass' }, ip })).status).toBe(401);
    }
    const fifth = await call(t, { url: '/api/auth-login', body: { email, password: 'Wrong1pass' }, ip });
    expect(fifth.status).toBe(429);
    expect(fifth.body).toMatchObject({ code: 'LOGIN_LOCKED', error: ko.auth.server.loginLockedFor(15) });
    expect(fifth.headers['retry-after']).toBe('900');
    const right = await call(t, { url: '/api/auth-login', body: { email, password: GOOD_PASSWORD }, ip });
    expect(right.status).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(890);
    // Another address is not locked.
    expect((await call(t, { url: '/api/auth-login', body: { email, password: GOOD_PASSWORD } })).status).toBe(200);
  });

  it('locks the unknown-address pair the same way (no enumeration through the lock)', async () => {
    const ip = nextIp();
    const email = uniqueEmail('ghost');
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await call(t, { url: '/api/auth-login', body: { email, password: 'Wrong1pass' }, ip })).status);
    expect(answers).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('stops an account after 100 failures in an hour from any addresses', async () => {
    const { email } = await registerConfirmed(t);
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      // 4 tries per address stay under the pair lock: 25 addresses.
      const ip = `172.16.${Math.floor(i / 4)}.1`;
      statuses.push((await call(t, { url: '/api/auth-login', body: { email, password: 'Wrong1pass' }, ip })).status);
    }
    expect(statuses.slice(0, 99).every((s) => s === 401)).toBe(true);
    expect(statuses[99]).toBe(429);
    const fresh = await call(t, { url: '/api/auth-login', body: { email, password: GOOD_PASSWORD }, ip: '172.17.0.1' });
    expect(fresh.status).toBe(429);
    expect(fresh.body.code).toBe('LOGIN_LOCKED');
    expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(3000);
  });

  it('answers malformed input with Korean 400s, never 500', async () => {
    const empty = await call(t, { url: '/api/auth-login', body: { email: '', password: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.details).toContainEqual({ path: 'password', message: ko.auth.validation.passwordRequired });
    const junk = await t.app.inject({ method: 'POST', url: '/api/auth-login', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(junk.statusCode).toBe(400);
    const refresh = await call(t, { url: '/api/refresh-token', body: {} });
    expect(refresh.status).toBe(400);
  });
});
