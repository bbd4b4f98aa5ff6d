/**
 * Passage vectors kept in memory per workspace, least recently searched evicted first.
 *
 * Why: measured on this machine (2 000 passages × 1 024 dimensions, bench/RESULTS.md), cosine similarity in SQL over
 * real[] (`unnest` two arrays and sum) took ≈ 330 ms a question on PostgreSQL 15 and ≈ 800 ms on PGlite — where it
 * blocks the event loop — and reading every vector for every question ≈ 270 / 600 ms, while the same dot products
 * over Float32Arrays already in memory take ≈ 8 ms. Vectors never change once stored (a passage is only added or
 * deleted; a new model is a new cache entry), so the cache is only a copy: each search lists the workspace's embedded
 * passage ids and loads the ones it lacks, deleted passages drop out, and instances need not agree on anything.
 */
/** 32 Mi floats = 128 MB: e.g. 20 000 passages of 1 536 dimensions. */
const MAX_FLOATS = 32 * 2 ** 20;
const LOAD_CHUNK = 500;

type TEntry = { model: string; vectors: Map<string, Float32Array>; floats: number };

export function createVectorCache(maxFloats = MAX_FLOATS) {
  const entries = new Map<string, TEntry>();
  // Summed when needed rather than kept as a running total: an entry evicted while a search still fills it must not
  // skew the count.
  const total = () => [...entries.values()].reduce((n, e) => n + e.floats, 0);

  return {
    /** The vectors of `ids` (those that could be loaded), loading the missing ones `LOAD_CHUNK` at a time. */
    async vectors(
      workspaceId: string,
      model: string,
      ids: string[],
      load: (ids: string[]) => Promise<Map<string, Float32Array>>,
    ): Promise<Map<string, Float32Array>> {
      let entry = entries.get(workspaceId);
      if (entry && entry.model !== model) entries.delete(workspaceId);
      entry = entries.get(workspaceId) ?? { model, vectors: new Map(), floats: 0 };
      // Most recently used last.
      entries.delete(workspaceId);
      entries.set(workspaceId, entry);
      const want = new Set(ids);
      for (const [id, v] of entry.vectors) {
        if (want.has(id)) continue;
        entry.vectors.delete(id);
        entry.floats -= v.length;
      }
      const missing = ids.filter((id) => !entry.vectors.has(id));
      for (let i = 0; i < missing.length; i += LOAD_CHUNK) {
        for (const [id, v] of await load(missing.slice(i, i + LOAD_CHUNK))) {
          if (entry.vectors.has(id)) continue;
          entry.vectors.set(id, v);
          entry.floats += v.length;
        }
      }
      // Evict the least recently searched workspaces; the current one stays even when it alone is over the limit.
      let floats = total();
      for (const [key, e] of entries) {
        if (floats <= maxFloats || key === workspaceId) break;
        floats -= e.floats;
        entries.delete(key);
      }
      return entry.vectors;
    },
    size: () => ({ workspaces: entries.size, floats: total() }),
  };
}
