import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMessageResponse } from '@suite/shared';
import { koRoomsDoor } from '@suite/shared/messages/ko-rooms-door';
import { ZRoomsSeedParams } from '@suite/shared/schemas/rooms';
import {
  ZCreateDisplayInput,
  ZDisplayActionResponse,
  ZDisplayCheckInInput,
  ZDisplayCreated,
  ZDisplayParams,
  ZDisplayStateResponse,
  ZQuickBookInput,
  ZRoomDisplayList,
  ZRoomDisplayParams,
} from '@suite/shared/schemas/rooms-door';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { routeLimit } from '../../plugins/rate-limit.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import { seoulParts } from './booking-time.ts';
import * as display from './display.service.ts';
import type { TRoomsDeps } from './rooms.deps.ts';

const t = koRoomsDoor.server;
const tags = ['rooms'];
/** Each tablet reads every 30 s; an office behind one address may have dozens. */
const READ_LIMIT = { max: 600, windowMs: 5 * 60_000 };
const WRITE_LIMIT = { max: 60, windowMs: 5 * 60_000 };

const hhmm = (d: Date) => {
  const m = seoulParts(d).minute;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** The door displays: managed by owners and admins; read and used by the token in the display's URL only. */
export const displayRoutes: FastifyPluginAsyncZod<{ deps: TRoomsDeps }> = async (app, { deps }) => {
  const auth = { onRequest: requireAuth };
  const actor = (request: Parameters<typeof currentUser>[0]) => {
    const u = currentUser(request);
    return { id: u.id, email: u.email };
  };

  app.get(
    '/api/seeds/:seedId/room-displays',
    {
      ...auth,
      schema: {
        tags,
        summary: '회의실 문 앞 화면 목록 (소유자, 시드 관리자)',
        security: bearer,
        params: ZRoomsSeedParams,
        response: { 200: ZRoomDisplayList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await display.listDisplays(deps, actor(request), request.params.seedId) }),
  );

  app.post(
    '/api/seeds/:seedId/room-displays',
    {
      ...auth,
      schema: {
        tags,
        summary: '회의실 문 앞 화면 만들기 (소유자, 시드 관리자; 주소는 이 응답에만)',
        security: bearer,
        params: ZRoomsSeedParams,
        body: ZCreateDisplayInput,
        response: { 201: ZDisplayCreated, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { display: data, url } = await display.createDisplay(deps, actor(request), request.params.seedId, request.body);
      return reply.status(201).send({ success: true as const, message: t.displayCreated(data.name), data, url });
    },
  );

  app.delete(
    '/api/seeds/:seedId/room-displays/:displayId',
    {
      ...auth,
      schema: {
        tags,
        summary: '회의실 문 앞 화면 주소 폐기 (소유자, 시드 관리자)',
        security: bearer,
        params: ZRoomDisplayParams,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const name = await display.revokeDisplay(deps, actor(request), request.params.seedId, request.params.displayId);
      return { success: true as const, message: t.displayRevokedDone(name) };
    },
  );

  app.get(
    '/api/room-displays/:token',
    {
      config: { rateLimit: routeLimit((r) => `room-display:ip:${r.ip}`, READ_LIMIT) },
      schema: {
        tags,
        summary: '문 앞 화면: 회의실의 지금·다음 예약과 빈 시간 (주소의 토큰만으로; 폐기되면 410)',
        params: ZDisplayParams,
        response: { 200: ZDisplayStateResponse, ...errorResponses(400, 404, 410, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return { data: await display.displayState(deps, request.params.token) };
    },
  );

  app.post(
    '/api/room-displays/:token/quick-book',
    {
      config: { rateLimit: routeLimit((r) => `room-display-write:ip:${r.ip}`, WRITE_LIMIT) },
      schema: {
        tags,
        summary: "문 앞 화면의 '지금 사용': 지금부터 15·30·60분 (다음 예약·마감 전까지), 바로 체크인",
        params: ZDisplayParams,
        body: ZQuickBookInput,
        response: { 200: ZDisplayActionResponse, ...errorResponses(400, 403, 404, 409, 410, 429) },
      },
    },
    async (request) => {
      const { state, endsAt } = await display.quickBook(deps, request.params.token, request.body.minutes);
      return { success: true as const, message: t.quickBooked(hhmm(endsAt)), data: state };
    },
  );

  app.post(
    '/api/room-displays/:token/check-in',
    {
      config: { rateLimit: routeLimit((r) => `room-display-write:ip:${r.ip}`, WRITE_LIMIT) },
      schema: {
        tags,
        summary: '문 앞 화면에서 지금 예약 체크인 (시작 15분 전부터 끝날 때까지)',
        params: ZDisplayParams,
        body: ZDisplayCheckInInput,
        response: { 200: ZDisplayActionResponse, ...errorResponses(400, 404, 409, 410, 429) },
      },
    },
    async (request) => {
      const { state, title } = await display.displayCheckIn(deps, request.params.token, request.body.bookingId);
      return { success: true as const, message: t.checkedIn(title), data: state };
    },
  );
};
