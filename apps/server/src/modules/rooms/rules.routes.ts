/** Booking rules, team quotas and a booking's series history (issue 37), under /api/seeds/:seedId/rooms and …/bookings. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMessageResponse } from '@suite/shared';
import { koRoomsRules } from '@suite/shared/messages/ko-rooms-rules';
import { ZBookingParams, ZRoomParams, ZRoomsSeedParams } from '@suite/shared/schemas/rooms';
import {
  ZBookingRulesResponse,
  ZBookingRulesSaved,
  ZRoomRulesInput,
  ZRoomTeamInput,
  ZRoomTeamParams,
  ZSeedRulesInput,
  ZSeriesHistoryResponse,
} from '@suite/shared/schemas/rooms-rules';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import { getBooking } from './bookings.service.ts';
import * as rules from './rules.service.ts';
import type { TRoomsDeps } from './rooms.deps.ts';

const r = koRoomsRules.server;
const tags = ['rooms'];

export const ruleRoutes: FastifyPluginAsyncZod<{ deps: TRoomsDeps }> = async (app, { deps }) => {
  const auth = { onRequest: requireAuth };
  const actor = (request: Parameters<typeof currentUser>[0]) => {
    const u = currentUser(request);
    return { id: u.id, email: u.email };
  };

  app.get(
    '/api/seeds/:seedId/rooms/rules',
    {
      ...auth,
      schema: {
        tags,
        summary: '예약 규칙: 시드 규칙, 회의실별 규칙, 팀별 주간 한도, 반복 예약 해제 기준 (시드 멤버)',
        security: bearer,
        params: ZRoomsSeedParams,
        response: { 200: ZBookingRulesResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => rules.getRules(deps, actor(request), request.params.seedId),
  );

  app.put(
    '/api/seeds/:seedId/rooms/rules',
    {
      ...auth,
      schema: {
        tags,
        summary: '시드의 예약 규칙 저장 (최대 예약 시간, 예약 가능 기간, 한 사람의 주간 한도, 예약할 수 있는 사람, 반복 예약 해제 기준; 소유자, 시드 관리자)',
        security: bearer,
        params: ZRoomsSeedParams,
        body: ZSeedRulesInput,
        response: { 200: ZBookingRulesSaved, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: r.rulesSaved,
      data: await rules.saveSeedRules(deps, actor(request), request.params.seedId, request.body),
    }),
  );

  app.put(
    '/api/seeds/:seedId/rooms/:roomId/rules',
    {
      ...auth,
      schema: {
        tags,
        summary: '회의실 하나의 예약 규칙 저장 (null인 항목은 시드 규칙대로; 소유자, 시드 관리자)',
        security: bearer,
        params: ZRoomParams,
        body: ZRoomRulesInput,
        response: { 200: ZBookingRulesSaved, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { room, data } = await rules.saveRoomRules(deps, actor(request), request.params.seedId, request.params.roomId, request.body);
      return { success: true as const, message: r.roomRulesSaved(room.name), data };
    },
  );

  app.post(
    '/api/seeds/:seedId/rooms/teams',
    {
      ...auth,
      schema: {
        tags,
        summary: '팀 추가: 이름, 팀원, 한 회의실 또는 모든 회의실의 주간 한도 (소유자, 시드 관리자) — 같은 이름이면 409',
        security: bearer,
        params: ZRoomsSeedParams,
        body: ZRoomTeamInput,
        response: { 201: ZBookingRulesSaved, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const data = await rules.saveTeam(deps, actor(request), request.params.seedId, null, request.body);
      return reply.status(201).send({ success: true as const, message: r.teamSaved(request.body.name), data });
    },
  );

  app.put(
    '/api/seeds/:seedId/rooms/teams/:teamId',
    {
      ...auth,
      schema: {
        tags,
        summary: '팀 수정 (소유자, 시드 관리자)',
        security: bearer,
        params: ZRoomTeamParams,
        body: ZRoomTeamInput,
        response: { 200: ZBookingRulesSaved, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: r.teamSaved(request.body.name),
      data: await rules.saveTeam(deps, actor(request), request.params.seedId, request.params.teamId, request.body),
    }),
  );

  app.delete(
    '/api/seeds/:seedId/rooms/teams/:teamId',
    {
      ...auth,
      schema: {
        tags,
        summary: '팀 삭제 (소유자, 시드 관리자)',
        security: bearer,
        params: ZRoomTeamParams,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: r.teamRemoved(await rules.removeTeam(deps, actor(request), request.params.seedId, request.params.teamId)),
    }),
  );

  app.get(
    '/api/seeds/:seedId/bookings/:bookingId/history',
    {
      ...auth,
      schema: {
        tags,
        summary: '예약(반복 예약이면 그 반복 전체)의 규칙 예외와 체크인 없는 자동 취소·경고·남은 일정 해제 기록',
        security: bearer,
        params: ZBookingParams,
        response: { 200: ZSeriesHistoryResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { booking } = await getBooking(deps, actor(request), request.params.seedId, request.params.bookingId);
      return { data: await rules.bookingHistory(deps, actor(request), request.params.seedId, booking) };
    },
  );
};
