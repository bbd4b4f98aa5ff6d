/**
 * Server-sent event streams, one helper for every `text/event-stream` route (rooms bookings, meals, ...).
 *
 *   const streams = await createEventStreams({ state, sessionLive });   // once per app (app.ts), in ctx.streams
 *   app.get('/api/x/stream', { onRequest: requireAuth }, (request, reply) =>
 *     ctx.streams.open(request, reply, { channel: 'x:1', event: 'x', stillAllowed: () => isMember(...) }));
 *
 * - Each stream subscribes to its channel in the shared state (Redis pub/sub with REDIS_URL), so a change made through
 *   any instance reaches every open screen.
 * - A stream ends within a moment of its session ending: whoever ends sessions (logout, "end other sessions", password
 *   change or reset, admin suspension, deletion or revocation) calls `announceSessionsEnded(state, userId)` after the
 *   commit; every instance hears it on one shared channel and re-checks, in the database, the session of each of that
 *   user's open streams. A minute's re-check (session and `stillAllowed`) covers anything not announced.
 * - At most MAX_STREAMS_PER_USER open streams per user on one instance; the next is refused with 429 TOO_MANY_STREAMS
 *   before any byte of the stream is written. Closing one frees its slot at once.
 *
 * `writeEventStream` is the one writer under every `text/event-stream` answer (these subscriptions and the chatbot's
 * streamed answers): the same headers (with what the hooks already set on the reply, e.g. CORS), a heartbeat comment
 * every 20 s, writes ignored once the client has gone, one `end`.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TSharedState } from '../state/shared-state.ts';
import { AppError } from './app-error.ts';

/** The shared channel on which the ending of a user's sessions is announced (message: user id, or `*` for all). */
export const SESSIONS_ENDED_CHANNEL = 'auth:sessions-ended';
export const MAX_STREAMS_PER_USER = 10;
const RECHECK_MS = 60_000;
const PING_MS = 20_000;

/** Tell every instance that sessions of `userId` (or of everyone: `*`) ended, so their open streams close. After commit. */
export async function announceSessionsEnded(state: TSharedState, userId: string): Promise<void> {
  await state.publish(SESSIONS_ENDED_CHANNEL, userId);
}

export type TStreamOptions = {
  /** The shared-state channel whose messages are forwarded. */
  channel: string;
  /** The SSE event name of each forwarded message. */
  event: string;
  /** Re-checked with the session (e.g. still a member of the seed); false ends the stream. */
  stillAllowed?: () => Promise<boolean>;
};

export type TEventStreams = {
  open: (request: FastifyRequest, reply: FastifyReply, opts: TStreamOptions) => Promise<void>;
  /** Open streams of a user on this instance (tests, metrics). */
  countFor: (userId: string) => number;
  close: () => Promise<void>;
};

type TOpenStream = { userId: string; sessionId: string; check: () => Promise<boolean>; end: () => void };

export async function createEventStreams(opts: {
  state: TSharedState;
  /** Whether the session is still live and its user active and not deleted. */
  sessionLive: (sessionId: string, userId: string) => Promise<boolean>;
  maxPerUser?: number;
}): Promise<TEventStreams> {
  const max = opts.maxPerUser ?? MAX_STREAMS_PER_USER;
  const byUser = new Map<string, Set<TOpenStream>>();

  const recheck = (streams: Iterable<TOpenStream>) => {
    for (const s of [...streams]) {
      void s
        .check()
        .then((ok) => {
          if (!ok) s.end();
        })
        // A failed check (database briefly away) keeps the stream; the next announcement or re-check decides.
        .catch(() => undefined);
    }
  };

  const offSessions = await opts.state.subscribe(SESSIONS_ENDED_CHANNEL, (userId) => {
    if (userId === '*') for (const set of byUser.values()) recheck(set);
    else recheck(byUser.get(userId) ?? []);
  });

  async function open(request: FastifyRequest, reply: FastifyReply, o: TStreamOptions): Promise<void> {
    const user = request.user;
    if (!user) throw new AppError('UNAUTHORIZED');
    const mine = byUser.get(user.id) ?? new Set<TOpenStream>();
    if (mine.size >= max) throw new AppError('TOO_MANY_STREAMS');
    byUser.set(user.id, mine);

    let unsubscribe: (() => Promise<void>) | undefined;
    const out = writeEventStream(request, reply, { retryMs: 2000, closeConnection: true });
    out.send('ready', '{}');
    const stream: TOpenStream = {
      userId: user.id,
      sessionId: user.sessionId,
      check: async () => (await opts.sessionLive(user.sessionId, user.id)) && (o.stillAllowed ? await o.stillAllowed() : true),
      end: () => out.end(),
    };
    mine.add(stream);
    const timer = setInterval(() => recheck([stream]), RECHECK_MS);
    out.onClose(() => {
      clearInterval(timer);
      mine.delete(stream);
      if (mine.size === 0 && byUser.get(user.id) === mine) byUser.delete(user.id);
      void unsubscribe?.().catch(() => undefined);
    });
    const off = await opts.state.subscribe(o.channel, (message) => out.send(o.event, message));
    // The client may have gone while subscribing.
    if (out.closed) void off().catch(() => undefined);
    else unsubscribe = off;
  }

  return {
    open,
    countFor: (userId) => byUser.get(userId)?.size ?? 0,
    async close() {
      for (const set of [...byUser.values()]) for (const s of [...set]) s.end();
      await offSessions().catch(() => undefined);
    },
  };
}

export type TEventWriter = {
  /** One event; `data` is sent as it is when a string, as JSON otherwise. Ignored once the stream is closed. */
  send: (event: string, data: unknown) => void;
  /** Ends the stream (idempotent). */
  end: () => void;
  /** Runs once when the stream ends, by `end` or because the client went away. */
  onClose: (fn: () => void) => void;
  readonly closed: boolean;
};

const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

/**
 * Takes over the reply and answers 200 `text/event-stream`. `retryMs` tells EventSource clients how soon to reconnect;
 * `closeConnection` drops the connection after the stream (a long-lived subscription, so shutdown need not wait).
 */
export function writeEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { retryMs?: number; closeConnection?: boolean; cacheControl?: string } = {},
): TEventWriter {
  // Headers the hooks set (CORS, security) go out with the stream's own.
  const before = reply.getHeaders() as OutgoingHttpHeaders;
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...before,
    ...EVENT_STREAM_HEADERS,
    ...(opts.cacheControl ? { 'cache-control': opts.cacheControl } : {}),
    'x-request-id': request.id,
  });
  if (opts.retryMs !== undefined) res.write(`retry: ${opts.retryMs}\n\n`);
  let closed = false;
  const closers: (() => void)[] = [];
  const ping = setInterval(() => res.write(': ping\n\n'), PING_MS);
  const end = () => {
    if (closed) return;
    closed = true;
    clearInterval(ping);
    for (const fn of closers) fn();
    if (opts.closeConnection) res.end(() => res.socket?.destroy());
    else res.end();
  };
  // The response's close is the client going away (or the end). Not the request's: after a POST body is read it closes
  // at once, while the answer is still being written.
  res.on('close', end);
  // A client that left before the stream began (e.g. during the auth hook) fired its close already: end now, so no
  // ping, subscription or open-stream slot outlives it.
  // Only the socket tells: the request (IncomingMessage) counts as destroyed as soon as a POST body has been read.
  if (res.destroyed || res.socket?.destroyed) queueMicrotask(end);
  return {
    send: (event, data) => {
      if (!closed) res.write(`event: ${event}\ndata: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
    },
    end,
    onClose: (fn) => void closers.push(fn),
    get closed() {
      return closed;
    },
  };
}

/** Ends every open stream when the app closes (registered once on the root app). */
export function closeStreamsOnShutdown(app: FastifyInstance, streams: TEventStreams): void {
  app.addHook('preClose', async () => {
    await streams.close();
  });
}
