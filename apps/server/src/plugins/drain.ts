/**
 * Draining before a stop (docs/decisions/011-running-in-production.md). On SIGTERM the instance first tells the load
 * balancer to stop sending it work, while it still accepts and serves everything that reaches it; only when no new
 * request has arrived for a moment (or SHUTDOWN_DRAIN_MS has passed) does it close its listener and finish in-flight
 * requests. Closing the listener at once would reset connections nginx had already opened and written a request to,
 * and nginx never retries a POST it has sent, so that request would be lost.
 *
 * The signal nginx understands without extra modules is a 503 it may retry: while draining, safe requests
 * (GET, HEAD, OPTIONS — /api/ready among them) get 503 with `Connection: close`; nginx retries them on another instance
 * and, with max_fails=1, takes this one out of rotation. Writes that still arrive are served normally.
 */
import type { FastifyInstance } from 'fastify';
import { errorMessage, type TErrorResponse } from '@suite/shared';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** No new request for this long: the load balancer has stopped sending here. */
const QUIET_MS = 500;
const POLL_MS = 50;

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    /** Starts draining; resolves when the instance has been quiet for a moment, or after `maxMs`. */
    drain: (maxMs: number) => Promise<void>;
  }
}

/** Returns whether the instance is draining (answers sent outside Fastify's hooks check it). */
export function registerDrain(app: FastifyInstance): () => boolean {
  let draining = false;
  let lastRequestAt = 0;
  app.addHook('onRequest', (request, reply, done) => {
    lastRequestAt = Date.now();
    if (!draining) return done();
    reply.header('connection', 'close');
    if (!SAFE.has(request.method)) return done();
    // An expected answer while stopping, not an error: sent here (and the chain stops), so it is not logged as one.
    const body: TErrorResponse = { success: false, code: 'SERVICE_UNAVAILABLE', error: errorMessage('SERVICE_UNAVAILABLE') };
    reply.status(503).header('retry-after', '1').type('application/json; charset=utf-8').send(body);
  });
  app.decorate('drain', async (maxMs: number) => {
    draining = true;
    const startedAt = Date.now();
    while (Date.now() - startedAt < maxMs && Date.now() - Math.max(lastRequestAt, startedAt) < QUIET_MS) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  });
  return () => draining;
}
