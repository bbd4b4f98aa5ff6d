import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ko, ZMessageResponse } from '@suite/shared';
import { ZAdminAppParams } from '@suite/shared/schemas/admin-builder';
import {
  ZAdminActionInput,
  ZAdminActionListQuery,
  ZAdminActionListResponse,
  ZAdminActionParams,
  ZAdminActionRunInput,
  ZAdminActionRunParams,
  ZAdminActionRunResponse,
  ZAdminActionRunsResponse,
  ZAdminActionSavedResponse,
} from '@suite/shared/schemas/admin-builder-actions';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import type { TDeps } from './admin-builder.deps.ts';
import { actor, auth, base, tags } from './admin-builder.routes.ts';
import * as svc from './admin-builder-actions.service.ts';

const a = ko.adminBuilder.actions.server;
const appPath = `${base}/apps/:appId`;
const errs = errorResponses(400, 401, 403, 404, 409, 429);

/** Row actions of an app (decision 094): managers define them; callers run them on rows they can read. */
export const adminBuilderActionRoutes: FastifyPluginAsyncZod<{ deps: TDeps }> = async (app, { deps }) => {
  app.get(
    `${appPath}/actions`,
    {
      ...auth,
      schema: {
        tags,
        summary: '행 동작 목록 (관리자는 전부, 그 밖에는 실행할 수 있는 것만; 비밀값은 돌려주지 않음)',
        security: bearer,
        params: ZAdminAppParams,
        querystring: ZAdminActionListQuery,
        response: { 200: ZAdminActionListResponse, ...errs },
      },
    },
    async (request) => ({ data: await svc.listActions(deps, actor(request), request.params.seedId, request.params.appId, request.query.table) }),
  );

  app.post(
    `${appPath}/actions`,
    {
      ...auth,
      schema: {
        tags,
        summary: '행 동작 만들기 (웹훅; 서명 비밀값은 이 응답에서 한 번만)',
        security: bearer,
        params: ZAdminAppParams,
        body: ZAdminActionInput,
        response: { 201: ZAdminActionSavedResponse, ...errs },
      },
    },
    async (request, reply) => {
      const { action, secret } = await svc.createAction(deps, actor(request), request.params.seedId, request.params.appId, request.body);
      return reply.status(201).send({ success: true as const, message: secret ? a.created : a.saved, data: action, ...(secret ? { secret } : {}) });
    },
  );

  app.put(
    `${appPath}/actions/:actionId`,
    {
      ...auth,
      schema: {
        tags,
        summary: '행 동작 고치기 (비밀값은 그대로)',
        security: bearer,
        params: ZAdminActionParams,
        body: ZAdminActionInput,
        response: { 200: ZAdminActionSavedResponse, ...errs },
      },
    },
    async (request) => {
      const { seedId, appId, actionId } = request.params;
      const { action, secret } = await svc.updateAction(deps, actor(request), seedId, appId, actionId, request.body);
      return { success: true as const, message: a.saved, data: action, ...(secret ? { secret } : {}) };
    },
  );

  app.post(
    `${appPath}/actions/:actionId/rotate`,
    {
      ...auth,
      schema: {
        tags,
        summary: '서명 비밀값 새로 만들기 (이 응답에서 한 번만)',
        security: bearer,
        params: ZAdminActionParams,
        response: { 200: ZAdminActionSavedResponse, ...errs },
      },
    },
    async (request) => {
      const { seedId, appId, actionId } = request.params;
      const { action, secret } = await svc.rotateSecret(deps, actor(request), seedId, appId, actionId);
      return { success: true as const, message: a.rotated, data: action, secret };
    },
  );

  app.delete(
    `${appPath}/actions/:actionId`,
    { ...auth, schema: { tags, summary: '행 동작 삭제', security: bearer, params: ZAdminActionParams, response: { 200: ZMessageResponse, ...errs } } },
    async (request) => {
      const { seedId, appId, actionId } = request.params;
      await svc.deleteAction(deps, actor(request), seedId, appId, actionId);
      return { success: true as const, message: a.deleted };
    },
  );

  app.post(
    `${appPath}/tables/:table/actions/:actionId/run`,
    {
      ...auth,
      schema: {
        tags,
        summary: '행 동작 실행 (confirm: true 필수; 행마다 읽기 권한·행 규칙 확인 후 웹훅, 실행 기록)',
        security: bearer,
        params: ZAdminActionRunParams,
        body: ZAdminActionRunInput,
        response: { 200: ZAdminActionRunResponse, ...errorResponses(400, 401, 403, 404, 409, 429, 502) },
      },
    },
    async (request) => {
      const { seedId, appId, table, actionId } = request.params;
      const res = await svc.runAction(deps, actor(request), seedId, appId, table, actionId, request.body.keys);
      return {
        success: true as const,
        message: a.ran(res.rows),
        status: res.status,
        ...(res.httpStatus ? { httpStatus: res.httpStatus } : {}),
        ...(res.result !== undefined ? { result: res.result } : {}),
      };
    },
  );

  app.get(
    `${appPath}/action-runs`,
    {
      ...auth,
      schema: {
        tags,
        summary: '행 동작 최근 실행 기록 (소유자·관리자)',
        security: bearer,
        params: ZAdminAppParams,
        response: { 200: ZAdminActionRunsResponse, ...errs },
      },
    },
    async (request) => ({ data: await svc.recentRuns(deps, actor(request), request.params.seedId, request.params.appId) }),
  );
};
