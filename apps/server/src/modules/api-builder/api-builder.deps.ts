import type { TAppContext } from '../../context.ts';
import { createResponseCache, type TResponseCache } from './cache.ts';
import { listen, type TListener } from './change-feed.ts';
import type { TApiRow } from './api-builder.repository.ts';
import * as repo from './api-builder.repository.ts';
import { createRuntime, savedTarget, type TRuntime } from './runtime.ts';
import { createUsageTally, type TUsageTally } from './usage-tally.ts';
import { createLiveHub, recheckStreams, type TLiveHub } from './live-changes.ts';
import type { notify } from '../notifications/notifications.service.ts';

type TLog = { error: (o: unknown, m: string) => void; warn: (o: unknown, m: string) => void };

/** Trigger-mode listeners, one per API, started the first time the API is read on this instance. */
function createFeeds(ctx: TAppContext, cache: TResponseCache, log: TLog, live: TLiveHub) {
  const listeners = new Map<string, TListener>();
  async function start(api: TApiRow) {
    const conn = await repo.connectionById(ctx.database.db, api.connectionId);
    if (!conn) return;
    const target = await savedTarget(ctx.config, conn, 'postgres');
    const l = listen(
      target,
      (table) => void cache.bump(api.id, [table]).catch((err: unknown) => log.error({ err }, 'API builder: cache version not bumped')),
      (err) => log.warn({ err: String((err as Error)?.message ?? err) }, 'API builder: change listener failed; TTL caching until it reconnects'),
      // (Re)connected: what was cached before may have missed changes made while nobody listened.
      async () => {
        live.resync(api.id);
        await cache.bump(
          api.id,
          (api.tables as { name: string }[]).map((t) => t.name),
        );
      },
      // Live changes (decision 091): the row triggers' announcements go to this instance's open streams.
      (payload) => live.fromTrigger(api.id, payload),
    );
    listeners.set(api.id, l);
  }
  return {
    /** The cache rule in force now: trigger mode counts only while this instance is listening. */
    effectiveMode(api: TApiRow, engine: string): 'trigger' | 'probe' | 'ttl' | 'off' {
      if (api.cacheMode === 'trigger') {
        const l = listeners.get(api.id);
        if (!l && engine === 'postgres') {
          listeners.set(api.id, { healthy: () => false, close: async () => undefined });
          void start(api).catch((err: unknown) => {
            listeners.delete(api.id);
            log.warn({ err: String((err as Error)?.message ?? err) }, 'API builder: change listener not started');
          });
        }
        return l?.healthy() ? 'trigger' : 'ttl';
      }
      if (api.cacheMode === 'probe') return engine === 'mysql' ? 'probe' : 'ttl';
      return api.cacheMode === 'off' ? 'off' : 'ttl';
    },
    /** Starts listening now (after consent) and resolves once the LISTEN is in place or failed. */
    async ensure(api: TApiRow): Promise<boolean> {
      if (!listeners.get(api.id)?.healthy()) {
        await listeners.get(api.id)?.close();
        listeners.delete(api.id);
        await start(api);
      }
      for (let i = 0; i < 50 && !listeners.get(api.id)?.healthy(); i++) await new Promise((r) => setTimeout(r, 100));
      return listeners.get(api.id)?.healthy() ?? false;
    },
    async stop(apiId: string) {
      // Out of the map before closing: a listener started meanwhile (a read, a live stream) is never dropped unclosed.
      const l = listeners.get(apiId);
      listeners.delete(apiId);
      await l?.close();
    },
    async close() {
      await Promise.allSettled([...listeners.values()].map((l) => l.close()));
      listeners.clear();
    },
  };
}

/** `notifications`: the notification service's deps (buildApp), for the 5xx and usage notices (api-alerts.ts). */
export function createApiBuilderDeps(ctx: TAppContext, log: TLog, notifications: Parameters<typeof notify>[0]) {
  // A lone instance (no Redis) keeps its entries in process only (decision 099).
  const cache = createResponseCache(ctx.state, undefined, { shared: ctx.state.kind === 'redis' });
  const runtime: TRuntime = createRuntime(ctx);
  const usage: TUsageTally = createUsageTally(ctx.database.db, log, ctx.now);
  const live = createLiveHub({
    log,
    clock: ctx.now,
    probeEngine: async (apiId) => {
      const found = await runtime.live(apiId);
      return found ? runtime.engineFor(found.connection) : undefined;
    },
  });
  const feeds = createFeeds(ctx, cache, log, live);
  runtime.onChange(({ kind, id }) => {
    if (kind === 'api') void feeds.stop(id);
    if (kind === 'key' || kind === 'api') recheckStreams(deps, live, kind, id);
  });
  const deps = { ctx, db: ctx.database.db, state: ctx.state, config: ctx.config, runtime, cache, usage, feeds, live, log, notifications };
  return deps;
}

export type TDeps = ReturnType<typeof createApiBuilderDeps>;
