import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ko, ZMessageResponse } from '@suite/shared';
import {
  ZApiBuilderSummary,
  ZApiConnectionCreated,
  ZApiConnectionList,
  ZApiConnectionParams,
  ZApiConnectionUsage,
  ZDeleteConnectionQuery,
  ZApiDefinitionList,
  ZApiKeyCreated,
  ZApiKeyList,
  ZApiKeyParams,
  ZApiParams,
  ZApiPublished,
  ZApiSeedParams,
  ZApiUpdated,
  ZCreateApiKeyInput,
  ZCreateConnectionInput,
  ZDbTableList,
  ZDbFunctionList,
  ZDbTablesQuery,
  ZPublishApiInput,
  ZUpdateApiInput,
  ZUpdateApiKeyInput,
} from '@suite/shared/schemas/api-builder';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import type { TDeps } from './api-builder.deps.ts';
import * as svc from './api-builder.service.ts';

const m = ko.apiBuilder.server;
const tags = ['api-builder'];
const base = '/api/seeds/:seedId/api-builder';

/** The console's API-builder endpoints (seed owner and admins). */
export const apiBuilderRoutes: FastifyPluginAsyncZod<{ deps: TDeps }> = async (app, { deps }) => {
  const auth = { onRequest: requireAuth };
  const actor = (request: Parameters<typeof currentUser>[0]) => ({ id: currentUser(request).id, ip: request.ip });
  const errs = errorResponses(400, 401, 403, 404);

  app.get(
    `${base}/summary`,
    {
      ...auth,
      schema: {
        tags,
        summary: 'API 빌더 요약 (오늘 호출 수, 캐시 적중률)',
        security: bearer,
        params: ZApiSeedParams,
        response: { 200: ZApiBuilderSummary, ...errs },
      },
    },
    async (request) => svc.summary(deps, actor(request), request.params.seedId),
  );

  app.get(
    `${base}/connections`,
    { ...auth, schema: { tags, summary: '데이터베이스 연결 목록', security: bearer, params: ZApiSeedParams, response: { 200: ZApiConnectionList, ...errs } } },
    async (request) => ({
      data: await svc.listConnections(deps, actor(request), request.params.seedId),
    }),
  );

  app.post(
    `${base}/connections`,
    {
      ...auth,
      schema: {
        tags,
        summary: '데이터베이스 연결 추가 (저장할 때 접속을 확인)',
        security: bearer,
        params: ZApiSeedParams,
        body: ZCreateConnectionInput,
        response: { 201: ZApiConnectionCreated, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const data = await svc.createConnection(deps, actor(request), request.params.seedId, request.body);
      return reply.status(201).send({ success: true as const, message: m.connectionCreated, data });
    },
  );

  app.delete(
    `${base}/connections/:connectionId`,
    {
      ...auth,
      schema: {
        tags,
        summary: '연결 삭제 (그 연결의 API·키, 변경 트리거도 삭제; 관리자 앱이 쓰는 연결은 ?force=true 일 때만 — 아니면 409)',
        security: bearer,
        params: ZApiConnectionParams,
        querystring: ZDeleteConnectionQuery,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { triggersLeft } = await svc.deleteConnection(
        deps,
        actor(request),
        request.params.seedId,
        request.params.connectionId,
        request.query.force === 'true',
      );
      return { success: true as const, message: triggersLeft.length ? m.connectionDeletedTriggersLeft(triggersLeft.join(', ')) : m.connectionDeleted };
    },
  );

  app.get(
    `${base}/connections/:connectionId/usage`,
    {
      ...auth,
      schema: {
        tags,
        summary: '연결을 삭제하면 함께 사라지는 것 (관리자 앱, API, 변경 트리거)',
        security: bearer,
        params: ZApiConnectionParams,
        response: { 200: ZApiConnectionUsage, ...errs },
      },
    },
    async (request) => svc.connectionUsage(deps, actor(request), request.params.seedId, request.params.connectionId),
  );

  app.get(
    `${base}/connections/:connectionId/tables`,
    {
      ...auth,
      schema: {
        tags,
        summary: '테이블·뷰 목록 (?refresh=true 로 다시 읽기)',
        security: bearer,
        params: ZApiConnectionParams,
        querystring: ZDbTablesQuery,
        response: { 200: ZDbTableList, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => svc.listTables(deps, actor(request), request.params.seedId, request.params.connectionId, request.query.refresh === 'true'),
  );

  app.get(
    `${base}/connections/:connectionId/functions`,
    {
      ...auth,
      schema: {
        tags,
        summary: '데이터베이스의 함수·프로시저 목록 (/rpc/{함수}로 공개할 수 있는 것)',
        security: bearer,
        params: ZApiConnectionParams,
        response: { 200: ZDbFunctionList, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => ({ data: await svc.listDbFunctions(deps, actor(request), request.params.seedId, request.params.connectionId) }),
  );

  app.get(
    `${base}/apis`,
    { ...auth, schema: { tags, summary: '공개한 API 목록', security: bearer, params: ZApiSeedParams, response: { 200: ZApiDefinitionList, ...errs } } },
    async (request) => ({
      data: await svc.listApis(deps, actor(request), request.params.seedId),
    }),
  );

  app.post(
    `${base}/apis`,
    {
      ...auth,
      schema: {
        tags,
        summary: 'API 공개 ({APP_URL}/api/v1/{id})',
        security: bearer,
        params: ZApiSeedParams,
        body: ZPublishApiInput,
        response: { 201: ZApiPublished, ...errs },
      },
    },
    async (request, reply) => reply.status(201).send(await svc.publishApi(deps, actor(request), request.params.seedId, request.body)),
  );

  app.patch(
    `${base}/apis/:apiId`,
    {
      ...auth,
      schema: {
        tags,
        summary: 'API 설정 (테이블, 메서드, 캐시)',
        security: bearer,
        params: ZApiParams,
        body: ZUpdateApiInput,
        response: { 200: ZApiUpdated, ...errs },
      },
    },
    async (request) => ({
      success: true as const,
      message: m.apiUpdated,
      data: await svc.updateApi(deps, actor(request), request.params.seedId, request.params.apiId, request.body),
    }),
  );

  app.delete(
    `${base}/apis/:apiId`,
    { ...auth, schema: { tags, summary: 'API 삭제', security: bearer, params: ZApiParams, response: { 200: ZMessageResponse, ...errs } } },
    async (request) => {
      await svc.deleteApi(deps, actor(request), request.params.seedId, request.params.apiId);
      return { success: true as const, message: m.apiDeleted };
    },
  );

  app.post(
    `${base}/apis/:apiId/change-triggers`,
    {
      ...auth,
      schema: {
        tags,
        summary: '변경 트리거 설치 (사용자 동의; PostgreSQL)',
        security: bearer,
        params: ZApiParams,
        response: { 200: ZApiUpdated, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => ({
      success: true as const,
      message: m.triggersInstalled,
      data: await svc.installChangeTriggers(deps, actor(request), request.params.seedId, request.params.apiId),
    }),
  );

  app.delete(
    `${base}/apis/:apiId/change-triggers`,
    { ...auth, schema: { tags, summary: '변경 트리거 제거', security: bearer, params: ZApiParams, response: { 200: ZApiUpdated, ...errs } } },
    async (request) => ({
      success: true as const,
      message: m.triggersRemoved,
      data: await svc.removeChangeTriggers(deps, actor(request), request.params.seedId, request.params.apiId),
    }),
  );

  app.get(
    `${base}/keys`,
    {
      ...auth,
      schema: { tags, summary: 'API 키 목록 (키 값은 돌려주지 않음)', security: bearer, params: ZApiSeedParams, response: { 200: ZApiKeyList, ...errs } },
    },
    async (request) => ({
      data: await svc.listKeys(deps, actor(request), request.params.seedId),
    }),
  );

  app.post(
    `${base}/keys`,
    {
      ...auth,
      schema: {
        tags,
        summary: 'API 키 발급 (키는 한 번만 보여줌)',
        security: bearer,
        params: ZApiSeedParams,
        body: ZCreateApiKeyInput,
        response: { 201: ZApiKeyCreated, ...errs },
      },
    },
    async (request, reply) => reply.status(201).send(await svc.createKey(deps, actor(request), request.params.seedId, request.body)),
  );

  app.patch(
    `${base}/keys/:keyId`,
    {
      ...auth,
      schema: {
        tags,
        summary: 'API 키의 개인정보 열람 허용 변경',
        security: bearer,
        params: ZApiKeyParams,
        body: ZUpdateApiKeyInput,
        response: { 200: ZMessageResponse, ...errs },
      },
    },
    async (request) => {
      const on = request.body.readPersonalData;
      await svc.setKeyPersonal(deps, actor(request), request.params.seedId, request.params.keyId, on);
      return { success: true as const, message: on ? m.keyPersonalOn : m.keyPersonalOff };
    },
  );

  app.delete(
    `${base}/keys/:keyId`,
    { ...auth, schema: { tags, summary: 'API 키 폐기', security: bearer, params: ZApiKeyParams, response: { 200: ZMessageResponse, ...errs } } },
    async (request) => {
      await svc.revokeKey(deps, actor(request), request.params.seedId, request.params.keyId);
      return { success: true as const, message: m.keyRevoked };
    },
  );
};
