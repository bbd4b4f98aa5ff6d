import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ko } from '@suite/shared';
import { currentUser, requireAdmin } from '../../plugins/auth-guard.ts';
import type { TAuthDeps } from './auth.deps.ts';
import { revokeSessionsByAdmin } from './admin-sessions.service.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';

export const adminSessionRoutes: FastifyPluginAsyncZod<{ deps: TAuthDeps }> = async (app, { deps }) => {
  app.post(
    '/api/admin/users/:id/revoke-sessions',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['auth'],
        summary: '관리자: 사용자의 모든 세션 종료',
        security: bearer,
        params: z.object({ id: z.uuid(ko.auth.server.userNotFound) }),
        response: {
          200: z.object({ success: z.literal(true), message: z.string(), revoked: z.number() }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const revoked = await revokeSessionsByAdmin(deps, { adminId: currentUser(request).id, userId: request.params.id, ip: request.ip });
      return { success: true as const, message: ko.auth.server.sessionsRevoked, revoked };
    },
  );
};
