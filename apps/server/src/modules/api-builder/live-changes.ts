/**
 * Live changes (issue 36, decision 091): `GET /api/v1/{apiId}/{table}/changes` as server-sent events.
 *
 * Where the changes come from — the customer's database itself, watched by every instance that has a stream open, so
 * a change made through any instance or by another application reaches streams on every instance:
 * - PostgreSQL (trigger mode): the cache's LISTEN connection (api-builder.deps.ts) also listens on ROW_CHANNEL, where
 *   the live-change triggers (change-feed.ts) announce operation and primary keys. No connection of its own.
 * - MySQL/MariaDB: a poller per API (while a stream of it is open on this instance) reads UPDATE_TIME every second
 *   (the cache's probe); a change is announced per table only (`op: "change"`). A change stamped in a second that is
 *   not yet PROBE_MARGIN_S old is announced once more when that second has settled, so a write in the same second
 *   after the client's refetch is never missed.
 *
 * Wire format (one event per changed row):
 *   id: <instance>.<seq>
 *   event: insert | update | delete | truncate | change
 *   data: {"table":"orders","op":"insert","pk":{"id":42},"at":"2026-11-28T04:10:00.000Z"}
 * `pk` is null for MariaDB, a table without a primary key, truncate, and a statement that changed more than 50 rows
 * (then `rows` tells how many: refetch). `event: ready` opens the stream, `event: refetch` says events were lost
 * (reconnect after the window, listener reconnected): read the table again. `event: close` precedes the end when the
 * key is revoked or loses the table. `: ping` every 20 s. A reconnect with `Last-Event-ID` replays what this instance
 * kept of the last 5 minutes (1 000 events per API); an id it cannot vouch for gets `refetch`.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ko } from '@suite/shared';
import { koApiBuilderLive } from '@suite/shared/messages/ko-api-builder-live';
import type { TDeps } from './api-builder.deps.ts';
import { ensureRowTriggers, PROBE_MARGIN_S, probeUpdateTimes } from './change-feed.ts';
import { bearerToken } from '../../lib/route-helpers.ts';
import { authenticate, hashKey } from './data-api.service.ts';
import { asEndUser, endUserCall, type TEndUserCall } from './end-user-auth.ts';
import { PgrstError } from './postgrest/errors.ts';
import type { TKeyInfo, TLiveApi } from './runtime.ts';

const L = koApiBuilderLive.server;

export type TLiveOp = 'insert' | 'update' | 'delete' | 'truncate' | 'change';
export type TLiveEvent = { seq: number; table: string; op: TLiveOp; pk: Record<string, unknown> | null; rows?: number; at: string };

/**
 * Per change, what this subscriber may see of it: the event, a redacted copy, or null (nothing). API keys are checked
 * once at connect (and again when the key or the API changes) and have no hook; an end user (decision 090) gets
 * `endUserVisibility`. Runs in order per stream.
 */
export type TLiveVisibility = (event: TLiveEvent) => TLiveEvent | null | Promise<TLiveEvent | null>;

export const LIVE_STREAMS_PER_KEY = 5;
export const LIVE_PING_MS = 20_000;
/** Keys per trigger event (the trigger itself sends none past 50); visibility checks waiting per end-user stream. */
const LIVE_PK_MAX = 50;
const LIVE_PENDING_MAX = 100;
/** Streams opened per client address per minute (each open authenticates and may install triggers). */
const LIVE_OPENS_PER_MINUTE = 60;
export const LIVE_POLL_MS = 1_000;
const REPLAY_MAX = 1_000;
const REPLAY_MS = 5 * 60_000;
/** A client that does not read: its stream ends rather than buffer without bound. */
const MAX_BUFFERED = 1024 * 1024;
const BOOT = randomBytes(4).toString('hex');

type TSub = {
  table: string;
  /** The API key's hash; undefined for an end user's token alone. */
  keyHash: string | undefined;
  keyId: string;
  send: (e: TLiveEvent) => void;
  refetch: (reason: string) => void;
  close: (message: string) => void;
};

type TApiFeed = {
  subs: Set<TSub>;
  buffer: TLiveEvent[];
  /** Ids at or below this cannot be resumed (events were lost then). */
  floor: number;
  lastSubAt: number;
  /** Tables streamed on this instance (published, checked at connect): a NOTIFY naming another is ignored. */
  tables: Set<string>;
  poller?: { stop: () => void; tables: Set<string> };
};

const header = (request: FastifyRequest, name: string) => {
  const v = request.headers[name];
  return Array.isArray(v) ? v.join(',') : v;
};

export function createLiveHub(opts: {
  log: { warn: (o: unknown, m: string) => void };
  /** MySQL/MariaDB: the API's engine for the UPDATE_TIME probe. */
  probeEngine: (apiId: string) => Promise<Parameters<typeof probeUpdateTimes>[0] | undefined>;
  pollMs?: number;
  /** The app's clock (events' `at`, the replay window). */
  clock: () => Date;
}) {
  const feeds = new Map<string, TApiFeed>();
  const byKey = new Map<string, number>();
  let seq = 0;
  const now = () => opts.clock().getTime();

  const feedOf = (apiId: string): TApiFeed => {
    let f = feeds.get(apiId);
    if (!f) {
      f = { subs: new Set(), buffer: [], floor: seq, lastSubAt: now(), tables: new Set() };
      feeds.set(apiId, f);
    }
    return f;
  };

  function trim(f: TApiFeed) {
    const cut = now() - REPLAY_MS;
    let drop = 0;
    while (drop < f.buffer.length && (f.buffer.length - drop > REPLAY_MAX || Date.parse(f.buffer[drop]!.at) < cut)) drop++;
    if (drop) {
      f.floor = f.buffer[drop - 1]!.seq;
      f.buffer.splice(0, drop);
    }
  }

  function emit(apiId: string, table: string, op: TLiveOp, pk: Record<string, unknown> | null, rows?: number) {
    const f = feeds.get(apiId);
    // Nobody streams this API on this instance and nobody did within the replay window: nothing to keep.
    if (!f) return;
    const e: TLiveEvent = { seq: ++seq, table, op, pk, ...(rows !== undefined ? { rows } : {}), at: opts.clock().toISOString() };
    f.buffer.push(e);
    trim(f);
    for (const s of f.subs) if (s.table === table) s.send(e);
  }

  /**
   * A ROW_CHANNEL payload from the API's LISTEN connection. Anyone connected to the customer's database can NOTIFY
   * it: events are hints to read again, only tables streamed here count, and at most LIVE_PK_MAX keys per event.
   */
  function fromTrigger(apiId: string, payload: string) {
    const f = feeds.get(apiId);
    if (!f) return;
    let p: { t?: unknown; op?: unknown; n?: unknown; pk?: unknown };
    try {
      p = JSON.parse(payload) as typeof p;
    } catch {
      return;
    }
    const table = typeof p.t === 'string' ? p.t : undefined;
    const op = p.op === 'insert' || p.op === 'update' || p.op === 'delete' || p.op === 'truncate' ? p.op : undefined;
    if (!table || !op || !f.tables.has(table)) return;
    if (Array.isArray(p.pk) && p.pk.length > LIVE_PK_MAX) emit(apiId, table, op, null, p.pk.length);
    else if (Array.isArray(p.pk) && p.pk.length) for (const pk of p.pk as Record<string, unknown>[]) emit(apiId, table, op, pk);
    else emit(apiId, table, op, null, typeof p.n === 'number' ? p.n : undefined);
  }

  /** The API's listener (re)connected: changes made meanwhile were not announced. */
  function resync(apiId: string) {
    const f = feeds.get(apiId);
    if (!f) return;
    f.buffer = [];
    f.floor = seq;
    for (const s of f.subs) s.refetch('reconnected');
  }

  function startPoller(apiId: string, f: TApiFeed) {
    const tables = new Set<string>();
    const last = new Map<string, { stamp: number | null; settled: boolean }>();
    let stopped = false;
    let broken = false;
    let timer: NodeJS.Timeout | undefined;
    const tick = async () => {
      if (stopped) return;
      const names = [...tables];
      try {
        const engine = await opts.probeEngine(apiId);
        if (engine && names.length) {
          const { times, now: dbNow } = await probeUpdateTimes(engine, names);
          if (broken) {
            broken = false;
            for (const s of f.subs) s.refetch('reconnected');
          }
          names.forEach((t, i) => {
            const stamp = times[i] ?? null;
            const seen = last.get(t);
            const settled = stamp === null || (Number.isFinite(dbNow) && dbNow - stamp >= PROBE_MARGIN_S);
            if (!seen) last.set(t, { stamp, settled: true });
            else if (stamp !== seen.stamp) {
              last.set(t, { stamp, settled });
              emit(apiId, t, 'change', null);
            } else if (!seen.settled && settled) {
              seen.settled = true;
              emit(apiId, t, 'change', null);
            }
          });
        }
      } catch (err) {
        if (!broken) opts.log.warn({ err: String((err as Error)?.message ?? err).slice(0, 200), apiId }, 'API builder: live-change probe failed');
        broken = true;
      }
      if (!stopped) timer = setTimeout(() => void tick(), opts.pollMs ?? LIVE_POLL_MS);
    };
    f.poller = {
      tables,
      stop: () => {
        stopped = true;
        if (timer) clearTimeout(timer);
      },
    };
    timer = setTimeout(() => void tick(), 0);
  }

  function subscribe(apiId: string, engine: 'postgres' | 'mysql', sub: TSub, lastEventId: string | undefined): () => void {
    const f = feedOf(apiId);
    // Resume: only ids of this instance's run, above what was dropped.
    if (lastEventId !== undefined) {
      const [boot, n] = lastEventId.split('.');
      const from = Number(n);
      if (boot === BOOT && Number.isSafeInteger(from) && from >= f.floor && from <= seq) {
        for (const e of f.buffer) if (e.seq > from && e.table === sub.table) sub.send(e);
      } else sub.refetch('gap');
    }
    f.subs.add(sub);
    f.tables.add(sub.table);
    f.lastSubAt = now();
    byKey.set(sub.keyId, (byKey.get(sub.keyId) ?? 0) + 1);
    if (engine === 'mysql') {
      if (!f.poller) startPoller(apiId, f);
      f.poller!.tables.add(sub.table);
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      f.subs.delete(sub);
      f.lastSubAt = now();
      const n = (byKey.get(sub.keyId) ?? 1) - 1;
      if (n > 0) byKey.set(sub.keyId, n);
      else byKey.delete(sub.keyId);
      if (f.poller && ![...f.subs].some((s) => s.table === sub.table)) f.poller.tables.delete(sub.table);
      if (f.subs.size === 0) {
        f.poller?.stop();
        delete f.poller;
      }
    };
  }

  /** Feeds without a stream for longer than the replay window are forgotten (called on every subscribe). */
  function sweep() {
    const cut = now() - REPLAY_MS;
    for (const [id, f] of feeds) if (f.subs.size === 0 && f.lastSubAt < cut) feeds.delete(id);
  }

  return {
    fromTrigger,
    resync,
    subscribe(apiId: string, engine: 'postgres' | 'mysql', sub: TSub, lastEventId: string | undefined) {
      sweep();
      return subscribe(apiId, engine, sub, lastEventId);
    },
    openFor: (keyId: string) => byKey.get(keyId) ?? 0,
    /** Open streams and running MariaDB pollers on this instance (tests, metrics). */
    stats: () => ({
      streams: [...feeds.values()].reduce((n, f) => n + f.subs.size, 0),
      pollers: [...feeds.values()].filter((f) => f.poller).length,
    }),
    /** Streams of a key (by hash) or of an API, for a re-check after a change announced by the runtime. */
    subsOf(kind: string, id: string): { apiId: string; sub: TSub }[] {
      const out: { apiId: string; sub: TSub }[] = [];
      for (const [apiId, f] of feeds)
        for (const s of f.subs) if ((kind === 'key' && s.keyHash === id) || (kind === 'api' && apiId === id)) out.push({ apiId, sub: s });
      return out;
    },
    close() {
      for (const f of feeds.values()) {
        for (const s of [...f.subs]) s.close('');
        f.poller?.stop();
      }
      feeds.clear();
    },
  };
}

export type TLiveHub = ReturnType<typeof createLiveHub>;

/** Whether `key` still may stream `table` of `live` (published with GET, in the key's scope). */
const mayStream = (live: TLiveApi | undefined, key: Pick<TKeyInfo, 'methods' | 'tables'> | undefined, table: string) =>
  !!live &&
  !!key &&
  !!live.published.get(table)?.methods.includes('GET') &&
  live.schema.tables.has(table) &&
  (!key.methods || key.methods.includes('GET')) &&
  (!key.tables || key.tables.includes(table));

/** The runtime announced a change of a key or an API (on any instance): streams it no longer allows end. */
export function recheckStreams(deps: TDeps, hub: TLiveHub, kind: string, id: string) {
  for (const { apiId, sub } of hub.subsOf(kind, id)) {
    void (async () => {
      const [live, key] = await Promise.all([deps.runtime.live(apiId), sub.keyHash === undefined ? undefined : deps.runtime.key(sub.keyHash)]);
      if (!live) return sub.close(L.keyRevoked);
      if (sub.keyHash === undefined) {
        // A token alone: the API must still accept end users and publish the table for reading.
        if (!live.endUser?.enabled) return sub.close(L.keyRevoked);
        if (!live.published.get(sub.table)?.methods.includes('GET')) return sub.close(L.tableGone);
      } else if (!key || key.apiId !== apiId) return sub.close(L.keyRevoked);
      if (!live.published.has(sub.table)) return sub.close(L.tableGone);
      if (key && !mayStream(live, key, sub.table)) return sub.close(L.keyRevoked);
      if (live.connection.engine !== 'mysql') {
        if (live.api.cacheMode !== 'trigger') return sub.close(L.needsTriggers);
        // The API's listener was stopped with the change (api-builder.deps.ts): listen again for the streams left.
        deps.feeds.effectiveMode(live.api, 'postgres');
      }
    })().catch(() => undefined);
  }
}

/**
 * An end user's stream (decision 090): each event with a primary key is re-read as the end user — on PostgreSQL in one
 * transaction under the token's role and `request.jwt.claims`, so the customer's row-level security decides, plus the
 * API's row filter of the table (MariaDB's rule) — and sent only when the row is visible now. A delete, truncate or
 * bulk event has no row left to check: it goes out without its keys (`pk: null`, read the table again), so an end user
 * learns that the table changed but never which row another user's policy hides. MariaDB's table-level events pass.
 */
export function endUserVisibility(deps: TDeps, live: TLiveApi, as: TEndUserCall): TLiveVisibility {
  return async (e) => {
    if (!e.pk) return e;
    if (e.op === 'delete') return { ...e, pk: null };
    const engine = await deps.runtime.engineFor(live.connection);
    const d = engine.dialect;
    const conds = Object.entries(e.pk).map(([c, v]) => [c, v] as const);
    const filter = as.filters.get(e.table);
    if (filter) conds.push([filter.column, filter.value]);
    const where = conds.map(([c], i) => `${d.quote(c)} = ${d.placeholder(i + 1)}`).join(' AND ');
    const found = await asEndUser(engine, as.user, (scoped) =>
      scoped.query(
        `SELECT 1 AS x FROM ${d.quote(e.table)} WHERE ${where} LIMIT 1`,
        conds.map(([, v]) => v),
      ),
    );
    return found.rows.length ? e : null;
  };
}

const memoTriggers = new Set<string>();

/** The stream's refusals answer in PostgREST's shape before anything of the stream is written. `cors`: the data API's headers. */
export async function openChangeStream(
  deps: TDeps,
  hub: TLiveHub,
  request: FastifyRequest,
  reply: FastifyReply,
  target: { apiId: string; table: string; cors: Record<string, string> },
) {
  const { apiId, table } = target;
  const credentials = { apiId, authorization: header(request, 'authorization'), apikey: header(request, 'apikey'), ip: request.ip };
  if ((await deps.state.hit(`ab:live-open:${request.ip}`, 60_000)).count > LIVE_OPENS_PER_MINUTE)
    throw new PgrstError(429, 'PGRST429', ko.apiBuilderJwt.data.tooManyStreamOpens);
  // An end user's token (decision 090), or undefined for an API key's request.
  const endUser = await endUserCall(deps, credentials, bearerToken(credentials.authorization), (id, c) => authenticate(deps, id, c));
  const key = endUser?.key ?? (await authenticate(deps, apiId, credentials));
  const live = await deps.runtime.live(apiId);
  if (!live) throw new PgrstError(404, 'PGRST205', ko.apiBuilder.server.apiNotFound);
  const published = live.published.get(table);
  if (!published || !live.schema.tables.has(table)) {
    throw new PgrstError(404, 'PGRST205', ko.apiBuilder.pgrst.noTable(table.slice(0, 64)), ko.apiBuilder.pgrst.publishedOnly);
  }
  if (!published.methods.includes('GET')) throw new PgrstError(405, 'PGRST105', ko.apiBuilder.data.methodNotAllowed('GET', table));
  if (key.methods && !key.methods.includes('GET')) throw new PgrstError(403, 'PGRST403', ko.apiBuilder.data.keyMethod('GET'));
  if (key.tables && !key.tables.includes(table)) throw new PgrstError(403, 'PGRST403', ko.apiBuilder.data.keyTable(table));
  const engine = live.connection.engine === 'mysql' ? 'mysql' : 'postgres';
  if (engine === 'postgres') {
    if (live.api.cacheMode !== 'trigger') throw new PgrstError(409, 'PGRST409', L.needsTriggers, L.needsTriggersHint);
    // Consent given before the live-change triggers existed: add them once per published set on this instance.
    const tables = [...live.schema.tables.values()].filter((t) => t.kind === 'table').map((t) => t.name);
    const memo = `${live.api.id}:${tables.join(',')}`;
    if (!memoTriggers.has(memo)) {
      try {
        await ensureRowTriggers(await deps.runtime.engineFor(live.connection), tables);
        memoTriggers.add(memo);
      } catch (err) {
        deps.log.warn({ err: String((err as Error)?.message ?? err).slice(0, 200), apiId }, 'API builder: live-change triggers not installed');
      }
    }
    // Starts this instance's LISTEN connection of the API if no read has yet.
    deps.feeds.effectiveMode(live.api, 'postgres');
  }
  if (hub.openFor(key.id) >= LIVE_STREAMS_PER_KEY) throw new PgrstError(429, 'PGRST429', L.tooManyStreams(LIVE_STREAMS_PER_KEY));
  const visible = endUser ? endUserVisibility(deps, live, endUser) : undefined;
  const lastEventId = header(request, 'last-event-id')?.slice(0, 100);

  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...target.cors,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  let closed = false;
  const stop: (() => void)[] = [];
  const write = (text: string) => {
    if (closed) return;
    res.write(text);
    if (res.writableLength > MAX_BUFFERED) end();
  };
  // A heartbeat of this one connection, ended with it (not a periodic job of the instance).
  // eslint-disable-next-line no-restricted-globals
  const ping = setInterval(() => write(': ping\n\n'), LIVE_PING_MS);
  const end = () => {
    if (closed) return;
    closed = true;
    clearInterval(ping);
    for (const fn of stop) fn();
    res.end(() => res.socket?.destroy());
  };
  res.on('close', end);
  const frame = (e: TLiveEvent) => {
    const data: Record<string, unknown> = { table: e.table, op: e.op, pk: e.pk, at: e.at };
    if (e.rows !== undefined) data.rows = e.rows;
    return `id: ${BOOT}.${e.seq}\nevent: ${e.op}\ndata: ${JSON.stringify(data)}\n\n`;
  };
  // In order per stream, also while a visibility check is pending. Past LIVE_PENDING_MAX waiting checks, events are
  // dropped and the client is told to read the table again; the checks stop when the stream ends.
  let queue = Promise.resolve();
  let pending = 0;
  let dropped = false;
  const send = (e: TLiveEvent) => {
    if (!visible) return write(frame(e));
    if (closed) return;
    if (pending >= LIVE_PENDING_MAX) {
      if (!dropped) write(`event: refetch\ndata: ${JSON.stringify({ table, reason: 'overflow' })}\n\n`);
      dropped = true;
      return;
    }
    pending++;
    queue = queue.then(async () => {
      try {
        if (closed) return;
        const shown = await Promise.resolve(visible(e)).catch(() => null);
        if (shown) write(frame(shown));
      } finally {
        if (--pending === 0) dropped = false;
      }
    });
  };
  write(`retry: 3000\n\n`);
  write(`event: ready\ndata: ${JSON.stringify({ table, changes: engine === 'postgres' ? 'rows' : 'table' })}\n\n`);
  const unsubscribe = hub.subscribe(
    live.api.id,
    engine,
    {
      table,
      // The API key whose revocation ends the stream; none for a token alone (its expiry ends it, below).
      keyHash: endUser?.keyless ? undefined : keyHashOf(request, endUser !== undefined),
      keyId: key.id,
      send,
      refetch: (reason) => write(`event: refetch\ndata: ${JSON.stringify({ table, reason })}\n\n`),
      close: (message) => {
        if (message) write(`event: close\ndata: ${JSON.stringify({ code: 'PGRST301', message })}\n\n`);
        end();
      },
    },
    lastEventId,
  );
  stop.push(unsubscribe);
  // An end user's token ends with its `exp`.
  const exp = endUser?.user.claims.exp;
  if (typeof exp === 'number') {
    const left = exp * 1000 - deps.ctx.now().getTime();
    const timer = setTimeout(
      () => {
        write(`event: close\ndata: ${JSON.stringify({ code: 'PGRST303', message: L.tokenExpired })}\n\n`);
        end();
      },
      Math.max(0, Math.min(left, 2 ** 31 - 1)),
    );
    stop.push(() => clearTimeout(timer));
  }
  // Closed while subscribing (a refetch write over the buffer bound, the client gone): leave no subscription behind.
  if (closed || res.destroyed || res.socket?.destroyed) {
    unsubscribe();
    end();
  }
}

/** The hash of the request's API key (`apikey` beside an end user's token, else the bearer or `apikey`). */
function keyHashOf(request: FastifyRequest, withToken: boolean): string {
  const apikey = header(request, 'apikey')?.trim() || undefined;
  const raw = withToken ? (apikey ?? '') : (bearerToken(header(request, 'authorization')) ?? apikey ?? '');
  return hashKey(raw);
}
