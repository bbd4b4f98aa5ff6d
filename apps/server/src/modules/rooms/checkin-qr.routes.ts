import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { koRoomsDoor } from '@suite/shared/messages/ko-rooms-door';
import { ZRoomParams } from '@suite/shared/schemas/rooms';
import {
  ZCheckInCodeQuery,
  ZCheckInCodeResponse,
  ZCheckInRoomParams,
  ZPhoneCheckInInput,
  ZPhoneCheckInResponse,
  ZPhoneCheckInState,
} from '@suite/shared/schemas/rooms-door';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { routeLimit } from '../../plugins/rate-limit.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import * as qr from './checkin-qr.service.ts';
import type { TRoomsDeps } from './rooms.deps.ts';

const t = koRoomsDoor.server;
const tags = ['rooms'];
const SCAN_LIMIT = { max: 60, windowMs: 5 * 60_000 };

/** A room's QR check-in: the code (owners, admins) and the phone's check-in (members, with the code of the link). */
export const checkInQrRoutes: FastifyPluginAsyncZod<{ deps: TRoomsDeps }> = async (app, { deps }) => {
  const auth = { onRequest: requireAuth };
  const actor = (request: Parameters<typeof currentUser>[0]) => {
    const u = currentUser(request);
    return { id: u.id, email: u.email };
  };

  app.get(
    '/api/seeds/:seedId/rooms/:roomId/check-in-code',
    {
      ...auth,
      schema: {
        tags,
        summary: '회의실 QR 체크인 주소 (소유자, 시드 관리자; 처음 읽을 때 만듦)',
        security: bearer,
        params: ZRoomParams,
        response: { 200: ZCheckInCodeResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: '',
      data: await qr.getCheckInCode(deps, actor(request), request.params.seedId, request.params.roomId),
    }),
  );

  app.post(
    '/api/seeds/:seedId/rooms/:roomId/check-in-code/rotate',
    {
      ...auth,
      schema: {
        tags,
        summary: '회의실 QR 체크인 코드 새로 만들기 (이전 QR은 무효; 소유자, 시드 관리자)',
        security: bearer,
        params: ZRoomParams,
        response: { 200: ZCheckInCodeResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: t.codeRotated,
      data: await qr.rotateCheckInCode(deps, actor(request), request.params.seedId, request.params.roomId),
    }),
  );

  app.get(
    '/api/rooms/check-in/:roomId',
    {
      ...auth,
      config: { rateLimit: routeLimit((r) => `room-check-in:ip:${r.ip}`, SCAN_LIMIT) },
      schema: {
        tags,
        summary: 'QR 체크인: 이 회의실의 지금(또는 15분 안에 시작하는) 내 예약 (c = QR의 코드)',
        security: bearer,
        params: ZCheckInRoomParams,
        querystring: ZCheckInCodeQuery,
        response: { 200: ZPhoneCheckInState, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({ data: await qr.phoneState(deps, actor(request), request.params.roomId, request.query.c) }),
  );

  app.post(
    '/api/rooms/check-in/:roomId',
    {
      ...auth,
      config: { rateLimit: routeLimit((r) => `room-check-in:ip:${r.ip}`, SCAN_LIMIT) },
      schema: {
        tags,
        summary: 'QR 체크인 (예약자, 참석자; QR의 코드가 맞을 때만)',
        security: bearer,
        params: ZCheckInRoomParams,
        body: ZPhoneCheckInInput,
        response: { 200: ZPhoneCheckInResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const data = await qr.phoneCheckIn(deps, actor(request), request.params.roomId, request.body.c, request.body.bookingId);
      return { success: true as const, message: t.checkedIn(data.title), data };
    },
  );
};
