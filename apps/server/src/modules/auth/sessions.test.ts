import { hkdfSync, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { auditLog, authSessions, consents, refreshTokens, users } from '../../db/schema.ts';
import { sha256 } from '../../lib/tokens.ts';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { call, claimsOf, GOOD_PASSWORD, loginAs, nextIp, OTHER_PASSWORD, registerConfirmed } from './testing/auth-test-kit.ts';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe.each(dbKinds)('tokens and sessions on %s', (kind) => {
  let t: TTestContext;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const refresh = (token: string, ip?: string) => call(t, { url: '/api/refresh-token', body: { refresh_token: token }, ...(ip ? { ip } : {}) });
  const me = (token: string) => call(t, { url: '/api/me', token });

  it('rotates the refresh token on every refresh, keeping the session', async () => {
    const { email } = await registerConfirmed(t);
    const s = await loginAs(t, email);
    const r1 = await refresh(s.tokens.refresh_token);
    expect(r1.status).toBe(200);
    expect(r1.body.success).toBe(true);
    expect(r1.body.tokens.refresh_token).not.toBe(s.tokens.refresh_token);
    expect(claimsOf(r1.body.tokens.access_token).sid).toBe(claimsOf(s.tokens.access_token).sid);
    const r2 = await refresh(r1.body.tokens.refresh_token);
    expect(r2.status).toBe(200);
    expect((await me(r2.body.tokens.access_token)).body.user.email).toBe(email);
  });

  it('within 10 s, hands a second presenter of a rotated token the same successor (concurrent tabs)', async () => {
    const { email } = await registerConfirmed(t);
    const s = await loginAs(t, email);
    const [a, b] = await Promise.all([refresh(s.tokens.refresh_token), refresh(s.tokens.refresh_token)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(claimsOf(a.body.tokens.refresh_token).jti).toBe(claimsOf(b.body.tokens.refresh_token).jti);
    const later = await refresh(s.tokens.refresh_token);
    expect(later.status).toBe(200);
    // Either tab goes on with the successor.
    expect((await refresh(b.body.tokens.refresh_token)).status).toBe(200);
  });

  it('after the grace window, reuse of a rotated token ends the whole session and is audited', async () => {
    const { email } = await registerConfirmed(t);
    const s = await loginAs(t, email);
    const r1 = await refresh(s.tokens.refresh_token);
    await t.database.db
      .update(refreshTokens)
      .set({ rotatedAt: sql`now() - interval '11 seconds'` })
      .where(eq(refreshTokens.tokenHash, sha256(String(claimsOf(s.tokens.refresh_token).jti))));
    const reuse = await refresh(s.tokens.refresh_token);
    expect(reuse).toMatchObject({ status: 401, body: { code: 'REFRESH_REUSED', error: ko.auth.server.refreshReused } });
    // The whole family is gone: the legitimate successor and its access token too.
    expect((await refresh(r1.body.tokens.refresh_token)).status).toBe(401);
    expect((await me(r1.body.tokens.access_token)).status).toBe(401);
    const sid = String(claimsOf(s.tokens.access_token).sid);
    const [row] = await t.database.db.select().from(authSessions).where(eq(authSessions.id, sid));
    expect(row?.revokedReason).toBe('refresh_reuse');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.refresh_reused'), eq(auditLog.targetId, sid)));
    expect(audit).toHaveLength(1);
  });

  it('refuses expired, forged and alg:none access tokens and refresh tokens used as access tokens', async () => {
    const { email } = await registerConfirmed(t);
    const s = await loginAs(t, email);
    const claims = claimsOf(s.tokens.access_token);
    const [h, p] = s.tokens.access_token.split('.');
    const wrongKey = new TextEncoder().encode('x'.repeat(48));
    const forged = await new SignJWT({ ...claims, role: 'admin' }).setProtectedHeader({ alg: 'HS256' }).sign(wrongKey);
    // Run alone on a fresh database the account is the first one, already an admin: then change whose account it is instead of its role.
    const tamperedClaims = claims.role === 'admin' ? { ...claims, sub: randomUUID() } : { ...claims, role: 'admin' };
    const tampered = `${h}.${b64(tamperedClaims)}.${s.tokens.access_token.split('.')[2]}`;
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`;
    const key = new Uint8Array(hkdfSync('sha256', t.config.authSecret, 'company-tools', 'access-token-v1', 32));
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ ...claims, iat: now - 7200, exp: now - 3600 }).setProtectedHeader({ alg: 'HS256' }).sign(key);
    const valid = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect((await me(valid)).status).toBe(200);
    for (const bad of [forged, tampered, none, expired, s.tokens.refresh_token, 'abc', '']) {
      const res = await me(bad);
      expect(res.status, bad).toBe(401);
      expect(res.body.success).toBe(false);
    }
    expect((await call(t, { url: '/api/me' })).body).toEqual({
      success: false,
      code: 'UNAUTHORIZED',
      error: ko.errors.unauthorized,
      helpUrl: expect.stringMatching(/^\/help\/[a-z0-9-]+$/),
    });
    // Refresh side: forged, expired, an access token, garbage.
    const rKey = new Uint8Array(hkdfSync('sha256', t.config.authSecret, 'company-tools', 'refresh-token-v1', 32));
    const rClaims = claimsOf(s.tokens.refresh_token);
    const rExpired = await new SignJWT({ ...rClaims, iat: now - 100, exp: now - 10 }).setProtectedHeader({ alg: 'HS256' }).sign(rKey);
    const rNone = `${b64({ alg: 'none' })}.${s.tokens.refresh_token.split('.')[1]}.`;
    for (const bad of [rExpired, rNone, s.tokens.access_token, 'a.b.c']) {
      expect(await refresh(bad)).toMatchObject({ status: 401, body: { code: 'REFRESH_INVALID', error: ko.auth.server.refreshInvalid } });
    }
  });

  it('logs out every session of the account by default; scope=local ends only this one', async () => {
    const { email } = await registerConfirmed(t);
    const a = await loginAs(t, email);
    const b = await loginAs(t, email);
    const local = await call(t, { url: '/api/logout?scope=local', method: 'POST', token: a.tokens.access_token });
    expect(local).toMatchObject({ status: 200, body: { success: true, message: ko.auth.server.loggedOut } });
    expect((await me(a.tokens.access_token)).status).toBe(401);
    expect((await me(b.tokens.access_token)).status).toBe(200);
    const c = await loginAs(t, email);
    const all = await call(t, { url: '/api/logout', method: 'POST', token: c.tokens.access_token });
    expect(all.status).toBe(200);
    for (const s of [b, c]) {
      expect((await refresh(s.tokens.refresh_token)).status).toBe(401);
      expect((await me(s.tokens.access_token)).status).toBe(401);
    }
    expect((await call(t, { url: '/api/logout', method: 'POST' })).status).toBe(401);
  });

  it('changes the password: current password checked, other sessions ended, this one kept', async () => {
    const { email } = await registerConfirmed(t);
    const here = await loginAs(t, email);
    const there = await loginAs(t, email);
    const url = '/api/me/password';
    const token = here.tokens.access_token;
    const wrong = await call(t, { url, token, body: { currentPassword: 'Nope1234x', newPassword: OTHER_PASSWORD } });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'CURRENT_PASSWORD_WRONG', error: ko.auth.server.currentPasswordWrong } });
    const same = await call(t, { url, token, body: { currentPassword: GOOD_PASSWORD, newPassword: GOOD_PASSWORD } });
    expect(same.body.code).toBe('PASSWORD_SAME');
    const common = await call(t, { url, token, body: { currentPassword: GOOD_PASSWORD, newPassword: 'Password123' } });
    expect(common.body).toMatchObject({ code: 'PASSWORD_COMMON', details: [{ path: 'newPassword' }] });
    const weak = await call(t, { url, token, body: { currentPassword: GOOD_PASSWORD, newPassword: 'short' } });
    expect(weak.status).toBe(400);
    const ok = await call(t, { url, token, body: { currentPassword: GOOD_PASSWORD, newPassword: OTHER_PASSWORD } });
    expect(ok).toMatchObject({ status: 200, body: { message: ko.auth.server.passwordChanged } });
    expect((await me(here.tokens.access_token)).status).toBe(200);
    expect((await me(there.tokens.access_token)).status).toBe(401);
    expect((await refresh(there.tokens.refresh_token)).status).toBe(401);
    expect((await call(t, { url: '/api/auth-login', body: { email, password: GOOD_PASSWORD } })).status).toBe(401);
    expect((await call(t, { url: '/api/auth-login', body: { email, password: OTHER_PASSWORD } })).status).toBe(200);
  });

  it('lists sessions with device, IP, last use and the current flag, and ends one', async () => {
    const { email } = await registerConfirmed(t);
    const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    const ip = nextIp();
    const a = await loginAs(t, email, GOOD_PASSWORD, ip, ua);
    const b = await loginAs(t, email);
    const list = await call(t, { url: '/api/me/sessions', token: a.tokens.access_token });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(2);
    const mine = list.body.data.find((s: { current: boolean }) => s.current);
    expect(mine).toMatchObject({ ip, user_agent: ua, device: 'Chrome · Windows', id: claimsOf(a.tokens.access_token).sid });
    expect(Date.parse(mine.last_used_at)).toBeGreaterThan(0);
    const other = String(claimsOf(b.tokens.access_token).sid);
    const del = await call(t, { url: `/api/me/sessions/${other}`, method: 'DELETE', token: a.tokens.access_token });
    expect(del).toMatchObject({ status: 200, body: { message: ko.auth.server.sessionEnded } });
    expect((await me(b.tokens.access_token)).status).toBe(401);
    const again = await call(t, { url: `/api/me/sessions/${other}`, method: 'DELETE', token: a.tokens.access_token });
    expect(again).toMatchObject({ status: 404, body: { code: 'SESSION_NOT_FOUND' } });
    const bad = await call(t, { url: '/api/me/sessions/not-a-uuid', method: 'DELETE', token: a.tokens.access_token });
    expect(bad.status).toBe(400);
    // Someone else's session cannot be ended.
    const stranger = await loginAs(t, (await registerConfirmed(t)).email);
    const foreign = await call(t, { url: `/api/me/sessions/${claimsOf(a.tokens.access_token).sid}`, method: 'DELETE', token: stranger.tokens.access_token });
    expect(foreign.status).toBe(404);
  });

  it('updates the profile, records marketing withdrawal, and returns fresh claims', async () => {
    const { email } = await registerConfirmed(t);
    const s = await loginAs(t, email);
    const res = await call(t, {
      url: '/api/me',
      method: 'PATCH',
      token: s.tokens.access_token,
      body: { full_name: 'Kim Minsu', phone: '01098765432', marketing_consent: true },
    });
    expect(res).toMatchObject({
      status: 200,
      body: { message: ko.auth.server.profileUpdated, user: { full_name: 'Kim Minsu', phone: '01098765432', marketing_consent: true } },
    });
    expect(claimsOf(res.body.access_token)).toMatchObject({ full_name: 'Kim Minsu', marketing_consent: true });
    await call(t, { url: '/api/me', method: 'PATCH', token: s.tokens.access_token, body: { marketing_consent: false } });
    const rows = await t.database.db
      .select({ granted: consents.granted })
      .from(consents)
      .where(and(eq(consents.userId, res.body.user.id), eq(consents.kind, 'marketing')))
      .orderBy(consents.id);
    expect(rows.map((r) => r.granted)).toEqual([false, true, false]);
    const bad = await call(t, { url: '/api/me', method: 'PATCH', token: s.tokens.access_token, body: { full_name: 'x' } });
    expect(bad.body.details).toContainEqual({ path: 'full_name', message: ko.auth.validation.nameMin });
  });

  it('lets an admin end all sessions of a user; others get 403', async () => {
    // The first account of an installation becomes its platform admin: run alone, this test makes that one first.
    await registerConfirmed(t);
    const { email } = await registerConfirmed(t);
    const victim = await loginAs(t, email);
    const url = `/api/admin/users/${victim.user.id}/revoke-sessions`;
    expect((await call(t, { url, method: 'POST', token: victim.tokens.access_token })).status).toBe(403);
    const admin = await loginAs(t, (await registerConfirmed(t)).email);
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    const res = await call(t, { url, method: 'POST', token: admin.tokens.access_token });
    expect(res).toMatchObject({ status: 200, body: { success: true, revoked: 1 } });
    expect((await refresh(victim.tokens.refresh_token)).status).toBe(401);
    const missing = await call(t, {
      url: '/api/admin/users/00000000-0000-4000-8000-000000000000/revoke-sessions',
      method: 'POST',
      token: admin.tokens.access_token,
    });
    expect(missing.status).toBe(404);
  });

  it('limits refreshes to 150 per 5 minutes per IP, with Retry-After', async () => {
    const ip = nextIp();
    let last;
    for (let i = 0; i < 151; i++) last = await refresh('x.y.z', ip);
    expect(last).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED', error: ko.errors.rateLimited } });
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(200);
    expect((await refresh('x.y.z', nextIp())).status).toBe(401);
  });
});

describe('clean-up of dead rows', () => {
  it('removes expired refresh tokens and long-ended sessions, keeps live ones', async () => {
    const t = await createTestApp('pglite');
    try {
      const { pruneExpired } = await import('./maintenance.repository.ts');
      const { email } = await registerConfirmed(t);
      const live = await loginAs(t, email);
      const old = await loginAs(t, email);
      const oldSid = String(claimsOf(old.tokens.access_token).sid);
      await t.database.db
        .update(authSessions)
        .set({ revokedAt: sql`now() - interval '31 days'` })
        .where(eq(authSessions.id, oldSid));
      await pruneExpired(t.database.db);
      expect(await t.database.db.select().from(authSessions).where(eq(authSessions.id, oldSid))).toEqual([]);
      expect((await call(t, { url: '/api/refresh-token', body: { refresh_token: live.tokens.refresh_token } })).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
