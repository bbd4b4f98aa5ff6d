import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import { bookingRoutes } from './bookings.routes.ts';
import { holidayRoutes } from './holidays.routes.ts';
import { createRoomsDeps, type TNotifier } from './rooms.deps.ts';
import { registerRoomsJobs } from './rooms.jobs.ts';
import { adoptLegacyJobs } from './rooms.repository.ts';
import { roomRoutes } from './rooms.routes.ts';

/** Meeting-room booking (issue 7): routes, live stream, and the reminder and release jobs on the app's runner. */
export const roomsModule: FastifyPluginAsync<{ ctx: TAppContext; jobs: TJobRunner; notifications: TNotifier }> = async (app, { ctx, jobs, notifications }) => {
  const deps = createRoomsDeps(ctx, app.log, jobs, notifications);
  registerRoomsJobs(deps, jobs);
  jobs.every('rooms.adopt-legacy-jobs', () => adoptLegacyJobs(ctx.database.db));
  await app.register(roomRoutes, { deps });
  await app.register(holidayRoutes, { deps });
  await app.register(bookingRoutes, { deps, streams: ctx.streams });
};
