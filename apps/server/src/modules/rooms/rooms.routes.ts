import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ko, ZMessageResponse } from '@suite/shared';
import {
  ZBookingStats,
  ZBookingStatsQuery,
  ZCalendarFeedCreated,
  ZCalendarFeedParams,
  ZCalendarFeedStatus,
  ZCreateRoomInput,
  ZRoomListResponse,
  ZRoomLogQuery,
  ZRoomLogResponse,
  ZRoomParams,
  ZRoomResponse,
  ZRoomSettingsResponse,
  ZRoomsSeedParams,
  ZUpdateRoomInput,
  ZUpdateRoomSettings,
} from '@suite/shared/schemas/rooms';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { AppError } from '../../lib/app-error.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import * as rooms from './rooms.service.ts';
import type { TRoomsDeps } from './rooms.deps.ts';
import { toIcs } from './rooms.ics.ts';

const m = ko.rooms.server;
const tags = ['rooms'];

export const roomRoutes: FastifyPluginAsyncZod<{ deps: TRoomsDeps }> = async (app, { deps }) => {
  const auth = { onRequest: requireAuth };
  const actor = (request: Parameters<typeof currentUser>[0]) => {
    const u = currentUser(request);
    return { id: u.id, email: u.email };
  };

  app.get(
    '/api/seeds/:seedId/rooms',
    {
      ...auth,
      schema: {
        tags,
        summary: '회의실 목록 (시드 멤버)',
        security: bearer,
        params: ZRoomsSeedParams,
        response: { 200: ZRoomListResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ data: await rooms.listRooms(deps, actor(request), request.params.seedId) }),
  );

  app.post(
    '/api/seeds/:seedId/rooms',
    {
      ...auth,
      schema: {
        tags,
        summary: '회의실 추가 (소유자, 시드 관리자)',
        security: bearer,
        params: ZRoomsSeedParams,
        body: ZCreateRoomInput,
        response: { 201: ZRoomResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const data = await rooms.createRoom(deps, actor(request), request.params.seedId, request.body);
      return reply.status(201).send({ success: true as const, message: m.roomCreated, data });
    },
  );

  app.patch(
    '/api/seeds/:seedId/rooms/:roomId',
    {
      ...auth,
      schema: {
        tags,
        summary: '회의실 수정·사용 중지 (소유자, 시드 관리자)',
        security: bearer,
        params: ZRoomParams,
        body: ZUpdateRoomInput,
        response: { 200: ZRoomResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: m.roomUpdated,
      data: await rooms.updateRoom(deps, actor(request), request.params.seedId, request.params.roomId, request.body),
    }),
  );

  app.delete(
    '/api/seeds/:seedId/rooms/:roomId',
    {
      ...auth,
      schema: {
        tags,
        summary: '회의실 삭제 (예약도 함께 삭제; 소유자, 시드 관리자)',
        security: bearer,
        params: ZRoomParams,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await rooms.deleteRoom(deps, actor(request), request.params.seedId, request.params.roomId);
      return { success: true as const, message: m.roomDeleted };
    },
  );

  app.get(
    '/api/seeds/:seedId/room-settings',
    {
      ...auth,
      schema: {
        tags,
        summary: '회의실 예약 설정 (알림 시간, 자동 반납)',
        security: bearer,
        params: ZRoomsSeedParams,
        response: { 200: ZRoomSettingsResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => rooms.getSettings(deps, actor(request), request.params.seedId),
  );

  app.patch(
    '/api/seeds/:seedId/room-settings',
    {
      ...auth,
      schema: {
        tags,
        summary: '회의실 예약 설정 변경 (소유자, 시드 관리자)',
        security: bearer,
        params: ZRoomsSeedParams,
        body: ZUpdateRoomSettings,
        response: { 200: ZRoomSettingsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => rooms.updateSettings(deps, actor(request), request.params.seedId, request.body),
  );

  app.get(
    '/api/seeds/:seedId/bookings/stats',
    {
      ...auth,
      schema: {
        tags,
        summary: '기간별 사람·회의실별 예약 시간 (취소 제외)',
        security: bearer,
        params: ZRoomsSeedParams,
        querystring: ZBookingStatsQuery,
        response: { 200: ZBookingStats, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => rooms.stats(deps, actor(request), request.params.seedId, request.query.from, request.query.to),
  );

  app.get(
    '/api/seeds/:seedId/booking-logs',
    {
      ...auth,
      schema: {
        tags,
        summary: '예약 로그: 예약·이동·취소·체크인·자동 반납 (최신순)',
        security: bearer,
        params: ZRoomsSeedParams,
        querystring: ZRoomLogQuery,
        response: { 200: ZRoomLogResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => rooms.logs(deps, actor(request), request.params.seedId, request.query),
  );

  app.get(
    '/api/me/calendar-feed',
    { ...auth, schema: { tags, summary: '개인 캘린더 구독 주소가 있는지', security: bearer, response: { 200: ZCalendarFeedStatus, ...errorResponses(401) } } },
    async (request) => rooms.feedStatus(deps, actor(request)),
  );

  app.post(
    '/api/me/calendar-feed',
    {
      ...auth,
      schema: {
        tags,
        summary: '개인 캘린더 구독 주소 새로 만들기 (이전 주소는 폐기; 주소는 이 응답에만)',
        security: bearer,
        response: { 201: ZCalendarFeedCreated, ...errorResponses(401) },
      },
    },
    async (request, reply) => reply.status(201).send({ success: true as const, message: m.feedCreated, url: await rooms.createFeed(deps, actor(request)) }),
  );

  app.delete(
    '/api/me/calendar-feed',
    { ...auth, schema: { tags, summary: '개인 캘린더 구독 주소 폐기', security: bearer, response: { 200: ZMessageResponse, ...errorResponses(401) } } },
    async (request) => {
      await rooms.revokeFeed(deps, actor(request));
      return { success: true as const, message: m.feedRevoked };
    },
  );

  app.get(
    '/api/calendar-feeds/:token',
    {
      schema: {
        tags,
        summary: '개인 캘린더 피드 (ICS; 주소 자체가 비밀)',
        params: ZCalendarFeedParams,
        response: { 200: z.string().describe('text/calendar'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const token = request.params.token.replace(/\.ics$/, '');
      const rows = await rooms.feedBookings(deps, token);
      if (!rows) throw new AppError('NOT_FOUND', m.feedInvalid);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('referrer-policy', 'no-referrer')
        .send(toIcs(rows, deps.appUrl, ko.rooms.ui.title));
    },
  );
};
