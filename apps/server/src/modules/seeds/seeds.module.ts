import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TAuthDeps } from '../auth/auth.service.ts';
import { seedRoutes } from './seeds.routes.ts';
import { requireSeedSecondFactor } from '../../plugins/auth-guard.ts';

/** Seeds (issue 5): workspaces, members, invitations. Mail and throttling through the account system's deps. */
export const seedsModule: FastifyPluginAsync<{ ctx: TAppContext; deps: TAuthDeps }> = async (app, { deps }) => {
  // Issue 19: a seed that requires a second factor keeps its owner and admins out until this session passed one.
  app.addHook('preHandler', async (request) => {
    const seedId = (request.params as { seedId?: unknown } | undefined)?.seedId;
    if (typeof seedId === 'string' && /^[0-9a-f-]{36}$/i.test(seedId)) await requireSeedSecondFactor(request, seedId);
  });
  await app.register(seedRoutes, { deps });
};
