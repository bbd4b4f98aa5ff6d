import type { TAppContext } from '../../context.ts';
import { createResponseCache, type TResponseCache } from './cache.ts';
import { listen, type TListener } from './change-feed.ts';
import type { TApiRow } from './api-builder.repository.ts';
import * as repo from './api-builder.repository.ts';
import { createRuntime, savedTarget, type TRuntime } from './runtime.ts';
import { createUsageTally, type TUsageTally } from './usage-tally.ts';
import type { notify } from '../notifications/notifications.service.ts';

type TLog = { error: (o: unknown, m: string) => void; warn: (o: unknown, m: string) => void };

/** Trigger-mode listeners, one per API, started the first time the API is read on this instance. */
function createFeeds(ctx: TAppContext, cache: TResponseCache, log: TLog) {
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
      () =>
        cache.bump(
          api.id,
          (api.tables as { name: string }[]).map((t) => t.name),
        ),
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
      await listeners.get(apiId)?.close();
      listeners.delete(apiId);
    },
    async close() {
      await Promise.allSettled([...listeners.values()].map((l) => l.close()));
      listeners.clear();
    },
  };
}

/** `notifications`: the notification service's deps (buildApp), for the 5xx and usage notices (api-alerts.ts). */
export function createApiBuilderDeps(ctx: TAppContext, log: TLog, notifications: Parameters<typeof notify>[0]) {
  const cache = createResponseCache(ctx.state);
  const runtime: TRuntime = createRuntime(ctx);
  const usage: TUsageTally = createUsageTally(ctx.database.db, log, ctx.now);
  const feeds = createFeeds(ctx, cache, log);
  runtime.onChange(({ kind, id }) => {
    if (kind === 'api') void feeds.stop(id);
  });
  return { ctx, db: ctx.database.db, state: ctx.state, config: ctx.config, runtime, cache, usage, feeds, log, notifications };
}

export type TDeps = ReturnType<typeof createApiBuilderDeps>;
