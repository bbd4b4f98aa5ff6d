/**
 * GET /api/seeds/:seedId/bookings/stream — server-sent events. Each connection subscribes to the seed's channel in the
 * shared state (Redis pub/sub with REDIS_URL), so a change made through any instance reaches every open screen.
 * The browser reads it with fetch (bearer header), never with a token in the URL. Every minute the stream checks that
 * its session is still live and the user still a member; if not, it ends (the client then reconnects and is refused).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findSessionWithUser } from '../auth/session.repository.ts';
import { findSeedFor } from '../seeds/seeds.repository.ts';
import { channelOf, type TRoomsDeps } from './rooms.deps.ts';

/** How often an open stream re-checks that its session is live and the user still belongs to the seed. */
const RECHECK_MS = 60_000;

export function createStreamHub(app: FastifyInstance, deps: TRoomsDeps) {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  return async function stream(request: FastifyRequest, reply: FastifyReply, seedId: string): Promise<void> {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    res.write('retry: 2000\n\nevent: ready\ndata: {}\n\n');
    let closed = false;
    let unsubscribe: (() => Promise<void>) | undefined;
    const user = request.user;
    const ping = setInterval(() => res.write(': ping\n\n'), 20_000);
    const recheck = setInterval(() => {
      if (!user) return;
      void Promise.all([findSessionWithUser(deps.db, user.sessionId, user.id), findSeedFor(deps.db, seedId, user.id)])
        .then(([session, member]) => {
          const live = session && !session.revokedAt && session.expiresAt > new Date() && !session.user.deletedAt && session.user.status === 'active';
          if (!live || !member) end();
        })
        .catch(() => undefined);
    }, RECHECK_MS);
    const end = () => {
      if (closed) return;
      closed = true;
      clearInterval(ping);
      clearInterval(recheck);
      open.delete(end);
      void unsubscribe?.().catch(() => undefined);
      // The connection is not reused after a stream: closing it lets shutdown finish at once.
      res.end(() => res.socket?.destroy());
    };
    open.add(end);
    request.raw.on('close', end);
    res.on('close', end);
    const off = await deps.state.subscribe(channelOf(seedId), (message) => {
      if (!closed) res.write(`event: booking\ndata: ${message}\n\n`);
    });
    // The client may have gone while subscribing.
    if (closed) void off().catch(() => undefined);
    else unsubscribe = off;
  };
}
