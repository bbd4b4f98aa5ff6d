import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import { connectionForAdmin, createInternalApi, deleteInternalApi, publishInternalFunction } from '../api-builder/api-builder.service.ts';
import type { TApiBuilderDeps } from '../api-builder/data-api.service.ts';
import type { TAdminBuilderDeps } from './admin-builder.deps.ts';
import { adminBuilderRoutes } from './admin-builder.routes.ts';
import { adminBuilderRowRoutes } from './admin-builder-rows.routes.ts';
import { adminBuilderRoleRoutes } from './admin-builder-roles.routes.ts';
import { adminBuilderViewRoutes } from './admin-builder-views.routes.ts';
import { adminBuilderActionRoutes } from './admin-builder-actions.routes.ts';
import { reconcileImports } from './admin-builder.reconcile.ts';

/** The deps from what buildApp hands in: the suite's database and the API builder's (shared with its module). */
export const createAdminBuilderDeps = (ctx: TAppContext, api: TApiBuilderDeps): TAdminBuilderDeps => ({
  db: ctx.database.db,
  now: ctx.now,
  api,
  connections: {
    forAdmin: (seedId, connectionId) => connectionForAdmin(api, seedId, connectionId),
    createInternalApi: (seedId, connectionId, tables) => createInternalApi(api, seedId, connectionId, tables),
    deleteInternalApi: (apiId) => deleteInternalApi(api, apiId),
    publishFunction: (seedId, apiId, fn) => publishInternalFunction(api, seedId, apiId, fn),
  },
});

/** Admin-page builder (issue 13): built on the API builder's connections and data API (shared deps from app.ts). */
export const adminBuilderModule: FastifyPluginAsync<{ ctx: TAppContext; apiBuilder: TApiBuilderDeps }> = async (app, { ctx, apiBuilder }) => {
  const deps = createAdminBuilderDeps(ctx, apiBuilder);
  await app.register(adminBuilderRoutes, { deps });
  await app.register(adminBuilderRowRoutes, { deps });
  await app.register(adminBuilderRoleRoutes, { deps });
  await app.register(adminBuilderViewRoutes, { deps });
  await app.register(adminBuilderActionRoutes, { deps });
  // Imports left pending by a process that died between the customer's commit and the audit: settle them once at start.
  app.addHook('onReady', async () => {
    void reconcileImports(deps).catch((err: unknown) =>
      app.log.warn({ err: String((err as Error).message).slice(0, 200) }, 'admin builder: import reconcile failed'),
    );
  });
};
