/**
 * Fake Kakao and Naver Login on loopback, one server with each provider's own paths and response shapes:
 * - Kakao: GET /oauth/authorize, POST /oauth/token, GET /v2/user/me (kakao_account.email, is_email_verified, is_email_valid)
 * - Naver: GET /oauth2.0/authorize, POST /oauth2.0/token, GET /v1/nid/me (resultcode '00', response.email)
 * The authorize page lists the fake's accounts as buttons (the "provider's login screen"); `&fake_user=<id>` picks
 * one directly (Vitest); `POST /_fake/users` adds an account (end-to-end specs). Codes are single-use, bound to client, redirect address and PKCE challenge (S256).
 *
 *   const fake = await startFakeOAuthProviders({ kakao: {clientId, clientSecret}, naver: {...} });
 *   fake.addUser({ provider: 'kakao', id: '1001', nickname: '홍길동', email: 'a@b.c', verified: true });
 *   createTestApp(kind, fake.env)
 */
import { randomBytes } from 'node:crypto';
import { escapeHtml as esc } from '../lib/html.ts';
import { sha256 } from '../lib/tokens.ts';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TFakeProvider = 'kakao' | 'naver';
export type TFakeOAuthUser = { provider: TFakeProvider; id: string; nickname: string; email?: string; verified?: boolean };
type TClient = { clientId: string; clientSecret: string };
type TCode = { user: TFakeOAuthUser; clientId: string; redirectUri: string; challenge: string };

export const FAKE_OAUTH_CLIENTS = {
  kakao: { clientId: 'fake-kakao-client', clientSecret: 'fake-kakao-secret' },
  naver: { clientId: 'fake-naver-client', clientSecret: 'fake-naver-secret' },
} satisfies Record<TFakeProvider, TClient>;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeOAuthProviders(clients: Record<TFakeProvider, TClient> = FAKE_OAUTH_CLIENTS, port = 0) {
  const users = new Map<string, TFakeOAuthUser>();
  const codes = new Map<string, TCode>();
  const tokens = new Map<string, TFakeOAuthUser>();
  const key = (p: TFakeProvider, id: string) => `${p}:${id}`;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
    res.end(JSON.stringify(body));
  };

  function authorize(provider: TFakeProvider, url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const clientId = q.get('client_id') ?? '';
    const redirectUri = q.get('redirect_uri') ?? '';
    const challenge = q.get('code_challenge') ?? '';
    if (
      clientId !== clients[provider].clientId ||
      !redirectUri ||
      q.get('response_type') !== 'code' ||
      q.get('code_challenge_method') !== 'S256' ||
      !challenge
    ) {
      return json(res, 400, { error: 'invalid_request' });
    }
    const pick = q.get('fake_user');
    if (!pick) {
      const list = [...users.values()].filter((u) => u.provider === provider);
      const buttons = list
        .map((u) => {
          const next = new URL(url);
          next.searchParams.set('fake_user', u.id);
          return `<li><a href="${esc(next.pathname + next.search)}">${esc(u.nickname)} (${esc(u.email ?? 'no email')})</a></li>`;
        })
        .join('');
      res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
      res.end(`<!doctype html><meta charset="utf-8"><title>fake ${provider} login</title><h1>fake ${provider} login</h1><ul>${buttons}</ul>`);
      return;
    }
    const user = users.get(key(provider, pick));
    if (!user) return json(res, 404, { error: 'unknown fake user' });
    const code = randomBytes(16).toString('hex');
    codes.set(code, { user, clientId, redirectUri, challenge });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    const state = q.get('state');
    if (state !== null) back.searchParams.set('state', state);
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  function token(provider: TFakeProvider, form: URLSearchParams, res: ServerResponse) {
    // Kakao refuses with 400; Naver answers 200 with an error body.
    const refuse = (error: string) =>
      provider === 'kakao' ? json(res, 400, { error, error_code: 'KOE320' }) : json(res, 200, { error, error_description: error });
    const c = clients[provider];
    if (form.get('grant_type') !== 'authorization_code' || form.get('client_id') !== c.clientId || form.get('client_secret') !== c.clientSecret) {
      return refuse('invalid_client');
    }
    const code = form.get('code') ?? '';
    const grant = codes.get(code);
    codes.delete(code);
    const verifier = form.get('code_verifier') ?? '';
    if (!grant || grant.user.provider !== provider || grant.clientId !== c.clientId) return refuse('invalid_grant');
    if (provider === 'kakao' && form.get('redirect_uri') !== grant.redirectUri) return refuse('invalid_grant');
    if (sha256(verifier, 'base64url') !== grant.challenge) return refuse('invalid_grant');
    const access = randomBytes(16).toString('hex');
    tokens.set(access, grant.user);
    json(res, 200, { token_type: 'bearer', access_token: access, refresh_token: randomBytes(16).toString('hex'), expires_in: 21599 });
  }

  function me(provider: TFakeProvider, req: IncomingMessage, res: ServerResponse) {
    const auth = req.headers.authorization ?? '';
    const user = tokens.get(auth.replace(/^Bearer /, ''));
    if (!user || user.provider !== provider) {
      return provider === 'kakao'
        ? json(res, 401, { msg: 'this access token does not exist', code: -401 })
        : json(res, 401, { resultcode: '024', message: 'Authentication failed' });
    }
    if (provider === 'kakao') {
      const hasEmail = Boolean(user.email);
      return json(res, 200, {
        id: Number(user.id),
        connected_at: new Date().toISOString(),
        properties: { nickname: user.nickname },
        kakao_account: {
          profile_nickname_needs_agreement: false,
          profile: { nickname: user.nickname, is_default_image: true },
          has_email: hasEmail,
          ...(hasEmail ? { email_needs_agreement: false, is_email_valid: true, is_email_verified: user.verified === true, email: user.email } : {}),
        },
      });
    }
    return json(res, 200, {
      resultcode: '00',
      message: 'success',
      response: { id: user.id, nickname: user.nickname, name: user.nickname, ...(user.email ? { email: user.email } : {}) },
    });
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const p = url.pathname;
      if (req.method === 'GET' && p === '/oauth/authorize') return authorize('kakao', url, res);
      if (req.method === 'GET' && p === '/oauth2.0/authorize') return authorize('naver', url, res);
      if (req.method === 'POST' && (p === '/oauth/token' || p === '/oauth2.0/token')) {
        return token(p === '/oauth/token' ? 'kakao' : 'naver', new URLSearchParams(await readBody(req)), res);
      }
      if (req.method === 'GET' && p === '/v2/user/me') return me('kakao', req, res);
      if (req.method === 'GET' && p === '/v1/nid/me') return me('naver', req, res);
      if (req.method === 'GET' && p === '/_fake/ready') return json(res, 200, { ok: true });
      if (req.method === 'POST' && p === '/_fake/users') {
        // End-to-end specs add their accounts here (the fake runs in its own process).
        const u = JSON.parse(await readBody(req)) as TFakeOAuthUser;
        if ((u.provider !== 'kakao' && u.provider !== 'naver') || !u.id || !u.nickname) return json(res, 400, { error: 'bad user' });
        users.set(key(u.provider, u.id), u);
        return json(res, 200, { ok: true });
      }
      json(res, 404, { error: 'not_found' });
    })().catch(() => json(res, 500, { error: 'server_error' }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    /** The configuration that points the app at this fake. */
    env: {
      KAKAO_CLIENT_ID: clients.kakao.clientId,
      KAKAO_CLIENT_SECRET: clients.kakao.clientSecret,
      KAKAO_AUTHORIZE_URL: `${url}/oauth/authorize`,
      KAKAO_TOKEN_URL: `${url}/oauth/token`,
      KAKAO_USERINFO_URL: `${url}/v2/user/me`,
      NAVER_CLIENT_ID: clients.naver.clientId,
      NAVER_CLIENT_SECRET: clients.naver.clientSecret,
      NAVER_AUTHORIZE_URL: `${url}/oauth2.0/authorize`,
      NAVER_TOKEN_URL: `${url}/oauth2.0/token`,
      NAVER_USERINFO_URL: `${url}/v1/nid/me`,
    },
    addUser(u: TFakeOAuthUser) {
      users.set(key(u.provider, u.id), u);
    },
    /** What the provider's login screen would do: the redirect back (with code and state) for this user. */
    async authorizeAs(authorizeUrl: string, provider: TFakeProvider, id: string): Promise<URL> {
      const u = new URL(authorizeUrl);
      u.searchParams.set('fake_user', id);
      const res = await fetch(u, { redirect: 'manual' });
      const location = res.headers.get('location');
      if (res.status !== 302 || !location) throw new Error(`fake ${provider} authorize answered ${res.status}`);
      return new URL(location);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
