/** Holidays and closed days of the seed's rooms (issue 37), under the rooms module's /api/seeds/:seedId/rooms prefix. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMessageResponse } from '@suite/shared';
import { koRoomsHolidays } from '@suite/shared/messages/ko-rooms-holidays';
import { ZRoomsSeedParams } from '@suite/shared/schemas/rooms';
import { ZClosedDayInput, ZClosedDayParams, ZClosedDayResponse, ZHolidayListResponse, ZHolidaysQuery } from '@suite/shared/schemas/rooms-holidays';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import * as holidays from './holidays.service.ts';
import type { TRoomsDeps } from './rooms.deps.ts';

const h = koRoomsHolidays.server;
const tags = ['rooms'];

export const holidayRoutes: FastifyPluginAsyncZod<{ deps: TRoomsDeps }> = async (app, { deps }) => {
  const auth = { onRequest: requireAuth };
  const actor = (request: Parameters<typeof currentUser>[0]) => {
    const u = currentUser(request);
    return { id: u.id, email: u.email };
  };

  app.get(
    '/api/seeds/:seedId/rooms/holidays',
    {
      ...auth,
      schema: {
        tags,
        summary: '한 해의 공휴일·대체공휴일과 시드의 휴무일 (kind: public, substitute, company; 시드 멤버)',
        security: bearer,
        params: ZRoomsSeedParams,
        querystring: ZHolidaysQuery,
        response: { 200: ZHolidayListResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ data: await holidays.listHolidays(deps, actor(request), request.params.seedId, request.query.year) }),
  );

  app.post(
    '/api/seeds/:seedId/rooms/closed-days',
    {
      ...auth,
      schema: {
        tags,
        summary: '휴무일 추가 (선거일, 회사 휴무일; 소유자, 시드 관리자) — 이미 있으면 409',
        security: bearer,
        params: ZRoomsSeedParams,
        body: ZClosedDayInput,
        response: { 201: ZClosedDayResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const data = await holidays.addClosedDay(deps, actor(request), request.params.seedId, request.body);
      return reply.status(201).send({ success: true as const, message: h.closedDayAdded(data.date, data.name), data });
    },
  );

  app.delete(
    '/api/seeds/:seedId/rooms/closed-days/:date',
    {
      ...auth,
      schema: {
        tags,
        summary: '휴무일 삭제 (소유자, 시드 관리자)',
        security: bearer,
        params: ZClosedDayParams,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await holidays.removeClosedDay(deps, actor(request), request.params.seedId, request.params.date);
      return { success: true as const, message: h.closedDayRemoved };
    },
  );
};
