import type { TUser } from '@suite/shared';
import type { TAccessInput } from '../../lib/tokens.ts';
import type { TUserRow } from './user.repository.ts';

type TRole = TUser['role'];
type TStatus = TUser['status'];

const asRole = (r: string): TRole => (r === 'admin' || r === 'guest' ? r : 'user');
const asProvider = (p: string): TUser['provider'] => (p === 'google' || p === 'kakao' || p === 'naver' ? p : 'email');
/** Only 'active' is active: an erased account's tombstone (status 'erased', issue 32) or any unknown status is not. */
const asStatus = (s: string): TStatus => (s === 'active' || s === 'suspended' ? s : 'inactive');

/** The profile fields the API's user and the access token's claims share, in their order. */
const profile = (u: TUserRow) => ({
  email: u.email,
  full_name: u.fullName,
  phone: u.phone,
  provider: asProvider(u.provider),
  email_verified: u.emailVerified,
  marketing_consent: u.marketingConsent,
});

/** The user as the API returns it (ZUser). */
export function toApiUser(u: TUserRow): TUser {
  return {
    id: u.id,
    ...profile(u),
    role: asRole(u.role),
    status: asStatus(u.status),
    avatar_url: u.avatarUrl,
    created_at: u.createdAt.toISOString(),
  };
}

/** The access token's claims (spec section 3 plus role and the session id). */
export function accessClaims(u: TUserRow, sessionId: string): TAccessInput {
  return {
    sub: u.id,
    ...profile(u),
    created_at: u.createdAt.toISOString(),
    role: asRole(u.role),
    sid: sessionId,
  };
}

/** 'Chrome · Windows' from a user agent, good enough for a session list. */
export function describeDevice(ua: string): string {
  if (!ua) return '알 수 없는 기기';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /SamsungBrowser/.test(ua)
        ? 'Samsung Internet'
        : /Whale\//.test(ua)
          ? 'Whale'
          : /Firefox\//.test(ua)
            ? 'Firefox'
            : /Chrome\/|Chromium\//.test(ua)
              ? 'Chrome'
              : /Safari\//.test(ua)
                ? 'Safari'
                : /curl|node|undici|axios|python|Go-http/i.test(ua)
                  ? 'API 클라이언트'
                  : '브라우저';
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Android/.test(ua)
        ? 'Android'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : '';
  return os ? `${browser} · ${os}` : browser;
}
