import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TAuthDeps } from '../auth/auth.service.ts';
import { seedRoutes } from './seeds.routes.ts';

/** Seeds (issue 5): workspaces, members, invitations. Mail and throttling through the account system's deps. */
export const seedsModule: FastifyPluginAsync<{ ctx: TAppContext; deps: TAuthDeps }> = async (app, { deps }) => {
  // Issue 19/27: a seed that requires a second factor keeps its owner and admins out until this session passed one;
  // requireAuth enforces it for every route under /api/seeds/:seedId (plugins/auth-guard.ts).
  await app.register(seedRoutes, { deps });
};
