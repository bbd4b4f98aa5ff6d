/** Advisors and alert rules (issue 30): platform admins only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAdvisorsResponse, ZAlertDeleted, ZAlertIdParams, ZAlertRuleInput, ZAlertRulePatch, ZAlertRuleSaved, ZAlertsResponse } from '@suite/shared';
import { currentUser, requireAdmin } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import type { TAlertsDeps } from './alerts.deps.ts';
import * as alerts from './alerts.service.ts';

const tags = ['monitoring'];

export const alertsRoutes: FastifyPluginAsyncZod<{ deps: TAlertsDeps }> = async (app, { deps }) => {
  const admin = { onRequest: requireAdmin };

  app.get(
    '/api/admin/monitoring/advisors',
    {
      ...admin,
      schema: {
        tags,
        summary: '점검 권고: 이 설치의 설정과 상태에서 찾은 문제, 왜 중요한지와 해결 방법',
        security: bearer,
        response: { 200: ZAdvisorsResponse, ...errorResponses(401, 403) },
      },
    },
    async () => alerts.computeAdvisors(deps),
  );

  app.get(
    '/api/admin/alerts',
    {
      ...admin,
      schema: {
        tags,
        summary: '경보 규칙과 최근 경보 기록 (발생 중인 것 먼저)',
        security: bearer,
        response: { 200: ZAlertsResponse, ...errorResponses(401, 403) },
      },
    },
    async () => alerts.listAlerts(deps),
  );

  app.post(
    '/api/admin/alerts',
    {
      ...admin,
      schema: {
        tags,
        summary: '경보 규칙 만들기 (웹훅 주소가 있으면 서명 키를 이 응답에서 한 번만 돌려줌)',
        security: bearer,
        body: ZAlertRuleInput,
        response: { 201: ZAlertRuleSaved, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return alerts.createRule(deps, currentUser(request).id, request.body);
    },
  );

  app.patch(
    '/api/admin/alerts/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: '경보 규칙 바꾸기 (웹훅 주소가 바뀌면 새 서명 키를 한 번만 돌려줌)',
        security: bearer,
        params: ZAlertIdParams,
        body: ZAlertRulePatch,
        response: { 200: ZAlertRuleSaved, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => alerts.updateRule(deps, request.params.id, request.body),
  );

  app.delete(
    '/api/admin/alerts/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: '경보 규칙 삭제 (그 기록도 함께)',
        security: bearer,
        params: ZAlertIdParams,
        response: { 200: ZAlertDeleted, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => alerts.deleteRule(deps, request.params.id),
  );
};
