import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import { createNotificationsDeps, type TNotificationsDeps } from './notifications.deps.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import * as notifications from './notifications.service.ts';

const byApp = new WeakMap<TAppContext, TNotificationsDeps>();
/** The notification deps of an app (tests call `notify` with them; the modules that notify will receive them from buildApp). */
export const notificationsOf = (ctx: TAppContext) => byApp.get(ctx);

/**
 * The notification service (issue 30, decision 051): preferences, the in-console inbox and its live count, the
 * delivery jobs (mail, webhook; Slack DM logged as not yet available) and the 90-day sweep. No module calls it yet.
 */
export const notificationsModule: FastifyPluginAsync<{
  ctx: TAppContext;
  jobs: Pick<TJobRunner, 'register' | 'every' | 'enqueue'>;
  /** The deps buildApp also hands to the modules that notify (built here when not given). */
  deps?: TNotificationsDeps;
}> = async (app, { ctx, jobs, deps: given }) => {
  const deps = given ?? createNotificationsDeps(ctx, app.log, jobs);
  byApp.set(ctx, deps);
  jobs.register(notifications.DELIVER_KIND, (payload, job) => notifications.deliver(deps, Number(payload.deliveryId), job.attempts));
  jobs.register(notifications.DIGEST_KIND, (payload, job) => notifications.sendDigest(deps, String(payload.userId ?? ''), job.attempts));
  jobs.every('notifications.purge-old', async () => {
    const n = await notifications.purgeOld(deps);
    if (n) app.log.info({ notices: n }, 'notifications: old notices purged');
  });
  await app.register(notificationsRoutes, { deps });
};
