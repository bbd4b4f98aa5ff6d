/** HTTP API of the meal profile, transfers, dietary notes and usual menus (issue 38), under the OpenAPI tag `meal`. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ko } from '@suite/shared';
import { ZMealParams, ZMealSeedParams } from '@suite/shared/schemas/meal';
import {
  ZMealDietResponse,
  ZMealProfileInput,
  ZMealProfileResponse,
  ZMealProfileSaved,
  ZMealTransferInput,
  ZMealTransferParams,
  ZMealTransferReceivedInput,
  ZMealTransferSaved,
  ZMealTransfersResponse,
  ZMealUsualResponse,
} from '@suite/shared/schemas/meal-transfers';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import type { TMealDeps } from './meal.deps.ts';
import * as profiles from './meal-profile.service.ts';
import * as transfers from './meal-transfers.service.ts';

const tags = ['meal'];
const s = ko.meal.transfers.server;

export const mealTransferRoutes: FastifyPluginAsyncZod<{ deps: TMealDeps }> = async (app, { deps }) => {
  const auth = { onRequest: requireAuth };
  const actor = (request: Parameters<typeof currentUser>[0]) => ({ id: currentUser(request).id });
  const saved = <T>(message: string, data: T) => ({ success: true as const, message, data });

  app.get(
    '/api/meal-profile',
    {
      ...auth,
      schema: {
        tags,
        summary: '내 식사 프로필 (계좌, 카카오페이 송금코드, 식이 참고, 즐겨 먹는 메뉴)',
        security: bearer,
        response: { 200: ZMealProfileResponse, ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await profiles.getProfile(deps, actor(request)) }),
  );

  app.put(
    '/api/meal-profile',
    {
      ...auth,
      schema: {
        tags,
        summary: '내 식사 프로필 저장 (본인만)',
        security: bearer,
        body: ZMealProfileInput,
        response: { 200: ZMealProfileSaved, ...errorResponses(400, 401) },
      },
    },
    async (request) => saved(ko.meal.profile.server.saved, await profiles.saveProfile(deps, actor(request), request.body)),
  );

  app.get(
    '/api/seeds/:seedId/meal-transfers',
    {
      ...auth,
      schema: {
        tags,
        summary: '정산 송금: 제안(내가 보낼 송금에만 받는 분의 송금 링크), 확인 대기, 최근 송금',
        security: bearer,
        params: ZMealSeedParams,
        response: { 200: ZMealTransfersResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ data: await transfers.getTransfers(deps, actor(request), request.params.seedId) }),
  );

  app.post(
    '/api/seeds/:seedId/meal-transfers',
    {
      ...auth,
      schema: {
        tags,
        summary: '보냈어요: 보낸 사람이 송금을 알림 (받는 분에게 확인 요청)',
        security: bearer,
        params: ZMealSeedParams,
        body: ZMealTransferInput,
        response: { 201: ZMealTransferSaved, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => reply.status(201).send(saved(s.sent, await transfers.markSent(deps, actor(request), request.params.seedId, request.body))),
  );

  app.post(
    '/api/seeds/:seedId/meal-transfers/received',
    {
      ...auth,
      schema: {
        tags,
        summary: '받은 돈 바로 기록 (받은 사람; 장부에 송금으로 반영)',
        security: bearer,
        params: ZMealSeedParams,
        body: ZMealTransferReceivedInput,
        response: { 201: ZMealTransferSaved, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(saved(s.received, await transfers.recordReceived(deps, actor(request), request.params.seedId, request.body))),
  );

  app.post(
    '/api/seeds/:seedId/meal-transfers/:transferId/confirm',
    {
      ...auth,
      schema: {
        tags,
        summary: '받았어요: 받은 사람 또는 시드 관리자가 확인 (장부에 송금 기록; 두 번째는 409)',
        security: bearer,
        params: ZMealTransferParams,
        response: { 200: ZMealTransferSaved, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => saved(s.confirmed, await transfers.confirmTransfer(deps, actor(request), request.params.seedId, request.params.transferId)),
  );

  app.post(
    '/api/seeds/:seedId/meal-transfers/:transferId/cancel',
    {
      ...auth,
      schema: {
        tags,
        summary: '송금 알림 취소 (보낸 사람, 받은 사람, 시드 관리자; 확인 전만)',
        security: bearer,
        params: ZMealTransferParams,
        response: { 200: ZMealTransferSaved, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => saved(s.cancelled, await transfers.cancelTransfer(deps, actor(request), request.params.seedId, request.params.transferId)),
  );

  app.get(
    '/api/seeds/:seedId/meals/:mealId/diet',
    {
      ...auth,
      schema: {
        tags,
        summary: '식이 참고: 참여자의 알레르기·못 먹는 음식 (등록한 사람만; 시드 멤버)',
        security: bearer,
        params: ZMealParams,
        response: { 200: ZMealDietResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ data: await profiles.roundDiet(deps, actor(request), request.params.seedId, request.params.mealId) }),
  );

  app.get(
    '/api/seeds/:seedId/meal-usual',
    {
      ...auth,
      schema: {
        tags,
        summary: '내 즐겨찾기와 이 시드에서 자주 고른 메뉴 (상위 5개)',
        security: bearer,
        params: ZMealSeedParams,
        response: { 200: ZMealUsualResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ data: await profiles.usualMenus(deps, actor(request), request.params.seedId) }),
  );
};
