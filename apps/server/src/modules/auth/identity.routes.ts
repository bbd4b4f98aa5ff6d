import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdentitiesResponse, ZIdentityParams, ZMessageResponse, ZTokenInput } from '@suite/shared';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { requestMeta, type TAuthDeps } from './auth.deps.ts';
import { TOKEN_ROUTES_LIMIT } from './auth.throttle.ts';
import { confirmLinkByMail, confirmLinkSignedIn, identitiesOf, unlinkIdentity } from './identity.service.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';

const tags = ['auth'];

export const identityRoutes: FastifyPluginAsyncZod<{ deps: TAuthDeps }> = async (app, { deps }) => {
  app.post(
    '/api/auth/identities/confirm',
    {
      config: { rateLimit: TOKEN_ROUTES_LIMIT },
      schema: {
        tags,
        summary: '외부 계정 연결 확인 (계정 주인에게 보낸 메일의 링크 토큰, 24시간, 1회용)',
        body: ZTokenInput,
        response: { 200: ZMessageResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      return { success: true as const, message: await confirmLinkByMail(deps, request.body.token, requestMeta(request)) };
    },
  );

  app.get(
    '/api/me/identities',
    {
      onRequest: requireAuth,
      schema: { tags, summary: '연결된 외부 계정 목록 (확인 대기 포함)', security: bearer, response: { 200: ZIdentitiesResponse, ...errorResponses(401) } },
    },
    async (request) => ({ success: true as const, data: await identitiesOf(deps, currentUser(request).id) }),
  );

  app.post(
    '/api/me/identities/:id/confirm',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: '확인 대기 중인 외부 계정 연결을 로그인한 계정 주인이 확인',
        security: bearer,
        params: ZIdentityParams,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: await confirmLinkSignedIn(deps, currentUser(request).id, request.params.id, requestMeta(request)),
    }),
  );

  app.delete(
    '/api/me/identities/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: '외부 계정 연결 해제 (다른 로그인 수단이 남아 있을 때만)',
        security: bearer,
        params: ZIdentityParams,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: await unlinkIdentity(deps, currentUser(request).id, request.params.id, requestMeta(request)),
    }),
  );
};
