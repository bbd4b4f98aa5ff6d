import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import { createAuthDeps } from '../auth/auth.deps.ts';
import { adminUserRoutes } from './admin-users.routes.ts';
import { schedulePurge } from './purge.ts';

/** Platform user management (issue 5): users list, edit, status, trash, invitations, audit; hourly trash purge. */
export const adminUsersModule: FastifyPluginAsync<{ ctx: TAppContext }> = async (app, { ctx }) => {
  const deps = createAuthDeps(ctx, app.log);
  const stopPurge = schedulePurge(ctx.database.db, ctx.state, app.log);
  app.addHook('onClose', async () => {
    stopPurge();
    deps.mailer.close();
  });
  await app.register(adminUserRoutes, { deps });
};
