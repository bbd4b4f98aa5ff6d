import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import { docsRoutes } from './docs.routes.ts';

/** Developer documentation (issue 33, /admin/docs): guides with tested samples and the changelog. */
export const docsModule: FastifyPluginAsync<{ ctx: TAppContext }> = async (app, { ctx }) => {
  await app.register(docsRoutes, { appUrl: ctx.config.appUrl.replace(/\/+$/, '') });
};
