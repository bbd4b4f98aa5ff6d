import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import type { TAlertsDeps } from './alerts.deps.ts';
import { alertsRoutes } from './alerts.routes.ts';
import * as alerts from './alerts.service.ts';

const byApp = new WeakMap<TAppContext, TAlertsDeps>();
/** The alerts deps of an app (tests evaluate the rules with them, as the schedule does). */
export const alertsOf = (ctx: TAppContext) => byApp.get(ctx);

/**
 * Advisors and alerts (issue 30): the advisors' findings, alert rules, their evaluation every minute (one instance per
 * minute, one open incident per rule) and the notices' delivery jobs.
 */
export const alertsModule: FastifyPluginAsync<{ ctx: TAppContext; jobs: Pick<TJobRunner, 'register' | 'every'>; deps: TAlertsDeps }> = async (
  app,
  { ctx, jobs, deps },
) => {
  byApp.set(ctx, deps);
  jobs.register(alerts.DELIVER_KIND, (payload) => alerts.deliver(deps, payload));
  jobs.every('alerts.evaluate', async () => {
    const r = await alerts.evaluate(deps);
    if (r.opened || r.resolved) app.log.info(r, 'alerts: incidents opened/resolved');
  });
  await app.register(alertsRoutes, { deps });
};
