import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorMessage, ko, type TErrorCode, type TErrorResponse } from '@suite/shared';
import { AppError } from '../lib/app-error.ts';

/** The help article of an error code (issue 33), set once by registerErrorHandling. */
let helpUrlFor: (code: string) => string | undefined = () => undefined;

function send(reply: FastifyReply, status: number, code: string, error: string, details?: TErrorResponse['details']) {
  const helpUrl = helpUrlFor(code);
  const body: TErrorResponse = { success: false, error, code, ...(details ? { details } : {}), ...(helpUrl ? { helpUrl } : {}) };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Fastify's own error codes for malformed requests, mapped to ours. */
const fastifyCodes: Record<string, TErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
};

export function registerErrorHandling(app: FastifyInstance, opts: { helpUrlOf?: (code: string) => string | undefined } = {}) {
  if (opts.helpUrlOf) helpUrlFor = opts.helpUrlOf;
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      // Expected refusals (4xx, and 503 for a service that is not configured or unavailable) are no crashes:
      // info/warn, code and status only, no stack. Anything else 5xx is logged with its stack.
      if (err.status === 503) request.log.warn({ code: err.code, status: err.status }, 'refused: service unavailable');
      else if (err.status >= 500) request.log.error({ err }, 'application error');
      else request.log.info({ code: err.code, status: err.status }, 'refused');
      return send(reply, err.status, err.code, err.message, err.details);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: [v.instancePath.replace(/^\//, '').replace(/\//g, '.')].filter(Boolean).join('') || (err.validationContext ?? ''),
        message: v.message ?? ko.errors.validation,
      }));
      return send(reply, 400, 'VALIDATION_FAILED', details[0]?.message ?? ko.errors.validation, details);
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return send(reply, 500, 'INTERNAL', errorMessage('INTERNAL'));
    }
    const mapped = err.code ? fastifyCodes[err.code] : undefined;
    if (mapped) return send(reply, (err.statusCode ?? 400) < 500 ? (err.statusCode ?? 400) : 400, mapped, errorMessage(mapped));
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Other client errors raised by Fastify or a plugin: keep the status, word it in Korean.
      const code: TErrorCode =
        status === 401
          ? 'UNAUTHORIZED'
          : status === 403
            ? 'FORBIDDEN'
            : status === 404
              ? 'NOT_FOUND'
              : status === 405
                ? 'METHOD_NOT_ALLOWED'
                : status === 413
                  ? 'PAYLOAD_TOO_LARGE'
                  : status === 415
                    ? 'UNSUPPORTED_MEDIA_TYPE'
                    : status === 429
                      ? 'RATE_LIMITED'
                      : 'BAD_REQUEST';
      return send(reply, status, code, errorMessage(code));
    }
    request.log.error({ err }, 'unhandled error');
    return send(reply, 500, 'INTERNAL', errorMessage('INTERNAL'));
  });
}

export function apiNotFound(reply: FastifyReply) {
  return send(reply, 404, 'ROUTE_NOT_FOUND', errorMessage('ROUTE_NOT_FOUND'));
}

/**
 * Requests Node's HTTP parser refuses before any route sees them (raw non-ASCII bytes in the URL, broken headers,
 * headers over the size limit, a request too slow to arrive): the same error shape and Korean messages as every other
 * answer, instead of Fastify's English default. Set as Fastify's `clientErrorHandler` (app.ts).
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, code, error] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'REQUEST_TIMEOUT', ko.errors.requestTimeout]
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'HEADERS_TOO_LARGE', ko.errors.headersTooLarge]
        : [400, 'Bad Request', 'BAD_REQUEST', ko.errors.malformedRequest];
  const body = JSON.stringify({ success: false, code, error });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
