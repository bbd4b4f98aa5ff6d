import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { COMPANY_ENV } from '../../test-support/company-env.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';

/** The console's setup guide (admins only) and what the browser learns from the public configuration. */
describe.each(dbKinds)('integrations and public configuration (%s)', (kind) => {
  let t: TTestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: {
        SLACK_CLIENT_ID: 'cid',
        SLACK_CLIENT_SECRET: 'top-secret-value',
        LLM_BASE_URL: 'http://127.0.0.1:9/v1',
        ...COMPANY_ENV,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows platform admins which services are configured and what to set, never a value', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const res = await api(t, admin.token)('GET', '/api/admin/integrations');
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.body.integrations.map((i: { id: string }) => [i.id, i]));
    expect(Object.keys(byId)).toEqual(['slack', 'google', 'kakao', 'naver', 'mail', 'llm']);
    expect(byId.slack).toMatchObject({ configured: false });
    expect(byId.slack.variables).toEqual([
      { name: 'SLACK_CLIENT_ID', set: true, required: true },
      { name: 'SLACK_CLIENT_SECRET', set: true, required: true },
      { name: 'SLACK_SIGNING_SECRET', set: false, required: true },
    ]);
    expect(byId.llm.variables.find((v: { name: string }) => v.name === 'LLM_MODEL')).toEqual({ name: 'LLM_MODEL', set: false, required: true });
    expect(byId.google.configured).toBe(false);
    expect(JSON.stringify(res.body)).not.toContain('top-secret-value');
  });

  it('refuses members and visitors', async () => {
    const member = await signedIn(t);
    expect((await api(t, member.token)('GET', '/api/admin/integrations')).status).toBe(403);
    expect((await api(t)('GET', '/api/admin/integrations')).status).toBe(401);
  });

  it('gives the browser the company details and whether Slack can be connected, and no secret', async () => {
    const res = await api(t)('GET', '/api/auth/config');
    expect(res.body.company).toEqual({
      name: COMPANY_ENV.COMPANY_NAME,
      representative: COMPANY_ENV.COMPANY_REPRESENTATIVE,
      businessNumber: COMPANY_ENV.COMPANY_BUSINESS_NUMBER,
      mailOrderNumber: COMPANY_ENV.COMPANY_MAIL_ORDER_NUMBER,
      address: COMPANY_ENV.COMPANY_ADDRESS,
      email: COMPANY_ENV.COMPANY_EMAIL,
      phone: COMPANY_ENV.COMPANY_PHONE,
    });
    expect(res.body.slackAvailable).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain('top-secret-value');
  });
});
