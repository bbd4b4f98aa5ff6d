/**
 * Google ID-token verification: signature against the keys at GOOGLE_JWKS_URL (cached by jose, refetched on an
 * unknown key id), issuer GOOGLE_ISSUER, audience GOOGLE_CLIENT_ID, expiry. Tests point the URL at a local key server.
 */
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { AppError } from '../lib/app-error.ts';
import { reportOutside } from '../lib/outside-services.ts';

export type TGoogleIdentity = {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  picture: string | null;
};

export type TGoogleVerifier = {
  enabled: boolean;
  /** Throws AppError GOOGLE_UNAVAILABLE (not configured, keys unreachable) or GOOGLE_TOKEN_INVALID. */
  verify: (idToken: string) => Promise<TGoogleIdentity>;
};

export function createGoogleVerifier(cfg: { clientId: string | undefined; jwksUrl: string; issuer: string }): TGoogleVerifier {
  const clientId = cfg.clientId;
  if (!clientId) {
    return {
      enabled: false,
      verify: async () => {
        throw new AppError('GOOGLE_UNAVAILABLE');
      },
    };
  }
  const keys = createRemoteJWKSet(new URL(cfg.jwksUrl), { timeoutDuration: 5_000, cooldownDuration: 30_000 });
  // Google signs with either spelling of its issuer.
  const issuers = cfg.issuer === 'https://accounts.google.com' ? [cfg.issuer, 'accounts.google.com'] : [cfg.issuer];
  return {
    enabled: true,
    async verify(idToken) {
      let payload;
      try {
        ({ payload } = await jwtVerify(idToken, keys, {
          issuer: issuers,
          audience: clientId,
          algorithms: ['RS256'],
          requiredClaims: ['sub', 'exp', 'iat'],
        }));
      } catch (err) {
        if (err instanceof errors.JWKSTimeout || !(err instanceof errors.JOSEError)) {
          reportOutside('google', false, err instanceof errors.JWKSTimeout ? 'keys timeout' : 'keys unreachable');
          throw new AppError('GOOGLE_UNAVAILABLE');
        }
        // An invalid token is the caller's: Google's keys were read.
        reportOutside('google', true);
        throw new AppError('GOOGLE_TOKEN_INVALID');
      }
      reportOutside('google', true);
      const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
      if (!payload.sub || !email) throw new AppError('GOOGLE_TOKEN_INVALID');
      const verified = payload.email_verified === true || payload.email_verified === 'true';
      const name = typeof payload.name === 'string' ? payload.name.trim() : '';
      return {
        sub: payload.sub,
        email,
        emailVerified: verified,
        name,
        picture: typeof payload.picture === 'string' ? payload.picture : null,
      };
    },
  };
}
