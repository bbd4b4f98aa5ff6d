import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, movableClock, type TTestContext } from '../../test/helpers.ts';
import { deliveriesOf, inboxOf, runAllDue } from '../notifications/testing/notices-test-kit.ts';
import { networkOf } from './security-notices.ts';
import { call, GOOD_PASSWORD, loginAs, OTHER_PASSWORD, outbox, registerConfirmed } from './testing/auth-test-kit.ts';
import { stepOf, totpAt } from './totp.ts';
import { settleAfterResponse } from '../../lib/after-response.ts';

/** 2026-12-01 23:30 in Seoul (14:30 UTC): inside the default quiet hours (22:00–08:00). */
const NIGHT_SEOUL = Date.parse('2026-12-01T14:30:00Z');
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const FIREFOX_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('networkOf', () => {
  it('groups IPv4 by /24 and IPv6 by /64', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113');
    expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113');
    expect(networkOf('2001:db8:0:12::1')).toBe('2001:db8:0:12');
    expect(networkOf('2001:0db8:0000:0012:abcd::9')).toBe('2001:db8:0:12');
    expect(networkOf('::1')).toBe('0:0:0:0');
  });
});

describe.each(dbKinds)('security notices on %s', (kind) => {
  const clock = movableClock(NIGHT_SEOUL);
  let t: TTestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: clock.now, jobs: false });
  });
  afterAll(async () => t?.close());

  const TITLES = ['새 기기에서 로그인했습니다', '비밀번호가 변경되었습니다', '2단계 인증 수단이 추가되었습니다', '2단계 인증 수단이 삭제되었습니다'];
  const securityMails = async (email: string) => (await outbox(t, email)).filter((m) => TITLES.some((x) => m.subject === `[컴퍼니 툴즈] ${x}`));

  it('a sign-in from a new device or network is noticed at once, even in quiet hours; a known one is not', async () => {
    const { email, user } = await registerConfirmed(t);
    // The first sign-in of an account, then the same browser on the same network: nothing new.
    await loginAs(t, email, GOOD_PASSWORD, '198.51.100.10', CHROME_MAC);
    const token = (await loginAs(t, email, GOOD_PASSWORD, '198.51.100.20', CHROME_MAC)).tokens.access_token;
    // The check runs after the sign-in's answer.
    await settleAfterResponse();
    expect(await inboxOf(t, token)).toEqual([]);
    // Another browser, and the known browser on another network: one notice each.
    await loginAs(t, email, GOOD_PASSWORD, '198.51.100.30', FIREFOX_WIN);
    await settleAfterResponse();
    clock.advance(60_000);
    await loginAs(t, email, GOOD_PASSWORD, '192.0.2.5', CHROME_MAC);
    await settleAfterResponse();
    const notices = await inboxOf(t, token);
    expect(notices.map((n) => [n.event, n.title, n.link])).toEqual([
      ['security.new-sign-in', '새 기기에서 로그인했습니다', '/settings'],
      ['security.new-sign-in', '새 기기에서 로그인했습니다', '/settings'],
    ]);
    expect(notices[1]!.body).toContain('Firefox');
    expect(notices[1]!.body).toContain('198.51.100.30');
    expect(notices[0]!.body).toContain('192.0.2.5');
    // 23:30 in Seoul, yet the mails are not held: security notices are urgent.
    expect(await deliveriesOf(t.database.db, user.id, 'security.new-sign-in')).toEqual(['inApp:sent', 'inApp:sent', 'mail:pending', 'mail:pending']);
    expect(await runAllDue(t)).toBe(2);
    expect(await deliveriesOf(t.database.db, user.id, 'security.new-sign-in')).toEqual(['inApp:sent', 'inApp:sent', 'mail:sent', 'mail:sent']);
    expect((await securityMails(email)).map((m) => m.subject)).toEqual([
      '[컴퍼니 툴즈] 새 기기에서 로그인했습니다',
      '[컴퍼니 툴즈] 새 기기에서 로그인했습니다',
    ]);
  });

  it('a device used before the newest ten sessions is still known; a new network past them is noticed', async () => {
    const { email } = await registerConfirmed(t);
    // The oldest session: Chrome on a Mac. Then eleven sign-ins with Firefox on Windows from one other network.
    await loginAs(t, email, GOOD_PASSWORD, '203.0.113.10', CHROME_MAC);
    let token = '';
    for (let i = 1; i <= 11; i++) {
      clock.advance(1_000);
      token = (await loginAs(t, email, GOOD_PASSWORD, `198.18.0.${i}`, FIREFOX_WIN)).tokens.access_token;
    }
    await settleAfterResponse();
    const newSignIns = async () => (await inboxOf(t, token)).filter((x) => x.event === 'security.new-sign-in').map((x) => x.body);
    // Firefox's first sign-in was new; its ten others were not.
    expect(await newSignIns()).toHaveLength(1);
    // Chrome on the Mac's network again: known, though only from a session older than the newest ten.
    clock.advance(1_000);
    token = (await loginAs(t, email, GOOD_PASSWORD, '203.0.113.99', CHROME_MAC)).tokens.access_token;
    await settleAfterResponse();
    expect(await newSignIns()).toHaveLength(1);
    // Chrome on a network none of the stored sessions came from: new.
    clock.advance(1_000);
    token = (await loginAs(t, email, GOOD_PASSWORD, '192.0.2.77', CHROME_MAC)).tokens.access_token;
    await settleAfterResponse();
    const bodies = await newSignIns();
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toContain('192.0.2.77');
    // Their mails go out (the next test counts its own).
    expect(await runAllDue(t)).toBe(2);
  });

  it('a password change and a second factor added and removed are noticed, with a link to the settings', async () => {
    const { email, user } = await registerConfirmed(t);
    const token = (await loginAs(t, email, GOOD_PASSWORD, '198.51.100.40', CHROME_MAC)).tokens.access_token;
    const changed = await call(t, { url: '/api/me/password', body: { currentPassword: GOOD_PASSWORD, newPassword: OTHER_PASSWORD }, token });
    expect(changed.status).toBe(200);
    clock.advance(60_000);
    const setup = await call(t, { url: '/api/me/second-factor/totp', method: 'POST', token });
    const code = totpAt(setup.body.secret as string, stepOf(clock.now().getTime()));
    expect((await call(t, { url: '/api/me/second-factor/totp/confirm', body: { code }, token })).status).toBe(200);
    clock.advance(60_000);
    expect((await call(t, { url: '/api/me/second-factor/totp/remove', body: { password: OTHER_PASSWORD }, token })).status).toBe(200);
    const notices = await inboxOf(t, token);
    expect(notices.map((n) => [n.event, n.title, n.link])).toEqual([
      ['security.second-factor-changed', '2단계 인증 수단이 삭제되었습니다', '/settings'],
      ['security.second-factor-changed', '2단계 인증 수단이 추가되었습니다', '/settings'],
      ['security.password-changed', '비밀번호가 변경되었습니다', '/settings'],
    ]);
    expect(notices[0]!.body).toContain('인증 앱');
    expect(await runAllDue(t)).toBe(3);
    expect(await deliveriesOf(t.database.db, user.id, 'security.password-changed')).toEqual(['inApp:sent', 'mail:sent']);
    expect((await securityMails(email)).map((m) => m.subject).sort()).toEqual([
      '[컴퍼니 툴즈] 2단계 인증 수단이 삭제되었습니다',
      '[컴퍼니 툴즈] 2단계 인증 수단이 추가되었습니다',
      '[컴퍼니 툴즈] 비밀번호가 변경되었습니다',
    ]);
  });
});
