import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import { createLlm } from '../../adapters/llm.ts';
import { actionItemRoutes } from './action-items.routes.ts';
import { registerMinutesItemsJob } from './action-items.service.ts';
import { bookingRoutes } from './bookings.routes.ts';
import { checkInQrRoutes } from './checkin-qr.routes.ts';
import { displayRoutes } from './display.routes.ts';
import { holidayRoutes } from './holidays.routes.ts';
import { createRoomsDeps, type TBookingChangeHook, type TNotifier } from './rooms.deps.ts';
import { registerRoomsJobs } from './rooms.jobs.ts';
import { adoptLegacyJobs } from './rooms.repository.ts';
import { roomRoutes } from './rooms.routes.ts';
import { ruleRoutes } from './rules.routes.ts';

/** Meeting-room booking (issue 7): routes, live stream, and the reminder and release jobs on the app's runner. */
export const roomsModule: FastifyPluginAsync<{ ctx: TAppContext; jobs: TJobRunner; notifications: TNotifier; onBookingChange?: TBookingChangeHook }> = async (
  app,
  { ctx, jobs, notifications, onBookingChange },
) => {
  const deps = createRoomsDeps(ctx, app.log, jobs, notifications, onBookingChange);
  registerRoomsJobs(deps, jobs);
  // Minutes → decisions and action items with the Slack assistant's model when one is configured (issue 37).
  registerMinutesItemsJob(deps, jobs, createLlm({ ...ctx.config.llm }));
  jobs.every('rooms.adopt-legacy-jobs', () => adoptLegacyJobs(ctx.database.db));
  await app.register(roomRoutes, { deps });
  await app.register(holidayRoutes, { deps });
  await app.register(ruleRoutes, { deps });
  await app.register(bookingRoutes, { deps, streams: ctx.streams });
  await app.register(displayRoutes, { deps });
  await app.register(checkInQrRoutes, { deps });
  await app.register(actionItemRoutes, { deps });
};
