/** Helpers for the account tests (not a test file itself). */
import { decodeJwt } from 'jose';
import type { TTestContext } from '../../../test/helpers.ts';
import { sha256 } from '../../../lib/tokens.ts';
import { settleAfterResponse } from '../../../lib/after-response.ts';

let ipCounter = 0;
/** A fresh client address per call, so per-IP limits of one test never spill into another. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

let emailCounter = 0;
export function uniqueEmail(prefix = 'user'): string {
  emailCounter += 1;
  return `${prefix}${emailCounter}.${Date.now().toString(36)}@example.com`;
}

export const GOOD_PASSWORD = 'Zq7mLw2pXv';
export const OTHER_PASSWORD = 'Hk4nRt8sYb';

type TInject = { method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; url: string; body?: unknown; token?: string; ip?: string; ua?: string };

export async function call(t: TTestContext, opts: TInject) {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.ua) headers['user-agent'] = opts.ua;
  const res = await t.app.inject({
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    url: opts.url,
    headers,
    remoteAddress: opts.ip ?? nextIp(),
    ...(opts.body === undefined ? {} : { payload: opts.body as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

export function signupBody(email: string, overrides: Record<string, unknown> = {}) {
  return {
    email,
    password: GOOD_PASSWORD,
    full_name: '홍길동',
    phone: '010-1234-5678',
    marketing_consent: false,
    terms: true,
    age_bracket: '14_or_over',
    ...overrides,
  };
}

export async function outbox(t: TTestContext, to: string): Promise<{ subject: string; text: string; links: string[] }[]> {
  await settleAfterResponse();
  const res = await call(t, { url: `/dev/outbox?to=${encodeURIComponent(to)}` });
  return res.body.messages;
}

export function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}

/** Signs up through the API and confirms through the outbox link. */
export async function registerConfirmed(t: TTestContext, email = uniqueEmail(), password = GOOD_PASSWORD) {
  const s = await call(t, { url: '/api/auth-signup', body: signupBody(email, { password }) });
  if (s.status !== 200) throw new Error(`signup failed: ${JSON.stringify(s.body)}`);
  const [mail] = await outbox(t, email);
  const link = mail?.links.find((l) => l.includes('/auth/confirm'));
  if (!link) throw new Error('no confirmation mail');
  const c = await call(t, { url: '/api/auth/confirm-email', body: { token: tokenOf(link) } });
  if (c.status !== 200) throw new Error(`confirm failed: ${JSON.stringify(c.body)}`);
  await minutePassed(t, email);
  return { email, password, user: s.body.user };
}

export async function loginAs(t: TTestContext, email: string, password = GOOD_PASSWORD, ip?: string, ua?: string) {
  const res = await call(t, { url: '/api/auth-login', body: { email, password }, ...(ip ? { ip } : {}), ...(ua ? { ua } : {}) });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { user: { id: string; role: string }; tokens: { access_token: string; refresh_token: string } };
}

export function claimsOf(token: string) {
  return decodeJwt(token);
}

/** Clears the once-a-minute mail counter of an address, as if the minute had passed (the hourly one stays). */
export async function minutePassed(t: TTestContext, email: string): Promise<void> {
  // Mail work runs after the response; let it count this minute before the minute is declared over.
  await settleAfterResponse();
  await t.state.reset(`rl:mail-min:${sha256(email.toLowerCase()).slice(0, 32)}`);
}
