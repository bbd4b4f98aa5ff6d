/** Secrets at rest (AES-256-GCM) and Slack's v0 request signatures (HMAC-SHA256). */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const VERSION = 'v1';

/** `v1.<iv>.<tag>.<ciphertext>` in base64url; a fresh 12-byte IV per value. */
export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

export function decryptSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The `x-slack-signature` value for a body at a timestamp (seconds). */
export function slackSignature(signingSecret: string, timestamp: string, rawBody: string | Buffer): string {
  const mac = createHmac('sha256', signingSecret);
  mac.update(`v0:${timestamp}:`);
  mac.update(rawBody);
  return `v0=${mac.digest('hex')}`;
}

export type TSignatureCheck = 'ok' | 'stale' | 'invalid';

/** Checks a request's signature in constant time and refuses timestamps more than 5 minutes off. */
export function verifySlackSignature(
  signingSecret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  rawBody: Buffer,
  nowMs = Date.now(),
): TSignatureCheck {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return 'invalid';
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > 300) return 'stale';
  const expected = Buffer.from(slackSignature(signingSecret, timestamp, rawBody));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'ok' : 'invalid';
}
