import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TMailer } from '../../adapters/mailer.ts';
import { createRateLimiter } from '../../plugins/rate-limit.ts';
import { chatbotRoutes } from './chatbot.routes.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import * as knowledge from '../knowledge/knowledge.service.ts';
import { createSlackNotifier } from '../slack/notify.service.ts';
import * as bots from './chatbot.service.ts';
import * as notify from './chatbot-notify.ts';
import * as repo from './chatbot.repository.ts';

/** Customer AI chatbot (issue 14). The mailer and the job runner come from buildApp. */

export const chatbotModule: FastifyPluginAsync<{ ctx: TAppContext; mailer: TMailer; jobs: TJobRunner; now?: () => Date }> = async (
  app,
  { ctx, mailer, jobs, now },
) => {
  const refetch = { jobs, now: now ?? (() => new Date()) };
  const slack = createSlackNotifier(ctx.database.db, ctx.config);
  const deps = { db: ctx.database.db, config: ctx.config, limiter: createRateLimiter(ctx.state), mailer, log: app.log, refetch, jobs, slack };
  jobs.register(bots.HANDOFF_SLACK_KIND, (payload) => bots.postHandoffNotice(deps, payload));
  jobs.register(notify.HANDOFF_MAIL_KIND, (payload) => notify.sendHandoffMail(deps, payload));
  jobs.register(notify.CAP_NOTICE_KIND, (payload) => notify.sendCapMail(deps, payload, bots.LIMITS.bot.max));
  jobs.every(notify.PURGE_TICKETS_SCHEDULE, () => repo.purgeTickets(ctx.database.db, notify.TICKET_RETENTION_DAYS));
  jobs.register(knowledge.REFETCH_KIND, (payload) =>
    knowledge.refetchUrlSource(ctx.database.db, refetch, String(payload.sourceId ?? ''), { allowPrivateUrls: ctx.config.allowPrivateUrls, log: app.log }),
  );
  // Search keys of the passages migration 0016 copied from the Slack tables (the migration enqueues it once).
  jobs.register(knowledge.REKEY_KIND, async () => {
    const n = await knowledge.rekeyPassages(ctx.database.db);
    if (n) app.log.info({ passages: n }, 'knowledge passages keyed');
  });
  await app.register(chatbotRoutes, { deps, documents: ctx.documents });
};
