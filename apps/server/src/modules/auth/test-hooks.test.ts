import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleAfterResponse } from '../../lib/after-response.ts';
import { ConfigError } from '../../config.ts';
import { createTestApp, testConfig, type TTestContext } from '../../test/helpers.ts';
import { COMPANY_ENV } from '../../test-support/company-env.ts';

const signup = (email: string, ip: string) => ({
  method: 'POST' as const,
  url: '/api/auth-signup',
  payload: { email, password: 'Zq7mLw2pXv', full_name: '홍길동', marketing_consent: false, terms: true, age_bracket: '14_or_over' },
  remoteAddress: ip,
});
const reset = (email: string) => ({ method: 'POST' as const, url: '/dev/test/reset-throttles', payload: { email } });

describe('end-to-end test hooks (E2E_TEST_HOOKS)', () => {
  let plain: TTestContext;
  let hooked: TTestContext;
  beforeAll(async () => {
    plain = await createTestApp('pglite');
    hooked = await createTestApp('pglite', { env: { E2E_TEST_HOOKS: 'true' } });
  });
  afterAll(async () => {
    await plain?.close();
    await hooked?.close();
  });

  it('the throttle reset does not exist without the flag', async () => {
    expect((await plain.app.inject(reset('a@example.com'))).statusCode).toBe(404);
  });

  it('the flag is refused in production', () => {
    expect(() => testConfig({ NODE_ENV: 'production', APP_URL: 'https://tools.example.com', E2E_TEST_HOOKS: 'true', ...COMPANY_ENV })).toThrow(ConfigError);
  });

  it('with the flag, it clears the one-a-minute mail limit of an address', async () => {
    const email = 'hook@example.com';
    await hooked.app.inject(signup(email, '10.1.1.1'));
    const forgot = () => hooked.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: '10.1.1.2' });
    const mails = async () => (await hooked.app.inject({ method: 'GET', url: `/dev/outbox?to=${email}` })).json().messages.length as number;
    await expect.poll(mails).toBe(1);
    await forgot();
    // Within the minute: silently not sent (the mail work runs after the answer; wait for it to end).
    await settleAfterResponse();
    expect(await mails()).toBe(1);
    expect((await hooked.app.inject(reset(email))).statusCode).toBe(200);
    await forgot();
    await expect.poll(mails).toBe(2);
  });
});
