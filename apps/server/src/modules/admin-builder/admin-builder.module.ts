import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TApiBuilderDeps as TApiDeps } from '../api-builder/data-api.service.ts';
import { adminBuilderRoutes } from './admin-builder.routes.ts';

/** Admin-page builder (issue 13): built on the API builder's connections and data API (shared deps from app.ts). */
export const adminBuilderModule: FastifyPluginAsync<{ ctx: TAppContext; apiBuilder: TApiDeps }> = async (app, { ctx, apiBuilder }) => {
  await app.register(adminBuilderRoutes, { deps: { api: apiBuilder, db: ctx.database.db } });
};
