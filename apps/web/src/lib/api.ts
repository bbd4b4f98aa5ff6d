import type { TTokens } from '@suite/shared';
import { tokenStorage } from '@/lib/token-storage';
import { isTokenUnexpired } from '@/lib/jwt';

/** An API failure in the server's shape: Korean message, stable code, HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: { path: string; message: string }[] | undefined;
  readonly retryAfter: number | undefined;
  /** The help article that fixes this error (`/help/<slug>`), when the server names one (issue 33). */
  readonly helpUrl: string | undefined;
  constructor(status: number, code: string, message: string, details?: { path: string; message: string }[], retryAfter?: number, helpUrl?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.retryAfter = retryAfter;
    this.helpUrl = helpUrl;
  }
}

/** Only a help-centre path is taken from an error body: never another origin or page. */
const HELP_URL = /^\/help\/[a-z0-9][a-z0-9-]{0,80}$/;

export const NETWORK_ERROR = '서버에 연결할 수 없습니다. 네트워크 연결을 확인해주세요.';
export const EMPTY_SEGMENT_ERROR = '시드 등 필요한 값이 아직 정해지지 않아 요청을 보내지 않았습니다. 시드를 먼저 선택해주세요.';

/** A path with an empty segment (`/api/seeds//rooms`: built before the seed was chosen) is a bug, not a request. */
const hasEmptySegment = (path: string) => /\/\/|\/$/.test(path.split(/[?#]/)[0]!.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '')) && path !== '/';

type TRequest = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send the bearer token; an authenticated call without a stored token fails before sending. */
  auth?: boolean;
  /** One refresh-and-retry on 401 (off for login and sign-up). */
  retryOn401?: boolean;
  signal?: AbortSignal;
};

let refreshing: Promise<TTokens> | null = null;
const listeners = new Set<(tokens: TTokens | null) => void>();

/** The session provider listens here to learn about refreshes and failures made by the client. */
export function onTokensChanged(listener: (tokens: TTokens | null) => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

async function parse(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function toError(res: Response, body: unknown): ApiError {
  const b = (body ?? {}) as { error?: unknown; message?: unknown; code?: unknown; details?: unknown; helpUrl?: unknown };
  const message = typeof b.error === 'string' ? b.error : typeof b.message === 'string' ? b.message : `Edge Function 오류: ${res.status}`;
  const retryAfter = Number(res.headers.get('retry-after')) || undefined;
  return new ApiError(
    res.status,
    typeof b.code === 'string' ? b.code : 'HTTP_' + res.status,
    message,
    Array.isArray(b.details) ? (b.details as { path: string; message: string }[]) : undefined,
    retryAfter,
    typeof b.helpUrl === 'string' && HELP_URL.test(b.helpUrl) ? b.helpUrl : undefined,
  );
}

/**
 * Exchanges the stored refresh token for a new pair. One refresh at a time per tab, and across tabs
 * through the Web Locks API where available (the server also tolerates a 10 s overlap).
 */
export function refreshTokens(): Promise<TTokens> {
  refreshing ??= (async () => {
    const seen = tokenStorage.getRefresh();
    const run = async () => {
      const current = tokenStorage.getRefresh();
      if (!current) throw new ApiError(401, 'NO_REFRESH_TOKEN', 'Refresh token이 없습니다');
      // Another tab refreshed while this one waited for the lock: use its result.
      const access = tokenStorage.getAccess();
      if (seen && current !== seen && access && isTokenUnexpired(access)) {
        return { access_token: access, refresh_token: current };
      }
      let res: Response;
      try {
        res = await fetch('/api/refresh-token', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ refresh_token: current }),
        });
      } catch {
        throw new ApiError(0, 'NETWORK', NETWORK_ERROR);
      }
      const body = await parse(res);
      if (!res.ok) {
        const err = toError(res, body);
        throw new ApiError(err.status, err.code, err.status ? `토큰 갱신 실패: ${res.status}` : err.message);
      }
      const tokens = refreshedTokens(body);
      if (!tokens) throw new ApiError(500, 'BAD_RESPONSE', '토큰 갱신에 실패했습니다');
      tokenStorage.set(tokens);
      return tokens;
    };
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return locks ? locks.request('suite-token-refresh', run) : run();
  })();
  const p = refreshing;
  p.then(
    (t) => listeners.forEach((l) => l(t)),
    (e: unknown) => {
      // A definite refusal ends the session; a network failure leaves it for a later try.
      if (e instanceof ApiError && e.status !== 0) {
        tokenStorage.clear();
        listeners.forEach((l) => l(null));
      }
    },
  ).finally(() => {
    refreshing = null;
  });
  return p;
}

type TRawRequest = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Sent as is (a file, a Blob): not JSON-encoded. */
  body?: BodyInit;
  /** Extra headers (accept, content-type of the raw body). */
  headers?: Record<string, string>;
  auth?: boolean;
  retryOn401?: boolean;
  signal?: AbortSignal;
};

/**
 * The one place the web app calls `fetch` for its own API. Adds the bearer token, refreshes once on a 401 and
 * retries, turns a network failure into NETWORK_ERROR and a refusal into ApiError with the server's Korean message.
 * Returns the successful Response unread: for JSON use api(); for files (CSV, .ics, PDF upload) and event streams
 * use this.
 */
export async function apiRaw(path: string, req: TRawRequest = {}): Promise<Response> {
  const { method = 'GET', body, auth = true, retryOn401 = true, signal } = req;
  // Refused here rather than sent to answer 400: callers gate such queries with `enabled` until the id is known.
  if (hasEmptySegment(path)) throw new ApiError(400, 'EMPTY_PATH_SEGMENT', EMPTY_SEGMENT_ERROR);
  const send = async () => {
    const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
    if (auth) {
      const token = tokenStorage.getAccess();
      if (!token) throw new ApiError(401, 'NO_TOKEN', '인증 토큰이 없습니다. 로그인이 필요합니다.');
      headers.authorization = `Bearer ${token}`;
    }
    try {
      return await fetch(path, { method, headers, body, signal });
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') throw e;
      throw new ApiError(0, 'NETWORK', NETWORK_ERROR);
    }
  };
  let res = await send();
  if (res.status === 401 && auth && retryOn401 && tokenStorage.getRefresh()) {
    await refreshTokens();
    res = await send();
  }
  if (!res.ok) throw toError(res, await parse(res));
  return res;
}

/** JSON API call. Throws ApiError with the server's Korean message. */
export async function api<T = unknown>(path: string, req: TRequest = {}): Promise<T> {
  const { body, ...rest } = req;
  const res = await apiRaw(path, {
    ...rest,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  return (await parse(res)) as T;
}

/**
 * The shape of POST /api/refresh-token's answer (ZRefreshResponse), checked by hand: this module loads on every page,
 * and importing the zod schema would bring zod and the whole shared catalogue into the first page's JavaScript.
 */
function refreshedTokens(body: unknown): TTokens | null {
  if (typeof body !== 'object' || body === null || (body as { success?: unknown }).success !== true) return null;
  const t = (body as { tokens?: unknown }).tokens;
  if (typeof t !== 'object' || t === null) return null;
  const { access_token, refresh_token } = t as Record<string, unknown>;
  return typeof access_token === 'string' && typeof refresh_token === 'string' ? { access_token, refresh_token } : null;
}
