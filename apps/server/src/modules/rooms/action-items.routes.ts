import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBookingParams } from '@suite/shared/schemas/rooms';
import { ZMinutesItemsResponse } from '@suite/shared/schemas/rooms-door';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import { findMinutesItems } from './action-items.service.ts';
import { getBooking } from './bookings.service.ts';
import type { TRoomsDeps } from './rooms.deps.ts';

/** The decisions and action items read from a booking's minutes (members of the seed, as the booking itself). */
export const actionItemRoutes: FastifyPluginAsyncZod<{ deps: TRoomsDeps }> = async (app, { deps }) => {
  app.get(
    '/api/seeds/:seedId/bookings/:bookingId/action-items',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['rooms'],
        summary: '회의록에서 뽑은 결정 사항과 할 일 (담당자, 기한; 회의록을 저장하면 다시 정리)',
        security: bearer,
        params: ZBookingParams,
        response: { 200: ZMinutesItemsResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const u = currentUser(request);
      const { row } = await getBooking(deps, { id: u.id, email: u.email }, request.params.seedId, request.params.bookingId);
      return { data: await findMinutesItems(deps.db, row.b.id) };
    },
  );
};
