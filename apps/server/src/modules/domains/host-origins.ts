/**
 * A seed's connected help hosts as chatbot origins (issue 33): `https://<host>` is accepted by every bot of that seed,
 * computed here rather than written into the bot's list. Handed to the chatbot module from buildApp (the chatbot never
 * imports this module). Cached like the host routing (30 s, dropped in this instance when a host changes).
 */
import { createTtlCache, onHostInvalidated } from './host-cache.ts';

export type THelpOrigins = { originsOf: (seedId: string) => Promise<string[]>; close: () => void };

export function createHelpOrigins(lookup: (seedId: string) => Promise<string[]>, nowMs?: () => number): THelpOrigins {
  const cache = createTtlCache<string[]>({ ttlMs: 30_000, max: 2_000, ...(nowMs ? { now: nowMs } : {}) });
  const close = onHostInvalidated(() => cache.clear());
  return {
    async originsOf(seedId) {
      const hit = cache.get(seedId);
      if (hit) return hit;
      const origins = (await lookup(seedId)).map((o) => o.toLowerCase());
      cache.set(seedId, origins);
      return origins;
    },
    close,
  };
}
