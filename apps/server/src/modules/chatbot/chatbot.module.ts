import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TMailer } from '../../adapters/mailer.ts';
import { createRateLimiter } from '../../plugins/rate-limit.ts';
import { chatbotRoutes } from './chatbot.routes.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import * as knowledge from '../knowledge/knowledge.service.ts';

/** Customer AI chatbot (issue 14). The mailer and the job runner come from buildApp. */

export const chatbotModule: FastifyPluginAsync<{ ctx: TAppContext; mailer: TMailer; jobs: TJobRunner; now?: () => Date }> = async (
  app,
  { ctx, mailer, jobs, now },
) => {
  const refetch = { jobs, now: now ?? (() => new Date()) };
  const deps = { db: ctx.database.db, config: ctx.config, limiter: createRateLimiter(ctx.state), mailer, log: app.log, refetch };
  jobs.register(knowledge.REFETCH_KIND, (payload) =>
    knowledge.refetchUrlSource(ctx.database.db, refetch, String(payload.sourceId ?? ''), { allowPrivateUrls: ctx.config.allowPrivateUrls, log: app.log }),
  );
  await app.register(chatbotRoutes, { deps, documents: ctx.documents });
};
