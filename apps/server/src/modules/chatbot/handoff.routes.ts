/** HTTP API of the chatbot's live hand-off (issue 29): the console's 상담함, office hours and presence, and the widget's side. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { koChatbotHandoff } from '@suite/shared/messages/ko-chatbot-handoff';
import { ZBotParams, ZChatbotMessageResponse, ZConversationParams, ZSeedParams } from '@suite/shared/schemas/chatbot';
import {
  ZAgentReplyInput,
  ZAgentReplyResponse,
  ZInboxActionResponse,
  ZInboxParams,
  ZInboxResponse,
  ZLiveRequestResponse,
  ZOfficeHours,
  ZOfficeHoursResponse,
  ZPresenceInput,
  ZPresenceResponse,
} from '@suite/shared/schemas/chatbot-handoff';
import { AppError } from '../../lib/app-error.ts';
import { ACCESS, accessOf, recordAccess } from '../../lib/access-log.ts';
import { writeEventStream, type TEventStreams } from '../../lib/event-stream.ts';
import { bearer } from '../../lib/route-helpers.ts';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { conversationFor, managedBot, type TChatbotDeps } from './chatbot.service.ts';
import * as handoff from './handoff.service.ts';

const h = koChatbotHandoff.server;
const tags = ['chatbot'];
/** Open widget streams of one conversation on one instance (a customer's tabs); the next is refused with 429. */
const MAX_WIDGET_STREAMS = 3;

/** The console's side: office hours, '상담 가능', the 상담함 and its live stream (cookie or Bearer session). */
export const handoffRoutes: FastifyPluginAsyncZod<{ deps: TChatbotDeps; streams: TEventStreams }> = async (app, { deps, streams }) => {
  const auth = { onRequest: requireAuth };
  const uid = (r: FastifyRequest) => currentUser(r).id;

  app.get(
    '/api/seeds/:seedId/chatbots/:botId/office-hours',
    { ...auth, schema: { tags, summary: '상담 시간 (한국 시간; 시드 멤버)', security: bearer, params: ZBotParams, response: { 200: ZOfficeHoursResponse } } },
    async (request) => ({ data: await handoff.readHours(deps, uid(request), request.params.seedId, request.params.botId) }),
  );
  app.put(
    '/api/seeds/:seedId/chatbots/:botId/office-hours',
    {
      ...auth,
      schema: {
        tags,
        summary: '상담 시간 바꾸기 { weekdays: 1(월)…7(일), opensAt, closesAt: "HH:MM", openOnHolidays } (시드 소유자·관리자)',
        security: bearer,
        params: ZBotParams,
        body: ZOfficeHours,
        response: { 200: ZChatbotMessageResponse },
      },
    },
    async (request) => {
      await handoff.saveHours(deps, uid(request), request.params.seedId, request.params.botId, request.body);
      return { message: h.hoursSaved };
    },
  );

  app.get(
    '/api/seeds/:seedId/chatbots-presence',
    {
      ...auth,
      schema: { tags, summary: '내 상담 가능 상태와 지금 상담 가능한 팀원 수', security: bearer, params: ZSeedParams, response: { 200: ZPresenceResponse } },
    },
    async (request) => ({ data: await handoff.presence(deps, uid(request), request.params.seedId) }),
  );
  app.put(
    '/api/seeds/:seedId/chatbots-presence',
    {
      ...auth,
      schema: {
        tags,
        summary: "'상담 가능' 켜기·끄기 { online } — 켠 동안 30초마다 다시 보내면 유지되고, 90초 동안 없으면 꺼집니다",
        security: bearer,
        params: ZSeedParams,
        body: ZPresenceInput,
        response: { 200: ZPresenceResponse },
      },
    },
    async (request) => {
      const data = await handoff.setPresence(deps, uid(request), request.params.seedId, request.body.online);
      return { message: data.online ? h.presenceOn : h.presenceOff, data };
    },
  );

  app.get(
    '/api/seeds/:seedId/chatbots/:botId/inbox',
    {
      ...auth,
      schema: { tags, summary: '상담함: 대기 중·상담 중인 대화와 대화 내용', security: bearer, params: ZBotParams, response: { 200: ZInboxResponse } },
    },
    async (request) => {
      const { seedId, botId } = request.params;
      const data = await handoff.inbox(deps, uid(request), seedId, botId);
      if (data.length) await recordAccess(deps.db, accessOf(request, 'seed', ACCESS.chatbotConversationsList, `챗봇 ${botId} 상담함 ${data.length}건`, seedId));
      return { data };
    },
  );
  app.get(
    '/api/seeds/:seedId/chatbots/:botId/inbox/stream',
    {
      ...auth,
      schema: {
        tags,
        summary: '상담함 실시간 알림 (server-sent events: event inbox, data {type: waiting|message|taken|ended, conversationId, line})',
        security: bearer,
        params: ZBotParams,
      },
    },
    async (request, reply) => {
      const { seedId, botId } = request.params;
      const userId = uid(request);
      await managedBot(deps.db, userId, seedId, botId, { read: true });
      const stillAllowed = () =>
        managedBot(deps.db, userId, seedId, botId, { read: true }).then(
          () => true,
          (err: unknown) => (err instanceof AppError ? false : Promise.reject(err)),
        );
      await streams.open(request, reply, { channel: handoff.inboxChannel(botId), event: 'inbox', stillAllowed });
    },
  );
  app.post(
    '/api/seeds/:seedId/chatbots/:botId/inbox/:conversationId/take',
    { ...auth, schema: { tags, summary: '대화 맡기 (대기 중 → 상담 중)', security: bearer, params: ZInboxParams, response: { 200: ZInboxActionResponse } } },
    async (request) => {
      const { seedId, botId, conversationId } = request.params;
      const data = await handoff.take(deps, uid(request), seedId, botId, conversationId);
      await recordAccess(deps.db, accessOf(request, 'seed', ACCESS.chatbotConversationRead, `챗봇 ${botId} 대화 ${conversationId} 상담`, seedId));
      return { message: h.taken, data };
    },
  );
  app.post(
    '/api/seeds/:seedId/chatbots/:botId/inbox/:conversationId/messages',
    {
      ...auth,
      schema: {
        tags,
        summary: '상담원 답장 { text } → 위젯에 event agent 로 전달',
        security: bearer,
        params: ZInboxParams,
        body: ZAgentReplyInput,
        response: { 201: ZAgentReplyResponse },
      },
    },
    async (request, reply) => {
      const { seedId, botId, conversationId } = request.params;
      return reply.status(201).send({ data: await handoff.reply(deps, uid(request), seedId, botId, conversationId, request.body.text) });
    },
  );
  app.post(
    '/api/seeds/:seedId/chatbots/:botId/inbox/:conversationId/end',
    {
      ...auth,
      schema: { tags, summary: '상담 끝내기 (챗봇이 다시 답합니다)', security: bearer, params: ZInboxParams, response: { 200: ZInboxActionResponse } },
    },
    async (request) => {
      const { seedId, botId, conversationId } = request.params;
      return { message: h.endedByAgent, data: await handoff.end(deps, uid(request), seedId, botId, conversationId) };
    },
  );
};

/**
 * The widget's side, registered inside the public conversation scope of chatbot.routes.ts (its CORS and origin check):
 * asking for a person, and the conversation's stream of agent replies.
 */
export function livePublicRoutes(scope: FastifyInstance, deps: TChatbotDeps, open: (request: FastifyRequest) => { bot: handoff.TLiveBot }): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const openStreams = new Map<string, number>();

  app.post(
    '/:botId/conversations/:conversationId/live',
    {
      schema: {
        tags,
        summary: '사람 상담원 연결 (공개, Bearer 토큰) → { live, message, nextOpening }: 상담 시간에 상담 가능한 팀원이 있으면 live, 아니면 문의 양식으로',
        params: ZConversationParams,
        response: { 200: ZLiveRequestResponse },
      },
    },
    async (request) => {
      const { bot } = open(request);
      const conv = await conversationFor(deps.db, bot.id, request.params.conversationId, request.headers.authorization);
      return handoff.requestLive(deps, bot, conv.id, request.ip);
    },
  );

  app.get(
    '/:botId/conversations/:conversationId/stream',
    {
      schema: {
        tags,
        summary:
          '상담원 연결 실시간 (공개, Authorization: Bearer <token>; server-sent events: ready {status}, agent {id, text, createdAt}, status {status: live|ended, message})',
        params: ZConversationParams,
      },
    },
    async (request, reply) => {
      const { bot } = open(request);
      const conv = await conversationFor(deps.db, bot.id, request.params.conversationId, request.headers.authorization);
      const n = openStreams.get(conv.id) ?? 0;
      if (n >= MAX_WIDGET_STREAMS) throw new AppError('TOO_MANY_STREAMS', h.tooManyStreams);
      openStreams.set(conv.id, n + 1);
      const out = writeEventStream(request, reply, { retryMs: 3000, closeConnection: true, cacheControl: 'no-store' });
      let off: (() => Promise<void>) | undefined;
      out.onClose(() => {
        const left = (openStreams.get(conv.id) ?? 1) - 1;
        if (left > 0) openStreams.set(conv.id, left);
        else openStreams.delete(conv.id);
        void off?.().catch(() => undefined);
      });
      try {
        const unsubscribe = await deps.limiter.state.subscribe(handoff.conversationChannel(conv.id), (message) => {
          const e = JSON.parse(message) as handoff.TWidgetEvent;
          out.send(e.event, e.data);
        });
        if (out.closed) void unsubscribe().catch(() => undefined);
        else off = unsubscribe;
        // Subscribed: what the customer sees from now on arrives; `ready` says where the chat stands.
        out.send('ready', { status: await handoff.liveStatus(deps, bot, conv.id) });
      } catch (err) {
        deps.log.warn({ err, conversationId: conv.id }, 'chatbot live: stream failed');
        out.end();
      }
      return reply;
    },
  );
}
