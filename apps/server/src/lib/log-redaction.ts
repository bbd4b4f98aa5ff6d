import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are secrets: mailed single-use tokens, OAuth returns, and keys a client puts in the URL (`?apikey=`: the data API reads keys only from headers, but a mistaken client still must not get its key into the log). */
const SECRET_PARAMS = /([?&](?:token|access_token|refresh_token|code|state|apikey|api_key|password|secret)=)[^&#]*/gi;

/** The request URL with secret query values masked: mail links (/auth/confirm?token=…) arrive as page loads. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[가림]');
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
