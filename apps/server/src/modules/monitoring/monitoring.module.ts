import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import { onOutsideReport } from '../../lib/outside-services.ts';
import { createMonitoringDeps, type TMonitoringDeps } from './monitoring.deps.ts';
import { monitoringRoutes } from './monitoring.routes.ts';
import * as monitoring from './monitoring.service.ts';

const byApp = new WeakMap<TAppContext, TMonitoringDeps>();
/** The monitoring deps of an app (the alerts call `failedJobCount`, `failingServices` and `lastBackupAt` with them). */
export const monitoringOf = (ctx: TAppContext) => byApp.get(ctx);

/**
 * Monitoring, health part (issue 30): this instance's heartbeat (every 15 s on the job runner's schedule
 * `monitoring.heartbeat`, and once when the app is ready), the recorder of the outside services' calls, and the
 * operator's routes (instances, services, jobs and a failed job's retry, the database page).
 */
export const monitoringModule: FastifyPluginAsync<{ ctx: TAppContext; jobs: Pick<TJobRunner, 'every' | 'lastRuns'> }> = async (app, { ctx, jobs }) => {
  const deps = createMonitoringDeps(ctx, jobs);
  byApp.set(ctx, deps);
  const recorder = monitoring.createOutsideRecorder(deps, app.log);
  deps.settled = recorder.settled;
  const stopListening = onOutsideReport(recorder.record);
  jobs.every('monitoring.heartbeat', () => monitoring.heartbeat(deps));
  app.addHook('onReady', async () => {
    await monitoring.heartbeat(deps).catch((err: unknown) => app.log.warn({ err }, 'monitoring: first heartbeat failed'));
  });
  app.addHook('preClose', async () => {
    stopListening();
    await recorder.flush();
    deps.lag.disable();
  });
  await app.register(monitoringRoutes, { deps });
};
