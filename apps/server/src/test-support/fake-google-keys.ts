/** A local stand-in for Google's key endpoint on loopback, and ID tokens signed with its key. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export const FAKE_GOOGLE_CLIENT_ID = 'test-client.apps.googleusercontent.com';
export const FAKE_GOOGLE_ISSUER = 'https://accounts.google.com';

export async function fakeGoogleKeys() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth2/v3/certs`;
  const idToken = (o: { sub: string; email: string; verified: boolean; name?: string }) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ email: o.email, email_verified: o.verified, name: o.name ?? 'Google User' })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: 'JWT' })
      .setIssuer(FAKE_GOOGLE_ISSUER)
      .setAudience(FAKE_GOOGLE_CLIENT_ID)
      .setSubject(o.sub)
      .setIssuedAt(now - 60)
      .setExpirationTime(now + 3600)
      .sign(privateKey);
  };
  return {
    env: { GOOGLE_CLIENT_ID: FAKE_GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL: url, GOOGLE_ISSUER: FAKE_GOOGLE_ISSUER },
    idToken,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
