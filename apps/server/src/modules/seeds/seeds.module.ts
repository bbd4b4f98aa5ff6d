import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import { createAuthDeps } from '../auth/auth.deps.ts';
import { seedRoutes } from './seeds.routes.ts';

/** Seeds (issue 5): workspaces, members, invitations. Mail and throttling through the account system's deps. */
export const seedsModule: FastifyPluginAsync<{ ctx: TAppContext }> = async (app, { ctx }) => {
  const deps = createAuthDeps(ctx, app.log);
  app.addHook('onClose', async () => deps.mailer.close());
  await app.register(seedRoutes, { deps });
};
