/**
 * GET|POST /api/seeds/{seedId}/domains, POST …/domains/{id}/verify, DELETE …/domains/{id} (issue 33). Registered inside
 * the guarded scope of domains.module.ts (owner, seed admins and platform admins; domains.access.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDomain, ZDomainInput, ZDomainList, ZDomainParams } from '@suite/shared/schemas/domains';
import { ZSeedParams } from '@suite/shared/schemas/seeds';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import { seedDomainsAccess } from './domains.access.ts';
import { addDomain, listDomains, removeDomain, verifyDomain, type TDomainsDeps } from './domains.service.ts';

const tags = ['domains'];

export const domainsRoutes: FastifyPluginAsyncZod<{ deps: TDomainsDeps }> = async (app, { deps }) => {
  const actorOf = (a: { userId: string; ip: string }) => ({ userId: a.userId, ip: a.ip });

  app.get(
    '/api/seeds/:seedId/domains',
    {
      schema: {
        tags,
        summary: '시드의 사용자 도메인 목록: 도메인별 용도, 상태(확인 중·연결됨·오류와 이유), 추가할 DNS 레코드 — 소유자·관리자만',
        security: bearer,
        params: ZSeedParams,
        response: { 200: ZDomainList, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => listDomains(deps, seedDomainsAccess(request).seedId),
  );

  app.post(
    '/api/seeds/:seedId/domains',
    {
      schema: {
        tags,
        summary:
          '사용자 도메인 추가(데이터 API·고객센터·메일 발신): 소유 확인 TXT 토큰과 연결 레코드(CNAME·A, 메일은 SPF·DKIM·DMARC)를 만들어 돌려줌 — 잘못된 이름 400, 다른 시드에 연결된 도메인 409, 시드당 20개',
        security: bearer,
        params: ZSeedParams,
        body: ZDomainInput,
        response: { 201: ZDomain, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const access = seedDomainsAccess(request);
      return reply.code(201).send(await addDomain(deps, actorOf(access), access.seedId, request.body));
    },
  );

  app.post(
    '/api/seeds/:seedId/domains/:id/verify',
    {
      schema: {
        tags,
        summary: '도메인 지금 확인: DNS에서 레코드를 조회해 상태를 갱신하고 레코드별 확인 결과(found)를 돌려줌 — 시드당 분당 10회',
        security: bearer,
        params: ZDomainParams,
        response: { 200: ZDomain, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const access = seedDomainsAccess(request);
      return verifyDomain(deps, actorOf(access), access.seedId, request.params.id);
    },
  );

  app.delete(
    '/api/seeds/:seedId/domains/:id',
    {
      schema: {
        tags,
        summary: '도메인 제거: 연결이 바로 끊기고 소유 확인 토큰은 다시 쓸 수 없음(다시 추가하면 새 토큰)',
        security: bearer,
        params: ZDomainParams,
        response: { 204: z.null().describe('제거됨'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const access = seedDomainsAccess(request);
      await removeDomain(deps, actorOf(access), access.seedId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
