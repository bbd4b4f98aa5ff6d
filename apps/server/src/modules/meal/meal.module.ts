import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TMailer } from '../../adapters/mailer.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import type { TMealDeps } from './meal.deps.ts';
import { mealRoutes } from './meal.routes.ts';
import { createRateLimiter } from '../../plugins/rate-limit.ts';
import { autoClose, CLOSE_KIND, remindUnanswered, REMIND_KIND } from './meal.service.ts';

const mealIdOf = (payload: Record<string, unknown>) => String(payload.mealId ?? '');

/** Meal manager (issue 15): routes and the handlers of its persisted jobs. The runner and mailer come from buildApp. */
export const mealModule: FastifyPluginAsync<{ ctx: TAppContext; jobs: TJobRunner; mailer: TMailer; now?: () => Date }> = async (
  app,
  { ctx, jobs, mailer, now },
) => {
  const deps: TMealDeps = {
    db: ctx.database.db,
    state: ctx.state,
    mailer,
    jobs,
    log: app.log,
    appUrl: ctx.config.appUrl,
    now: now ?? (() => new Date()),
    limiter: createRateLimiter(ctx.state),
    mailQuotas: ctx.config.mailQuota,
  };
  jobs.register(REMIND_KIND, (payload) => remindUnanswered(deps, mealIdOf(payload)));
  jobs.register(CLOSE_KIND, (payload) => autoClose(deps, mealIdOf(payload)));
  await app.register(mealRoutes, { deps, streams: ctx.streams });
};
