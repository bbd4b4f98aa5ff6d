/**
 * What the advisors and alerts work with (issue 30). The figures they judge come from other modules, handed in by
 * buildApp through `sources` (traffic, the job runner's failures, outside services, backups, API-builder connections,
 * Slack workspaces, admins' second factors), so this module reads none of their tables.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/client.ts';
import type { TSharedState } from '../../state/shared-state.ts';
import type { TMailer } from '../../adapters/mailer.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import type { TConfig } from '../../config.ts';
import type { TAppContext } from '../../context.ts';

/** Requests answered in a time range, their 5xx and the 95th-percentile latency (null without requests). */
export type TTrafficSummary = { requests: number; serverErrors: number; p95Ms: number | null };

export type TAlertSources = {
  trafficSummary: (from: Date, to: Date) => Promise<TTrafficSummary>;
  /** Jobs that failed for good since `since`. */
  failedJobCount: (since: Date) => Promise<number>;
  /** Outside services whose last call failed, with their failures in a row. */
  failingServices: () => Promise<{ service: string; failuresInRow: number }[]>;
  /** The time of the newest backup `npm run backup` recorded, null when none. */
  lastBackupAt: () => Promise<Date | null>;
  /** Names ("seed / connection") of API-builder connections that did not answer a bounded check. */
  unreachableConnections: () => Promise<string[]>;
  /** Names of Slack workspaces whose token Slack revoked (the app removed) and that were not connected again. */
  revokedSlackWorkspaces: () => Promise<string[]>;
  /** Emails of active platform admins without a second factor. */
  adminsWithoutSecondFactor: () => Promise<string[]>;
};

export type TSlackPoster = {
  /** Seeds with a connected workspace that can post, with the workspace's name. */
  targets: () => Promise<{ seedId: string; teamName: string }[]>;
  /** Posts in a channel of the seed's workspace; false when it has none; throws when Slack refuses. */
  post: (seedId: string, channel: string, text: string) => Promise<boolean>;
};

export type TWebhookPoster = (url: string, secret: string, payload: unknown, opts: { allowPrivate: boolean; now: Date }) => Promise<void>;

export type TAlertsDeps = {
  db: TDb;
  state: TSharedState;
  config: Pick<TConfig, 'isProduction' | 'smtpUrl' | 'databaseUrl' | 'trustProxy' | 'appUrl' | 'allowPrivateUrls' | 'encryptionKey'>;
  log: FastifyBaseLogger;
  now: () => Date;
  mailer: Pick<TMailer, 'send'>;
  jobs: Pick<TJobRunner, 'enqueue'>;
  slack: TSlackPoster;
  postWebhook: TWebhookPoster;
  sources: TAlertSources;
  /** The app runs on the embedded PGlite (no DATABASE_URL). */
  embedded: boolean;
  /** The embedded database larger than this (bytes) is an advisor's finding. */
  embeddedDbLimitBytes: number;
};

/** The default size over which the embedded database should move to PostgreSQL (2 GiB). */
export const EMBEDDED_DB_LIMIT_BYTES = 2 * 1024 ** 3;

export function createAlertsDeps(
  ctx: TAppContext,
  log: FastifyBaseLogger,
  jobs: TAlertsDeps['jobs'],
  outside: Pick<TAlertsDeps, 'sources' | 'slack' | 'postWebhook'> & { embeddedDbLimitBytes?: number },
): TAlertsDeps {
  return {
    db: ctx.database.db,
    state: ctx.state,
    config: ctx.config,
    log,
    now: ctx.now,
    mailer: ctx.mailer,
    jobs,
    slack: outside.slack,
    postWebhook: outside.postWebhook,
    sources: outside.sources,
    embedded: ctx.database.kind === 'pglite',
    embeddedDbLimitBytes: outside.embeddedDbLimitBytes ?? EMBEDDED_DB_LIMIT_BYTES,
  };
}
