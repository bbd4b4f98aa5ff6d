import type { FastifyBaseLogger } from 'fastify';
import type { TMailer } from '../../adapters/mailer.ts';
import type { TConfig } from '../../config.ts';
import type { TAppContext } from '../../context.ts';
import type { TDb } from '../../db/client.ts';
import type { TSharedState } from '../../state/shared-state.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import type { TMeterRecorder } from '../../lib/metering/meter.ts';
import { createRateLimiter, type TRateLimiter } from '../../plugins/rate-limit.ts';
import type { TRefetch } from '../knowledge/knowledge.service.ts';
import { createSlackNotifier, type TSlackNotifier } from '../slack/notify.service.ts';
import type { notify } from '../notifications/notifications.service.ts';
import type { TApiBuilderDeps } from '../api-builder/data-api.service.ts';

/** What the chatbot's services work with, built once per app (chatbot.module.ts). */
export type TChatbotDeps = {
  db: TDb;
  config: TConfig;
  limiter: TRateLimiter;
  /** Shared state (memory or Redis): the entries a refusal offered, for the visitor's one choice (decision 096). */
  state: Pick<TSharedState, 'getValue' | 'setValue' | 'claim'>;
  mailer: TMailer;
  log: FastifyBaseLogger;
  /** The knowledge module's re-fetch schedule for URL sources; its `now` is the app's clock. */
  refetch: TRefetch;
  /** The job runner (enqueue joins the caller's transaction). */
  jobs: Pick<TJobRunner, 'enqueue'>;
  /** Posts to the seed's Slack workspace (modules/slack). */
  slack: TSlackNotifier;
  /** The app's clock. */
  now: () => Date;
  /** The notification service's deps (buildApp): hand-offs reach the seed's owner and admins through it. */
  notifications: TChatbotOutside['notifications'];
  /** Billable events (issue 31): answered questions and the model's tokens, for the bot's seed. */
  meter: Pick<TMeterRecorder, 'record'>;
  /** Origins a seed's bots accept besides their own list (issue 33: its connected help hosts), from buildApp. */
  extraOrigins?: ((seedId: string) => Promise<string[]>) | undefined;
  /** Told of every stored hand-off ticket after its commit (issue 33: the help centre's bot mails the operator), from buildApp. */
  onHandoff?: ((ticket: THandoffTicket) => void) | undefined;
  /** The API builder's deps (buildApp): lookups read a published table through its data API, in process (issue 29). */
  apiBuilder?: TApiBuilderDeps | undefined;
};

/** A hand-off ticket as the `onHandoff` hook receives it. */
export type THandoffTicket = {
  botId: string;
  seedId: string;
  botName: string;
  ticketId: string;
  email: string;
  name: string;
  message: string;
  transcript: string;
};

/**
 * From outside the module: the mailer, the job runner and the notification service's deps from buildApp, the
 * re-fetch schedule from the knowledge module.
 */
export type TChatbotOutside = {
  mailer: TMailer;
  jobs: Pick<TJobRunner, 'enqueue'>;
  refetch: TRefetch;
  notifications: Parameters<typeof notify>[0];
  extraOrigins?: TChatbotDeps['extraOrigins'];
  onHandoff?: TChatbotDeps['onHandoff'];
  apiBuilder?: TChatbotDeps['apiBuilder'];
};

export function createChatbotDeps(ctx: TAppContext, log: FastifyBaseLogger, outside: TChatbotOutside): TChatbotDeps {
  return {
    db: ctx.database.db,
    config: ctx.config,
    limiter: createRateLimiter(ctx.state),
    state: ctx.state,
    mailer: outside.mailer,
    log,
    refetch: outside.refetch,
    jobs: outside.jobs,
    slack: createSlackNotifier(ctx.database.db, ctx.config),
    now: ctx.now,
    notifications: outside.notifications,
    meter: ctx.meter,
    extraOrigins: outside.extraOrigins,
    onHandoff: outside.onHandoff,
    apiBuilder: outside.apiBuilder,
  };
}
