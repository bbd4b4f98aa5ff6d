/** Secrets at rest (AES-256-GCM) and Slack's v0 request signatures (HMAC-SHA256). */
import { createHmac, timingSafeEqual } from 'node:crypto';

// Secrets at rest live in lib/secret-box.ts (shared with the API builder's database passwords).
export { decryptSecret, encryptSecret } from '../../lib/secret-box.ts';

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
  nowMs: number,
): TSignatureCheck {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return 'invalid';
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > 300) return 'stale';
  const expected = Buffer.from(slackSignature(signingSecret, timestamp, rawBody));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'ok' : 'invalid';
}
