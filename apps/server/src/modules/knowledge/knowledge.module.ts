import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import type { TKnowledgeDeps } from './knowledge.deps.ts';
import { knowledgeRoutes } from './knowledge.routes.ts';
import * as knowledge from './knowledge.service.ts';
import { connectorRoutes } from './connectors/connectors.routes.ts';
import { syncAll, type TConnectorDeps } from './connectors/connectors.service.ts';

const byApp = new WeakMap<TAppContext, TKnowledgeDeps>();
/** The knowledge deps of an app (tests run the embedding sweep and wait for background work). */
export const knowledgeOf = (ctx: TAppContext) => byApp.get(ctx);

/**
 * Knowledge shared by the chatbot and the Slack assistant (decisions 026 and 036): where a seed's sources are used,
 * the re-fetch of web pages, the search keys of copied passages and the embedding sweep. buildApp builds the deps
 * (knowledge.deps.ts) before the chatbot and Slack modules, which receive them.
 */
export const knowledgeModule: FastifyPluginAsync<{ ctx: TAppContext; deps: TKnowledgeDeps; jobs: Pick<TJobRunner, 'register' | 'every'> }> = async (
  app,
  { ctx, deps, jobs },
) => {
  byApp.set(ctx, deps);
  jobs.register(knowledge.REFETCH_KIND, (payload) =>
    knowledge.refetchUrlSource(deps.db, deps.refetch, String(payload.sourceId ?? ''), { allowPrivateUrls: deps.allowPrivateUrls, log: app.log }),
  );
  // Search keys of the passages migration 0016 copied from the Slack tables (the migration enqueues it once).
  jobs.register(knowledge.REKEY_KIND, async () => {
    const n = await knowledge.rekeyPassages(deps.db);
    if (n) app.log.info({ passages: n }, 'knowledge passages keyed');
  });
  // Soon after start (a changed model is re-embedded without waiting for a search), then every minute.
  jobs.every('knowledge.embed-missing', async () => deps.background.track(() => deps.vectors.sweep()));
  app.addHook('onClose', async () => deps.close());
  await app.register(knowledgeRoutes, { deps });
  // Google Drive and Notion connectors (decision 089): the console's routes and the re-sync every 15 minutes.
  const connectorDeps: TConnectorDeps = { db: deps.db, config: ctx.config, documents: ctx.documents, now: ctx.now, log: app.log };
  jobs.every('knowledge.connectors-sync', () => syncAll(connectorDeps));
  await app.register(connectorRoutes, { deps: connectorDeps, state: ctx.state });
};
