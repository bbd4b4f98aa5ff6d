import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBetaApplicationInput, ZBetaApplicationResponse, ZErrorResponse } from '@suite/shared';
import type { FastifyRequest } from 'fastify';
import type { TAppContext } from '../../context.ts';
import { requireAuth } from '../../plugins/auth-guard.ts';
import { routeLimit } from '../../plugins/rate-limit.ts';
import { applyForBeta, BETA_LIMIT } from './beta.service.ts';

/** The signed-in user's id when a valid bearer token came along; anonymous otherwise (the form is public). */
async function optionalUserId(request: FastifyRequest): Promise<string | null> {
  if (!request.headers.authorization) return null;
  try {
    await requireAuth(request);
    return request.user?.id ?? null;
  } catch {
    return null;
  }
}

export const betaRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/beta-applications',
    {
      config: { rateLimit: routeLimit((r) => `beta:ip:${r.ip}`, BETA_LIMIT) },
      schema: {
        tags: ['site'],
        summary: '베타 테스트 신청 (공개, 주소당 10분에 5회)',
        body: ZBetaApplicationInput,
        response: { 200: ZBetaApplicationResponse, 400: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request) => applyForBeta(ctx, request.body, { ip: request.ip, userId: await optionalUserId(request) }),
  );
};
