import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import { loadArticles } from './articles.ts';
import { helpRoutes } from './help.routes.ts';
import { helpBotRoutes } from './help-bot.routes.ts';
import { createHelpService } from './help.service.ts';
import { helpChecklistRoutes } from './help-checklist.routes.ts';

/**
 * The help centre (issue 33): Korean articles kept as Markdown in ./articles (front matter: title, service, codes,
 * updated), searched with the suite's Korean matching, linked from errors (`helpUrl`), and answered by the suite's
 * own chatbot (문의하기).
 */
export const helpModule: FastifyPluginAsync<{ ctx: TAppContext; jobs: Pick<TJobRunner, 'register' | 'every' | 'enqueue' | 'cancel'> }> = async (
  app,
  { ctx, jobs },
) => {
  // Loaded while the app is built: an article that does not parse stops start-up with its file name.
  const help = createHelpService(loadArticles());
  await app.register(helpRoutes, { help });
  // The seed's getting-started checklist, each step with its service's getting-started article (start-<service>).
  const slugs = new Set(loadArticles().map((a) => a.slug));
  const startSlug = (service: string) => [service === 'start' ? 'start-overview' : `start-${service}`].find((s) => slugs.has(s));
  await app.register(helpChecklistRoutes, { db: ctx.database.db, consoleOrigin: new URL(ctx.config.appUrl).origin, articleFor: startSlug });
  // 문의하기: the suite's own chatbot over these articles (help-bot.ts), and GET /api/help/contact.
  await app.register(helpBotRoutes, { ctx, jobs });
};
