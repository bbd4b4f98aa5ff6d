/** The notification service's HTTP API (issue 30): a person's preferences and inbox, the operator's delivery log. */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZDeliveriesQuery,
  ZDeliveriesResponse,
  ZMarkReadInput,
  ZMarkReadResponse,
  ZNoticesQuery,
  ZNoticesResponse,
  ZNotificationPreferences,
  ZNotificationPreferencesInput,
  ZNotificationPreferencesQuery,
  ZNotificationWebhook,
  ZNotificationWebhookInput,
  ZNotificationWebhookRemoved,
  ZNotificationWebhookSaved,
} from '@suite/shared/schemas/notifications';
import { currentUser, requireAdmin, requireAuth } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import { inboxChannel, type TNotificationsDeps } from './notifications.deps.ts';
import * as notifications from './notifications.service.ts';
import * as webhook from './notification-webhook.service.ts';

const tags = ['notifications'];

export const notificationsRoutes: FastifyPluginAsyncZod<{ deps: TNotificationsDeps }> = async (app, { deps }) => {
  const auth = { onRequest: requireAuth };
  const uid = (r: FastifyRequest) => currentUser(r).id;

  app.get(
    '/api/me/notification-preferences',
    {
      ...auth,
      schema: {
        tags,
        summary: '내 알림 설정: 알림 종류 × 채널, 방해 금지 시간(Asia/Seoul), 요약 메일 (?seedId= 시드별)',
        security: bearer,
        querystring: ZNotificationPreferencesQuery,
        response: { 200: ZNotificationPreferences, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => notifications.getPreferences(deps, uid(request), request.query.seedId),
  );

  app.put(
    '/api/me/notification-preferences',
    {
      ...auth,
      schema: {
        tags,
        summary: '내 알림 설정 바꾸기 (보안 알림의 콘솔·메일은 끌 수 없음: 400)',
        security: bearer,
        querystring: ZNotificationPreferencesQuery,
        body: ZNotificationPreferencesInput,
        response: { 200: ZNotificationPreferences, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => notifications.savePreferences(deps, uid(request), request.query.seedId, request.body),
  );

  app.get(
    '/api/me/notification-webhook',
    {
      ...auth,
      schema: {
        tags,
        summary: '내 알림 웹훅 주소 (서명용 비밀 키는 돌려주지 않음)',
        security: bearer,
        response: { 200: ZNotificationWebhook, ...errorResponses(401) },
      },
    },
    async (request) => webhook.getWebhook(deps, uid(request)),
  );

  app.put(
    '/api/me/notification-webhook',
    {
      ...auth,
      schema: {
        tags,
        summary: '내 알림 웹훅 주소 등록·교체 (외부 주소만; 서명용 비밀 키를 새로 만들어 이 응답에서 한 번만 보여줌)',
        security: bearer,
        body: ZNotificationWebhookInput,
        response: { 200: ZNotificationWebhookSaved, ...errorResponses(400, 401) },
      },
    },
    async (request) => webhook.saveWebhook(deps, uid(request), request.body.url),
  );

  app.delete(
    '/api/me/notification-webhook',
    {
      ...auth,
      schema: {
        tags,
        summary: '내 알림 웹훅 주소 삭제 (이후 웹훅 알림은 "보낼 수 없음"으로 기록)',
        security: bearer,
        response: { 200: ZNotificationWebhookRemoved, ...errorResponses(401) },
      },
    },
    async (request) => webhook.removeWebhook(deps, uid(request)),
  );

  app.get(
    '/api/me/notifications',
    {
      ...auth,
      schema: {
        tags,
        summary: '내 알림함 (최신순, 90일 보관; ?unread=true 안 읽은 것만, ?cursor= 다음 쪽)',
        security: bearer,
        querystring: ZNoticesQuery,
        response: { 200: ZNoticesResponse, ...errorResponses(400, 401) },
      },
    },
    async (request) => notifications.inbox(deps, uid(request), request.query),
  );

  app.post(
    '/api/me/notifications/read',
    {
      ...auth,
      schema: {
        tags,
        summary: '알림 읽음 표시 { ids } (내 알림만; 다른 사람의 ID는 무시)',
        security: bearer,
        body: ZMarkReadInput,
        response: { 200: ZMarkReadResponse, ...errorResponses(400, 401) },
      },
    },
    async (request) => notifications.markRead(deps, uid(request), request.body.ids),
  );

  app.get(
    '/api/me/notifications/stream',
    {
      ...auth,
      schema: {
        tags,
        summary: '안 읽은 알림 수 실시간 스트림 (text/event-stream; 이벤트 unread: { unread })',
        security: bearer,
      },
    },
    async (request, reply) => {
      const userId = uid(request);
      await deps.streams.open(request, reply, { channel: inboxChannel(userId), event: 'unread' });
      // The count as it is now, once subscribed (every open stream of the person hears it; they all show the same).
      await deps.state.publish(inboxChannel(userId), JSON.stringify({ unread: await notifications.unreadCount(deps, userId) }));
    },
  );

  app.get(
    '/api/admin/notifications/deliveries',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '알림 전송 기록: 채널, 상태, 시도 횟수, 마지막 오류 (플랫폼 관리자; 최신순)',
        security: bearer,
        querystring: ZDeliveriesQuery,
        response: { 200: ZDeliveriesResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => notifications.deliveries(deps, request.query),
  );
};
