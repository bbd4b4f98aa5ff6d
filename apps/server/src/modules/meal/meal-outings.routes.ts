/** Outings (1차, 2차 …) and the bill amount (issue 38), under the OpenAPI tag `meal`. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ko } from '@suite/shared';
import { ZMealParams, ZMealResponse } from '@suite/shared/schemas/meal';
import { ZMealBillInput, ZMealOutingParams, ZMealOutingResponse, ZNextPartInput } from '@suite/shared/schemas/meal-outings';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import type { TMealDeps } from './meal.deps.ts';
import { setBill } from './meal-bill.service.ts';
import { addNextPart, getOuting } from './meal-outings.service.ts';

const o = ko.meal.outing.server;
const tags = ['meal'];

export const mealOutingRoutes: FastifyPluginAsyncZod<{ deps: TMealDeps }> = async (app, { deps }) => {
  const auth = { onRequest: requireAuth };
  const actor = (request: Parameters<typeof currentUser>[0]) => ({ id: currentUser(request).id });

  app.post(
    '/api/seeds/:seedId/meals/:mealId/next-part',
    {
      ...auth,
      schema: {
        tags,
        summary: '다음 차수 열기 (2차, 3차 …; 라운드 주최자, 시드 관리자). 본문은 라운드 열기와 같고 제목·날짜는 생략 가능',
        security: bearer,
        params: ZMealParams,
        body: ZNextPartInput,
        response: { 201: ZMealResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const meal = await addNextPart(deps, actor(request), request.params.seedId, request.params.mealId, request.body);
      return reply.status(201).send({ success: true as const, message: o.partAdded(meal.partNo), data: meal });
    },
  );

  app.get(
    '/api/seeds/:seedId/meal-outings/:outingId',
    {
      ...auth,
      schema: {
        tags,
        summary: '모임(여러 차수) 요약: 차수별 합계와 1인별 합계 (마감 전 차수는 예정 금액)',
        security: bearer,
        params: ZMealOutingParams,
        response: { 200: ZMealOutingResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ data: await getOuting(deps, actor(request), request.params.seedId, request.params.outingId) }),
  );

  app.put(
    '/api/seeds/:seedId/meals/:mealId/bill',
    {
      ...auth,
      schema: {
        tags,
        summary: '청구 금액 입력·수정 { amount } (결제자, 마감 전에는 주최자, 시드 관리자). 마감된 라운드는 장부를 다시 계산',
        security: bearer,
        params: ZMealParams,
        body: ZMealBillInput,
        response: { 200: ZMealResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { meal, rewritten } = await setBill(deps, actor(request), request.params.seedId, request.params.mealId, request.body.amount);
      return { success: true as const, message: rewritten ? o.billRewritten : o.billSaved, data: meal };
    },
  );
};
