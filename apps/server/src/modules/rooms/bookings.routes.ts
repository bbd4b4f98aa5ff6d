import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ko, ZMessageResponse } from '@suite/shared';
import {
  ZBookingListQuery,
  ZBookingListResponse,
  ZBookingParams,
  ZBookingResponse,
  ZCancelBookingQuery,
  ZCreateBookingInput,
  ZCreateBookingResponse,
  ZFreeRoomsQuery,
  ZRoomListResponse,
  ZRoomsSeedParams,
  ZUpdateBookingInput,
} from '@suite/shared/schemas/rooms';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import { enqueueMinutesItems } from './action-items.service.ts';
import * as bookings from './bookings.service.ts';
import { freeRooms } from './finder.service.ts';
import { toIcs } from './rooms.ics.ts';
import type { TEventStreams } from '../../lib/event-stream.ts';
import { AppError } from '../../lib/app-error.ts';
import { channelOf, type TRoomsDeps } from './rooms.deps.ts';

const m = ko.rooms.server;
const tags = ['rooms'];

export const bookingRoutes: FastifyPluginAsyncZod<{ deps: TRoomsDeps; streams: TEventStreams }> = async (app, { deps, streams }) => {
  const auth = { onRequest: requireAuth };
  const actor = (request: Parameters<typeof currentUser>[0]) => {
    const u = currentUser(request);
    return { id: u.id, email: u.email };
  };

  app.get(
    '/api/seeds/:seedId/bookings',
    {
      ...auth,
      schema: {
        tags,
        summary: '기간(from–to, 최대 62일)과 겹치는 예약 (roomId, mine=true로 거르기; 취소 제외)',
        security: bearer,
        params: ZRoomsSeedParams,
        querystring: ZBookingListQuery,
        response: { 200: ZBookingListResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ data: await bookings.listBookings(deps, actor(request), request.params.seedId, request.query) }),
  );

  app.post(
    '/api/seeds/:seedId/bookings',
    {
      ...auth,
      schema: {
        tags,
        summary: '예약 (15분 단위; 반복은 매일·매주와 종료일) — 겹치면 409, 반복 중 겹친 일정은 skipped로',
        security: bearer,
        params: ZRoomsSeedParams,
        body: ZCreateBookingInput,
        response: { 201: ZCreateBookingResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { created, skipped, leftOut } = await bookings.createBooking(deps, actor(request), request.params.seedId, request.body);
      const notBooked = skipped.length + leftOut.length;
      const message = notBooked ? m.createdSome(created.length, notBooked) : m.created;
      return reply.status(201).send({ success: true as const, message, data: created[0]!, created, skipped, leftOut });
    },
  );

  app.get(
    '/api/seeds/:seedId/bookings/stream',
    {
      ...auth,
      schema: {
        tags,
        summary: '예약 변경 실시간 알림 (server-sent events: event booking, data {type, bookingId, roomId})',
        security: bearer,
        params: ZRoomsSeedParams,
      },
    },
    async (request, reply) => {
      const { seedId } = request.params;
      const userId = actor(request).id;
      await bookings.memberSeed(deps, seedId, userId);
      // Still a member? A refusal (AppError) ends the stream; a database error keeps it until the next check.
      const stillAllowed = () =>
        bookings.memberSeed(deps, seedId, userId).then(
          () => true,
          (err: unknown) => (err instanceof AppError ? false : Promise.reject(err)),
        );
      await streams.open(request, reply, { channel: channelOf(seedId), event: 'booking', stillAllowed });
    },
  );

  app.get(
    '/api/seeds/:seedId/free-rooms',
    {
      ...auth,
      schema: {
        tags,
        summary: '빈 회의실 찾기 (from–to, 최소 인원, 장비 쉼표 구분)',
        security: bearer,
        params: ZRoomsSeedParams,
        querystring: ZFreeRoomsQuery,
        response: { 200: ZRoomListResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ data: await freeRooms(deps, actor(request), request.params.seedId, request.query) }),
  );

  app.get(
    '/api/seeds/:seedId/bookings/:bookingId',
    {
      ...auth,
      schema: { tags, summary: '예약 하나', security: bearer, params: ZBookingParams, response: { 200: ZBookingResponse, ...errorResponses(400, 401, 404) } },
    },
    async (request) => ({
      success: true as const,
      message: '',
      data: (await bookings.getBooking(deps, actor(request), request.params.seedId, request.params.bookingId)).booking,
    }),
  );

  app.patch(
    '/api/seeds/:seedId/bookings/:bookingId',
    {
      ...auth,
      schema: {
        tags,
        summary: '예약 수정·이동 (예약자, 시드 관리자) / 회의록 (예약자, 참석자) — 겹치면 409',
        security: bearer,
        params: ZBookingParams,
        body: ZUpdateBookingInput,
        response: { 200: ZBookingResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const data = await bookings.updateBooking(deps, actor(request), request.params.seedId, request.params.bookingId, request.body);
      // Saved minutes are read for decisions and action items on the job runner (issue 37; unchanged text: nothing new).
      if (request.body.minutes !== undefined) await enqueueMinutesItems(deps, data.id);
      return { success: true as const, message: m.updated, data };
    },
  );

  app.delete(
    '/api/seeds/:seedId/bookings/:bookingId',
    {
      ...auth,
      schema: {
        tags,
        summary: '예약 취소 (예약자, 시드 관리자) — scope=following이면 반복 예약의 이후 일정까지',
        security: bearer,
        params: ZBookingParams,
        querystring: ZCancelBookingQuery,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const n = await bookings.cancelBooking(deps, actor(request), request.params.seedId, request.params.bookingId, request.query.scope);
      return { success: true as const, message: request.query.scope === 'following' ? m.cancelledSeries(n) : m.cancelled };
    },
  );

  app.post(
    '/api/seeds/:seedId/bookings/:bookingId/minutes/send',
    {
      ...auth,
      schema: {
        tags,
        summary: '회의록 보내기: 저장된 회의록을 참석자에게 메일로 (예약자, 참석자; 예약마다 10분에 한 번, 시간당 메일 한도 안에서)',
        security: bearer,
        params: ZBookingParams,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const n = await bookings.sendBookingMinutes(deps, actor(request), request.params.seedId, request.params.bookingId);
      return { success: true as const, message: ko.security.minutesSent(n) };
    },
  );

  app.post(
    '/api/seeds/:seedId/bookings/:bookingId/check-in',
    {
      ...auth,
      schema: {
        tags,
        summary: '체크인 (예약자, 참석자; 시작 15분 전부터)',
        security: bearer,
        params: ZBookingParams,
        response: { 200: ZBookingResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: m.checkedIn,
      data: await bookings.checkIn(deps, actor(request), request.params.seedId, request.params.bookingId),
    }),
  );

  app.get(
    '/api/seeds/:seedId/bookings/:bookingId/ics',
    {
      ...auth,
      schema: {
        tags,
        summary: '예약 하나를 .ics 파일로',
        security: bearer,
        params: ZBookingParams,
        response: { 200: z.string().describe('text/calendar'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { row } = await bookings.getBooking(deps, actor(request), request.params.seedId, request.params.bookingId);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="booking-${row.b.id}.ics"`)
        .send(toIcs([row], deps.appUrl, row.b.title));
    },
  );
};
