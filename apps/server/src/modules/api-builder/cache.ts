/**
 * The response cache. An entry's key is the canonical request (table, the parsed query as it executes, Accept, Prefer,
 * Range), the key's scope, and the current version of every table the request reads (root and embeds). A write
 * bumps the versions of the tables it touched, so every cached response that read them — embedding ones included —
 * is unreachable at once, on every instance (the versions are shared-state counters: Redis when configured).
 * MySQL/MariaDB "probe" mode adds each table's information_schema UPDATE_TIME to the key (see the decision record).
 */
import type { TSharedState } from '../../state/shared-state.ts';
import type { TParsedQuery } from './postgrest/grammar.ts';

const VERSION_WINDOW_MS = 400 * 86_400_000;

/** The body is kept serialised: a hit is sent as stored, without parsing and re-serialising it. */
export type TCachedResponse = { status: number; headers: Record<string, string>; raw: string };

/** Entries kept in process besides the shared store (decision 023), bounded by count and by size. */
const LOCAL_MAX = 2_000;
const LOCAL_MAX_BYTES = 32 * 1024 * 1024;
/** A larger answer (a big page of wide rows) is served uncached: caching it would cost more memory than it saves. */
export const CACHE_ENTRY_MAX_CHARS = 1_000_000;
/** Strings are UTF-16 in the heap at worst (Korean text): two bytes a character, plus the entry's own overhead. */
const bytesOf = (value: TCachedResponse) => value.raw.length * 2 + 512;

/**
 * Entries are immutable under their key (the key carries the table versions), so an entry read once is kept in
 * process until its expiry, stored with it, and a hit costs the version lookups but neither a second store lookup nor
 * parsing the stored JSON.
 */
export function createResponseCache(state: TSharedState, now: () => number = Date.now) {
  const vkey = (apiId: string, table: string) => `ab:v:${apiId}:${table}`;
  const local = new Map<string, { value: TCachedResponse; expiresAt: number; bytes: number }>();
  let localBytes = 0;
  const forget = (key: string) => {
    const e = local.get(key);
    if (!e) return;
    local.delete(key);
    localBytes -= e.bytes;
  };
  const remember = (key: string, value: TCachedResponse, expiresAt: number) => {
    const bytes = bytesOf(value);
    forget(key);
    // Oldest first (Map keeps insertion order) until the new entry fits the count and the size budgets.
    while (local.size && (local.size >= LOCAL_MAX || localBytes + bytes > LOCAL_MAX_BYTES)) forget(local.keys().next().value!);
    local.set(key, { value, expiresAt, bytes });
    localBytes += bytes;
  };
  return {
    async versions(apiId: string, tables: string[]): Promise<number[]> {
      return Promise.all(tables.map(async (t) => (await state.peek(vkey(apiId, t))).count));
    },
    async bump(apiId: string, tables: Iterable<string>): Promise<void> {
      await Promise.all([...tables].map((t) => state.hit(vkey(apiId, t), VERSION_WINDOW_MS)));
    },
    /** `parts`: the hash of the normalised request and scope, then the versions of the tables it reads. */
    key(apiId: string, parts: string): string {
      return `ab:r:${apiId}:${parts}`;
    },
    async get(key: string): Promise<TCachedResponse | undefined> {
      const mine = local.get(key);
      if (mine) {
        if (mine.expiresAt > now()) return mine.value;
        forget(key);
      }
      const raw = await state.getValue(key);
      if (!raw) return undefined;
      const { expiresAt, ...value } = JSON.parse(raw) as TCachedResponse & { expiresAt?: number };
      if (expiresAt !== undefined) remember(key, value, expiresAt);
      return value;
    },
    async set(key: string, value: TCachedResponse, ttlMs: number): Promise<void> {
      if (ttlMs <= 0 || value.raw.length > CACHE_ENTRY_MAX_CHARS) return;
      const expiresAt = now() + ttlMs;
      await state.setValue(key, JSON.stringify({ ...value, expiresAt }), ttlMs);
      remember(key, value, expiresAt);
    },
  };
}

export type TResponseCache = ReturnType<typeof createResponseCache>;

/**
 * A read's cache identity: the canonical form of what the grammar executes, not of the text sent. Where the parser
 * keeps the last value (`select`, `limit`, `offset`, `columns`, `on_conflict`), only that value counts; where it
 * concatenates (`order`), the order is kept; filters of one resource are ANDed, so their order does not matter and
 * they are sorted. `select=status&select=id` and `select=id&select=status` therefore differ, and `limit=3&limit=1`
 * is `limit=1`.
 */
export function canonicalQuery(parsed: TParsedQuery): string {
  const resources = [...parsed.resources.entries()]
    .map(
      ([path, r]) => [path, { where: r.where.map((w) => JSON.stringify(w)).sort(), order: r.order, limit: r.limit ?? null, offset: r.offset ?? null }] as const,
    )
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return JSON.stringify({ select: parsed.select, resources, onConflict: parsed.onConflict ?? null, columns: parsed.columns ?? null });
}
