/**
 * The vector side of knowledge retrieval (the knowledge module's; decision 036), used only when `EMBEDDINGS_MODEL` is set. Passages are embedded in the
 * background after they are stored (64 a call), so a document is added and lexically searchable even when the
 * provider is down; what is missing is embedded later — on the next search of the workspace, by the sweep every
 * minute, and again for every passage when the model changes. Cosine similarity is computed in Node over the
 * workspace's vectors, kept in a bounded cache (see `vector-cache.ts` for the measurements behind this).
 */
import type { TDb } from '../../db/client.ts';
import type { TSharedState } from '../../state/shared-state.ts';
import { EMBED_BATCH, type TEmbeddings } from './embeddings.ts';
import { createVectorCache } from './vector-cache.ts';
import * as vrepo from './vectors.repository.ts';

/**
 * A passage counts as a vector hit only when its similarity stands out from the similarities of the question to all
 * the workspace's n passages: at least max(3, √(2·ln n)) standard deviations above their mean — √(2·ln n) is about
 * the largest z-score that n unrelated passages reach by chance (2.5 for 25 passages, 4 for 3 000). Models differ
 * in their cosine ranges (unrelated texts score ~0.1 with some, ~0.4 with others), so a fixed cut-off would suit one
 * model only; without any cut-off every question would "find" its nearest passages and the "not found" answer
 * would never come.
 */
export const minZ = (n: number) => Math.max(3, Math.sqrt(2 * Math.log(Math.max(n, 1))));
/** Below this many embedded passages the mean and spread say nothing: vectors are not used. */
const MIN_VECTORS = 5;

export type TVectorHit = { id: string; similarity: number };
type TLog = { info: (o: object, m: string) => void; warn: (o: object, m: string) => void };

/**
 * What the vector index needs from the Slack module (it owns the workspaces and their token budget): handed in by
 * buildApp, so the knowledge module reads none of Slack's tables (decision 036).
 */
export type TEmbeddingBudget = {
  /** True when the workspace's monthly token budget is set and spent. */
  spent: (workspaceId: string) => Promise<boolean>;
  /** Counts tokens spent on embeddings toward the workspace's budget. */
  record: (workspaceId: string, tokens: number) => Promise<void>;
  /** The workspaces whose passages are embedded (the active ones). */
  activeWorkspaceIds: () => Promise<string[]>;
};

export type TVectorDeps = {
  db: TDb;
  embeddings: TEmbeddings;
  /** Claims, so two instances do not embed one workspace at the same time. */
  state: TSharedState;
  log: TLog;
  budget: TEmbeddingBudget;
  /** Aborted when the app closes. */
  stop: AbortSignal;
  /** Runs background work that app close awaits. */
  track: (task: () => Promise<unknown>) => void;
};

const passageText = (p: { title: string; content: string }) => `${p.title}\n${p.content}`;

export function createVectorIndex(d: TVectorDeps) {
  const { enabled, model } = d.embeddings;
  const scheduled = new Set<string>();
  const again = new Set<string>();
  const cache = createVectorCache();

  const overBudget = (workspaceId: string) => d.budget.spent(workspaceId);

  /** Embeds the workspace's passages that have no vector of the model, a batch at a time. Throws when the provider fails. */
  async function indexWorkspace(workspaceId: string): Promise<number> {
    const done = new Set<string>();
    for (;;) {
      if (d.stop.aborted) break;
      if (await overBudget(workspaceId)) {
        d.log.info({ workspaceId }, 'slack knowledge embedding paused: monthly token budget reached');
        break;
      }
      const rows = await vrepo.passagesToEmbed(d.db, workspaceId, model, EMBED_BATCH);
      // A passage seen twice was not stored: stop rather than pay for it again.
      if (!rows.length || rows.some((r) => done.has(r.id))) break;
      const r = await d.embeddings.embed(rows.map(passageText), d.stop);
      await vrepo.storeVectors(
        d.db,
        model,
        rows.map((row, i) => ({ id: row.id, vector: r.vectors[i]! })),
      );
      if (r.tokens) await d.budget.record(workspaceId, r.tokens);
      for (const row of rows) done.add(row.id);
      if (rows.length < EMBED_BATCH) break;
    }
    return done.size;
  }

  /**
   * Embeds what is missing in the background, one run at a time per workspace (across instances too); asked again
   * during a run, it runs once more afterwards, for the passages stored meanwhile.
   */
  function schedule(workspaceId: string) {
    if (!enabled || !d.embeddings.available()) return;
    if (scheduled.has(workspaceId)) {
      again.add(workspaceId);
      return;
    }
    d.track(async () => {
      if (scheduled.has(workspaceId)) return;
      scheduled.add(workspaceId);
      const key = `slack:embed:${workspaceId}`;
      try {
        if (!(await d.state.claim(key, 10 * 60_000))) return;
        try {
          const n = await indexWorkspace(workspaceId);
          if (n) d.log.info({ workspaceId, passages: n, model }, 'slack knowledge embedded');
        } finally {
          await d.state.reset(key);
        }
      } catch (e) {
        d.log.warn({ workspaceId, err: (e as Error).message }, 'slack knowledge embedding failed; the passages stay lexical until the next try');
      } finally {
        scheduled.delete(workspaceId);
        if (again.delete(workspaceId)) schedule(workspaceId);
      }
    });
  }

  /** Schedules every active workspace that has passages to embed (new, failed earlier, or from another model). */
  async function sweep() {
    if (!enabled || !d.embeddings.available()) return;
    for (const id of await vrepo.workspacesToEmbed(d.db, model, await d.budget.activeWorkspaceIds(), 100)) schedule(id);
  }

  /**
   * The workspace's passages most similar to the question, best first, only those standing out (`minZ`); [] when
   * vectors are not configured, the provider is cooling down, the budget is spent or too few passages are embedded.
   */
  async function similar(workspaceId: string, question: string, limit = 20): Promise<TVectorHit[]> {
    if (!enabled || !d.embeddings.available() || !question.trim()) return [];
    const [inventory, spent] = await Promise.all([vrepo.vectorInventory(d.db, workspaceId, model), overBudget(workspaceId)]);
    if (inventory.pending && !spent) schedule(workspaceId);
    if (inventory.ready.length < MIN_VECTORS || spent) return [];
    // The question is embedded while the vectors load.
    const asked = d.embeddings.embed([question], d.stop);
    asked.catch(() => undefined);
    const vectors = await cache.vectors(workspaceId, model, inventory.ready, (ids) => vrepo.loadVectors(d.db, ids, model));
    let q: Float32Array;
    try {
      const r = await asked;
      q = r.vectors[0]!;
      const tokens = r.tokens;
      if (tokens) d.track(() => d.budget.record(workspaceId, tokens));
    } catch (e) {
      d.log.warn({ workspaceId, err: (e as Error).message }, 'slack knowledge search: embeddings unavailable, lexical only');
      return [];
    }
    const scored: TVectorHit[] = [];
    for (const id of inventory.ready) {
      const v = vectors.get(id);
      if (!v || v.length !== q.length) continue;
      let dot = 0;
      for (let i = 0; i < q.length; i++) dot += v[i]! * q[i]!;
      scored.push({ id, similarity: dot });
    }
    if (scored.length < MIN_VECTORS) return [];
    const mean = scored.reduce((s, h) => s + h.similarity, 0) / scored.length;
    const sd = Math.sqrt(scored.reduce((s, h) => s + (h.similarity - mean) ** 2, 0) / scored.length);
    if (!(sd > 0)) return [];
    const z = minZ(scored.length);
    return scored
      .filter((h) => (h.similarity - mean) / sd >= z)
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, limit);
  }

  return {
    enabled,
    model,
    schedule,
    sweep,
    indexWorkspace,
    similar,
  };
}

export type TVectorIndex = ReturnType<typeof createVectorIndex>;
