/**
 * Wires actions from Slack (decision 088) into the Slack module: the rooms module's deps (built through its public
 * surface, as calendar sync builds them), the meal module's deps (from buildApp), the click handler for the
 * interactions route and the sweep of expired pending actions.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import { createRoomsDeps, type TNotifier } from '../rooms/calendar.service.ts';
import type { TActionDeps } from './actions.deps.ts';
import { handleBlockActions } from './actions.interactions.ts';
import { purgeExpired } from './actions.repository.ts';
import type { TSlackApi } from './slack-api.ts';

export type TSlackActionsOptions = {
  notifications: TNotifier;
  onBookingChange?: Parameters<typeof createRoomsDeps>[4];
  /** The meal module's deps (buildApp reads them once the meal module, registered after this one, has them). */
  meal: TActionDeps['meal'];
};

export function slackActions(
  ctx: TAppContext,
  log: FastifyBaseLogger,
  jobs: Pick<TJobRunner, 'enqueue' | 'cancel'>,
  slack: TSlackApi,
  opts: TSlackActionsOptions,
) {
  const deps: TActionDeps = {
    db: ctx.database.db,
    state: ctx.state,
    slack,
    now: ctx.now,
    rooms: createRoomsDeps(ctx, log, jobs, opts.notifications, opts.onBookingChange),
    meal: opts.meal,
    log,
  };
  return {
    deps,
    blockActions: (payload: unknown) => handleBlockActions(deps, ctx.config, payload),
    purge: () => purgeExpired(ctx.database.db, ctx.now()),
  };
}
