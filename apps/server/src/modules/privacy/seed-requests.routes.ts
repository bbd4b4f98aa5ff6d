import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSeedPrivacyReceipt, ZSeedPrivacyReceiptList, ZSeedPrivacyRequestInput, ZSeedPrivacyRequestParams } from '@suite/shared/schemas/privacy';
import { ZSeedParams } from '@suite/shared/schemas/seeds';
import { accessActor } from '../../lib/access-log.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { guardSeedPrivacy, seedPrivacyAccess } from './privacy.access.ts';
import type { TPrivacyDeps } from './privacy.deps.ts';
import { createSeedRequest, listSeedRequests, seedRequest } from './seed-requests.service.ts';

const tags = ['privacy'];

/**
 * /api/seeds/{seedId}/privacy/…: seed owners' requests about their customers (issue 32). This plugin is the one
 * guarded scope of the prefix: requireAuth, then the owner check (privacy.access.ts), both before validation.
 */
export const seedRequestRoutes: FastifyPluginAsyncZod<{ deps: TPrivacyDeps }> = async (app, { deps }) => {
  app.decorateRequest('seedPrivacyAccess', null);
  app.addHook('onRequest', requireAuth);
  app.addHook('onRequest', guardSeedPrivacy(deps.db));

  app.post(
    '/api/seeds/:seedId/privacy/requests',
    {
      schema: {
        tags,
        summary:
          '고객 개인정보 요청(시드 소유자만): kind export(ZIP, 준비되면 링크 메일) 또는 erase(데이터 맵의 삭제 규칙, 즉시) — 대상은 email | chatbotVisitorId | slackUserId, 이 시드의 데이터만. 대상 데이터 없음 404 → 201 영수증',
        security: bearer,
        params: ZSeedParams,
        body: ZSeedPrivacyRequestInput,
        response: { 201: ZSeedPrivacyReceipt, ...errorResponses(400, 401, 403, 404, 409, 429, 500) },
      },
    },
    async (request, reply) => {
      const { seedId } = seedPrivacyAccess(request);
      const actor = { ...accessActor(request), actorId: currentUser(request).id };
      return reply.status(201).send(await createSeedRequest(deps, actor, seedId, request.body));
    },
  );

  app.get(
    '/api/seeds/:seedId/privacy/requests',
    {
      schema: {
        tags,
        summary: '고객 개인정보 요청 내역(최신순 100건, 시드 소유자만): 종류, 가려진 대상, 상태, 표별 행 수 영수증, 내보내기 링크',
        security: bearer,
        params: ZSeedParams,
        response: { 200: ZSeedPrivacyReceiptList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await listSeedRequests(deps, seedPrivacyAccess(request).seedId) }),
  );

  app.get(
    '/api/seeds/:seedId/privacy/requests/:requestId',
    {
      schema: {
        tags,
        summary: '고객 개인정보 요청 하나(영수증, 시드 소유자만)',
        security: bearer,
        params: ZSeedPrivacyRequestParams,
        response: { 200: ZSeedPrivacyReceipt, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => seedRequest(deps, seedPrivacyAccess(request).seedId, request.params.requestId),
  );
};
