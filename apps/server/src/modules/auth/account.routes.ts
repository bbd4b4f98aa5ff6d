import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ko, ZChangePasswordInput, ZMeResponse, ZMessageResponse, ZSessionsResponse, ZUpdateMeInput } from '@suite/shared';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { changePassword, loadUser, updateMe } from './account.service.ts';
import { requestMeta, type TAuthDeps } from './auth.deps.ts';
import { endOneSession, listSessions } from './session.service.ts';
import { toApiUser } from './user.presenter.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';

export const accountRoutes: FastifyPluginAsyncZod<{ deps: TAuthDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireAuth);

  app.get(
    '/api/me',
    { schema: { tags: ['auth'], summary: '내 정보', security: bearer, response: { 200: ZMeResponse, ...errorResponses(401) } } },
    async (request) => ({ success: true as const, user: toApiUser(await loadUser(deps, currentUser(request).id)) }),
  );

  app.patch(
    '/api/me',
    {
      schema: {
        tags: ['auth'],
        summary: '내 정보 수정 (이름, 휴대폰, 마케팅 수신 동의) — 새 클레임을 담은 access_token도 돌려줍니다',
        security: bearer,
        body: ZUpdateMeInput,
        response: { 200: ZMeResponse, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return updateMe(deps, user.id, user.sessionId, request.body, requestMeta(request));
    },
  );

  app.post(
    '/api/me/password',
    {
      schema: {
        tags: ['auth'],
        summary: '비밀번호 변경 (다른 세션은 모두 종료)',
        security: bearer,
        body: ZChangePasswordInput,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const message = await changePassword(deps, user.id, user.sessionId, request.body, requestMeta(request));
      return { success: true as const, message };
    },
  );

  app.get(
    '/api/me/sessions',
    {
      schema: {
        tags: ['auth'],
        summary: '로그인된 기기(세션) 목록',
        security: bearer,
        response: { 200: ZSessionsResponse, ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return { success: true as const, data: await listSessions(deps, user.id, user.sessionId) };
    },
  );

  app.delete(
    '/api/me/sessions/:id',
    {
      schema: {
        tags: ['auth'],
        summary: '세션 종료',
        security: bearer,
        params: z.object({ id: z.uuid(ko.auth.server.sessionNotFound) }),
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await endOneSession(deps, user.id, request.params.id, requestMeta(request));
      return { success: true as const, message: ko.auth.server.sessionEnded };
    },
  );
};
