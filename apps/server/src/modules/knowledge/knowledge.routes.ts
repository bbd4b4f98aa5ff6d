/** Where a seed's knowledge is used (decision 026; the Slack console and the chatbot console both call these). */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ko } from '@suite/shared';
import { ZKnowledgeAttachInput, ZKnowledgeAttachResponse, ZKnowledgeSourceParams, ZKnowledgeUsageResponse, ZSeedParams } from '@suite/shared/schemas/chatbot';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { bearer } from '../../lib/route-helpers.ts';
import type { TKnowledgeDeps } from './knowledge.deps.ts';
import * as knowledge from './knowledge.service.ts';

// Listed under the chatbot's tag in the API reference, where these routes were first documented.
const tags = ['chatbot'];

export const knowledgeRoutes: FastifyPluginAsyncZod<{ deps: TKnowledgeDeps }> = async (app, { deps }) => {
  const { db, seedTargets } = deps;
  const auth = { onRequest: requireAuth };
  const uid = (r: FastifyRequest) => currentUser(r).id;

  app.get(
    '/api/seeds/:seedId/knowledge/usage',
    {
      ...auth,
      schema: {
        tags,
        summary: '시드 지식을 쓰는 곳: 챗봇, Slack 어시스턴트 (시드 멤버)',
        security: bearer,
        params: ZSeedParams,
        response: { 200: ZKnowledgeUsageResponse },
      },
    },
    async (request) => ({ data: await knowledge.usage(db, seedTargets, uid(request), request.params.seedId) }),
  );
  app.patch(
    '/api/seeds/:seedId/knowledge/sources/:sourceId',
    {
      ...auth,
      schema: {
        tags,
        summary: '지식을 쓰는 곳 바꾸기 { chatbotId?: 챗봇 ID | null, slack?: boolean } (시드 소유자·관리자)',
        security: bearer,
        params: ZKnowledgeSourceParams,
        body: ZKnowledgeAttachInput,
        response: { 200: ZKnowledgeAttachResponse },
      },
    },
    async (request) => ({
      message: ko.chatbot.server.attachmentsSaved,
      data: await knowledge.setAttachments(db, seedTargets, uid(request), request.params.seedId, request.params.sourceId, request.body),
    }),
  );
};
