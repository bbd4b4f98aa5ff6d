import type { FastifyBaseLogger } from 'fastify';
import type { TMealEvent } from '@suite/shared/schemas/meal';
import type { TDb } from '../../db/client.ts';
import type { TSharedState } from '../../state/shared-state.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import type { TMailQuotas } from '../../lib/mail-quota.ts';
import type { TRateLimiter } from '../../plugins/rate-limit.ts';
import type { notify } from '../notifications/notifications.service.ts';
import type { TSlackPoster } from '../slack/slack-post.service.ts';

/** What the meal services work with, built once per app from what buildApp hands over. `now` is injectable for tests. */
export type TMealDeps = {
  db: TDb;
  state: TSharedState;
  jobs: TJobRunner;
  log: FastifyBaseLogger;
  appUrl: string;
  now: () => Date;
  /** The hourly mail quotas (lib/mail-quota.ts) for the notices a member triggers (opening, closing, the draw). */
  limiter: TRateLimiter;
  mailQuotas: TMailQuotas;
  /** The notification service's deps (buildApp): round notices reach members through it. */
  notifications: Parameters<typeof notify>[0];
  /** MEAL_AMOUNT_CAP and MEAL_RECEIPT_MAX_BYTES (issue 38). */
  amountCap: number;
  receiptMaxBytes: number;
  /** The Slack module's channel poster (issue 38: a game round's commitment and reveal); absent: nothing is posted. */
  slack?: TSlackPoster;
};

export const mealChannel = (seedId: string) => `meal:${seedId}`;
export const mealJobKey = (mealId: string) => `meal:${mealId}`;

/** Tells every open meal screen of the seed, on every instance, that something changed. */
export async function publishMeal(deps: TMealDeps, seedId: string, event: TMealEvent): Promise<void> {
  try {
    await deps.state.publish(mealChannel(seedId), JSON.stringify(event));
  } catch (err) {
    deps.log.warn({ err }, 'meal: publish failed');
  }
}
