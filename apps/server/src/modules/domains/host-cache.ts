/**
 * The in-process cache of host-routing lookups (a connected host, the seed of an API, the bots of a seed): a warm
 * request costs no query. Entries live `ttlMs` (negative answers too, so a flood of made-up Host headers is one query
 * per name and TTL); the map is bounded, the oldest entry going first. Other instances see a change within the TTL;
 * this instance drops a host at once through `invalidateHost` (called by the domains service when a row changes).
 */

type TEntry<V> = { value: V; expires: number };

export type TTtlCache<V> = {
  /** The cached value, or `undefined` when absent or expired. */
  get: (key: string) => V | undefined;
  set: (key: string, value: V) => void;
  delete: (key: string) => void;
  clear: () => void;
};

export function createTtlCache<V>(opts: { ttlMs: number; max: number; now?: () => number }): TTtlCache<V> {
  const now = opts.now ?? Date.now;
  const map = new Map<string, TEntry<V>>();
  return {
    get(key) {
      const e = map.get(key);
      if (!e) return undefined;
      if (e.expires <= now()) {
        map.delete(key);
        return undefined;
      }
      return e.value;
    },
    set(key, value) {
      map.delete(key);
      if (map.size >= opts.max) {
        const oldest = map.keys().next();
        if (!oldest.done) map.delete(oldest.value);
      }
      map.set(key, { value, expires: now() + opts.ttlMs });
    },
    delete: (key) => void map.delete(key),
    clear: () => map.clear(),
  };
}

/** What forgets a host in each app alive in this process (tests run several apps at once, each with its own database). */
const invalidators = new Set<(host: string) => void>();

/** Registers `forget` for `invalidateHost`; the returned function removes it (on the app's close). */
export function onHostInvalidated(forget: (host: string) => void): () => void {
  invalidators.add(forget);
  return () => void invalidators.delete(forget);
}

/**
 * Forgets what this process knows about `host` (lower-case, as stored): its next request looks it up again. The
 * domains service calls it when a host connects, breaks or is removed.
 */
export function invalidateHost(host: string): void {
  for (const forget of invalidators) forget(host.toLowerCase());
}
