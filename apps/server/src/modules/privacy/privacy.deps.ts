import type { FastifyBaseLogger } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TDb } from '../../db/client.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import type { TAuthDeps } from '../auth/auth.service.ts';
import type { notify } from '../notifications/notifications.service.ts';

/** What the privacy module's parts share (built once in privacy.module.ts). */
export type TPrivacyDeps = {
  ctx: TAppContext;
  db: TDb;
  log: FastifyBaseLogger;
  now: () => Date;
  jobs: Pick<TJobRunner, 'register' | 'every' | 'enqueue'>;
  /** The account system (re-authentication, ending sessions, mail), through its services only. */
  auth: TAuthDeps;
  notifications: Parameters<typeof notify>[0];
  /** Where export files live: DATA_DIR/privacy-exports. */
  exportDir: string;
};
