import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import type { TDeps } from './api-builder.deps.ts';
import { noticeUsage } from './api-alerts.ts';
import { apiBuilderRoutes } from './api-builder.routes.ts';
import { dataApiRoutes } from './data-api.routes.ts';
import { endUserAuthRoutes } from './end-user-auth.routes.ts';

/** API builder (issue 12): console endpoints, the published data API, the change listeners. */
const byApp = new WeakMap<TAppContext, TDeps>();
/** The API builder's deps of an app (tests flush usage and run the usage check with them). */
export const apiBuilderDepsOf = (ctx: TAppContext) => byApp.get(ctx);

export const apiBuilderModule: FastifyPluginAsync<{ ctx: TAppContext; deps: TDeps; jobs: Pick<TJobRunner, 'every'> }> = async (app, { ctx, deps, jobs }) => {
  // app.ts creates the deps to share them with the admin-page builder (which calls the data API in process).
  byApp.set(ctx, deps);
  await deps.runtime.start();
  jobs.every('api-builder.usage-flush', deps.usage.flush);
  jobs.every('api-builder.usage-alerts', () => noticeUsage(deps));
  await app.register(apiBuilderRoutes, { deps });
  await app.register(endUserAuthRoutes, { deps });
  await app.register(dataApiRoutes, { deps });
  // Open live-change streams end first: the server's close would otherwise wait for them.
  app.addHook('preClose', async () => deps.live.close());
  app.addHook('onClose', async () => {
    await deps.usage.flush();
    await deps.feeds.close();
    await deps.runtime.close();
  });
};
