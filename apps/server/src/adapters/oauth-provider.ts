/**
 * Kakao Login and Naver Login: OAuth 2.0 authorization code with PKCE (S256). The server keeps the verifier, builds
 * the authorize address, exchanges the code (with the verifier and the client secret) and reads the user info.
 * The base addresses come from configuration (KAKAO_* / NAVER_*), so tests point them at fakes on loopback.
 *
 * Response shapes are the providers' own:
 * - Kakao: POST /oauth/token (form) → { access_token, … }; GET /v2/user/me → { id: number, kakao_account: { email,
 *   is_email_valid, is_email_verified, profile: { nickname, profile_image_url } } }.
 * - Naver: POST /oauth2.0/token (form) → { access_token, … } or { error, error_description } with status 200;
 *   GET /v1/nid/me → { resultcode: '00', response: { id, email, name, nickname, profile_image } }.
 */
import { sha256 } from '../lib/tokens.ts';
import type { TOAuthProviderConfig } from '../config.ts';
import { AppError } from '../lib/app-error.ts';
import { reportOutside } from '../lib/outside-services.ts';

export type TOAuthProviderId = 'kakao' | 'naver';

export type TOAuthProfile = {
  subject: string;
  /** Lower-cased; '' when the provider gave none. */
  email: string;
  /** Only what the provider itself says is verified (Kakao: is_email_verified and is_email_valid). */
  emailVerified: boolean;
  name: string;
  picture: string | null;
};

export type TOAuthClient = {
  id: TOAuthProviderId;
  enabled: boolean;
  authorizeUrl: (p: { state: string; codeChallenge: string; redirectUri: string }) => string;
  /** Throws OAUTH_STATE_INVALID when the provider refuses the code (wrong verifier, reused, expired), else OAUTH_PROVIDER_FAILED. */
  exchange: (p: { code: string; codeVerifier: string; redirectUri: string; state: string }) => Promise<string>;
  profile: (accessToken: string) => Promise<TOAuthProfile>;
};

const TIMEOUT_MS = 10_000;

export const pkceChallenge = (verifier: string) => sha256(verifier, 'base64url');

/** One call to the provider; its outcome is reported (an answer below 500 counts as the provider working). */
async function call(id: TOAuthProviderId, url: string, init: RequestInit): Promise<{ status: number; body: Record<string, unknown> }> {
  try {
    const answer = await fetchJson(url, init);
    reportOutside(id, answer.status < 500, answer.status < 500 ? undefined : `http ${answer.status}`);
    return answer;
  } catch (err) {
    reportOutside(id, false, (err as { outside?: string }).outside ?? 'failed');
    throw err;
  }
}

async function fetchJson(url: string, init: RequestInit): Promise<{ status: number; body: Record<string, unknown> }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw Object.assign(new AppError('OAUTH_PROVIDER_FAILED'), { outside: (err as Error)?.name === 'TimeoutError' ? 'timeout' : 'network error' });
  }
  const text = await res.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  if (!body || typeof body !== 'object') throw Object.assign(new AppError('OAUTH_PROVIDER_FAILED'), { outside: `http ${res.status}, not JSON` });
  return { status: res.status, body: body as Record<string, unknown> };
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

function kakaoProfile(body: Record<string, unknown>): TOAuthProfile {
  const id = body.id;
  if (typeof id !== 'number' && typeof id !== 'string') throw new AppError('OAUTH_PROVIDER_FAILED');
  const account = (body.kakao_account ?? {}) as Record<string, unknown>;
  const profile = (account.profile ?? {}) as Record<string, unknown>;
  const props = (body.properties ?? {}) as Record<string, unknown>;
  const email = str(account.email).trim().toLowerCase();
  return {
    subject: String(id),
    email,
    emailVerified: Boolean(email) && account.is_email_verified === true && account.is_email_valid === true,
    name: str(profile.nickname) || str(props.nickname),
    picture: str(profile.profile_image_url) || null,
  };
}

function naverProfile(body: Record<string, unknown>): TOAuthProfile {
  const r = (body.response ?? {}) as Record<string, unknown>;
  if (str(body.resultcode) !== '00' || !str(r.id)) throw new AppError('OAUTH_PROVIDER_FAILED');
  const email = str(r.email).trim().toLowerCase();
  return {
    subject: str(r.id),
    email,
    // Naver gives only the contact address its member confirmed; there is no unverified variant in the response.
    emailVerified: Boolean(email),
    name: str(r.name) || str(r.nickname),
    picture: str(r.profile_image) || null,
  };
}

export function createOAuthClient(id: TOAuthProviderId, cfg: TOAuthProviderConfig): TOAuthClient {
  // Naver always needs its secret; Kakao only when the app turned "client secret" on.
  const enabled = Boolean(cfg.clientId && (id === 'kakao' || cfg.clientSecret));
  const clientId = cfg.clientId ?? '';
  return {
    id,
    enabled,
    authorizeUrl({ state, codeChallenge, redirectUri }) {
      if (!enabled) throw new AppError('OAUTH_UNAVAILABLE');
      const url = new URL(cfg.authorizeUrl);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      url.searchParams.set('code_challenge', codeChallenge);
      url.searchParams.set('code_challenge_method', 'S256');
      return url.toString();
    },
    async exchange({ code, codeVerifier, redirectUri, state }) {
      if (!enabled) throw new AppError('OAUTH_UNAVAILABLE');
      const form = new URLSearchParams({ grant_type: 'authorization_code', client_id: clientId, redirect_uri: redirectUri, code, code_verifier: codeVerifier });
      if (cfg.clientSecret) form.set('client_secret', cfg.clientSecret);
      if (id === 'naver') form.set('state', state);
      const { status, body } = await call(id, cfg.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
        body: form.toString(),
      });
      const token = str(body.access_token);
      if (status === 200 && token) return token;
      // A refused grant (Kakao: 400 invalid_grant; Naver: 200 with error) is the caller's flow going wrong, not an outage.
      if ((status >= 400 && status < 500) || (status === 200 && str(body.error))) throw new AppError('OAUTH_STATE_INVALID');
      throw new AppError('OAUTH_PROVIDER_FAILED');
    },
    async profile(accessToken) {
      const { status, body } = await call(id, cfg.userinfoUrl, {
        method: 'GET',
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      });
      if (status !== 200) throw new AppError('OAUTH_PROVIDER_FAILED');
      return id === 'kakao' ? kakaoProfile(body) : naverProfile(body);
    },
  };
}

export function createOAuthClients(cfg: Record<TOAuthProviderId, TOAuthProviderConfig>): Record<TOAuthProviderId, TOAuthClient> {
  return { kakao: createOAuthClient('kakao', cfg.kakao), naver: createOAuthClient('naver', cfg.naver) };
}
