/**
 * Binds the Google OAuth state to the browser that started the flow (login CSRF: without it, a member sent someone
 * else's authorisation address would connect their calendar to that person's Google account). `/start` sets an
 * HttpOnly cookie holding a random nonce whose hash is kept with the state; the callback requires the cookie to match
 * and clears it. SameSite=Lax: the cookie comes along on Google's top-level redirect back; path /api/calendar-sync.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const OAUTH_COOKIE = 'calendar_oauth';
const COOKIE_PATH = '/api/calendar-sync';

export const newNonce = () => randomBytes(24).toString('base64url');

export function readNonce(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === OAUTH_COOKIE) {
      const value = part.slice(i + 1).trim();
      return /^[A-Za-z0-9_-]{16,64}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

function cookie(value: string, maxAgeS: number, secure: boolean, path = COOKIE_PATH): string {
  const attrs = [`${OAUTH_COOKIE}=${value}`, `Path=${path}`, `Max-Age=${maxAgeS}`, 'HttpOnly', 'SameSite=Lax'];
  if (secure) attrs.push('Secure');
  return attrs.join('; ');
}

/** Sets the nonce cookie for the 10 minutes the state lives; `path`: another flow's callback (the Drive connector). */
export function setNonceCookie(reply: FastifyReply, nonce: string, maxAgeS: number, secure: boolean, path?: string): void {
  reply.header('set-cookie', cookie(nonce, maxAgeS, secure, path));
}

/** Clears it (every callback, whatever the result: the nonce is good for one flow). */
export function clearNonceCookie(reply: FastifyReply, secure: boolean, path?: string): void {
  reply.header('set-cookie', cookie('', 0, secure, path));
}
