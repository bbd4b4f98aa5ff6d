/**
 * The one input rule for text (issue 11, item 7): no string the API accepts may contain a NUL character or an
 * unpaired UTF-16 surrogate. PostgreSQL cannot store either ("invalid byte sequence for encoding UTF8: 0x00"),
 * so without this rule they surface as 500s — or worse, half-done writes.
 *
 * It runs as a root `preValidation` hook, after the body is parsed and before any route's schema or handler, over
 * the path parameters, the query, the parsed body (strings and object keys, at any depth) and the headers the
 * product stores (user agent). Being registered on the root instance before every module, it covers every route,
 * including routes added later. Raw bodies (Buffers: PDFs, signed Slack payloads) are not text and are left alone.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ko } from '@suite/shared';
import { AppError } from '../lib/app-error.ts';

/** NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
// eslint-disable-next-line no-control-regex
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isBadText(value: string): boolean {
  return BAD_TEXT.test(value);
}

/** The path of the first bad string inside `value` ('' for the value itself), or undefined when all is well. */
export function findBadText(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return isBadText(value) ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findBadText(value[i], `${path}[${i}]`, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, v] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (isBadText(key)) return here;
    const found = findBadText(v, here, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Headers whose values are stored (sessions, audit). */
const STORED_HEADERS = ['user-agent'] as const;

export function assertCleanRequest(request: FastifyRequest): void {
  const parts: [string, unknown][] = [
    ['params', request.params],
    ['query', request.query],
    ['body', request.body],
    ...STORED_HEADERS.map((h): [string, unknown] => [`headers.${h}`, request.headers[h]]),
  ];
  for (const [where, value] of parts) {
    const found = findBadText(value);
    if (found === undefined) continue;
    const path = found ? `${where}.${found}` : where;
    throw new AppError('INVALID_TEXT', ko.security.invalidTextAt(path), { details: [{ path, message: ko.security.invalidText }] });
  }
}

export function registerInputTextRule(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      assertCleanRequest(request);
    } catch (err) {
      done(err as Error);
      return;
    }
    done();
  });
}
