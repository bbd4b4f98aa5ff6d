import { decodeJwt } from '@/lib/jwt';

/** Validates tokens handed back in the address (spec: OAuth token return). Throws with the spec's wording. */
export function validateReturnedTokens(access: string, refresh: string, now = Date.now() / 1000) {
  for (const token of [access, refresh]) {
    if (token.split('.').length !== 3) throw new Error('OAuth token validation failed: invalid JWT format');
    let claims: Record<string, unknown>;
    try {
      claims = decodeJwt(token);
    } catch {
      throw new Error('OAuth token validation failed: token cannot be parsed');
    }
    if (typeof claims.exp !== 'number') throw new Error('OAuth token validation failed: access or refresh token has no expiry');
    if (claims.exp <= now) {
      throw new Error(`OAuth token validation failed: token has expired (${new Date(claims.exp * 1000).toLocaleString('ko-KR')})`);
    }
    // Issued up to 300 s in the future is tolerated (clock skew).
    if (typeof claims.iat === 'number' && claims.iat > now + 300) {
      throw new Error('OAuth token validation failed: token cannot be parsed');
    }
  }
}
