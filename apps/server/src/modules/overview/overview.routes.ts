import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAnalyticsQuery,
  ZAnalyticsResponse,
  ZConsoleSummaryQuery,
  ZConsoleSummaryResponse,
  ZOverviewResponse,
  ZServicesResponse,
} from '@suite/shared/schemas/admin';
import type { TDb } from '../../db/client.ts';
import type { TClock } from '../../lib/clock.ts';
import { currentUser, requireAdmin, requireAuth } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import { analytics, consoleSummary, overview, servicesList } from './overview.service.ts';

export const overviewRoutes: FastifyPluginAsyncZod<{ db: TDb; now: TClock }> = async (app, { db, now }) => {
  app.get(
    '/api/admin/overview',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          '플랫폼 개요: 사용자, API 호출, 매출(이번 달과 지난달 결제된 청구서의 공급가액, 서비스별은 초과 사용 요금), 서비스별 수치 — 월·일은 한국 시간 기준',
        security: bearer,
        response: { 200: ZOverviewResponse, ...errorResponses(401, 403) },
      },
    },
    async () => overview(db, now()),
  );

  app.get(
    '/api/admin/analytics',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '통계: 일별 가입자, 활성 사용자, 서비스별 API 호출 (기본 최근 30일, 최대 366일, 빈 날은 0)',
        security: bearer,
        querystring: ZAnalyticsQuery,
        response: { 200: ZAnalyticsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => analytics(db, request.query, now()),
  );

  app.get(
    '/api/console/summary',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['console'],
        summary: '내 콘솔 요약: 내 시드 수와 최근 30일 서비스별 사용자·호출 수 (seedId를 주면 그 시드 멤버들, 없으면 나와 내 시드 멤버들)',
        security: bearer,
        querystring: ZConsoleSummaryQuery,
        response: { 200: ZConsoleSummaryResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => consoleSummary(db, currentUser(request).id, request.query.seedId, now()),
  );

  app.get(
    '/api/services',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['console'],
        summary: '서비스 목록 (사용자 = 최근 30일 동안 사용한 사람 수)',
        security: bearer,
        response: { 200: ZServicesResponse, ...errorResponses(401) },
      },
    },
    async () => servicesList(db, now()),
  );
};
