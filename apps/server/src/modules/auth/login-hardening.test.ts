import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../config.ts';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { ko } from '@suite/shared';
import { GOOD_PASSWORD, nextIp, outbox, registerConfirmed, tokenOf, uniqueEmail } from './testing/auth-test-kit.ts';
import { COMPANY_ENV } from '../../test-support/company-env.ts';

type TTry = { email: string; password: string; ip?: string; cookie?: string; xff?: string };

describe.each(dbKinds)('login throttling that strangers cannot turn against the owner, on %s', (kind) => {
  let t: TTestContext;
  beforeAll(async () => {
    // As behind one nginx: one trusted hop.
    t = await createTestApp(kind, { env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const attempt = async (a: TTry) => {
    const headers: Record<string, string> = {};
    if (a.cookie) headers.cookie = a.cookie;
    if (a.xff) headers['x-forwarded-for'] = a.xff;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth-login',
      headers,
      remoteAddress: a.ip ?? nextIp(),
      payload: { email: a.email, password: a.password },
    });
    const setCookie = res.headers['set-cookie'];
    return { status: res.statusCode, body: res.json(), headers: res.headers, cookie: typeof setCookie === 'string' ? setCookie.split(';')[0]! : undefined };
  };

  it('a browser that signed in before is exempt from the account lock strangers trigger (device cookie)', async () => {
    const { email } = await registerConfirmed(t);
    const other = await registerConfirmed(t);
    const mine = await attempt({ email, password: GOOD_PASSWORD });
    expect(mine.status).toBe(200);
    expect(mine.cookie).toMatch(/^ct_dev_[0-9a-f]{16}=[\w-]+\.[\w-]{43}$/);
    expect(String(mine.headers['set-cookie'])).toContain('HttpOnly');
    const theirs = (await attempt({ email: other.email, password: GOOD_PASSWORD })).cookie!;

    // 105 wrong passwords from 21 addresses lock the account for unknown devices.
    for (let i = 0; i < 21; i++) {
      const ip = nextIp();
      for (let j = 0; j < 5; j++) await attempt({ email, password: 'Wrong1pass', ip });
    }
    const stranger = await attempt({ email, password: GOOD_PASSWORD });
    expect(stranger.status).toBe(429);
    expect(stranger.body.code).toBe('LOGIN_LOCKED');

    // The owner's browser, from a fresh address, with the right password: in.
    expect((await attempt({ email, password: GOOD_PASSWORD, cookie: mine.cookie! })).status).toBe(200);
    // Another account's cookie, or a forged one, is no device of this account.
    const [, value] = theirs.split('=');
    expect((await attempt({ email, password: GOOD_PASSWORD, cookie: `${mine.cookie!.split('=')[0]}=${value}` })).status).toBe(429);
    expect((await attempt({ email, password: GOOD_PASSWORD, cookie: `${mine.cookie!.split('=')[0]}=${'a'.repeat(24)}.${'b'.repeat(43)}` })).status).toBe(429);

    // The known device still has its own limit: 10 failures lock it.
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt({ email, password: 'Wrong1pass', cookie: mine.cookie! })).status);
    expect(statuses.slice(0, 9).every((s) => s === 401)).toBe(true);
    expect(statuses[9]).toBe(429);
    expect(statuses[10]).toBe(429);
    expect((await attempt({ email, password: GOOD_PASSWORD, cookie: mine.cookie! })).status).toBe(429);
  }, 120_000);

  it('mails the owner one single-use unlock link when strangers lock the account; the browser that opens it gets in (issue 27 item 16)', async () => {
    const { email } = await registerConfirmed(t);
    // 100 wrong passwords from 20 addresses: unknown devices are locked out of the account for an hour.
    for (let i = 0; i < 20; i++) {
      const ip = nextIp();
      for (let j = 0; j < 5; j++) await attempt({ email, password: 'Wrong1pass', ip });
    }
    const newBrowser = await attempt({ email, password: GOOD_PASSWORD });
    expect(newBrowser.status).toBe(429);
    expect(newBrowser.body).toMatchObject({ code: 'LOGIN_LOCKED', error: ko.security.loginLockedWithMail(60) });
    for (let j = 0; j < 5; j++) await attempt({ email, password: 'Wrong1pass' });

    // One mail, however many failures follow.
    const mails = (await outbox(t, email)).filter((m) => m.subject === ko.security.loginUnlockSubject);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(ko.security.loginUnlockBody(30));
    const link = mails[0]!.links[0]!;
    expect(link).toMatch(/\/auth\/unlock\?token=/);

    const unlock = async (token: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/unlock-login', remoteAddress: nextIp(), payload: { token } });
      const setCookie = res.headers['set-cookie'];
      return { status: res.statusCode, body: res.json(), cookie: typeof setCookie === 'string' ? setCookie.split(';')[0]! : undefined, raw: setCookie };
    };
    const opened = await unlock(tokenOf(link));
    expect(opened).toMatchObject({ status: 200, body: { success: true, message: ko.security.loginUnlocked } });
    expect(opened.cookie).toMatch(/^ct_dev_[0-9a-f]{16}=[\w-]+\.[\w-]{43}$/);
    expect(String(opened.raw)).toContain('Path=/api/auth-login');
    // The browser that opened the link signs in, from any address; strangers stay locked out.
    expect((await attempt({ email, password: GOOD_PASSWORD, cookie: opened.cookie! })).status).toBe(200);
    expect((await attempt({ email, password: GOOD_PASSWORD })).status).toBe(429);
    // Single use; a made-up token is refused the same way, in Korean.
    expect(await unlock(tokenOf(link))).toMatchObject({ status: 400, body: { code: 'LOGIN_UNLOCK_INVALID', error: ko.security.loginUnlockInvalid } });
    expect((await unlock('x'.repeat(43))).status).toBe(400);
  }, 120_000);

  it('limits failed logins per IP across accounts (password spraying)', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await attempt({ email: uniqueEmail('spray'), password: 'Wrong1pass', ip })).status);
    expect(statuses.slice(0, 29).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    const last = await attempt({ email: uniqueEmail('spray'), password: 'Wrong1pass', ip });
    expect(last.body.error).toMatch(/^이 네트워크에서 로그인 실패가 너무 많습니다/);
    expect(last.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await attempt({ email: uniqueEmail('spray'), password: 'Wrong1pass' })).status).toBe(401);
  }, 60_000);

  it('with TRUST_PROXY=1 the client address is the one the proxy saw: a made-up X-Forwarded-For does not escape a lock', async () => {
    const { email } = await registerConfirmed(t);
    const proxy = '127.0.0.1';
    for (let i = 0; i < 5; i++) await attempt({ email, password: 'Wrong1pass', ip: proxy, xff: `198.51.100.${i}, 203.0.113.9` });
    const escape = await attempt({ email, password: GOOD_PASSWORD, ip: proxy, xff: '198.51.100.77, 203.0.113.9' });
    expect(escape.status).toBe(429);
    // A different real client behind the same proxy signs in.
    expect((await attempt({ email, password: GOOD_PASSWORD, ip: proxy, xff: '203.0.113.10' })).status).toBe(200);
  });

  it('forgot-password and resend-confirmation answer alike for a just-registered, a throttled and an unknown address', async () => {
    const { email } = await registerConfirmed(t);
    const ghost = uniqueEmail('ghost');
    const strip = (h: Record<string, unknown>) =>
      Object.keys(h)
        .filter((k) => !['x-request-id', 'date', 'content-length'].includes(k))
        .sort();
    for (const url of ['/api/auth/forgot-password', '/api/auth/resend-confirmation']) {
      const answers = [];
      for (const who of [email, email, ghost]) {
        const res = await t.app.inject({ method: 'POST', url, remoteAddress: nextIp(), payload: { email: who } });
        answers.push({ status: res.statusCode, body: res.json(), headers: strip(res.headers) });
      }
      expect(answers[0]).toEqual(answers[2]);
      expect(answers[1]).toEqual(answers[2]);
      expect(answers[0]!.status).toBe(200);
    }
  });
});

describe('TRUST_PROXY takes what Fastify takes', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: 'memory-unused', AUTH_SECRET: 'x'.repeat(48), ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64') };
  it.each([
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.0/8', ['10.0.0.0/8']],
    ['10.0.0.0/8, 192.168.1.10,::1', ['10.0.0.0/8', '192.168.1.10', '::1']],
    ['true', true],
  ])('%s', (value, expected) => {
    expect(loadConfig({ ...base, TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('refuses nonsense and refuses `true` in production, saying why', () => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
    const prod = { ...base, ...COMPANY_ENV, NODE_ENV: 'production', APP_URL: 'https://example.com', TRUST_PROXY: 'true' };
    expect(() => loadConfig(prod)).toThrow(ConfigError);
    expect(() => loadConfig(prod)).toThrow(/TRUST_PROXY: 운영 환경에서는 true를 쓸 수 없습니다.*X-Forwarded-For/s);
    expect(loadConfig({ ...prod, TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });
});
