import type { FastifyBaseLogger } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TConfig } from '../../config.ts';
import type { TTx } from '../../db/client.ts';
import type { TSharedState } from '../../state/shared-state.ts';
import type { TMailer } from '../../adapters/mailer.ts';
import type { TBookingEvent } from '@suite/shared/schemas/rooms';
import type { TMailQuotas } from '../../lib/mail-quota.ts';
import { createRateLimiter, type TRateLimiter } from '../../plugins/rate-limit.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import type { notify } from '../notifications/notifications.service.ts';

/** The notification service's deps, as `notify` takes them (buildApp builds them once). */
export type TNotifier = Parameters<typeof notify>[0];

/** What the rooms services work with, built once per app. `now` is injectable for tests. */
export type TRoomsDeps = {
  /** The database, or the transaction `inTx` opened. */
  db: TTx;
  state: TSharedState;
  mailer: TMailer;
  log: FastifyBaseLogger;
  appUrl: string;
  now: () => Date;
  limiter: TRateLimiter;
  mailQuotas: TMailQuotas;
  caps: TConfig['rooms'];
  jobs: Pick<TJobRunner, 'enqueue' | 'cancel'>;
  /** The notification service's deps (buildApp): reminders and releases reach members through it. */
  notifications: TNotifier;
  /**
   * Called in the transaction of every create, change, cancel and release of a booking (buildApp passes calendar
   * sync's, which enqueues the push to the organiser's connected calendars).
   */
  onBookingChange?: TBookingChangeHook | undefined;
};

export type TBookingChangeHook = (db: TTx, change: { bookingId: string; organizerId: string }) => Promise<void>;

/** The same deps bound to an open transaction: every write of one action commits together or not at all. */
export function inTx<T>(deps: TRoomsDeps, fn: (txDeps: TRoomsDeps) => Promise<T>): Promise<T> {
  return deps.db.transaction((tx) => fn({ ...deps, db: tx }));
}

export function createRoomsDeps(
  ctx: TAppContext,
  log: FastifyBaseLogger,
  jobs: TRoomsDeps['jobs'],
  notifications: TNotifier,
  onBookingChange?: TBookingChangeHook,
): TRoomsDeps {
  const { config, database } = ctx;
  return {
    db: database.db,
    state: ctx.state,
    mailer: ctx.mailer,
    log,
    appUrl: config.appUrl,
    now: ctx.now,
    limiter: createRateLimiter(ctx.state),
    mailQuotas: config.mailQuota,
    caps: config.rooms,
    jobs,
    notifications,
    onBookingChange,
  };
}

export const channelOf = (seedId: string) => `rooms:${seedId}`;

/** Tells every open booking screen of the seed, on every instance, that something changed. */
export async function publish(deps: TRoomsDeps, seedId: string, event: TBookingEvent): Promise<void> {
  try {
    await deps.state.publish(channelOf(seedId), JSON.stringify(event));
  } catch (err) {
    deps.log.warn({ err }, 'rooms: publish failed');
  }
}
