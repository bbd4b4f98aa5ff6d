import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { users } from '../../db/schema.ts';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { call, GOOD_PASSWORD, loginAs, registerConfirmed, signupBody, uniqueEmail } from './testing/auth-test-kit.ts';

describe.each(dbKinds)('session control and password rules on %s', (kind) => {
  let t: TTestContext;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await registerConfirmed(t);
    adminToken = (await loginAs(t, admin.email)).tokens.access_token;
  });
  afterAll(async () => {
    await t?.close();
  });

  const me = (token: string) => call(t, { url: '/api/me', token });

  it('ending the other sessions asks for the password again and keeps this one', async () => {
    const { email } = await registerConfirmed(t);
    const a = await loginAs(t, email);
    const b = await loginAs(t, email);
    const url = '/api/me/sessions/end-others';
    expect(await call(t, { url, body: {}, token: a.tokens.access_token })).toMatchObject({ status: 400, body: { code: 'REAUTH_FAILED' } });
    expect((await call(t, { url, body: { password: 'Wrong1pass' }, token: a.tokens.access_token })).status).toBe(400);
    expect((await me(b.tokens.access_token)).status).toBe(200);
    const ok = await call(t, { url, body: { password: GOOD_PASSWORD }, token: a.tokens.access_token });
    expect(ok).toMatchObject({ status: 200, body: { count: 1, message: ko.accounts.server.otherSessionsEnded(1) } });
    expect((await me(b.tokens.access_token)).status).toBe(401);
    expect((await me(a.tokens.access_token)).status).toBe(200);
  });

  it("a platform admin ends everyone's sessions (but their own); others may not", async () => {
    const u = await registerConfirmed(t);
    const s = await loginAs(t, u.email);
    expect((await call(t, { url: '/api/admin/sessions/revoke-all', method: 'POST', token: s.tokens.access_token })).status).toBe(403);
    const res = await call(t, { url: '/api/admin/sessions/revoke-all', method: 'POST', token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.count).toBeGreaterThanOrEqual(1);
    expect((await me(s.tokens.access_token)).status).toBe(401);
    expect((await me(adminToken)).status).toBe(200);
  });

  it("a suspended or deleted user's calendar feed stops", async () => {
    const u = await registerConfirmed(t);
    const token = (await loginAs(t, u.email)).tokens.access_token;
    const made = await call(t, { url: '/api/me/calendar-feed', method: 'POST', token });
    expect(made.status).toBe(201);
    const path = new URL(made.body.url as string).pathname;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    await t.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, u.user.id));
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    await t.database.db.update(users).set({ status: 'active', deletedAt: new Date() }).where(eq(users.id, u.user.id));
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
  });

  it.each([
    ['the product name', 'CompanyTools7'],
    ['the email local part', 'Kimchul77x'],
    ['the name', 'Zq7Hongildong'],
  ])('refuses a password containing %s (the form rules unchanged)', async (_label, password) => {
    const email = `kimchul77x@${uniqueEmail('d').split('@')[0]}.example.org`;
    const res = await call(t, { url: '/api/auth-signup', body: signupBody(email, { password, full_name: 'Hong Gildong' }) });
    if (password === 'Zq7Hongildong') {
      // 'Hong Gildong' → 'honggildong'; parts of 3+ letters ('hong', 'gildong') count too.
      const byPart = await call(t, { url: '/api/auth-signup', body: signupBody(uniqueEmail('p'), { password: 'Gildong12a', full_name: 'Hong Gildong' }) });
      expect(byPart).toMatchObject({ status: 400, body: { code: 'PASSWORD_PERSONAL' } });
    }
    expect(res).toMatchObject({
      status: 400,
      body: { code: 'PASSWORD_PERSONAL', details: [{ path: 'password', message: ko.accounts.server.passwordPersonal }] },
    });
  });
});
