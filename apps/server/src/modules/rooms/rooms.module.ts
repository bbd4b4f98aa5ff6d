import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import { bookingRoutes } from './bookings.routes.ts';
import { createRoomsDeps } from './rooms.deps.ts';
import { startJobRunner } from './rooms.jobs.ts';
import { roomRoutes } from './rooms.routes.ts';

/** Meeting-room booking (issue 7): routes, live stream and the job runner (reminders, auto-release). */
export const roomsModule: FastifyPluginAsync<{ ctx: TAppContext }> = async (app, { ctx }) => {
  const deps = createRoomsDeps(ctx, app.log);
  await app.register(roomRoutes, { deps });
  await app.register(bookingRoutes, { deps, streams: ctx.streams });
  const runner = startJobRunner(deps, ctx.config.roomsJobIntervalMs);
  app.addHook('onClose', async () => {
    await runner.stop();
    deps.mailer.close();
  });
};
