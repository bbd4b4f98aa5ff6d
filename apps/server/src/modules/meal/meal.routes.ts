/** HTTP API of the meal manager (issue 15), documented in the OpenAPI document under the tag `meal`. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ko, ZMessageResponse } from '@suite/shared';
import {
  ZCreateMealInput,
  ZJoinMealInput,
  ZMealDraw,
  ZMealLedger,
  ZMealListQuery,
  ZMealListResponse,
  ZMealParams,
  ZMealResponse,
  ZMealSeedParams,
  ZMealSettlementInput,
  ZUpdateMealInput,
} from '@suite/shared/schemas/meal';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import { ACCESS, accessOf, recordAccess } from '../../lib/access-log.ts';
import * as ledger from './meal-ledger.service.ts';
import * as transfers from './meal-transfers.service.ts';
import * as meals from './meal.service.ts';
import type { TEventStreams } from '../../lib/event-stream.ts';
import { AppError } from '../../lib/app-error.ts';
import { mealChannel, type TMealDeps } from './meal.deps.ts';

const m = ko.meal.server;
const tags = ['meal'];

export const mealRoutes: FastifyPluginAsyncZod<{ deps: TMealDeps; streams: TEventStreams }> = async (app, { deps, streams }) => {
  const auth = { onRequest: requireAuth };
  const actor = (request: Parameters<typeof currentUser>[0]) => ({ id: currentUser(request).id });
  const ok = (message: string, data: Awaited<ReturnType<typeof meals.getMeal>>) => ({ success: true as const, message, data });

  app.get(
    '/api/seeds/:seedId/meals',
    {
      ...auth,
      schema: {
        tags,
        summary: '식사 라운드 목록 (시드 멤버; status=open|closed|all)',
        security: bearer,
        params: ZMealSeedParams,
        querystring: ZMealListQuery,
        response: { 200: ZMealListResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ data: await meals.listMeals(deps, actor(request), request.params.seedId, request.query.status) }),
  );

  app.post(
    '/api/seeds/:seedId/meals',
    {
      ...auth,
      schema: {
        tags,
        summary: '식사 라운드 열기 (게임이면 서버 시드의 커밋만 공개)',
        security: bearer,
        params: ZMealSeedParams,
        body: ZCreateMealInput,
        response: { 201: ZMealResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(m.created, await meals.createMeal(deps, actor(request), request.params.seedId, request.body))),
  );

  app.get(
    '/api/seeds/:seedId/meals/stream',
    {
      ...auth,
      schema: { tags, summary: '식사 라운드 실시간 알림 (server-sent events: event meal, data {type, mealId})', security: bearer, params: ZMealSeedParams },
    },
    async (request, reply) => {
      const { id } = actor(request);
      const { seedId } = request.params;
      await meals.listMeals(deps, { id }, seedId, 'open');
      // Still a member? A refusal (AppError) ends the stream; a database error keeps it until the next check.
      const stillAllowed = () =>
        meals.assertMember(deps, seedId, id).then(
          () => true,
          (err: unknown) => (err instanceof AppError ? false : Promise.reject(err)),
        );
      await streams.open(request, reply, { channel: mealChannel(seedId), event: 'meal', stillAllowed });
    },
  );

  app.get(
    '/api/seeds/:seedId/meals/:mealId',
    {
      ...auth,
      schema: {
        tags,
        summary: '식사 라운드 (commitment는 처음부터, serverSeed는 추첨 뒤에만)',
        security: bearer,
        params: ZMealParams,
        response: { 200: ZMealResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ok('', await meals.getMeal(deps, actor(request), request.params.seedId, request.params.mealId)),
  );

  app.patch(
    '/api/seeds/:seedId/meals/:mealId',
    {
      ...auth,
      schema: {
        tags,
        summary: '식사 라운드 수정 (주최자, 시드 관리자; 마감 전)',
        security: bearer,
        params: ZMealParams,
        body: ZUpdateMealInput,
        response: { 200: ZMealResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(m.updated, await meals.updateMeal(deps, actor(request), request.params.seedId, request.params.mealId, request.body)),
  );

  app.delete(
    '/api/seeds/:seedId/meals/:mealId',
    {
      ...auth,
      schema: {
        tags,
        summary: '식사 라운드 취소 (마감 전; 알림 작업도 취소)',
        security: bearer,
        params: ZMealParams,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await meals.deleteMeal(deps, actor(request), request.params.seedId, request.params.mealId);
      return { success: true as const, message: m.deleted };
    },
  );

  app.post(
    '/api/seeds/:seedId/meals/:mealId/join',
    {
      ...auth,
      schema: {
        tags,
        summary: '참여 또는 메뉴 변경 { choice, price?, clientSeed? } (마감 전)',
        security: bearer,
        params: ZMealParams,
        body: ZJoinMealInput,
        response: { 200: ZMealResponse, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => ok(m.joined, await meals.joinMeal(deps, actor(request), request.params.seedId, request.params.mealId, request.body)),
  );

  app.post(
    '/api/seeds/:seedId/meals/:mealId/decline',
    {
      ...auth,
      schema: {
        tags,
        summary: '불참 (마감 전)',
        security: bearer,
        params: ZMealParams,
        response: { 200: ZMealResponse, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => ok(m.declined, await meals.declineMeal(deps, actor(request), request.params.seedId, request.params.mealId)),
  );

  app.post(
    '/api/seeds/:seedId/meals/:mealId/close',
    {
      ...auth,
      schema: {
        tags,
        summary: '주문 마감: 주문 요약, 게임이 아니면 장부 기록',
        security: bearer,
        params: ZMealParams,
        response: { 200: ZMealResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(m.closed, await meals.closeMeal(deps, actor(request), request.params.seedId, request.params.mealId)),
  );

  app.post(
    '/api/seeds/:seedId/meals/:mealId/draw',
    {
      ...auth,
      schema: {
        tags,
        summary: '결제자 추첨 (한 번만; 두 번째는 409): { payers, serverSeed, commitment, clientSeeds, h }',
        security: bearer,
        params: ZMealParams,
        response: { 200: ZMealDraw, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => meals.drawMeal(deps, actor(request), request.params.seedId, request.params.mealId),
  );

  app.get(
    '/api/seeds/:seedId/meal-ledger',
    {
      ...auth,
      schema: {
        tags,
        summary: '식사 장부: 잔액(합계 0), 최소 송금 제안, 송금 기록, 월별 식비',
        security: bearer,
        params: ZMealSeedParams,
        response: { 200: ZMealLedger, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ledger.getLedger(deps, actor(request), request.params.seedId),
  );

  app.get(
    '/api/seeds/:seedId/meal-ledger/export',
    {
      ...auth,
      schema: {
        tags,
        summary: '식사 장부 CSV (UTF-8, 날짜는 한국 시간)',
        security: bearer,
        params: ZMealSeedParams,
        response: { 200: z.string().describe('text/csv'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const csv = await ledger.ledgerCsv(deps, actor(request), request.params.seedId);
      const rowCount = Math.max(0, csv.trimEnd().split('\n').length - 1);
      await recordAccess(deps.db, accessOf(request, 'seed', ACCESS.mealLedgerExport, `식사 장부 CSV ${rowCount}행`, request.params.seedId));
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="meal-ledger.csv"').send(csv);
    },
  );

  app.post(
    '/api/seeds/:seedId/meal-ledger/settlements',
    {
      ...auth,
      schema: {
        tags,
        summary: '송금 완료 기록 (받은 사람, 시드 관리자: 201). 보낸 사람 본인이 기록하면 받는 분이 확인할 송금(보냈어요)이 됩니다 (202)',
        security: bearer,
        params: ZMealSeedParams,
        body: ZMealSettlementInput,
        response: { 201: ZMealLedger, 202: ZMealLedger, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const who = actor(request);
      const { seedId } = request.params;
      const { fromUserId, toUserId, amount } = request.body;
      // Issue 38: the payer's own word is not a settlement — it becomes a transfer marked sent, which only the
      // receiver (or a seed manager who is not the payer) can confirm into the ledger. Also for a payer who is an admin.
      if (fromUserId === who.id && toUserId !== who.id) {
        await transfers.markSent(deps, who, seedId, { toUserId, amount, method: 'bank' });
        return reply.status(202).send(await ledger.getLedger(deps, who, seedId));
      }
      return reply.status(201).send(await ledger.recordSettlement(deps, who, seedId, request.body));
    },
  );
};
