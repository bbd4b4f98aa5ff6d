/**
 * What the data API needs per request, kept warm in this process: one pool per connection, the published schema
 * per API, key lookups. Changes made on any instance are announced through the shared state's pub/sub so every
 * instance drops what it holds.
 */
import { randomUUID } from 'node:crypto';
import { decryptSecret } from '../../lib/secret-box.ts';
import type { TAppContext } from '../../context.ts';
import type { TEngine, TSchemaInfo, TTableInfo } from './engines/engine.ts';
import { openEngine, resolveTarget } from './connect.ts';
import * as repo from './api-builder.repository.ts';
import type { TPublishedSchema } from './postgrest/sql.ts';
import { configOf, type TEndUserConfig } from './end-user-auth.ts';
import { endUserRow } from './end-user-auth.repository.ts';

/** The guarded connect target of a saved connection (its password decrypted); `engine` overrides the row's. */
export function savedTarget(config: TAppContext['config'], conn: repo.TConnectionRow, engine = conn.engine as 'postgres' | 'mysql') {
  return resolveTarget(config, {
    engine,
    host: conn.host,
    port: conn.port,
    database: conn.database,
    user: conn.username,
    password: decryptSecret(config.encryptionKey, conn.passwordEnc),
    tls: conn.tls,
    statementTimeoutMs: conn.statementTimeoutMs,
  });
}

export type TPublishedTable = { name: string; methods: string[]; ttlSeconds?: number | undefined };

/** Published APIs kept in process per instance (each a few kilobytes of schema). */
const MAX_LIVE_APIS = 5_000;

export type TLiveApi = {
  api: repo.TApiRow;
  connection: repo.TConnectionRow;
  published: Map<string, TPublishedTable>;
  schema: TPublishedSchema;
  /** Functions published for `/rpc/{name}` (issue 36). */
  functions: Set<string>;
  /** End users' JWTs, roles and row filters (end-user-auth.ts, decision 090); undefined: keys only. */
  endUser?: TEndUserConfig | undefined;
};

/** `readPersonalData`: answers are not masked (postgrest/pii-columns.ts). */
export type TKeyInfo = {
  id: string;
  apiId: string;
  methods: string[] | null;
  tables: string[] | null;
  rateLimitPerMinute: number;
  readPersonalData: boolean;
};

const CHANNEL = 'api-builder:changed';
const KEY_TTL_MS = 30_000;

export function publishedSchema(info: TSchemaInfo, published: TPublishedTable[]): TPublishedSchema {
  const names = new Set(published.map((t) => t.name));
  const tables = new Map<string, TTableInfo>();
  for (const t of info.tables) {
    if (!names.has(t.name)) continue;
    // Relationships only between published tables: nothing unpublished is reachable through an embed.
    tables.set(t.name, { ...t, foreignKeys: t.foreignKeys.filter((fk) => names.has(fk.refTable)) });
  }
  return { tables };
}

export function createRuntime(ctx: TAppContext) {
  const engines = new Map<string, Promise<TEngine>>();
  const apis = new Map<string, Promise<TLiveApi | undefined>>();
  const keys = new Map<string, { at: number; info: TKeyInfo | undefined }>();
  const unknownKeys = new Map<string, { at: number; info: undefined }>();
  /** Moves on whenever a key is dropped: a lookup that began before a drop does not remember its answer. */
  let keyEpoch = 0;
  /** What each of `apis`' promises resolved to: an API dropped from `apis` is no longer found through it. */
  const loaded = new WeakMap<Promise<TLiveApi | undefined>, TLiveApi>();
  const listeners = new Set<(msg: { kind: string; id: string }) => void>();

  async function engineFor(conn: repo.TConnectionRow): Promise<TEngine> {
    let e = engines.get(conn.id);
    if (!e) {
      e = (async () => {
        const target = await savedTarget(ctx.config, conn);
        return openEngine(target, 10);
      })();
      engines.set(conn.id, e);
      e.catch(() => engines.delete(conn.id));
    }
    return e;
  }

  async function load(apiId: string): Promise<TLiveApi | undefined> {
    const api = await repo.apiById(ctx.database.db, apiId);
    if (!api) return undefined;
    const connection = await repo.connectionById(ctx.database.db, api.connectionId);
    if (!connection) return undefined;
    const tables = api.tables as TPublishedTable[];
    return {
      api,
      connection,
      published: new Map(tables.map((t) => [t.name, t])),
      schema: publishedSchema(connection.schemaInfo as TSchemaInfo, tables),
      functions: new Set(((api.functions ?? []) as { name: string }[]).map((f) => f.name)),
      endUser: configOf(ctx.config.encryptionKey, await endUserRow(ctx.database.db, api.id)),
    };
  }

  /**
   * The published API, kept in process while it exists. Ids are UUIDs, compared in lower case (an upper-case spelling
   * is the same API, never a second, stale copy); an id that names no API is not remembered, and the map is bounded.
   */
  function live(apiIdAsGiven: string): Promise<TLiveApi | undefined> {
    const apiId = apiIdAsGiven.toLowerCase();
    let p = apis.get(apiId);
    if (!p) {
      p = load(apiId);
      if (apis.size >= MAX_LIVE_APIS) apis.delete(apis.keys().next().value!);
      apis.set(apiId, p);
      const mine = p;
      p.then(
        (found) => {
          if (found) loaded.set(mine, found);
          else if (apis.get(apiId) === p) apis.delete(apiId);
        },
        () => apis.delete(apiId),
      );
    }
    return p;
  }

  /** The key's record when this instance holds a fresh one (as `key` would answer it now), else undefined: ask `key`. */
  function knownKey(hash: string): { info: TKeyInfo | undefined } | undefined {
    const hit = keys.get(hash) ?? unknownKeys.get(hash);
    return hit && performance.now() - hit.at < KEY_TTL_MS ? hit : undefined;
  }

  /** The published API when `live` has it loaded (the same object `live` resolves to), else undefined: ask `live`. */
  function knownLive(apiIdAsGiven: string): TLiveApi | undefined {
    const p = apis.get(apiIdAsGiven.toLowerCase());
    return p && loaded.get(p);
  }

  async function key(hash: string): Promise<TKeyInfo | undefined> {
    const hit = keys.get(hash) ?? unknownKeys.get(hash);
    // This instance's cache age (elapsed time, not the app's clock).
    if (hit && performance.now() - hit.at < KEY_TTL_MS) return hit.info;
    const epoch = keyEpoch;
    const row = await repo.keyByHash(ctx.database.db, hash);
    const info = row
      ? {
          id: row.id,
          apiId: row.apiId,
          methods: row.methods,
          tables: row.tables,
          rateLimitPerMinute: row.rateLimitPerMinute,
          readPersonalData: row.readPersonalData,
        }
      : undefined;
    // A key dropped (revoked, rotated, re-scoped) while this lookup ran may have been read before the change: the
    // answer serves this request, but it is not remembered, so the next request reads the key again.
    if (epoch !== keyEpoch) return info;
    // Hashes that match no key are remembered apart (a flood of made-up keys cannot push out the real ones).
    const store = info ? keys : unknownKeys;
    store.set(hash, { at: performance.now(), info });
    if (store.size > 10_000) store.delete(store.keys().next().value!);
    return info;
  }

  async function dropLocal(kind: string, id: string) {
    if (kind === 'connection') {
      const e = engines.get(id);
      engines.delete(id);
      apis.clear();
      if (e) await e.then((x) => x.close()).catch(() => undefined);
    } else if (kind === 'api') apis.delete(id);
    else if (kind === 'key') {
      keyEpoch += 1;
      keys.delete(id);
      unknownKeys.delete(id);
    }
    for (const l of listeners) l({ kind, id });
  }

  /** Tells every instance (this one included) to forget a connection, an API or a key (by hash). */
  async function changed(kind: 'connection' | 'api' | 'key', id: string) {
    await dropLocal(kind, id);
    await ctx.state.publish(CHANNEL, JSON.stringify({ kind, id, from: instance }));
  }

  let unsubscribe: (() => Promise<void>) | undefined;
  const instance = randomUUID();
  async function start() {
    unsubscribe = await ctx.state.subscribe(CHANNEL, (message) => {
      try {
        const { kind, id, from } = JSON.parse(message) as { kind: string; id: string; from?: string };
        // Our own message comes back through Redis after the caller may already have rebuilt what it dropped
        // (e.g. the change listener started right after consent): this instance dropped it in `changed` already.
        if (from !== instance) void dropLocal(kind, id);
      } catch {
        /* not ours */
      }
    });
  }

  async function close() {
    await unsubscribe?.();
    const all = [...engines.values()];
    engines.clear();
    await Promise.allSettled(all.map((e) => e.then((x) => x.close())));
  }

  return { engineFor, live, knownLive, key, knownKey, changed, start, close, onChange: (l: (msg: { kind: string; id: string }) => void) => listeners.add(l) };
}

export type TRuntime = ReturnType<typeof createRuntime>;
