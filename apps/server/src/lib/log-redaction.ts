import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are secrets: mailed single-use tokens and OAuth returns. */
const SECRET_PARAMS = /([?&](?:token|access_token|refresh_token|code|state)=)[^&#]*/gi;

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
