/** GET/PATCH /api/me/consents (issue 32, 정보통신망법 제50조): state, history, withdrawal, the night-time rule, the mail. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko, TERMS_VERSION } from '@suite/shared';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { COMPANY_ENV } from '../../test-support/company-env.ts';
import { call, loginAs, outbox, registerConfirmed } from '../auth/testing/auth-test-kit.ts';
import { currentPolicyVersion } from './policy.service.ts';

const c = ko.privacy.consents;

describe.each(dbKinds)('consents on %s', (kind) => {
  let t: TTestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false, env: { COMPANY_NAME: COMPANY_ENV.COMPANY_NAME } });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function person() {
    const { email } = await registerConfirmed(t);
    const token = (await loginAs(t, email)).tokens.access_token;
    const get = async () =>
      (await call(t, { url: '/api/me/consents', token })).body as {
        data: { kind: string; granted: boolean; at: string | null; version: string | null }[];
        history: { kind: string; granted: boolean }[];
      };
    const patch = (body: unknown) => call(t, { method: 'PATCH', url: '/api/me/consents', token, body });
    const mails = async () => (await outbox(t, email)).filter((m) => m.subject === c.mailSubject(COMPANY_ENV.COMPANY_NAME));
    return { email, token, get, patch, mails };
  }
  const state = (data: { kind: string; granted: boolean }[]) => Object.fromEntries(data.map((d) => [d.kind, d.granted]));

  it('answers 401 without a session on all three routes', async () => {
    for (const [method, url] of [
      ['GET', '/api/me/consents'],
      ['PATCH', '/api/me/consents'],
      ['GET', '/api/me/data-recipients'],
    ] as const) {
      const res = await call(t, { method, url, ...(method === 'PATCH' ? { body: { marketing: true } } : {}) });
      expect(res.status, url).toBe(401);
    }
  });

  it('shows the sign-up consents with time and version; the night-time consent was never given', async () => {
    const p = await person();
    const got = await p.get();
    expect(state(got.data)).toEqual({ terms: true, privacy: true, age14: true, marketing: false, marketingNight: false });
    const terms = got.data.find((d) => d.kind === 'terms')!;
    expect(terms.version).toBe(TERMS_VERSION);
    // The privacy consent names the policy in force (its 시행일), not the terms' version.
    const privacy = got.data.find((d) => d.kind === 'privacy')!;
    expect(privacy.version).toBe(currentPolicyVersion().effective);
    expect(privacy.version).not.toBe(TERMS_VERSION);
    expect(Number.isNaN(Date.parse(terms.at!))).toBe(false);
    expect(got.data.find((d) => d.kind === 'marketingNight')).toEqual({ kind: 'marketingNight', granted: false, at: null, version: null });
    expect(got.history.map((h) => h.kind).sort()).toEqual(['age14', 'marketing', 'privacy', 'terms']);
  });

  it('refuses bad bodies with 400 in Korean and changes nothing', async () => {
    const p = await person();
    const empty = await p.patch({});
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain(ko.privacy.validation.consents);
    for (const body of [{ marketing: 'yes' }, { marketing: true, terms: false }, { marketingNight: 1 }]) {
      const res = await p.patch(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    // Night-time advertising without marketing: the rule's own Korean message.
    const night = await p.patch({ marketingNight: true });
    expect(night).toMatchObject({ status: 400, body: { code: 'PRIVACY_NIGHT_NEEDS_MARKETING', error: c.nightNeedsMarketing } });
    const both = await p.patch({ marketing: false, marketingNight: true });
    expect(both.body.code).toBe('PRIVACY_NIGHT_NEEDS_MARKETING');
    expect(state((await p.get()).data)).toMatchObject({ marketing: false, marketingNight: false });
    expect((await p.get()).history).toHaveLength(4);
    expect(await p.mails()).toEqual([]);
  });

  it('grants and withdraws each as its own row, newest first; withdrawing marketing withdraws night-time; the person is mailed each result', async () => {
    const p = await person();
    const granted = await p.patch({ marketing: true, marketingNight: true });
    expect(granted.status).toBe(200);
    expect(state(granted.body.data)).toMatchObject({ marketing: true, marketingNight: true });
    expect((await call(t, { url: '/api/me', token: p.token })).body.user.marketing_consent).toBe(true);
    let mails = await p.mails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(c.mailLine(c.kinds.marketing!, c.granted));
    expect(mails[0]!.text).toContain(c.mailLine(c.kinds.marketingNight!, c.granted));
    expect(mails[0]!.text).toContain(c.mailWho(COMPANY_ENV.COMPANY_NAME));
    expect(mails[0]!.text).toMatch(/처리 일시: \d{4}년/);

    // The same again changes nothing: no row, no mail.
    expect((await p.patch({ marketing: true })).body.history).toHaveLength(6);

    const off = await p.patch({ marketing: false });
    expect(state(off.body.data)).toMatchObject({ marketing: false, marketingNight: false });
    expect(off.body.history.slice(0, 4).map((h: { kind: string; granted: boolean }) => `${h.kind}:${h.granted}`)).toEqual([
      'marketingNight:false',
      'marketing:false',
      'marketingNight:true',
      'marketing:true',
    ]);
    expect((await call(t, { url: '/api/me', token: p.token })).body.user.marketing_consent).toBe(false);
    mails = await p.mails();
    expect(mails).toHaveLength(2);
    expect(mails.some((m) => m.text.includes(c.mailLine(c.kinds.marketingNight!, c.withdrawn)))).toBe(true);

    // Night-time alone, after marketing is back.
    await p.patch({ marketing: true });
    const nightOnly = await p.patch({ marketingNight: true });
    expect(state(nightOnly.body.data)).toMatchObject({ marketing: true, marketingNight: true });
    const nightOff = await p.patch({ marketingNight: false });
    expect(state(nightOff.body.data)).toMatchObject({ marketing: true, marketingNight: false });
    expect(await p.mails()).toHaveLength(5);
  });

  it('the profile PATCH /api/me keeps the same rules: its marketing withdrawal withdraws night-time too, recorded and mailed', async () => {
    const p = await person();
    const on = await call(t, { method: 'PATCH', url: '/api/me', token: p.token, body: { marketing_consent: true } });
    expect(on.status).toBe(200);
    await p.patch({ marketingNight: true });
    const off = await call(t, { method: 'PATCH', url: '/api/me', token: p.token, body: { marketing_consent: false } });
    expect(off.body.user.marketing_consent).toBe(false);
    const got = await p.get();
    expect(state(got.data)).toMatchObject({ marketing: false, marketingNight: false });
    expect(got.history.slice(0, 2).map((h) => `${h.kind}:${h.granted}`)).toEqual(['marketingNight:false', 'marketing:false']);
    expect(await p.mails()).toHaveLength(3);
  });
});
