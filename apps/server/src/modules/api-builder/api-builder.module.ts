import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import { createApiBuilderDeps, type TDeps } from './api-builder.deps.ts';
import { apiBuilderRoutes } from './api-builder.routes.ts';
import { dataApiRoutes } from './data-api.routes.ts';

/** API builder (issue 12): console endpoints, the published data API, the change listeners. */
export const apiBuilderModule: FastifyPluginAsync<{ ctx: TAppContext; deps?: TDeps; jobs: Pick<TJobRunner, 'every'> }> = async (
  app,
  { ctx, deps: given, jobs },
) => {
  // app.ts may create the deps itself to share them with the admin-page builder (which calls the data API in process).
  const deps = given ?? createApiBuilderDeps(ctx, app.log);
  await deps.runtime.start();
  jobs.every('api-builder.usage-flush', deps.usage.flush);
  await app.register(apiBuilderRoutes, { deps });
  await app.register(dataApiRoutes, { deps });
  app.addHook('onClose', async () => {
    await deps.usage.flush();
    await deps.feeds.close();
    await deps.runtime.close();
  });
};
