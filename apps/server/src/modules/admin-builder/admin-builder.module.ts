import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TApiBuilderDeps as TApiDeps } from '../api-builder/data-api.service.ts';
import { adminBuilderRoutes } from './admin-builder.routes.ts';
import { reconcileImports } from './admin-builder.import.ts';

/** Admin-page builder (issue 13): built on the API builder's connections and data API (shared deps from app.ts). */
export const adminBuilderModule: FastifyPluginAsync<{ ctx: TAppContext; apiBuilder: TApiDeps }> = async (app, { ctx, apiBuilder }) => {
  const deps = { api: apiBuilder, db: ctx.database.db };
  await app.register(adminBuilderRoutes, { deps });
  // Imports left pending by a process that died between the customer's commit and the audit: settle them once at start.
  app.addHook('onReady', async () => {
    void reconcileImports(deps).catch((err: unknown) =>
      app.log.warn({ err: String((err as Error).message).slice(0, 200) }, 'admin builder: import reconcile failed'),
    );
  });
};
