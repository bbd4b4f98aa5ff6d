import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIntegrationsResponse } from '@suite/shared';
import type { TConfig } from '../../config.ts';
import { requireAdmin } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import { integrationStatuses } from './integrations.service.ts';

/** The setup guide of the console (platform admins only): which outside services are configured. */
export const integrationsRoutes: FastifyPluginAsyncZod<{ config: TConfig }> = async (app, { config }) => {
  app.get(
    '/api/admin/integrations',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '외부 서비스 연동 상태 (Slack, Google 로그인, 메일, 언어 모델): 설정 여부와 필요한 환경 변수 이름, 값은 보내지 않음',
        security: bearer,
        response: { 200: ZIntegrationsResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ({ integrations: integrationStatuses(config) }),
  );
};
