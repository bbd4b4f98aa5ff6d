import cors from '@fastify/cors';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ko } from '@suite/shared';
import { AppError } from '../../lib/app-error.ts';
import type { TDeps } from './api-builder.deps.ts';
import { authenticate, callDataApi } from './data-api.service.ts';
import { openApiDocument } from './openapi.ts';
import { callRpc } from './rpc.service.ts';
import { openChangeStream } from './live-changes.ts';
import { PgrstError } from './postgrest/errors.ts';
import type { TMethod } from './postgrest/handler.ts';

const ZId = z.uuid();
const PREFIX = '/api/v1';
/** The data API's route pattern (metrics and usage count answers by it). */
export const DATA_API_ROUTE = `${PREFIX}/:apiId/:table`;
/** The functions' route pattern (issue 36). */
export const DATA_API_RPC_ROUTE = `${PREFIX}/:apiId/rpc/:fn`;

const EXPOSED = 'content-range, x-cache, preference-applied, x-request-id';
/**
 * Every origin may call a published API (its key is the credential, decision 033): @fastify/cors answers preflights
 * and adds these to every answer of the scope. The fast path (outside the framework) and refusals raised before the
 * scope's hooks ran (root hooks) add `DATA_API_CORS` themselves.
 */
const CORS_OPTIONS = {
  origin: '*',
  exposedHeaders: EXPOSED,
  methods: 'GET, HEAD, POST, PATCH, DELETE, OPTIONS',
  allowedHeaders: 'authorization, apikey, content-type, prefer, range, range-unit, accept, accept-profile, content-profile, x-client-info, idempotency-key',
  maxAge: 600,
  strictPreflight: false,
};
export const DATA_API_CORS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSED };

/** The raw query string (parsed by the service only when the request's preparation is not remembered). */
function queryText(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? '' : url.slice(q + 1);
}

function sendError(reply: FastifyReply, err: PgrstError) {
  if (err.headers) reply.headers(err.headers);
  return reply.status(err.status).headers(DATA_API_CORS).type('application/json; charset=utf-8').send(err.toBody());
}

const header = (request: FastifyRequest, name: string) => {
  const v = request.headers[name];
  return Array.isArray(v) ? v.join(',') : v;
};

/** `{APP_URL}/api/v1/{apiId}/{table}`: the published data API in PostgREST's grammar; `{base}/openapi.json`. */
export const dataApiRoutes: FastifyPluginAsync<{ deps: TDeps }> = async (root, { deps }) => root.register((app) => dataApi(app, deps), { prefix: PREFIX });

async function dataApi(app: FastifyInstance, deps: TDeps) {
  await app.register(cors, CORS_OPTIONS);
  // In this scope only: an empty JSON body is no body (postgrest-js sends DELETE with a JSON content type), and
  // every failure answers in PostgREST's error shape.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new PgrstError(400, 'PGRST102', ko.errors.invalidJson), undefined);
    }
  });
  app.setErrorHandler((err, request, reply) => {
    if (err instanceof PgrstError) return sendError(reply, err);
    // The root hooks' refusals (the input rule's INVALID_TEXT) keep their status and Korean message, in PostgREST's shape.
    if (err instanceof AppError && err.status < 500) return sendError(reply, new PgrstError(err.status, err.code, err.message, null, null, err.headers));
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error({ err }, 'data API error');
    const message =
      status === 413 ? ko.errors.payloadTooLarge : status === 415 ? ko.errors.unsupportedMediaType : status < 500 ? ko.errors.badRequest : ko.errors.internal;
    return sendError(reply, new PgrstError(status < 500 ? status : 500, status < 500 ? 'PGRST100' : 'PGRST000', message));
  });
  app.route({
    method: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
    url: '/:apiId/:table',
    exposeHeadRoute: false,
    schema: { hide: true },
    handler: async (request, reply) => {
      const { apiId, table } = request.params as { apiId: string; table: string };
      try {
        if (!ZId.safeParse(apiId).success) throw new PgrstError(404, 'PGRST205', ko.apiBuilder.server.apiNotFound);
        const started = performance.now();
        const res = await callDataApi(deps, {
          apiId,
          table,
          method: request.method as TMethod,
          query: queryText(request.url),
          authorization: header(request, 'authorization'),
          apikey: header(request, 'apikey'),
          accept: header(request, 'accept'),
          prefer: header(request, 'prefer'),
          range: header(request, 'range'),
          body: request.body,
          idempotencyKey: header(request, 'idempotency-key'),
          url: request.url,
          ip: request.ip,
        });
        reply.headers(res.headers);
        if (res.cache) reply.header('x-cache', res.cache);
        reply.header('server-timing', `db;dur=${(performance.now() - started).toFixed(1)}`);
        reply.status(res.status);
        if (request.method === 'HEAD') return reply.send();
        if (res.raw !== undefined && res.raw !== '') return reply.send(res.raw);
        return res.body === undefined ? reply.send() : reply.send(JSON.stringify(res.body));
      } catch (err) {
        if (err instanceof PgrstError) return sendError(reply, err);
        throw err;
      }
    },
  });

  // Live changes (issue 36, decision 091): server-sent events of the table's inserts, updates and deletes.
  app.get('/:apiId/:table/changes', { schema: { hide: true } }, async (request, reply) => {
    const { apiId, table } = request.params as { apiId: string; table: string };
    try {
      if (!ZId.safeParse(apiId).success) throw new PgrstError(404, 'PGRST205', ko.apiBuilder.server.apiNotFound);
      await openChangeStream(deps, deps.live, request, reply, { apiId: apiId.toLowerCase(), table, cors: DATA_API_CORS });
    } catch (err) {
      if (err instanceof PgrstError) return sendError(reply, err);
      throw err;
    }
  });

  // Functions (issue 36): `/rpc/{function}` with named arguments (rpc.service.ts); never cached.
  app.route({
    method: ['GET', 'POST'],
    url: DATA_API_RPC_ROUTE.slice(PREFIX.length),
    exposeHeadRoute: false,
    schema: { hide: true },
    handler: async (request, reply) => {
      const { apiId, fn } = request.params as { apiId: string; fn: string };
      try {
        if (!ZId.safeParse(apiId).success) throw new PgrstError(404, 'PGRST205', ko.apiBuilder.server.apiNotFound);
        const res = await callRpc(deps, {
          apiId,
          fn,
          method: request.method,
          query: queryText(request.url),
          body: request.body,
          authorization: header(request, 'authorization'),
          apikey: header(request, 'apikey'),
          idempotencyKey: header(request, 'idempotency-key'),
          url: request.url,
          ip: request.ip,
        });
        reply.headers(res.headers).status(res.status);
        return res.body === undefined ? reply.send() : reply.send(JSON.stringify(res.body));
      } catch (err) {
        if (err instanceof PgrstError) return sendError(reply, err);
        throw err;
      }
    },
  });

  const openapi = async (request: FastifyRequest, reply: FastifyReply) => {
    const { apiId } = request.params as { apiId: string };
    const live = ZId.safeParse(apiId).success ? await deps.runtime.live(apiId) : undefined;
    if (!live) return sendError(reply, new PgrstError(404, 'PGRST205', ko.apiBuilder.server.apiNotFound));
    // Like every route of the API, the document needs one of its keys, and describes only what that key may call.
    let key;
    try {
      key = await authenticate(deps, live.api.id, { authorization: header(request, 'authorization'), apikey: header(request, 'apikey') });
    } catch (err) {
      if (err instanceof PgrstError) return sendError(reply, err);
      throw err;
    }
    return reply.type('application/openapi+json; charset=utf-8').send(openApiDocument(deps, live, key));
  };
  app.get('/:apiId/openapi.json', { schema: { hide: true } }, openapi);
  app.get('/:apiId/', { schema: { hide: true } }, openapi);
}
