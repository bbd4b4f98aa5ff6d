import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors, type CryptoKey } from 'jose';
import type { TAccessClaims } from '@suite/shared';
import type { TConfig } from '../config.ts';

export const ACCESS_TTL_S = 60 * 60;
export const REFRESH_TTL_S = 30 * 24 * 60 * 60;
const ISSUER = 'company-tools';
const ACCESS_AUDIENCE = 'company-tools:access';
const REFRESH_AUDIENCE = 'company-tools:refresh';

export type TAccessInput = Omit<TAccessClaims, 'iat' | 'exp'>;
export type TRefreshClaims = { sub: string; sid: string; jti: string; iat: number; exp: number };

export type TTokenService = {
  signAccess: (claims: TAccessInput) => Promise<string>;
  /** Throws on a bad signature, another algorithm (alg:none included), a wrong audience or an expired token. */
  verifyAccess: (token: string) => Promise<TAccessClaims>;
  signRefresh: (input: { sub: string; sid: string; jti: string; exp?: number }) => Promise<{ token: string; expiresAt: Date }>;
  verifyRefresh: (token: string) => Promise<TRefreshClaims>;
  /** The id of the token that replaces `jti` on rotation: derived, so a retry inside the grace window gets the same one. */
  childJti: (jti: string) => string;
};

/** Separate keys per purpose, derived from AUTH_SECRET: an access token can never pass as a refresh token. */
function derive(secret: string, info: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, 'company-tools', info, 32));
}

/** Imported once: jose would otherwise import a raw key on every signature check. */
function hmacKey(raw: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

export function newTokenId(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

const cache = new WeakMap<TConfig, TTokenService>();

export function tokenService(config: TConfig): TTokenService {
  const hit = cache.get(config);
  if (hit) return hit;
  const accessKey = hmacKey(derive(config.authSecret, 'access-token-v1'));
  const refreshKey = hmacKey(derive(config.authSecret, 'refresh-token-v1'));
  const rotationKey = derive(config.authSecret, 'refresh-rotation-v1');
  const service: TTokenService = {
    async signAccess(claims) {
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(ACCESS_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TTL_S}s`)
        .sign(await accessKey);
    },
    async verifyAccess(token) {
      const { payload } = await jwtVerify(token, await accessKey, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: ACCESS_AUDIENCE,
        requiredClaims: ['sub', 'sid', 'exp', 'iat'],
      });
      return payload as unknown as TAccessClaims;
    },
    async signRefresh({ sub, sid, jti, exp }) {
      const expSeconds = exp ?? Math.floor(Date.now() / 1000) + REFRESH_TTL_S;
      const token = await new SignJWT({ sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(REFRESH_AUDIENCE)
        .setSubject(sub)
        .setJti(jti)
        .setIssuedAt()
        .setExpirationTime(expSeconds)
        .sign(await refreshKey);
      return { token, expiresAt: new Date(expSeconds * 1000) };
    },
    async verifyRefresh(token) {
      const { payload } = await jwtVerify(token, await refreshKey, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: REFRESH_AUDIENCE,
        requiredClaims: ['sub', 'sid', 'jti', 'exp'],
      });
      return payload as unknown as TRefreshClaims;
    },
    childJti(jti) {
      return createHmac('sha256', rotationKey).update(jti).digest('base64url');
    },
  };
  cache.set(config, service);
  return service;
}

export function isJoseError(err: unknown): boolean {
  return err instanceof joseErrors.JOSEError;
}
