import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import { chatbotRoutes } from './chatbot.routes.ts';
import { lookupRoutes } from './lookups.routes.ts';
import { handoffRoutes } from './handoff.routes.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import { createChatbotDeps, type TChatbotOutside } from './chatbot.deps.ts';
import * as bots from './chatbot.service.ts';
import * as notify from './chatbot-notify.ts';
import * as repo from './chatbot.repository.ts';

/**
 * Customer AI chatbot (issue 14). The mailer and the job runner come from buildApp, the re-fetch schedule of URL
 * sources from the knowledge module (which registers the knowledge jobs itself).
 */
export const chatbotModule: FastifyPluginAsync<{
  ctx: TAppContext;
  jobs: Pick<TJobRunner, 'register' | 'every' | 'enqueue'>;
  outside: TChatbotOutside;
}> = async (app, { ctx, jobs, outside }) => {
  const deps = createChatbotDeps(ctx, app.log, outside);
  jobs.register(bots.HANDOFF_SLACK_KIND, (payload) => bots.postHandoffNotice(deps, payload));
  jobs.register(notify.HANDOFF_MAIL_KIND, (payload) => notify.sendHandoffMail(deps, payload));
  jobs.register(notify.CAP_NOTICE_KIND, (payload) => notify.sendCapMail(deps, payload, bots.LIMITS.bot.max));
  jobs.every(notify.PURGE_TICKETS_SCHEDULE, () => repo.purgeTickets(ctx.database.db, notify.TICKET_RETENTION_DAYS));
  await app.register(chatbotRoutes, { deps, documents: ctx.documents });
  await app.register(lookupRoutes, { deps });
  await app.register(handoffRoutes, { deps, streams: ctx.streams });
};
