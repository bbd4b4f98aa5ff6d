import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import { requireAuth } from '../../plugins/auth-guard.ts';
import { guardSeedDomains } from './domains.access.ts';
import { domainsRoutes } from './domains.routes.ts';
import { createDomainsDeps, runDueChecks, type TDomainsDeps } from './domains.service.ts';

const byApp = new WeakMap<TAppContext, TDomainsDeps>();
/** The domains deps of an app (tests run the checks with them). */
export const domainsOf = (ctx: TAppContext) => byApp.get(ctx);

/**
 * Custom domains (issue 33): host names a seed attaches for its data API, help centre or mail, checked in DNS.
 * Permissions: every /api/seeds/{seedId}/domains… route is inside one plugin whose onRequest hooks authenticate and
 * then apply domains.access.ts; nothing else decides it. Checks: the `domains.check` schedule (every minute) checks
 * the rows whose `next_check_at` has come (pending and error rows back off, connected rows hourly).
 */
export const domainsModule: FastifyPluginAsync<{ ctx: TAppContext; jobs: Pick<TJobRunner, 'register' | 'every' | 'enqueue'> }> = async (app, { ctx, jobs }) => {
  const deps = createDomainsDeps(ctx);
  byApp.set(ctx, deps);
  jobs.every('domains.check', () => runDueChecks(deps));
  await app.register(async (seedScope) => {
    seedScope.decorateRequest('seedDomainsAccess', null);
    seedScope.addHook('onRequest', requireAuth);
    seedScope.addHook('onRequest', guardSeedDomains(ctx.database.db));
    await seedScope.register(domainsRoutes, { deps });
  });
};
