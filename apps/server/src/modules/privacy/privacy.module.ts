import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import type { TPrivacyDeps } from './privacy.deps.ts';
import { exportRoutes, registerExportJobs } from './export.routes.ts';
import { deletionRoutes, registerDeletionJobs } from './deletion.routes.ts';
import { consentRoutes } from './consents.routes.ts';
import { seedRequestRoutes } from './seed-requests.routes.ts';
import { accessLogRoutes } from './access-log.routes.ts';
import { policyRoutes } from './policy.routes.ts';
import { registerRetentionJobs } from './retention.ts';

/**
 * Privacy (issue 32): one data map (data-map.ts) that export, erasure, retention, seed owners' requests and the
 * generated privacy policy all read; self-service under /api/me; seed owners' requests about their customers; access
 * records of who read personal data.
 */
export const privacyModule: FastifyPluginAsync<{
  ctx: TAppContext;
  jobs: Pick<TJobRunner, 'register' | 'every' | 'enqueue'>;
  auth: TPrivacyDeps['auth'];
  notifications: TPrivacyDeps['notifications'];
}> = async (app, { ctx, jobs, auth, notifications }) => {
  const deps: TPrivacyDeps = {
    ctx,
    db: ctx.database.db,
    log: app.log,
    now: () => ctx.now(),
    jobs,
    auth,
    notifications,
    exportDir: join(ctx.config.dataDir, 'privacy-exports'),
  };
  registerExportJobs(deps);
  registerDeletionJobs(deps);
  registerRetentionJobs(deps);
  await app.register(exportRoutes, { deps });
  await app.register(deletionRoutes, { deps });
  await app.register(consentRoutes, { deps });
  await app.register(seedRequestRoutes, { deps });
  await app.register(accessLogRoutes, { deps });
  await app.register(policyRoutes, { deps });
};
