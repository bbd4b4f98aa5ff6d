/**
 * The console's end-user access settings of one API (issue 36, decision 090): GET and PUT
 * `/api/seeds/:seedId/api-builder/apis/:apiId/end-user-auth` (end-user-auth.service.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ko } from '@suite/shared';
import { ZApiParams } from '@suite/shared/schemas/api-builder';
import { ZEndUserAuthInput, ZEndUserAuthResponse, ZEndUserAuthSaved } from '@suite/shared/schemas/api-builder-jwt';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import type { TDeps } from './api-builder.deps.ts';
import { getEndUserAuth, saveEndUserAuth } from './end-user-auth.service.ts';

const m = ko.apiBuilderJwt.server;

export const endUserAuthRoutes: FastifyPluginAsyncZod<{ deps: TDeps }> = async (app, { deps }) => {
  const auth = { onRequest: requireAuth };
  const actor = (request: Parameters<typeof currentUser>[0]) => ({ id: currentUser(request).id, ip: request.ip });
  const errs = errorResponses(400, 401, 403, 404);
  const url = '/api/seeds/:seedId/api-builder/apis/:apiId/end-user-auth';
  const tags = ['api-builder'];
  app.get(
    url,
    {
      ...auth,
      schema: { tags, summary: 'API 최종 사용자 접근(JWT) 설정', security: bearer, params: ZApiParams, response: { 200: ZEndUserAuthResponse, ...errs } },
    },
    async (request) => ({ data: await getEndUserAuth(deps, actor(request), request.params.seedId, request.params.apiId) }),
  );
  app.put(
    url,
    {
      ...auth,
      schema: {
        tags,
        summary: 'API 최종 사용자 접근(JWT) 설정 저장',
        security: bearer,
        params: ZApiParams,
        body: ZEndUserAuthInput,
        response: { 200: ZEndUserAuthSaved, ...errs },
      },
    },
    async (request) => ({
      success: true as const,
      message: m.saved,
      data: await saveEndUserAuth(deps, actor(request), request.params.seedId, request.params.apiId, request.body),
    }),
  );
};
