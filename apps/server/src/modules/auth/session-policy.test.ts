import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { ko } from '@suite/shared';
import { loadConfig, parseDuration } from '../../config.ts';
import { createTestApp, dbKinds, movableClock, type TTestContext } from '../../test/helpers.ts';
import { call, claimsOf, loginAs, registerConfirmed } from './testing/auth-test-kit.ts';

const MIN = 60_000;

describe('session durations', () => {
  it('reads 30d, 12h, 45m and 20s and refuses anything else with the variable name', () => {
    expect([parseDuration('30d'), parseDuration('12h'), parseDuration('45m'), parseDuration('20s')]).toEqual([
      30 * 86_400_000,
      12 * 3_600_000,
      45 * MIN,
      20_000,
    ]);
    expect(parseDuration('0s')).toBeUndefined();
    expect(parseDuration('1w')).toBeUndefined();
    expect(() => loadConfig({ NODE_ENV: 'test', SESSION_MAX_AGE: '30 days', DATA_DIR: '/tmp/x-accounts' })).toThrow(/SESSION_MAX_AGE/);
    const c = loadConfig({ NODE_ENV: 'test', AUTH_SECRET: 'x'.repeat(40), ENCRYPTION_KEY: Buffer.alloc(32).toString('base64'), DATA_DIR: '/tmp/x-accounts' });
    expect(c.session).toEqual({ maxAgeMs: 30 * 86_400_000, idleTimeoutMs: 7 * 86_400_000, maxConcurrent: 10 });
  });
});

describe.each(dbKinds)('session lifetime on %s', (kind) => {
  let t: TTestContext;
  const clock = movableClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { SESSION_MAX_AGE: '1h', SESSION_IDLE_TIMEOUT: '20m', SESSION_MAX_CONCURRENT: '3' }, now: clock.now });
  });
  afterAll(async () => {
    await t?.close();
  });

  const refresh = (token: string) => call(t, { url: '/api/refresh-token', body: { refresh_token: token } });
  const me = (token: string) => call(t, { url: '/api/me', token });
  const rows = async <T>(q: SQL) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

  it('ends at its absolute lifetime although it was refreshed all along', async () => {
    const { email } = await registerConfirmed(t);
    const s = await loginAs(t, email);
    const firstExp = claimsOf(s.tokens.refresh_token).exp;
    let tokens = s.tokens;
    for (let i = 0; i < 3; i++) {
      clock.advance(15 * MIN);
      const r = await refresh(tokens.refresh_token);
      expect(r.status).toBe(200);
      tokens = r.body.tokens;
      // Rotation never moves the end.
      expect(claimsOf(tokens.refresh_token).exp).toBe(firstExp);
    }
    expect((await me(tokens.access_token)).status).toBe(200);
    clock.advance(15 * MIN + 1_000);
    const late = await refresh(tokens.refresh_token);
    expect(late).toMatchObject({ status: 401, body: { code: 'SESSION_EXPIRED', error: ko.accounts.server.sessionExpired } });
    expect((await me(tokens.access_token)).status).toBe(401);
    // Signing in again starts a new session.
    expect((await me((await loginAs(t, email)).tokens.access_token)).status).toBe(200);
  });

  it('ends after the idle timeout without a refresh', async () => {
    const { email } = await registerConfirmed(t);
    const s = await loginAs(t, email);
    clock.advance(19 * MIN);
    const r = await refresh(s.tokens.refresh_token);
    expect(r.status).toBe(200);
    clock.advance(20 * MIN + 1_000);
    expect((await me(r.body.tokens.access_token)).status).toBe(401);
    expect(await refresh(r.body.tokens.refresh_token)).toMatchObject({ status: 401, body: { code: 'SESSION_EXPIRED' } });
  });

  it('keeps at most SESSION_MAX_CONCURRENT live sessions, ending the oldest first', async () => {
    const { email } = await registerConfirmed(t);
    const sessions = [];
    for (let i = 0; i < 4; i++) {
      sessions.push(await loginAs(t, email));
      clock.advance(1_000);
    }
    expect((await me(sessions[0]!.tokens.access_token)).status).toBe(401);
    expect((await refresh(sessions[0]!.tokens.refresh_token)).status).toBe(401);
    const list = await call(t, { url: '/api/me/sessions', token: sessions[3]!.tokens.access_token });
    expect(list.body.data).toHaveLength(3);
    for (const s of sessions.slice(1)) expect((await me(s.tokens.access_token)).status).toBe(200);
  });

  it('a sign-in writes its session, one refresh token, the last-login time and one audit row together', async () => {
    const { email, user } = await registerConfirmed(t);
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from audit_log where actor_id = ${user.id} and action = 'auth.login'`);
    clock.advance(5_000);
    const at = clock.now();
    const signedIn = await loginAs(t, email, undefined, '203.0.113.7', 'Login-Test/1.0');
    const sid = claimsOf(signedIn.tokens.access_token).sid as string;
    const [session] = await rows<{ ip: string; user_agent: string; created_at: string | Date; last_used_at: string | Date; tokens: number }>(
      sql`select ip, user_agent, created_at, last_used_at, (select count(*)::int from refresh_tokens r where r.session_id = s.id) as tokens from auth_sessions s where id = ${sid}`,
    );
    expect(session).toMatchObject({ ip: '203.0.113.7', user_agent: 'Login-Test/1.0', tokens: 1 });
    expect(new Date(session!.created_at).getTime()).toBe(at.getTime());
    expect(new Date(session!.last_used_at).getTime()).toBe(at.getTime());
    const [who] = await rows<{ last_login_at: string | Date }>(sql`select last_login_at from users where id = ${user.id}`);
    expect(new Date(who!.last_login_at).getTime()).toBe(at.getTime());
    const audit = await rows<{ ip: string; metadata: { provider: string; userAgent: string } | string }>(
      sql`select ip, metadata from audit_log where actor_id = ${user.id} and action = 'auth.login' order by id desc`,
    );
    expect(audit).toHaveLength(before[0]!.n + 1);
    const meta = typeof audit[0]!.metadata === 'string' ? JSON.parse(audit[0]!.metadata) : audit[0]!.metadata;
    expect({ ip: audit[0]!.ip, ...meta }).toEqual({ ip: '203.0.113.7', provider: 'email', userAgent: 'Login-Test/1.0' });
    // A wrong password writes none of it.
    clock.advance(5_000);
    expect((await call(t, { url: '/api/auth-login', body: { email, password: 'Wrong-pass-123' } })).status).toBe(401);
    const [still] = await rows<{ last_login_at: string | Date }>(sql`select last_login_at from users where id = ${user.id}`);
    expect(new Date(still!.last_login_at).getTime()).toBe(at.getTime());
  });
});
