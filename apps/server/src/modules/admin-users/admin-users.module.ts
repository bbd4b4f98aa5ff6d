import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TAuthDeps } from '../auth/auth.service.ts';
import { adminUserRoutes } from './admin-users.routes.ts';
import { schedulePurge } from './purge.ts';

/** Platform user management (issue 5): users list, edit, status, trash, invitations, audit; hourly trash purge. */
export const adminUsersModule: FastifyPluginAsync<{ ctx: TAppContext; deps: TAuthDeps }> = async (app, { ctx, deps }) => {
  const stopPurge = schedulePurge(ctx.database.db, ctx.state, app.log);
  app.addHook('onClose', async () => stopPurge());
  await app.register(adminUserRoutes, { deps });
};
