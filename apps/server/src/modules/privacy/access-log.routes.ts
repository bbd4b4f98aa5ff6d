import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAccessLogPage, ZAccessLogQuery } from '@suite/shared/schemas/privacy';
import { requireAdmin } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import type { TPrivacyDeps } from './privacy.deps.ts';
import { accessLogPage } from './access-log.service.ts';

/** GET /api/admin/privacy/access-log: who read personal data (platform admins only; filters and pages). */
export const accessLogRoutes: FastifyPluginAsyncZod<{ deps: TPrivacyDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/privacy/access-log',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin', 'privacy'],
        summary: '개인정보 접근 기록 (작업자 이메일·ID, 작업(정확한 코드 또는 접두어), 기간; 페이지)',
        security: bearer,
        querystring: ZAccessLogQuery,
        response: { 200: ZAccessLogPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => accessLogPage(deps.db, request.query),
  );
};
