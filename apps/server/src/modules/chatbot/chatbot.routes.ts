/** HTTP API of the customer AI chatbot (issue 14): the console's bot management and the public conversation API. */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ko } from '@suite/shared';
import { koChatbotSources } from '@suite/shared/messages/ko-chatbot-sources';
import {
  ZAddChatbotSourceResponse,
  ZAskInput,
  ZBotParams,
  ZBotPublicParams,
  ZBotSourceParams,
  ZFaqEditInput,
  ZFaqSuggestQuery,
  ZFaqSuggestResponse,
  ZBotTicketParams,
  ZChatbotConversationListResponse,
  ZChatbotFiguresResponse,
  ZChatbotListResponse,
  ZChatbotMessageResponse,
  ZChatbotSourceInput,
  ZChatbotSourceListResponse,
  ZChatbotSynonyms,
  ZChatbotSynonymsResponse,
  ZChatbotTicketListResponse,
  ZChatbotTranscriptResponse,
  ZChatbotUnansweredListResponse,
  ZChatbotWidgetInfo,
  ZConversationParams,
  ZCreateChatbotInput,
  ZCreateChatbotResponse,
  ZFeedbackInput,
  ZHandoffInput,
  ZHandoffResponse,
  ZSeedParams,
  ZStartConversationResponse,
  ZTicketAnswerInput,
  ZUpdateChatbotInput,
  ZUpdateChatbotResponse,
  ZSaveChatbotSynonymsResponse,
} from '@suite/shared/schemas/chatbot';
import type { TDocumentPool } from '../../lib/document-pool.ts';
import { AppError } from '../../lib/app-error.ts';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { bearer } from '../../lib/route-helpers.ts';
import { ACCESS, accessOf, quoted, recordAccess } from '../../lib/access-log.ts';
import { writeEventStream, type TEventWriter } from '../../lib/event-stream.ts';
import * as knowledge from '../knowledge/knowledge.service.ts';
import * as bots from './chatbot.service.ts';
import { beforeAsk } from './handoff.service.ts';
import { livePublicRoutes } from './handoff.routes.ts';

const s = ko.chatbot.server;
const tags = ['chatbot'];
const MAX_PDF = 10 * 1_048_576;
/** What browsers and tools declare for .docx, .hwpx and .hwp (the route reads the bytes to tell them apart). */
const OFFICE_TYPES = [
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/hwp+zip',
  'application/vnd.hancom.hwpx',
  'application/haansofthwpx',
  'application/x-hwp',
  'application/haansofthwp',
  'application/vnd.hancom.hwp',
  'application/octet-stream',
];

export const chatbotRoutes: FastifyPluginAsyncZod<{ deps: bots.TChatbotDeps; documents: TDocumentPool }> = async (app, { deps, documents }) => {
  const { db } = deps;
  /** The console's own origin: its live preview may use every bot, and its conversations are left out of the figures. */
  const appOrigin = new URL(deps.config.appUrl).origin.toLowerCase();
  const auth = { onRequest: requireAuth };
  const uid = (r: FastifyRequest) => currentUser(r).id;

  // ── Console: bots ──
  app.post(
    '/api/seeds/:seedId/chatbots',
    {
      ...auth,
      schema: {
        tags,
        summary: '챗봇 만들기 (시드 소유자·관리자) → 201 { id }',
        security: bearer,
        params: ZSeedParams,
        body: ZCreateChatbotInput,
        response: { 201: ZCreateChatbotResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await bots.createBot(db, uid(request), request.params.seedId, request.body)),
  );
  app.get(
    '/api/seeds/:seedId/chatbots',
    { ...auth, schema: { tags, summary: '챗봇 목록 (시드 멤버)', security: bearer, params: ZSeedParams, response: { 200: ZChatbotListResponse } } },
    async (request) => ({
      data: await bots.listBots(db, uid(request), request.params.seedId),
    }),
  );
  app.patch(
    '/api/seeds/:seedId/chatbots/:botId',
    {
      ...auth,
      schema: { tags, summary: '챗봇 설정 바꾸기', security: bearer, params: ZBotParams, body: ZUpdateChatbotInput, response: { 200: ZUpdateChatbotResponse } },
    },
    async (request) => ({
      message: s.updated,
      data: await bots.updateBot(db, uid(request), request.params.seedId, request.params.botId, request.body),
    }),
  );
  app.delete(
    '/api/seeds/:seedId/chatbots/:botId',
    { ...auth, schema: { tags, summary: '챗봇 삭제 (대화·문의·지식 포함)', security: bearer, params: ZBotParams, response: { 200: ZChatbotMessageResponse } } },
    async (request) => {
      await bots.deleteBot(db, uid(request), request.params.seedId, request.params.botId);
      return { message: s.deleted };
    },
  );

  // ── Console: sources ──
  app.get(
    '/api/seeds/:seedId/chatbots/:botId/sources',
    { ...auth, schema: { tags, summary: '챗봇 지식 목록', security: bearer, params: ZBotParams, response: { 200: ZChatbotSourceListResponse } } },
    async (request) => {
      await bots.managedBot(db, uid(request), request.params.seedId, request.params.botId, { read: true });
      return { data: await knowledge.listSources(db, request.params.botId) };
    },
  );
  app.post(
    '/api/seeds/:seedId/chatbots/:botId/sources',
    {
      ...auth,
      schema: {
        tags,
        summary: '지식 등록: faq {type, question, answer} | text·markdown {type, title, content} | url {type, url, title?}',
        security: bearer,
        params: ZBotParams,
        body: ZChatbotSourceInput,
        response: { 201: ZAddChatbotSourceResponse },
      },
    },
    async (request, reply) => {
      const { seedId, botId } = request.params;
      await bots.managedBot(db, uid(request), seedId, botId);
      const data = await knowledge.addSource(db, { seedId, chatbotId: botId, userId: uid(request) }, request.body, {
        allowPrivateUrls: deps.config.allowPrivateUrls,
        refetch: deps.refetch,
      });
      return reply.status(201).send({ message: s.sourceAdded, data });
    },
  );
  await app.register(async (inner) => {
    const pdf = inner.withTypeProvider<ZodTypeProvider>();
    pdf.addContentTypeParser('application/pdf', { parseAs: 'buffer', bodyLimit: MAX_PDF }, (_r, body, done) => done(null, body));
    pdf.post(
      '/api/seeds/:seedId/chatbots/:botId/sources/pdf',
      {
        ...auth,
        bodyLimit: MAX_PDF,
        schema: {
          tags,
          summary: '지식 등록: PDF (본문은 application/pdf, 10MB까지; ?title=)',
          security: bearer,
          params: ZBotParams,
          querystring: z.object({ title: z.string().trim().min(1).max(200) }),
          response: { 201: ZAddChatbotSourceResponse },
        },
      },
      async (request, reply) => {
        const { seedId, botId } = request.params;
        await bots.managedBot(db, uid(request), seedId, botId);
        if (!Buffer.isBuffer(request.body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', ko.slack.server.pdfInvalid);
        const data = await knowledge.addPdf(db, documents, { seedId, chatbotId: botId, userId: uid(request) }, request.body, request.query.title);
        return reply.status(201).send({ message: s.sourceAdded, data });
      },
    );
    // Word (.docx) and 한글 (.hwpx) files (issue 29): told apart by their bytes, whatever type the browser declares.
    for (const type of OFFICE_TYPES) pdf.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: MAX_PDF }, (_r, body, done) => done(null, body));
    pdf.post(
      '/api/seeds/:seedId/chatbots/:botId/sources/file',
      {
        ...auth,
        bodyLimit: MAX_PDF,
        schema: {
          tags,
          summary: '지식 등록: Word(.docx)·한글(.hwpx) 파일 (본문은 파일 그대로, 10MB까지; ?title=). 한글 .hwp는 .hwpx나 PDF로 저장해 올려 주세요.',
          security: bearer,
          params: ZBotParams,
          querystring: z.object({ title: z.string().trim().min(1).max(200) }),
          response: { 201: ZAddChatbotSourceResponse },
        },
      },
      async (request, reply) => {
        const { seedId, botId } = request.params;
        await bots.managedBot(db, uid(request), seedId, botId);
        if (!Buffer.isBuffer(request.body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', koChatbotSources.server.fileUnknown);
        const owner = { seedId, chatbotId: botId, userId: uid(request) };
        const data = await knowledge.addOfficeFile(db, owner, request.body, request.query.title, deps.config.documents.maxChars);
        return reply.status(201).send({ message: s.sourceAdded, data });
      },
    );
  });
  app.delete(
    '/api/seeds/:seedId/chatbots/:botId/sources/:sourceId',
    { ...auth, schema: { tags, summary: '지식 삭제', security: bearer, params: ZBotSourceParams, response: { 200: ZChatbotMessageResponse } } },
    async (request) => {
      await bots.managedBot(db, uid(request), request.params.seedId, request.params.botId);
      await knowledge.deleteSource(db, request.params.botId, request.params.sourceId);
      return { message: s.sourceDeleted };
    },
  );

  app.patch(
    '/api/seeds/:seedId/chatbots/:botId/sources/:sourceId',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'FAQ 항목 수정: question·answer·phrasings(다른 표현, 통째로 바꿈) 또는 addPhrasing(표현 하나 추가; messageId를 주면 그 답하지 못한 질문을 처리한 것으로 표시)',
        security: bearer,
        params: ZBotSourceParams,
        body: ZFaqEditInput,
        response: { 200: ZAddChatbotSourceResponse },
      },
    },
    async (request) => {
      const { seedId, botId, sourceId } = request.params;
      const data = await bots.editFaq(db, uid(request), seedId, botId, sourceId, request.body, deps.now());
      return { message: request.body.messageId ? s.phrasingTaught(data.question ?? data.title) : s.faqSaved, data };
    },
  );
  app.get(
    '/api/seeds/:seedId/chatbots/:botId/faq-suggestions',
    {
      ...auth,
      schema: {
        tags,
        summary: '질문과 가장 가까운 FAQ 항목 (답하지 못한 질문을 어느 항목에 붙일지 제안)',
        security: bearer,
        params: ZBotParams,
        querystring: ZFaqSuggestQuery,
        response: { 200: ZFaqSuggestResponse },
      },
    },
    async (request) => {
      const { bot } = await bots.managedBot(db, uid(request), request.params.seedId, request.params.botId, { read: true });
      const { candidates } = await knowledge.matchFaq(db, request.params.botId, request.query.q, bot!.synonyms);
      return { data: candidates.map((c) => ({ sourceId: c.sourceId, question: c.question, score: c.score })) };
    },
  );

  // ── Console: the bot's own synonyms (issue 29), used by its FAQ matcher ──
  app.get(
    '/api/seeds/:seedId/chatbots/:botId/synonyms',
    {
      ...auth,
      schema: { tags, summary: '같은 뜻 낱말 묶음 (시드 멤버)', security: bearer, params: ZBotParams, response: { 200: ZChatbotSynonymsResponse } },
    },
    async (request) => ({ data: await bots.synonyms(db, uid(request), request.params.seedId, request.params.botId) }),
  );
  app.put(
    '/api/seeds/:seedId/chatbots/:botId/synonyms',
    {
      ...auth,
      schema: {
        tags,
        summary: '같은 뜻 낱말 묶음 바꾸기 { groups: string[][] } (100묶음, 묶음마다 2~10개, 낱말 1~20자; 시드 소유자·관리자)',
        security: bearer,
        params: ZBotParams,
        body: ZChatbotSynonyms,
        response: { 200: ZSaveChatbotSynonymsResponse },
      },
    },
    async (request) => ({
      message: s.synonymsSaved,
      data: await bots.saveSynonyms(db, uid(request), request.params.seedId, request.params.botId, request.body.groups),
    }),
  );

  // ── Console: conversations, unanswered questions, tickets, figures ──
  app.get(
    '/api/seeds/:seedId/chatbots/:botId/conversations',
    {
      ...auth,
      schema: {
        tags,
        summary: '대화 목록 (q: 메시지 검색)',
        security: bearer,
        params: ZBotParams,
        querystring: z.object({ q: z.string().max(100).optional() }),
        response: { 200: ZChatbotConversationListResponse },
      },
    },
    async (request) => {
      const { seedId, botId } = request.params;
      const data = await bots.conversations(db, uid(request), seedId, botId, request.query.q);
      const subject = `챗봇 ${botId}${request.query.q ? ` 검색 ${quoted(request.query.q)}` : ''} · ${data.length}건`;
      await recordAccess(db, accessOf(request, 'seed', ACCESS.chatbotConversationsList, subject, seedId));
      return { data };
    },
  );
  app.get(
    '/api/seeds/:seedId/chatbots/:botId/conversations/:conversationId',
    {
      ...auth,
      schema: {
        tags,
        summary: '대화 내용',
        security: bearer,
        params: ZBotParams.extend({ conversationId: z.uuid() }),
        response: { 200: ZChatbotTranscriptResponse },
      },
    },
    async (request) => {
      const { seedId, botId, conversationId } = request.params;
      const data = await bots.transcriptOf(db, uid(request), seedId, botId, conversationId);
      await recordAccess(db, accessOf(request, 'seed', ACCESS.chatbotConversationRead, `챗봇 ${botId} 대화 ${conversationId}`, seedId));
      return { data };
    },
  );
  app.get(
    '/api/seeds/:seedId/chatbots/:botId/unanswered',
    {
      ...auth,
      schema: {
        tags,
        summary: '답하지 못한 질문과 도움이 안 됐다는 답변 (처리 전), 가장 가까운 FAQ 항목과 함께',
        security: bearer,
        params: ZBotParams,
        response: { 200: ZChatbotUnansweredListResponse },
      },
    },
    async (request) => ({
      data: await bots.unanswered(db, uid(request), request.params.seedId, request.params.botId),
    }),
  );
  app.get(
    '/api/seeds/:seedId/chatbots/:botId/tickets',
    { ...auth, schema: { tags, summary: '상담원 연결 문의', security: bearer, params: ZBotParams, response: { 200: ZChatbotTicketListResponse } } },
    async (request) => {
      const { seedId, botId } = request.params;
      const data = await bots.listTickets(db, uid(request), seedId, botId);
      await recordAccess(db, accessOf(request, 'seed', ACCESS.chatbotTicketsList, `챗봇 ${botId} 문의 ${data.length}건`, seedId));
      return { data };
    },
  );
  app.post(
    '/api/seeds/:seedId/chatbots/:botId/tickets/:ticketId/answer',
    {
      ...auth,
      schema: {
        tags,
        summary: '문의에 답변 (고객에게 메일로 전송)',
        security: bearer,
        params: ZBotTicketParams,
        body: ZTicketAnswerInput,
        response: { 200: ZChatbotMessageResponse },
      },
    },
    async (request) => {
      const { seedId, botId, ticketId } = request.params;
      await bots.answerTicket(deps, uid(request), seedId, botId, ticketId, request.body.answer);
      return { message: s.ticketAnswered };
    },
  );
  app.get(
    '/api/seeds/:seedId/chatbots/:botId/figures',
    {
      ...auth,
      schema: {
        tags,
        summary: '지표 (최근 30일; weekly: 최근 8주의 주별 질문·답변 수)',
        security: bearer,
        params: ZBotParams,
        response: { 200: ZChatbotFiguresResponse },
      },
    },
    async (request) => ({
      data: await bots.figures(db, uid(request), request.params.seedId, request.params.botId, appOrigin, deps.now()),
    }),
  );

  // ── The widget script (built by apps/web/build.mjs): loadable from any site; its API calls are origin-checked ──
  const widgetFile = join(deps.config.webDistDir, 'widget', 'widget.js');
  app.get('/widget.js', { schema: { hide: true } }, async (_request, reply) => {
    if (!existsSync(widgetFile)) return reply.status(503).type('text/plain; charset=utf-8').send(ko.chatbot.server.widgetMissing);
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(await readFile(widgetFile));
  });

  // ── Public conversation API (CORS only for the bot's allowed origins, decision 033) ──
  await app.register(
    async (scope) => {
      const app = scope.withTypeProvider<ZodTypeProvider>();
      const originOf = (r: FastifyRequest) => (typeof r.headers.origin === 'string' ? r.headers.origin : undefined);
      /** The bot of each public request, found (and its origin checked) by the CORS hook before the handler. */
      const botOf = new WeakMap<FastifyRequest, Awaited<ReturnType<typeof bots.publicBot>>>();
      const open = (request: FastifyRequest) => ({ bot: botOf.get(request)!, origin: originOf(request) });
      // After validation, where the handlers checked it before: an unknown bot answers 404 and a refused origin 403
      // (recorded), preflight included; an allowed origin (or none, a server) is reflected.
      await app.register(cors, {
        hook: 'preHandler',
        delegator: async (request: FastifyRequest) => {
          const params = request.params as { botId?: string; '*'?: string };
          const botId = params.botId ?? params['*']?.split('/').find(Boolean) ?? ''; // OPTIONS /api/chatbot*: '/{botId}/…'
          if (!z.uuid().safeParse(botId).success) return { origin: false };
          botOf.set(request, await bots.publicBot(deps, botId, originOf(request), appOrigin));
          return { origin: true, methods: 'GET, POST', allowedHeaders: 'content-type, authorization, accept', maxAge: 600, strictPreflight: false };
        },
      });

      app.get(
        '/:botId/widget',
        { schema: { tags, summary: '위젯 설정: 이름, 인사말, 색상, 추천 질문 (공개)', params: ZBotPublicParams, response: { 200: ZChatbotWidgetInfo } } },
        async (request) => {
          const { bot } = open(request);
          return bots.widgetInfo(db, bot);
        },
      );

      app.post(
        '/:botId/conversations',
        {
          schema: {
            tags,
            summary: '대화 시작 (공개) → 201 { conversationId, token }',
            params: ZBotPublicParams,
            response: { 201: ZStartConversationResponse },
          },
        },
        async (request, reply) => {
          const { bot, origin } = open(request);
          return reply.status(201).send(await bots.startConversation(deps, bot, request.ip, origin));
        },
      );

      app.post(
        '/:botId/conversations/:conversationId/messages',
        {
          schema: {
            tags,
            summary:
              '질문 (공개, Authorization: Bearer <token>) { text, choice?: { faqId, messageId } } → { answer, answered, sources, suggestions? } 또는 Accept: text/event-stream 이면 event part {text} … event done {answer, answered, sources, suggestions?}',
            params: ZConversationParams,
            body: ZAskInput,
          },
        },
        async (request, reply) => {
          const { bot } = open(request);
          const conv = await bots.conversationFor(db, bot.id, request.params.conversationId, request.headers.authorization);
          const wantsStream = (request.headers.accept ?? '').includes('text/event-stream');
          // Live hand-off (handoff.service.ts): a live chat's message goes to the agent, '사람이랑 얘기하고 싶어요' asks for one.
          // A chosen suggestion (decision 096) is answered from its entry, never read as a request for a person.
          const { text, choice } = request.body;
          const handled = choice ? null : await beforeAsk(deps, bot, conv.id, request.ip, text);
          if (handled && !wantsStream) return handled;
          if (handled) {
            const out = writeEventStream(request, reply, { cacheControl: 'no-store' });
            if (handled.answer) out.send('part', { text: handled.answer });
            out.send('done', handled);
            out.end();
            return reply;
          }
          if (!wantsStream) return bots.ask(deps, bot, conv.id, request.ip, text, undefined, choice);
          // The stream starts with the first part, so a refusal before it (limits, a failed model) keeps its JSON answer.
          let out: TEventWriter | undefined;
          // Conversation text: not kept by any cache (as before the one writer).
          const stream = () => (out ??= writeEventStream(request, reply, { cacheControl: 'no-store' }));
          try {
            const result = await bots.ask(deps, bot, conv.id, request.ip, text, (part) => stream().send('part', { text: part }), choice);
            stream().send('done', result);
          } catch (err) {
            if (!out) throw err;
            out.send('error', { message: s.answerFailed });
          }
          stream().end();
          return reply;
        },
      );

      app.post(
        '/:botId/conversations/:conversationId/feedback',
        {
          schema: {
            tags,
            summary: '답변 평가 (공개, Bearer 토큰) { messageId, helpful }',
            params: ZConversationParams,
            body: ZFeedbackInput,
            response: { 200: ZChatbotMessageResponse },
          },
        },
        async (request) => {
          const { bot } = open(request);
          const conv = await bots.conversationFor(db, bot.id, request.params.conversationId, request.headers.authorization);
          await bots.feedback(db, conv.id, request.body.messageId, request.body.helpful);
          return { message: s.feedbackSaved };
        },
      );

      app.post(
        '/:botId/conversations/:conversationId/handoff',
        {
          schema: {
            tags,
            summary: '상담원 연결 (공개, Bearer 토큰) { email, name?, message? } → 201',
            params: ZConversationParams,
            body: ZHandoffInput,
            response: { 201: ZHandoffResponse },
          },
        },
        async (request, reply) => {
          const { bot } = open(request);
          const conv = await bots.conversationFor(db, bot.id, request.params.conversationId, request.headers.authorization);
          const data = await bots.handoff(deps, bot, conv.id, request.ip, request.body);
          return reply.status(201).send({ message: s.handoffCreated, ...data });
        },
      );

      livePublicRoutes(app, deps, open);
    },
    { prefix: '/api/chatbot' },
  );
};
