import { createHmac, hash, createSecretKey, hkdfSync, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT, type CryptoKey } from 'jose';
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

/**
 * Signing stays with jose (WebCrypto on the thread pool): only sign-ins and refreshes sign, and signing there with
 * node:crypto's HMAC instead measured worse for sign-in throughput (alternating runs: 0.78/0.84 against 0.81/0.85, with more
 * main-thread and PostgreSQL CPU per sign-in) — the queue in front of the two signatures spaced out the sign-ins'
 * database writes (decision 023); tried again with /proc CPU a sign-in, it moved 0.7 ms onto the main thread and 0.4 ms onto
 * PostgreSQL for 1 ms off the pool (decision 107). Imported once as a CryptoKey: jose would otherwise import the raw key on every signature.
 */
function signingKey(raw: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

function signWithJose(key: CryptoKey, payload: Record<string, unknown>): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export class TokenError extends Error {}

/** Header and payload: base64url (jose also takes padding, which does not change what the signature covers). */
const B64URL = /^[A-Za-z0-9_-]+={0,2}$/;
/** The signature: exactly the 43 characters we write, so a token has one spelling (jose also takes padded ones). */
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function jsonPart(part: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw new TokenError('malformed');
  }
  if (!isObject(value)) throw new TokenError('malformed');
  return value;
}

/**
 * Our tokens are checked synchronously with node:crypto's HMAC (decision 023). jose checked them through WebCrypto,
 * whose HMAC runs as a job on libuv's thread pool — the pool the argon2id hashes occupy — so during a burst of
 * sign-ins every signed-in request's token check queued behind the hashes: `GET /api/seeds` took 192.9 ms (median)
 * instead of 2.8 ms while 50 connections signed in, 12.9 ms with the check below (bench/auth-burst.mjs).
 * `tokens.test.ts` holds the check to jose's verdicts.
 *
 * Checks a compact HS256 JWS as jose's `jwtVerify` does with `algorithms: ['HS256']`, the issuer, the audience and the
 * required claims, without clock tolerance: the signature first (nothing an unauthenticated token says is parsed),
 * then alg exactly HS256 and no `crit`/`b64`, a JSON object payload, `iss`, `aud` (a string or a list holding it),
 * the required claims present, and `iat`/`nbf`/`exp` numbers with `nbf ≤ now < exp`. Stricter than jose: the
 * signature must be spelt exactly as we write it (43 characters, no padding), claims count only as own properties,
 * the `stringClaims` must be strings, `b64` is refused even without `crit`, and a token is at most 8 KiB. Throws
 * TokenError.
 */
export function verifyHs256(
  token: string,
  key: KeyObject,
  expect: { issuer: string; audience: string; requiredClaims: readonly string[]; stringClaims?: readonly string[] },
  now = nowSeconds(),
): Record<string, unknown> {
  if (typeof token !== 'string' || token.length > 8192) throw new TokenError('malformed');
  const parts = token.split('.');
  if (parts.length !== 3) throw new TokenError('malformed');
  const [h, p, sig] = parts as [string, string, string];
  if (!B64URL.test(h) || !B64URL.test(p) || !SIGNATURE.test(sig)) throw new TokenError('malformed');
  const given = Buffer.from(sig);
  const wanted = Buffer.from(createHmac('sha256', key).update(`${h}.${p}`).digest('base64url'));
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) throw new TokenError('signature');
  const header = jsonPart(h);
  const has = (o: object, k: string) => Object.hasOwn(o, k);
  if (header.alg !== 'HS256' || has(header, 'crit') || has(header, 'b64')) throw new TokenError('header');
  const claims = jsonPart(p);
  for (const c of expect.requiredClaims) if (!has(claims, c)) throw new TokenError(`missing ${c}`);
  for (const c of expect.stringClaims ?? []) if (typeof claims[c] !== 'string') throw new TokenError(`${c} is not a string`);
  if (claims.iss !== expect.issuer) throw new TokenError('iss');
  const aud = claims.aud;
  if (typeof aud === 'string' ? aud !== expect.audience : !(Array.isArray(aud) && aud.includes(expect.audience))) throw new TokenError('aud');
  if (has(claims, 'iat') && typeof claims.iat !== 'number') throw new TokenError('iat');
  if (has(claims, 'nbf') && (typeof claims.nbf !== 'number' || claims.nbf > now)) throw new TokenError('nbf');
  if (has(claims, 'exp') && (typeof claims.exp !== 'number' || claims.exp <= now)) throw new TokenError('exp');
  return claims;
}

export function newTokenId(): string {
  return randomBytes(32).toString('base64url');
}

/** The one SHA-256 helper: stored token and key hashes (hex), PKCE challenges and cache keys (base64url). */
export function sha256(value: string, encoding: 'hex' | 'base64url' = 'hex'): string {
  // Node's one-shot digest: half the cost of a Hash object for short inputs (0.55 against 1.0 µs a cache key here).
  return hash('sha256', value, encoding);
}

/** jose's options as they were, plus the ids the callers use as strings (sid and sub reach SQL, jti a hash). */
const ACCESS_CHECK = { issuer: ISSUER, audience: ACCESS_AUDIENCE, requiredClaims: ['sub', 'sid', 'exp', 'iat'], stringClaims: ['sub', 'sid'] } as const;
const REFRESH_CHECK = {
  issuer: ISSUER,
  audience: REFRESH_AUDIENCE,
  requiredClaims: ['sub', 'sid', 'jti', 'exp'],
  stringClaims: ['sub', 'sid', 'jti'],
} as const;

const cache = new WeakMap<TConfig, TTokenService>();

export function tokenService(config: TConfig): TTokenService {
  const hit = cache.get(config);
  if (hit) return hit;
  const accessRaw = derive(config.authSecret, 'access-token-v1');
  const refreshRaw = derive(config.authSecret, 'refresh-token-v1');
  const accessVerifyKey = createSecretKey(accessRaw);
  const refreshVerifyKey = createSecretKey(refreshRaw);
  const accessSigningKey = signingKey(accessRaw);
  const refreshSigningKey = signingKey(refreshRaw);
  const rotationKey = derive(config.authSecret, 'refresh-rotation-v1');
  const service: TTokenService = {
    async signAccess(claims) {
      const iat = nowSeconds();
      return signWithJose(await accessSigningKey, { ...claims, iss: ISSUER, aud: ACCESS_AUDIENCE, iat, exp: iat + ACCESS_TTL_S });
    },
    async verifyAccess(token) {
      return verifyHs256(token, accessVerifyKey, ACCESS_CHECK) as unknown as TAccessClaims;
    },
    async signRefresh({ sub, sid, jti, exp }) {
      const iat = nowSeconds();
      const expSeconds = exp ?? iat + REFRESH_TTL_S;
      const token = await signWithJose(await refreshSigningKey, { sid, iss: ISSUER, aud: REFRESH_AUDIENCE, sub, jti, iat, exp: expSeconds });
      return { token, expiresAt: new Date(expSeconds * 1000) };
    },
    async verifyRefresh(token) {
      return verifyHs256(token, refreshVerifyKey, REFRESH_CHECK) as unknown as TRefreshClaims;
    },
    childJti(jti) {
      return createHmac('sha256', rotationKey).update(jti).digest('base64url');
    },
  };
  cache.set(config, service);
  return service;
}
