/** HTTP API of the meal settings and teams (issue 38), under the OpenAPI tag `meal`. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMessageResponse } from '@suite/shared';
import { koMealPolicy } from '@suite/shared/messages/ko-meal-policy';
import { ZMealSeedParams } from '@suite/shared/schemas/meal';
import {
  ZMealSettingsInput,
  ZMealSettingsResponse,
  ZMealTeamInput,
  ZMealTeamMembersInput,
  ZMealTeamParams,
  ZMealTeamPatch,
  ZMealTeamResponse,
  ZMealTeamsResponse,
} from '@suite/shared/schemas/meal-policy';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import type { TMealDeps } from './meal.deps.ts';
import * as settings from './meal-settings.service.ts';

const m = koMealPolicy.server;
const tags = ['meal'];

export const mealSettingsRoutes: FastifyPluginAsyncZod<{ deps: TMealDeps }> = async (app, { deps }) => {
  const auth = { onRequest: requireAuth };
  const actor = (request: Parameters<typeof currentUser>[0]) => ({ id: currentUser(request).id, ip: request.ip });

  app.get(
    '/api/seeds/:seedId/meal-settings',
    {
      ...auth,
      schema: {
        tags,
        summary: '식대 설정 (시드 멤버): 알림, 1인 1일 식대 지원, 법인카드 담당자, 회사 식대를 쓸 수 있는 사람',
        security: bearer,
        params: ZMealSeedParams,
        response: { 200: ZMealSettingsResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ success: true as const, message: '', data: await settings.getSettings(deps, actor(request), request.params.seedId) }),
  );

  app.put(
    '/api/seeds/:seedId/meal-settings',
    {
      ...auth,
      schema: {
        tags,
        summary: '식대 설정 저장 (시드 소유자, 관리자)',
        security: bearer,
        params: ZMealSeedParams,
        body: ZMealSettingsInput,
        response: { 200: ZMealSettingsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: m.settingsSaved,
      data: await settings.putSettings(deps, actor(request), request.params.seedId, request.body),
    }),
  );

  app.get(
    '/api/seeds/:seedId/meal-teams',
    {
      ...auth,
      schema: {
        tags,
        summary: '팀과 월 예산, 팀원, 이번 달 사용액 (시드 멤버)',
        security: bearer,
        params: ZMealSeedParams,
        response: { 200: ZMealTeamsResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ data: await settings.listTeams(deps, actor(request), request.params.seedId) }),
  );

  app.post(
    '/api/seeds/:seedId/meal-teams',
    {
      ...auth,
      schema: {
        tags,
        summary: '팀 만들기 { name, monthlyBudget } (시드 소유자, 관리자)',
        security: bearer,
        params: ZMealSeedParams,
        body: ZMealTeamInput,
        response: { 201: ZMealTeamResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ success: true as const, message: m.teamCreated, data: await settings.createTeam(deps, actor(request), request.params.seedId, request.body) }),
  );

  app.patch(
    '/api/seeds/:seedId/meal-teams/:teamId',
    {
      ...auth,
      schema: {
        tags,
        summary: '팀 수정 { name?, monthlyBudget? } (시드 소유자, 관리자)',
        security: bearer,
        params: ZMealTeamParams,
        body: ZMealTeamPatch,
        response: { 200: ZMealTeamResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: m.teamUpdated,
      data: await settings.updateTeam(deps, actor(request), request.params.seedId, request.params.teamId, request.body),
    }),
  );

  app.delete(
    '/api/seeds/:seedId/meal-teams/:teamId',
    {
      ...auth,
      schema: {
        tags,
        summary: '팀 삭제 (시드 소유자, 관리자; 처리된 회사 부담 기록은 남음)',
        security: bearer,
        params: ZMealTeamParams,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await settings.deleteTeam(deps, actor(request), request.params.seedId, request.params.teamId);
      return { success: true as const, message: m.teamDeleted };
    },
  );

  app.put(
    '/api/seeds/:seedId/meal-teams/:teamId/members',
    {
      ...auth,
      schema: {
        tags,
        summary: '팀원 지정 { userIds } (한 사람은 한 팀에만: 다른 팀에서 옮겨짐)',
        security: bearer,
        params: ZMealTeamParams,
        body: ZMealTeamMembersInput,
        response: { 200: ZMealTeamResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: m.teamMembersSaved,
      data: await settings.setTeamMembers(deps, actor(request), request.params.seedId, request.params.teamId, request.body),
    }),
  );
};
