/**
 * The help bot's part of the help module (issue 33): the sync job (registered here, enqueued when the app is ready,
 * one pending job at a time; HELP_BOT=false, and tests unless they ask, leave it out) and `GET /api/help/contact`, which tells the help centre's 문의하기 which bot to open.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHelpContact } from '@suite/shared/schemas/help';
import type { TAppContext } from '../../context.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import { loadArticles } from './articles.ts';
import { findHelpBot, runSyncJob, SYNC_KEY, SYNC_KIND, type THelpBotDeps } from './help-bot.ts';

export const helpBotRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext; jobs: Pick<TJobRunner, 'register' | 'enqueue' | 'cancel'> }> = async (
  app,
  { ctx, jobs },
) => {
  const db = ctx.database.db;
  const deps: THelpBotDeps = { db, config: ctx.config, refetch: { jobs, now: ctx.now }, log: app.log };
  jobs.register(SYNC_KIND, () => runSyncJob(deps, ctx.state, () => loadArticles()));
  app.addHook('onReady', async () => {
    if (!ctx.config.help.bot) return;
    // Replaces a sync still waiting (e.g. from an instance started a moment ago) instead of queueing a second one.
    await db.transaction(async (tx) => {
      await jobs.cancel(tx, SYNC_KEY, SYNC_KIND);
      await jobs.enqueue(tx, { kind: SYNC_KIND, key: SYNC_KEY, runAt: ctx.now() });
    });
  });

  // The bot's id never changes once it exists: remembered after the first hit (a miss is asked again).
  let botId: string | null = null;
  app.get(
    '/api/help/contact',
    {
      schema: {
        tags: ['help'],
        summary: '문의하기에 쓰는 도움말 챗봇의 id (시작할 때 만들어짐; 아직 없으면 null) (공개)',
        response: { 200: ZHelpContact },
      },
    },
    async () => {
      botId ??= (await findHelpBot(db))?.botId ?? null;
      return { botId };
    },
  );
};
