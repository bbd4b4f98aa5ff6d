import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestContext } from '../../test/helpers.ts';
import { COMPANY_ENV } from '../../test-support/company-env.ts';

describe('development outbox', () => {
  let dev: TTestContext;
  let prod: TTestContext;
  beforeAll(async () => {
    dev = await createTestApp('pglite');
    prod = await createTestApp('pglite', { env: { NODE_ENV: 'production', APP_URL: 'https://tools.example.com', LOG_LEVEL: 'silent', ...COMPANY_ENV } });
  });
  afterAll(async () => {
    await dev?.close();
    await prod?.close();
  });

  it('lists kept mail newest first, filtered by recipient', async () => {
    const body = (email: string) => ({ email, password: 'Zq7mLw2pXv', full_name: '홍길동', marketing_consent: false, terms: true, age_bracket: '14_or_over' });
    await dev.app.inject({ method: 'POST', url: '/api/auth-signup', payload: body('one@example.com') });
    await dev.app.inject({ method: 'POST', url: '/api/auth-signup', payload: body('two@example.com'), remoteAddress: '10.9.9.9' });
    const all = (await dev.app.inject({ method: 'GET', url: '/dev/outbox' })).json();
    expect(all.messages.map((m: { to: string }) => m.to)).toEqual(['two@example.com', 'one@example.com']);
    const one = (await dev.app.inject({ method: 'GET', url: '/dev/outbox?to=ONE@example.com' })).json();
    expect(one.messages).toHaveLength(1);
    expect(one.messages[0].links[0]).toMatch(/\/auth\/confirm\?token=/);
  });

  it('does not exist in production', async () => {
    const res = await prod.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(404);
  });
});
