/** HTTP API of chatbot lookups (issue 29): the owner's CRUD under /api/seeds/{seedId}/chatbots/{botId}/lookups. */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { koChatbotLookups } from '@suite/shared/messages/ko-chatbot-lookups';
import { ZBotParams } from '@suite/shared/schemas/chatbot';
import { ZLookupDeleteResponse, ZLookupInput, ZLookupListResponse, ZLookupParams, ZLookupPatch, ZLookupResponse } from '@suite/shared/schemas/chatbot-lookups';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { bearer } from '../../lib/route-helpers.ts';
import type { TChatbotDeps } from './chatbot.deps.ts';
import * as lookups from './lookups.service.ts';

const s = koChatbotLookups.server;
const tags = ['chatbot'];

export const lookupRoutes: FastifyPluginAsyncZod<{ deps: TChatbotDeps }> = async (app, { deps }) => {
  const auth = { onRequest: requireAuth };
  const actor = (r: FastifyRequest) => ({ id: currentUser(r).id, ip: r.ip });
  const path = '/api/seeds/:seedId/chatbots/:botId/lookups';

  app.get(
    path,
    { ...auth, schema: { tags, summary: '챗봇 조회 목록 (시드 멤버)', security: bearer, params: ZBotParams, response: { 200: ZLookupListResponse } } },
    async (request) => ({ data: await lookups.listLookups(deps, actor(request).id, request.params.seedId, request.params.botId) }),
  );
  app.post(
    path,
    {
      ...auth,
      schema: {
        tags,
        summary:
          "챗봇 조회 만들기 { name, apiId, table, keyColumn, verifyColumn, verifyRule: 'last4'|'equals', replyColumns, labels?, keywords? } (시드 소유자·관리자) → 201",
        security: bearer,
        params: ZBotParams,
        body: ZLookupInput,
        response: { 201: ZLookupResponse },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ message: s.created, data: await lookups.createLookup(deps, actor(request), request.params.seedId, request.params.botId, request.body) }),
  );
  app.patch(
    `${path}/:lookupId`,
    {
      ...auth,
      schema: {
        tags,
        summary: '챗봇 조회 바꾸기 (시드 소유자·관리자)',
        security: bearer,
        params: ZLookupParams,
        body: ZLookupPatch,
        response: { 200: ZLookupResponse },
      },
    },
    async (request) => {
      const { seedId, botId, lookupId } = request.params;
      return { message: s.updated, data: await lookups.updateLookup(deps, actor(request), seedId, botId, lookupId, request.body) };
    },
  );
  app.delete(
    `${path}/:lookupId`,
    {
      ...auth,
      schema: { tags, summary: '챗봇 조회 삭제 (시드 소유자·관리자)', security: bearer, params: ZLookupParams, response: { 200: ZLookupDeleteResponse } },
    },
    async (request) => {
      const { seedId, botId, lookupId } = request.params;
      await lookups.deleteLookup(deps.db, actor(request).id, seedId, botId, lookupId);
      return { message: s.deleted };
    },
  );
};
