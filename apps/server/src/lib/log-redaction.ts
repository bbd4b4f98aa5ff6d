import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are secrets: mailed single-use tokens, OAuth returns, keys a client puts in the URL
 * (`?apikey=`: the data API reads keys only from headers, but a mistaken client still must not get its key into the
 * log), and a room's QR check-in code (`/rooms/check-in/{roomId}?c=…`, page and API).
 */
const SECRET_PARAMS = /([?&](?:token|access_token|refresh_token|code|state|apikey|api_key|password|secret|c)=)[^&#]*/gi;
/** The same inside an encoded value, e.g. `/login?redirect=%2Frooms%2Fcheck-in%2F…%3Fc%3D…` after a reload of the sign-in page. */
const ENCODED_SECRET_PARAMS = /((?:%3F|%26)(?:token|access_token|refresh_token|code|state|apikey|api_key|password|secret|c)%3D)(?:(?!%26)[^&#])*/gi;

/**
 * Paths whose segment after the prefix is a secret: a door display's token (`/api/room-displays/{token}/…` and its page
 * `/rooms/display/{token}`) and a calendar feed's token (`/api/calendar-feeds/{token}`). Only at the start of the path
 * (after an absolute-form request's origin), so `/api/seeds/{seedId}/room-displays/{displayId}` (an id) is kept.
 */
const SECRET_SEGMENTS = /^((?:[a-z][a-z0-9+.-]*:\/\/[^/?#]*)?\/+(?:api\/+room-displays|rooms\/+display|api\/+calendar-feeds)\/+)[^/?#]+/i;

/** The request URL with secret query values and path tokens masked: mail links (/auth/confirm?token=…) arrive as page loads. */
export function redactUrl(url: string): string {
  const masked = url.replace(SECRET_SEGMENTS, '$1[가림]').replace(SECRET_PARAMS, '$1[가림]');
  return masked.includes('%') ? masked.replace(ENCODED_SECRET_PARAMS, '$1[가림]') : masked;
}

/** pino serializer for `req` (Fastify's default fields, with the URL redacted). */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
