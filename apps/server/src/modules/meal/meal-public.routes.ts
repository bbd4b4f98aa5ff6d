/**
 * Issue 38: the public verify API of a game round's draw (no sign-in, limited per address) and the round form's Slack
 * channels (seed members). Tag `meal`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMealSlackChannelsParams, ZMealSlackChannelsResponse, ZMealVerifyParams, ZMealVerifyResponse } from '@suite/shared/schemas/meal-verify';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { routeLimit } from '../../plugins/rate-limit.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import type { TMealDeps } from './meal.deps.ts';
import { publicDraw } from './meal-public.service.ts';
import { slackChannelsOf } from './meal-slack.ts';

const tags = ['meal'];
/** Per address: a verify page reads once and on each "다시 계산" nothing more; 60 reads in 5 minutes is plenty. */
export const PUBLIC_DRAW_LIMIT = { max: 60, windowMs: 5 * 60_000 };

export const mealPublicRoutes: FastifyPluginAsyncZod<{ deps: TMealDeps }> = async (app, { deps }) => {
  app.get(
    '/api/public/meal-draws/:mealId',
    {
      config: { rateLimit: routeLimit((r) => `meal-draw:ip:${r.ip}`, PUBLIC_DRAW_LIMIT) },
      schema: {
        tags,
        summary: '게임 라운드 추첨 검증 정보 (공개, 로그인 없이; 추첨 전에는 봉인값과 상태만, 이름은 가림)',
        params: ZMealVerifyParams,
        response: { 200: ZMealVerifyResponse, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await publicDraw(deps, request.params.mealId) };
    },
  );

  app.get(
    '/api/seeds/:seedId/meal-slack-channels',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: '게임 라운드의 봉인값을 올릴 Slack 채널 (연결된 워크스페이스와 설정에서 고른 채널; 시드 멤버)',
        security: bearer,
        params: ZMealSlackChannelsParams,
        response: { 200: ZMealSlackChannelsResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ data: await slackChannelsOf(deps, { id: currentUser(request).id }, request.params.seedId) }),
  );
};
