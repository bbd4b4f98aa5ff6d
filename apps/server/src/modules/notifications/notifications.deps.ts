import type { FastifyBaseLogger } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TDb } from '../../db/client.ts';
import type { TSharedState } from '../../state/shared-state.ts';
import type { TMailer } from '../../adapters/mailer.ts';
import type { TEventStreams } from '../../lib/event-stream.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import type { TMailQuotas } from '../../lib/mail-quota.ts';
import { createRateLimiter, type TRateLimiter } from '../../plugins/rate-limit.ts';

/** What the notification service works with, built once per app (buildApp hands in the job runner). */
export type TNotificationsDeps = {
  db: TDb;
  state: TSharedState;
  streams: TEventStreams;
  mailer: TMailer;
  log: FastifyBaseLogger;
  appUrl: string;
  now: () => Date;
  limiter: TRateLimiter;
  mailQuotas: TMailQuotas;
  allowPrivateUrls: boolean;
  /** Seals the webhook signing secrets at rest (ENCRYPTION_KEY, lib/secret-box.ts). */
  encryptionKey: Buffer;
  jobs: Pick<TJobRunner, 'enqueue'>;
  /**
   * Slack DMs through the seed's connected workspace (the Slack module's notifier, handed in by buildApp; absent in
   * an app without it, then the Slack channel is logged as unavailable).
   */
  slack?: { dm: (seedId: string, email: string, text: string) => Promise<'sent' | 'no-workspace' | 'not-member'> };
};

export function createNotificationsDeps(
  ctx: TAppContext,
  log: FastifyBaseLogger,
  jobs: TNotificationsDeps['jobs'],
  slack?: TNotificationsDeps['slack'],
): TNotificationsDeps {
  return {
    db: ctx.database.db,
    state: ctx.state,
    streams: ctx.streams,
    mailer: ctx.mailer,
    log,
    appUrl: ctx.config.appUrl,
    now: ctx.now,
    limiter: createRateLimiter(ctx.state),
    mailQuotas: ctx.config.mailQuota,
    allowPrivateUrls: ctx.config.allowPrivateUrls,
    encryptionKey: ctx.config.encryptionKey,
    jobs,
    ...(slack ? { slack } : {}),
  };
}

/** The shared-state channel of a person's inbox count (every instance's open streams hear it). */
export const inboxChannel = (userId: string) => `notifications:${userId}`;
