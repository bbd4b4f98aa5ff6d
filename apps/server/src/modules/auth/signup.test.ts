import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko, TERMS_VERSION } from '@suite/shared';
import { consents, users } from '../../db/schema.ts';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { call, claimsOf, GOOD_PASSWORD, loginAs, minutePassed, outbox, signupBody, tokenOf, uniqueEmail } from './testing/auth-test-kit.ts';
import { privacyConsentVersion } from '../privacy/policy.service.ts';

const v = ko.auth.validation;

describe.each(dbKinds)('sign-up and email confirmation on %s', (kind) => {
  let t: TTestContext;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('makes the first account of an empty instance an admin, later ones users', async () => {
    const first = uniqueEmail('first');
    const a = await call(t, { url: '/api/auth-signup', body: signupBody(first) });
    expect(a.status).toBe(200);
    expect(a.body.user.role).toBe('admin');
    const b = await call(t, { url: '/api/auth-signup', body: signupBody(uniqueEmail()) });
    expect(b.body.user.role).toBe('user');
  });

  it.each([
    [{ full_name: '홍' }, 'full_name', v.nameMin],
    [{ full_name: 'a'.repeat(41) }, 'full_name', v.nameMax],
    [{ full_name: '홍길동1' }, 'full_name', v.nameChars],
    [{ email: '' }, 'email', v.emailRequired],
    [{ email: 'not-an-email' }, 'email', v.emailFormat],
    [{ email: `${'a'.repeat(95)}@x.com` }, 'email', v.emailMax],
    [{ phone: '02-123-4567' }, 'phone', v.phoneFormat],
    [{ password: 'Ab1' }, 'password', v.passwordMin],
    [{ password: 'abcdefg1' }, 'password', v.passwordRule],
    [{ password: 'Abcdefg1#' }, 'password', v.passwordRule],
    [{ terms: false }, 'terms', v.termsRequired],
  ])('refuses %j with the Korean message on %s', async (override, path, message) => {
    const res = await call(t, { url: '/api/auth-signup', body: signupBody(uniqueEmail(), override) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details).toContainEqual({ path, message });
  });

  it('refuses passwords from the common list, compared case-insensitively', async () => {
    for (const password of ['Password1', 'Qwer1234', 'ILoveYou1']) {
      const res = await call(t, { url: '/api/auth-signup', body: signupBody(uniqueEmail(), { password }) });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'PASSWORD_COMMON', error: v.passwordCommon });
    }
  });

  it('needs confirmation, records consents, and confirms through the mailed link once', async () => {
    const email = uniqueEmail('Confirm').toUpperCase();
    const res = await call(t, { url: '/api/auth-signup', body: signupBody(email, { marketing_consent: true }) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      needsEmailConfirmation: true,
      message: ko.auth.server.signupNeedsConfirmation,
      instructions: ko.auth.server.signupInstructions,
      user: { email: email.toLowerCase(), full_name: '홍길동', provider: 'email', email_verified: false, marketing_consent: true },
    });
    expect(res.body.tokens).toBeUndefined();

    const [row] = await t.database.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const rows = await t.database.db.select().from(consents).where(eq(consents.userId, row!.id));
    expect(rows.map((r) => [r.kind, r.granted, r.termsVersion]).sort()).toEqual([
      ['age14', true, TERMS_VERSION],
      ['marketing', true, TERMS_VERSION],
      ['privacy', true, privacyConsentVersion()],
      ['terms', true, TERMS_VERSION],
    ]);

    const early = await call(t, { url: '/api/auth-login', body: { email, password: GOOD_PASSWORD } });
    expect(early.status).toBe(403);
    expect(early.body).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED', error: ko.auth.server.emailNotConfirmed });

    const [mail] = await outbox(t, email.toLowerCase());
    expect(mail?.subject).toBe(ko.auth.mail.confirmSubject);
    const link = mail!.links[0]!;
    expect(link).toMatch(new RegExp(`^${t.config.appUrl}/auth/confirm\\?token=`));
    expect(mail!.text).toContain(link);

    const ok = await call(t, { url: '/api/auth/confirm-email', body: { token: tokenOf(link) } });
    expect(ok).toMatchObject({ status: 200, body: { success: true, message: ko.auth.server.emailConfirmed } });
    const again = await call(t, { url: '/api/auth/confirm-email', body: { token: tokenOf(link) } });
    expect(again).toMatchObject({ status: 400, body: { code: 'TOKEN_INVALID', error: ko.auth.server.tokenInvalid } });

    const session = await loginAs(t, email.toLowerCase());
    expect(claimsOf(session.tokens.access_token).email_verified).toBe(true);
  });

  it('answers a sign-up with a taken address exactly as a new one and mails the owner', async () => {
    const email = uniqueEmail('taken');
    const first = await call(t, { url: '/api/auth-signup', body: signupBody(email) });
    await call(t, { url: '/api/auth/confirm-email', body: { token: tokenOf((await outbox(t, email))[0]!.links[0]!) } });
    const fresh = await call(t, { url: '/api/auth-signup', body: signupBody(uniqueEmail('fresh')) });
    // The per-address mail limit (once a minute) would hold back the owner's mail in this same minute.
    await minutePassed(t, email);
    const dup = await call(t, { url: '/api/auth-signup', body: signupBody(email) });
    const shape = (b: Record<string, unknown> & { user: Record<string, unknown> }) => ({
      ...b,
      user: { ...b.user, id: typeof b.user.id, email: typeof b.user.email, created_at: typeof b.user.created_at, role: typeof b.user.role },
    });
    expect(dup.status).toBe(fresh.status);
    expect(shape(dup.body)).toEqual(shape(fresh.body));
    expect(dup.body.user.id).not.toBe(first.body.user.id);
    const mails = await outbox(t, email);
    expect(mails[0]?.subject).toBe(ko.auth.mail.existingSubject);
  });

  it('resends confirmation with the same answer for unknown addresses, at most once a minute per address', async () => {
    const email = uniqueEmail('resend');
    await call(t, { url: '/api/auth-signup', body: signupBody(email) });
    const unknown = await call(t, { url: '/api/auth/resend-confirmation', body: { email: uniqueEmail('nobody') } });
    expect(unknown).toMatchObject({ status: 200, body: { success: true, message: ko.auth.server.confirmSent } });
    // The sign-up mail counts: a resend in the same minute sends nothing, but answers exactly as for anyone (issue 11).
    const tooSoon = await call(t, { url: '/api/auth/resend-confirmation', body: { email } });
    expect(tooSoon.status).toBe(200);
    expect(tooSoon.body).toEqual(unknown.body);
    expect(tooSoon.headers['retry-after']).toBeUndefined();
    expect(await outbox(t, email)).toHaveLength(1);
  });

  it('lists the routes in the OpenAPI document under the auth tag', async () => {
    const doc = (await call(t, { url: '/api/openapi.json' })).body;
    for (const path of [
      '/api/auth-signup',
      '/api/auth-login',
      '/api/refresh-token',
      '/api/logout',
      '/api/me',
      '/api/me/password',
      '/api/me/sessions',
      '/api/me/sessions/{id}',
      '/api/auth/confirm-email',
      '/api/auth/resend-confirmation',
      '/api/auth/forgot-password',
      '/api/auth/reset-password',
      '/api/google-login',
      '/api/google-signup',
      '/api/auth/config',
      '/api/admin/users/{id}/revoke-sessions',
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
      const ops = Object.values(doc.paths[path]) as { tags: string[] }[];
      expect(ops.every((o) => o.tags.includes('auth'))).toBe(true);
    }
  });
});

describe('sign-up without email confirmation', () => {
  let t: TTestContext;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs in at once and refuses a taken address with 409', async () => {
    const email = uniqueEmail();
    const res = await call(t, { url: '/api/auth-signup', body: signupBody(email) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: ko.auth.server.signupSuccess, user: { email } });
    expect(res.body.tokens.access_token.split('.')).toHaveLength(3);
    const me = await call(t, { url: '/api/me', token: res.body.tokens.access_token });
    expect(me.body.user.email).toBe(email);
    const dup = await call(t, { url: '/api/auth-signup', body: signupBody(email) });
    expect(dup).toMatchObject({ status: 409, body: { code: 'ALREADY_REGISTERED', error: ko.auth.server.alreadyRegistered } });
    const cfg = await call(t, { url: '/api/auth/config' });
    expect(cfg.body).toMatchObject({ googleClientId: null, requireEmailConfirmation: false, slackAvailable: false });
    expect(Object.values(cfg.body.company).every((v) => v === null)).toBe(true);
  });
});
