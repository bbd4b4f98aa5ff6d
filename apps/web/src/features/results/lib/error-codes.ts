import { koSite } from '@suite/shared/messages/ko-site';

export const HTTP_CODES = ['400', '401', '403', '404', '500', '502', '503'] as const;
export const OAUTH_CODES = [
  'invalid_request',
  'invalid_state',
  'token_exchange_failed',
  'workspace_save_failed',
  'workspace_already_installed',
  'access_denied',
  'config_error',
  'internal_error',
] as const;
export type THttpCode = (typeof HTTP_CODES)[number];
export type TOAuthCode = (typeof OAUTH_CODES)[number];

export type TResolvedError =
  | { kind: 'oauth'; code: TOAuthCode; status: 401; text: (typeof koSite.error.oauth)[TOAuthCode] }
  | { kind: 'http'; code: THttpCode; status: number; text: (typeof koSite.error.http)[THttpCode] };

/** A chat OAuth code (badge 'OAuth', treated as 401) or an HTTP status; anything unknown reads as 500. */
export function resolveError(raw: unknown): TResolvedError {
  const code = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if ((OAUTH_CODES as readonly string[]).includes(code)) {
    const c = code as TOAuthCode;
    return { kind: 'oauth', code: c, status: 401, text: koSite.error.oauth[c] };
  }
  const http = ((HTTP_CODES as readonly string[]).includes(code) ? code : '500') as THttpCode;
  return { kind: 'http', code: http, status: Number(http), text: koSite.error.http[http] };
}
