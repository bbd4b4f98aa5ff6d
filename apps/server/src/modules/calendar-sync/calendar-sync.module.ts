import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import { createRoomsDeps, type TNotifier } from '../rooms/calendar.service.ts';
import { calendarSyncRoutes } from './calendar-sync.routes.ts';
import type { TCalendarSyncDeps } from './calendar-sync.deps.ts';
import { pollDue } from './sync-in.service.ts';
import { pushBooking } from './sync-out.service.ts';
import { calendarPushHook, PUSH_KIND } from './calendar-hooks.service.ts';

/** Two-way calendar sync (issue 37): connections, the push job of each booking change, and polling of connections. */
export const calendarSyncModule: FastifyPluginAsync<{ ctx: TAppContext; jobs: TJobRunner; notifications: TNotifier }> = async (
  app,
  { ctx, jobs, notifications },
) => {
  const deps: TCalendarSyncDeps = {
    db: ctx.database.db,
    config: ctx.config,
    state: ctx.state,
    log: app.log,
    now: ctx.now,
    rooms: createRoomsDeps(ctx, app.log, jobs, notifications, calendarPushHook(jobs, ctx.now)),
  };
  jobs.register(PUSH_KIND, (payload) => pushBooking(deps, String(payload.bookingId ?? '')));
  jobs.every('calendar-sync.poll', () => pollDue(deps));
  await app.register(calendarSyncRoutes, { deps });
};
