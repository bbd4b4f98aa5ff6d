import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import { accountRoutes } from './account.routes.ts';
import { adminSessionRoutes } from './admin-sessions.routes.ts';
import type { TAuthDeps } from './auth.deps.ts';
import { authRoutes } from './auth.routes.ts';
import { googleRoutes } from './google.routes.ts';
import { identityRoutes } from './identity.routes.ts';
import { oauthRoutes } from './oauth.routes.ts';
import { secondFactorRoutes } from './second-factor.routes.ts';
import { sessionControlRoutes } from './session-control.routes.ts';
import { pruneExpired } from './maintenance.repository.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import { recoveryRoutes } from './recovery.routes.ts';
import { testHookRoutes } from './test-hooks.routes.ts';

/**
 * Accounts and sessions (issue 3): every /api auth route, and the end-to-end suite's throttle reset only with
 * E2E_TEST_HOOKS (never in production).
 */
export const authModule: FastifyPluginAsync<{ ctx: TAppContext; deps: TAuthDeps; jobs: Pick<TJobRunner, 'every'> }> = async (app, { ctx, deps, jobs }) => {
  jobs.every('auth.prune-expired', () => pruneExpired(ctx.database.db));
  await app.register(authRoutes, { deps });
  await app.register(accountRoutes, { deps });
  await app.register(recoveryRoutes, { deps });
  await app.register(googleRoutes, { deps });
  await app.register(oauthRoutes, { deps });
  await app.register(adminSessionRoutes, { deps });
  await app.register(identityRoutes, { deps });
  await app.register(secondFactorRoutes, { deps });
  await app.register(sessionControlRoutes, { deps });
  if (ctx.config.testHooks && !ctx.config.isProduction) await app.register(testHookRoutes, { limiter: deps.limiter });
};
