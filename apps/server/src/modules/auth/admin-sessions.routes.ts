import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ko } from '@suite/shared';
import { AppError } from '../../lib/app-error.ts';
import { AUDIT, writeAudit } from '../../lib/audit.ts';
import { currentUser, requireAdmin } from '../../plugins/auth-guard.ts';
import type { TAuthDeps } from './auth.deps.ts';
import { revokeUserSessions } from './session.repository.ts';
import { findUserById } from './user.repository.ts';
import { bearer, errorResponses } from './route-helpers.ts';

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
      const admin = currentUser(request);
      const target = await findUserById(deps.db, request.params.id);
      if (!target) throw new AppError('USER_NOT_FOUND');
      const revoked = await revokeUserSessions(deps.db, target.id, 'revoked_by_admin');
      await writeAudit(deps.db, {
        action: AUDIT.sessionsRevokedByAdmin,
        actorId: admin.id,
        targetType: 'user',
        targetId: target.id,
        ip: request.ip,
        metadata: { revoked },
      });
      return { success: true as const, message: ko.auth.server.sessionsRevoked, revoked };
    },
  );
};
