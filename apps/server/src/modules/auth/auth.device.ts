/**
 * OWASP's "device cookie" for login throttling (issue 11 item 4). A browser that signed in successfully to an
 * account gets an HttpOnly cookie `<prefix><account>` = `<deviceId>.<signature>`, signed with a key derived from
 * AUTH_SECRET and bound to the account. With it, login attempts for that account are exempt from the per-account
 * and per-IP locks (which strangers can trigger) and subject only to the device's own limit.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sha256 } from '../../lib/tokens.ts';

export const DEVICE_COOKIE_PREFIX = 'ct_dev_';
const MAX_AGE_S = 365 * 24 * 3600;

export type TDeviceKeys = { key: Buffer; secure: boolean };

export function deviceKeys(authSecret: string, secure: boolean): TDeviceKeys {
  return { key: Buffer.from(hkdfSync('sha256', authSecret, 'company-tools', 'login-device-cookie', 32)), secure };
}

/** Short, stable account id for cookie names and counter keys (no address in the cookie or in Redis). */
export const accountKey = (email: string) => sha256(email.trim().toLowerCase()).slice(0, 32);

const cookieName = (email: string) => `${DEVICE_COOKIE_PREFIX}${accountKey(email).slice(0, 16)}`;

function sign(keys: TDeviceKeys, email: string, deviceId: string): string {
  return createHmac('sha256', keys.key)
    .update(`${accountKey(email)}.${deviceId}`)
    .digest('base64url');
}

function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

/** The device id of a valid cookie for this account, else undefined (missing, forged, or another account's). */
export function trustedDevice(keys: TDeviceKeys, request: FastifyRequest, email: string): string | undefined {
  const value = readCookie(request, cookieName(email));
  const m = value?.match(/^([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{43})$/);
  if (!m) return undefined;
  const expected = Buffer.from(sign(keys, email, m[1]!));
  const given = Buffer.from(m[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? m[1] : undefined;
}

/** Sets (or renews) the device cookie for this account after a successful sign-in. */
export function issueDevice(keys: TDeviceKeys, reply: FastifyReply, email: string, deviceId = randomBytes(18).toString('base64url')): void {
  const value = `${deviceId}.${sign(keys, email, deviceId)}`;
  const attrs = [`${cookieName(email)}=${value}`, 'Path=/api/auth-login', `Max-Age=${MAX_AGE_S}`, 'HttpOnly', 'SameSite=Strict'];
  if (keys.secure) attrs.push('Secure');
  reply.header('set-cookie', attrs.join('; '));
}
