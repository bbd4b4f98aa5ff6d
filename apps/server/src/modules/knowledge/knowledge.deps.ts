import type { TAppContext } from '../../context.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import { createEmbeddings } from './embeddings.ts';
import type { TRefetch, TSeedTargets } from './knowledge.service.ts';
import { createVectorIndex, type TEmbeddingBudget } from './vectors.ts';

type TLog = { info: (o: object, m: string) => void; warn: (o: object, m: string) => void };

/**
 * What the knowledge module needs from other modules (decision 036). buildApp builds it from their services, so
 * the knowledge module reads none of their tables and imports none of their files.
 */
export type TKnowledgeOutside = {
  /** The seed's chatbots and its active Slack workspace: where a source can be attached. */
  seedTargets: TSeedTargets;
  /** The Slack workspaces whose passages are embedded, and their monthly token budget. */
  budget: TEmbeddingBudget;
};

/** Background work (embedding passages) that closing the app aborts and awaits. */
function createBackground(log: TLog) {
  const running = new Set<Promise<void>>();
  let closed = false;
  return {
    track(task: () => Promise<unknown>) {
      if (closed) return;
      const p: Promise<void> = task()
        .then(() => undefined)
        .catch((e: unknown) => log.warn({ err: (e as Error).message }, 'knowledge background task failed'))
        .finally(() => running.delete(p));
      running.add(p);
    },
    /** Resolves when nothing runs (tests). */
    async idle() {
      while (running.size) await Promise.allSettled([...running]);
    },
    async close() {
      closed = true;
      await Promise.allSettled([...running]);
    },
  };
}

/** The knowledge module's deps, built once per app; the chatbot and Slack modules receive them from buildApp. */
export function createKnowledgeDeps(ctx: TAppContext, log: TLog, jobs: Pick<TJobRunner, 'enqueue'>, outside: TKnowledgeOutside) {
  const db = ctx.database.db;
  const abort = new AbortController();
  const background = createBackground(log);
  const vectors = createVectorIndex({
    db,
    embeddings: createEmbeddings(ctx.config.llm),
    state: ctx.state,
    log,
    budget: outside.budget,
    stop: abort.signal,
    track: (task) => background.track(task),
  });
  /** URL sources are re-fetched on the app's clock, enqueued in the transaction that stores them. */
  const refetch: TRefetch = { jobs, now: ctx.now };
  return {
    db,
    allowPrivateUrls: ctx.config.allowPrivateUrls,
    documents: ctx.documents,
    refetch,
    seedTargets: outside.seedTargets,
    vectors,
    background,
    log,
    async close() {
      abort.abort();
      await background.close();
    },
  };
}

export type TKnowledgeDeps = ReturnType<typeof createKnowledgeDeps>;
