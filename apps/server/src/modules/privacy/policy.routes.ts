import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPrivacyPolicy } from '@suite/shared';
import type { TPrivacyDeps } from './privacy.deps.ts';
import { generatePolicy } from './policy.ts';

/**
 * GET /api/privacy/policy (public): the 개인정보 처리방침 generated from the data map and this server's configuration.
 * Both are fixed for the process's life, so it is generated once. The only place the privacy officer reaches the browser.
 */
export const policyRoutes: FastifyPluginAsyncZod<{ deps: TPrivacyDeps }> = async (app, { deps }) => {
  const policy = generatePolicy(deps.ctx.config);
  app.get(
    '/api/privacy/policy',
    { schema: { tags: ['privacy'], summary: '개인정보 처리방침 (데이터 맵에서 생성)', response: { 200: ZPrivacyPolicy } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return policy;
    },
  );
};
