/**
 * Issue 27 item 4: wrong second-step codes are counted per account and per IP across sign-ins (in the shared state,
 * Redis with REDIS_URL), not only per mfaToken; the lock refuses even the right code, mails the owner once, and
 * a password reset lifts it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { createTestApp, dbKinds, movableClock, type TTestContext } from '../../test/helpers.ts';
import { call, GOOD_PASSWORD, loginAs, minutePassed, nextIp, OTHER_PASSWORD, outbox, registerConfirmed, tokenOf } from './testing/auth-test-kit.ts';
import { stepOf, totpAt } from './totp.ts';

describe.each(dbKinds)('limits on the second step across sign-ins, on %s', (kind) => {
  let t: TTestContext;
  const clock = movableClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { now: clock.now });
    await registerConfirmed(t); // the instance's first account (its platform admin) is not the one under test
  });
  afterAll(async () => {
    await t?.close();
  });

  const code = (secret: string) => totpAt(secret, stepOf(clock.now().getTime()));
  /** A six-digit code that matches none of the steps the server accepts now. */
  const wrong = (secret: string) => {
    const s = stepOf(clock.now().getTime());
    const near = [s - 1, s, s + 1].map((x) => totpAt(secret, x));
    return ['000000', '111111', '222222', '333333'].find((c) => !near.includes(c))!;
  };

  async function withTotp() {
    const { email, user } = await registerConfirmed(t);
    const token = (await loginAs(t, email)).tokens.access_token;
    const setup = await call(t, { url: '/api/me/second-factor/totp', method: 'POST', token });
    const secret = setup.body.secret as string;
    expect((await call(t, { url: '/api/me/second-factor/totp/confirm', body: { code: code(secret) }, token })).status).toBe(200);
    clock.advance(30_000);
    return { email, secret, userId: user.id as string };
  }

  const firstStep = async (email: string, ip = nextIp()) => {
    const res = await call(t, { url: '/api/auth-login', body: { email, password: GOOD_PASSWORD }, ip });
    expect(res.body.mfaRequired).toBe(true);
    return res.body.mfaToken as string;
  };
  const secondStep = (mfaToken: string, c: string, ip = nextIp()) => call(t, { url: '/api/auth/second-factor', body: { mfaToken, code: c }, ip });

  it('wrong codes over several sign-ins lock the code step: the right code is refused with a Korean 429; one mail; a reset lifts it', async () => {
    const { email, secret } = await withTotp();
    const statuses: number[] = [];
    // Four wrong codes per sign-in (under the per-token cap of 5), three sign-ins, each from another address.
    for (let s = 0; s < 3; s++) {
      const mfaToken = await firstStep(email);
      for (let i = 0; i < 4; i++) statuses.push((await secondStep(mfaToken, wrong(secret))).status);
    }
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(400));
    expect(statuses.slice(9)).toEqual([429, 429, 429]);

    // A new sign-in with the right code, while locked: refused, in Korean, with Retry-After.
    const locked = await secondStep(await firstStep(email), code(secret));
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('SECOND_FACTOR_LOCKED');
    expect(locked.body.error).toBe(ko.security.secondStepLocked(15));
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);

    // The owner is told once, with a way to change the password.
    const mails = (await outbox(t, email)).filter((m) => m.subject === ko.security.secondStepLockSubject);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(ko.security.secondStepLockBody(15));
    expect(mails[0]!.links[0]).toMatch(/\/forgot-password$/);
    await secondStep(await firstStep(email), wrong(secret));
    expect((await outbox(t, email)).filter((m) => m.subject === ko.security.secondStepLockSubject)).toHaveLength(1);

    // The lock does not block the owner's password reset, and the reset lifts it.
    await minutePassed(t, email);
    expect((await call(t, { url: '/api/auth/forgot-password', body: { email } })).status).toBe(200);
    const link = (await outbox(t, email)).find((m) => m.subject === ko.auth.mail.resetSubject)?.links[0] ?? '';
    expect(link).toContain('/reset-password?token=');
    expect((await call(t, { url: '/api/auth/reset-password', body: { token: tokenOf(link), password: OTHER_PASSWORD } })).status).toBe(200);
    const first = await call(t, { url: '/api/auth-login', body: { email, password: OTHER_PASSWORD } });
    const done = await secondStep(first.body.mfaToken, code(secret));
    expect(done.status).toBe(200);
    expect(done.body.tokens.access_token).toBeTruthy();
  }, 60_000);

  it('parallel wrong codes on many sign-ins cannot slip past the cap: at most ten are checked, one mail', async () => {
    const { email, secret } = await withTotp();
    const tokens: string[] = [];
    for (let s = 0; s < 12; s++) tokens.push(await firstStep(email));
    // 60 requests at once, five per sign-in, each from its own address: every one is counted before it is checked.
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => secondStep(tokens[i % tokens.length]!, wrong(secret))));
    const checked = results.filter((r) => r.status === 400);
    expect(checked.every((r) => r.body.code === 'SECOND_FACTOR_CODE_INVALID')).toBe(true);
    expect(checked.length).toBeLessThanOrEqual(9);
    expect(results.filter((r) => r.status === 429).every((r) => r.body.code === 'SECOND_FACTOR_LOCKED')).toBe(true);
    expect((await secondStep(await firstStep(email), code(secret))).status).toBe(429);
    // The lock mail goes out after the answer: outbox() first waits for that work (settleAfterResponse).
    expect((await outbox(t, email)).filter((m) => m.subject === ko.security.secondStepLockSubject)).toHaveLength(1);
  }, 60_000);

  it('a second lock lasts twice as long', async () => {
    const { email, secret, userId } = await withTotp();
    const lockOnce = async () => {
      let last = { status: 0, body: {} as Record<string, unknown>, headers: {} as Record<string, unknown> };
      for (let s = 0; s < 3 && last.status !== 429; s++) {
        const mfaToken = await firstStep(email);
        for (let i = 0; i < 4 && last.status !== 429; i++) last = await secondStep(mfaToken, wrong(secret));
      }
      return last;
    };
    expect((await lockOnce()).body.error).toBe(ko.security.secondStepLocked(15));
    // As if the first lock ran out (the shared state's own clock): the next ten wrong codes lock for 30 minutes.
    await t.state.reset(`rl:mfa-lock:${userId}`);
    const second = await lockOnce();
    expect(second.body.error).toBe(ko.security.secondStepLocked(30));
  }, 60_000);

  it('limits wrong codes from one address across accounts', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let a = 0; a < 4; a++) {
      const { email, secret } = await withTotp();
      for (let s = 0; s < 2; s++) {
        const mfaToken = await firstStep(email);
        for (let i = 0; i < 4; i++) statuses.push((await secondStep(mfaToken, wrong(secret), ip)).status);
      }
    }
    // 8 per account stay under the account's limit; the address's 30 do not.
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    const { email, secret } = await withTotp();
    const refused = await secondStep(await firstStep(email), code(secret), ip);
    expect(refused).toMatchObject({ status: 429, body: { code: 'SECOND_FACTOR_LOCKED', error: ko.security.secondStepIpLimited(15) } });
    expect((await secondStep(await firstStep(email), code(secret))).status).toBe(200);
  }, 60_000);
});
