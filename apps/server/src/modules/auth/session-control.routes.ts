import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ko, ZCountResponse, ZSeedPolicyParams, ZReauthInput, ZSecondFactorPolicy, ZSecondFactorPolicyResponse } from '@suite/shared';
import { currentUser, requireAdmin, requireAuth } from '../../plugins/auth-guard.ts';
import { requestMeta, type TAuthDeps } from './auth.deps.ts';
import { endAllSessions, endOtherSessions } from './session-control.service.ts';
import { adminMustUseSecondFactor, seedPolicy, setPlatformPolicy, setSeedPolicy } from './second-factor.service.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';

const tags = ['auth'];

/** Ending sessions in bulk (issue 19, item 6) and the platform's second-factor policy. */
export const sessionControlRoutes: FastifyPluginAsyncZod<{ deps: TAuthDeps }> = async (app, { deps }) => {
  app.post(
    '/api/me/sessions/end-others',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: '다른 기기 모두 로그아웃 (비밀번호 또는 2단계 인증 코드 재확인)',
        security: bearer,
        body: ZReauthInput,
        response: { 200: ZCountResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const count = await endOtherSessions(deps, currentUser(request), request.body.password, requestMeta(request));
      return { success: true as const, message: ko.accounts.server.otherSessionsEnded(count), count };
    },
  );

  app.post(
    '/api/admin/sessions/revoke-all',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: '관리자: 모든 사용자의 세션 종료 (요청한 세션 제외)',
        security: bearer,
        response: { 200: ZCountResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const count = await endAllSessions(deps, currentUser(request), requestMeta(request));
      return { success: true as const, message: ko.accounts.server.allSessionsEnded(count), count };
    },
  );

  app.get(
    '/api/admin/security/second-factor',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: '관리자: 플랫폼 관리자 2단계 인증 의무',
        security: bearer,
        response: { 200: ZSecondFactorPolicyResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, required: await adminMustUseSecondFactor(deps) }),
  );

  app.put(
    '/api/admin/security/second-factor',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: '관리자: 플랫폼 관리자 2단계 인증 의무 설정',
        security: bearer,
        body: ZSecondFactorPolicy,
        response: { 200: ZSecondFactorPolicyResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await setPlatformPolicy(deps, currentUser(request).id, request.body.required, requestMeta(request));
      return { success: true as const, required: request.body.required };
    },
  );

  app.get(
    '/api/seeds/:seedId/security/second-factor',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: '시드 소유자·관리자의 2단계 인증 의무',
        security: bearer,
        params: ZSeedPolicyParams,
        response: { 200: ZSecondFactorPolicyResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => ({ success: true as const, required: await seedPolicy(deps, currentUser(request).id, request.params.seedId) }),
  );

  app.put(
    '/api/seeds/:seedId/security/second-factor',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: '시드 소유자: 소유자·관리자의 2단계 인증 의무 설정',
        security: bearer,
        params: ZSeedPolicyParams,
        body: ZSecondFactorPolicy,
        response: { 200: ZSecondFactorPolicyResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await setSeedPolicy(deps, currentUser(request).id, request.params.seedId, request.body.required, requestMeta(request));
      return { success: true as const, required: request.body.required };
    },
  );
};
