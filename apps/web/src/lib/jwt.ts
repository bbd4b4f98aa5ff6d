import type { TUser } from '@suite/shared';

/** Spec section 3: the user as the session knows it, read from access-token claims. */
export type TSessionUser = Pick<TUser, 'id' | 'email' | 'full_name' | 'phone' | 'provider' | 'email_verified' | 'marketing_consent' | 'created_at' | 'role'> & {
  avatar_url: string | null;
};

export class TokenFormatError extends Error {}

function base64UrlDecode(part: string): string {
  const b64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  let binary: string;
  try {
    binary = atob(b64);
  } catch {
    throw new TokenFormatError('유효하지 않은 Base64 데이터입니다');
  }
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Decodes a JWT payload without verifying it (the server verifies; the browser only reads claims). */
export function decodeJwt(token: unknown): Record<string, unknown> {
  if (typeof token !== 'string' || !token) throw new TokenFormatError('토큰 형식이 올바르지 않습니다. 다시 로그인해주세요.');
  const parts = token.split('.');
  if (parts.length !== 3) throw new TokenFormatError('invalid JWT token format');
  try {
    const payload = JSON.parse(base64UrlDecode(parts[1]!)) as unknown;
    if (!payload || typeof payload !== 'object') throw new Error();
    return payload as Record<string, unknown>;
  } catch (e) {
    if (e instanceof TokenFormatError) throw e;
    throw new TokenFormatError('JWT 토큰을 파싱할 수 없습니다');
  }
}

/** Seconds until expiry; negative when expired; null when the token has no exp or is malformed. */
export function secondsToExpiry(token: string | null, now = Date.now()): number | null {
  if (!token) return null;
  try {
    const exp = decodeJwt(token).exp;
    return typeof exp === 'number' ? exp - now / 1000 : null;
  } catch {
    return null;
  }
}

export function isTokenUnexpired(token: string | null): boolean {
  const s = secondsToExpiry(token);
  return s !== null && s > 0;
}

/** User extraction (spec section 5): subject, email and a name claim are required, else null. */
export function userFromToken(token: string | null): TSessionUser | null {
  if (!token) return null;
  let c: Record<string, unknown>;
  try {
    c = decodeJwt(token);
  } catch {
    return null;
  }
  const name = c.full_name ?? c.fullName ?? c.name;
  if (typeof c.sub !== 'string' || typeof c.email !== 'string' || typeof name !== 'string') return null;
  const provider = c.provider === 'google' ? 'google' : 'email';
  const role = c.role === 'admin' || c.role === 'guest' ? c.role : 'user';
  return {
    id: c.sub,
    email: c.email,
    full_name: name,
    phone: typeof c.phone === 'string' ? c.phone : '',
    provider,
    email_verified: typeof c.email_verified === 'boolean' ? c.email_verified : provider === 'google',
    marketing_consent: c.marketing_consent === true,
    created_at: typeof c.created_at === 'string' ? c.created_at : new Date(typeof c.iat === 'number' ? c.iat * 1000 : Date.now()).toISOString(),
    role,
    avatar_url: typeof c.avatar_url === 'string' ? c.avatar_url : null,
  };
}

/** The session id (`sid`) an access token belongs to, or null. */
export function sidOf(token: string | null): string | null {
  if (!token) return null;
  try {
    const sid = decodeJwt(token).sid;
    return typeof sid === 'string' ? sid : null;
  } catch {
    return null;
  }
}
