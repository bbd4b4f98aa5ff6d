import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TAuthDeps } from '../auth/auth.service.ts';
import { adminUserRoutes } from './admin-users.routes.ts';
import { purgeDeletedUsers } from './purge.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';

/** Platform user management (issue 5): users list, edit, status, trash, invitations, audit; hourly trash purge. */
export const adminUsersModule: FastifyPluginAsync<{ ctx: TAppContext; deps: TAuthDeps; jobs: Pick<TJobRunner, 'every'> }> = async (
  app,
  { ctx, deps, jobs },
) => {
  jobs.every('admin.purge-deleted-users', () => purgeDeletedUsers(ctx.database.db, ctx.now(), app.log));
  await app.register(adminUserRoutes, { deps });
};
