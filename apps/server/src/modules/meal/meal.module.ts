import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import type { TMealDeps } from './meal.deps.ts';
import { mealRoutes } from './meal.routes.ts';
import { mealOutingRoutes } from './meal-outings.routes.ts';
import { mealReceiptRoutes } from './meal-receipts.routes.ts';
import { mealSettingsRoutes } from './meal-settings.routes.ts';
import { mealReportRoutes } from './meal-report.routes.ts';
import { createRateLimiter } from '../../plugins/rate-limit.ts';
import { autoClose, CLOSE_KIND, remindUnanswered, REMIND_KIND } from './meal.service.ts';
import { noticeUnpaidShares } from './meal-unpaid.ts';
import { sendPaymentReminders } from './meal-reminders.ts';
import { mealTransferRoutes } from './meal-transfers.routes.ts';
import { mealPublicRoutes } from './meal-public.routes.ts';
import { createSlackPoster } from '../slack/slack-post.service.ts';

const mealIdOf = (payload: Record<string, unknown>) => String(payload.mealId ?? '');
const byApp = new WeakMap<TAppContext, TMealDeps>();
/** The meal deps of an app (tests run the unpaid-share check with them). */
export const mealDepsOf = (ctx: TAppContext) => byApp.get(ctx);

/**
 * Meal manager (issue 15): routes, the handlers of its persisted jobs and the hourly unpaid-share check. The runner
 * and the notification service's deps come from buildApp.
 */
export const mealModule: FastifyPluginAsync<{ ctx: TAppContext; jobs: TJobRunner; notifications: TMealDeps['notifications']; now?: () => Date }> = async (
  app,
  { ctx, jobs, notifications, now },
) => {
  const deps: TMealDeps = {
    db: ctx.database.db,
    state: ctx.state,
    jobs,
    log: app.log,
    appUrl: ctx.config.appUrl,
    now: now ?? ctx.now,
    limiter: createRateLimiter(ctx.state),
    mailQuotas: ctx.config.mailQuota,
    notifications,
    amountCap: ctx.config.meal.amountCap,
    receiptMaxBytes: ctx.config.meal.receiptMaxBytes,
    slack: createSlackPoster(ctx.database.db, ctx.config),
  };
  byApp.set(ctx, deps);
  jobs.register(REMIND_KIND, (payload) => remindUnanswered(deps, mealIdOf(payload)));
  jobs.register(CLOSE_KIND, (payload) => autoClose(deps, mealIdOf(payload)));
  jobs.every('meal.unpaid-shares', () => noticeUnpaidShares(deps));
  jobs.every('meal.payment-reminders', () => sendPaymentReminders(deps));
  await app.register(mealRoutes, { deps, streams: ctx.streams });
  await app.register(mealOutingRoutes, { deps });
  await app.register(mealReceiptRoutes, { deps });
  await app.register(mealTransferRoutes, { deps });
  await app.register(mealSettingsRoutes, { deps });
  await app.register(mealReportRoutes, { deps });
  await app.register(mealPublicRoutes, { deps });
};
