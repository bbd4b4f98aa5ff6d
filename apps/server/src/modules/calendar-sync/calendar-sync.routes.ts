import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ko } from '@suite/shared';
import { ZMessageResponse } from '@suite/shared';
import { ZRoomsSeedParams } from '@suite/shared/schemas/rooms';
import {
  ZCalDavConnectInput,
  ZCalendarConnectionList,
  ZCalendarConnectionParams,
  ZCalendarConnectionResponse,
  ZCalendarSyncResult,
  ZGoogleCallbackQuery,
  ZGoogleConnectStart,
  ZRoomAddressList,
} from '@suite/shared/schemas/calendar-sync';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { AppError } from '../../lib/app-error.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import type { TCalendarSyncDeps } from './calendar-sync.deps.ts';
import * as connections from './connections.service.ts';
import { syncConnection } from './sync-in.service.ts';
import { clearNonceCookie, newNonce, readNonce, setNonceCookie } from './oauth-cookie.ts';

const s = ko.calendarSync.server;
const tags = ['rooms'];
/** Where the OAuth callback sends the member back: the rooms settings, with the result for the card. */
const CONSOLE_PAGE = '/admin/services/schedule/settings';

export const calendarSyncRoutes: FastifyPluginAsyncZod<{ deps: TCalendarSyncDeps }> = async (app, { deps }) => {
  const auth = { onRequest: requireAuth };
  const userOf = (request: Parameters<typeof currentUser>[0]) => currentUser(request);
  const secureCookie = deps.config.appUrl.startsWith('https:');

  app.get(
    '/api/calendar-sync/connections',
    {
      ...auth,
      schema: { tags, summary: '내 캘린더 연결 (Google, CalDAV)', security: bearer, response: { 200: ZCalendarConnectionList, ...errorResponses(401) } },
    },
    async (request) => ({ data: await connections.listConnections(deps, userOf(request).id), googleAvailable: connections.googleAvailable(deps) }),
  );

  app.post(
    '/api/calendar-sync/google/start',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Google 캘린더 연결 시작: 승인 주소 (state 10분, 1회용, 이 브라우저의 쿠키에 묶임)',
        security: bearer,
        response: { 200: ZGoogleConnectStart, ...errorResponses(401, 503) },
      },
    },
    async (request, reply) => {
      const nonce = newNonce();
      const url = await connections.startGoogle(deps, userOf(request).id, nonce);
      setNonceCookie(reply, nonce, connections.STATE_TTL_MS / 1000, secureCookie);
      return { url };
    },
  );

  app.get(
    '/api/calendar-sync/google/callback',
    { schema: { tags, summary: 'Google OAuth 콜백: 연결 결과와 함께 설정 화면으로 보냅니다', querystring: ZGoogleCallbackQuery } },
    async (request, reply) => {
      const result = await connections.finishGoogle(deps, request.query, readNonce(request));
      clearNonceCookie(reply, secureCookie);
      return reply.redirect(`${CONSOLE_PAGE}?calendar=${result}`, 302);
    },
  );

  app.post(
    '/api/calendar-sync/caldav',
    {
      ...auth,
      schema: {
        tags,
        summary: 'CalDAV 캘린더 연결 (서버 주소, 사용자 이름, 앱 비밀번호; 캘린더는 찾거나 직접 지정)',
        security: bearer,
        body: ZCalDavConnectInput,
        response: { 201: ZCalendarConnectionResponse, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const data = await connections.connectCalDav(deps, userOf(request).id, request.body);
      return reply.code(201).send({ success: true as const, message: s.connected, data });
    },
  );

  app.post(
    '/api/calendar-sync/connections/:connectionId/sync',
    {
      ...auth,
      schema: {
        tags,
        summary: '지금 동기화',
        security: bearer,
        params: ZCalendarConnectionParams,
        response: { 200: ZCalendarSyncResult, ...errorResponses(400, 401, 404, 409, 502) },
      },
    },
    async (request) => {
      const conn = await connections.ownConnection(deps, userOf(request).id, request.params.connectionId);
      const r = await syncConnection(deps, conn.id);
      if (r.status === 'busy') throw new AppError('CONFLICT', s.syncBusy);
      if (r.status === 'failed') throw new AppError('CONFLICT', r.error);
      return { success: true as const, message: s.synced(r.changes), changes: r.changes };
    },
  );

  app.delete(
    '/api/calendar-sync/connections/:connectionId',
    {
      ...auth,
      schema: {
        tags,
        summary: '캘린더 연결 끊기',
        security: bearer,
        params: ZCalendarConnectionParams,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await connections.disconnect(deps, userOf(request).id, request.params.connectionId);
      return { success: true as const, message: s.disconnected };
    },
  );

  app.get(
    '/api/seeds/:seedId/calendar-sync/room-addresses',
    {
      ...auth,
      schema: {
        tags,
        summary: '회의실 캘린더 주소 (캘린더 일정에 초대하면 예약)',
        security: bearer,
        params: ZRoomsSeedParams,
        response: { 200: ZRoomAddressList, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ data: await connections.roomAddresses(deps, userOf(request), request.params.seedId) }),
  );
};
