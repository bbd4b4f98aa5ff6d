import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSeedParams } from '@suite/shared/schemas/seeds';
import { ZSeedMonitoringResponse, ZSpendResponse, ZTrafficQuery, ZTrafficResponse } from '@suite/shared/schemas/traffic';
import type { TAppContext } from '../../context.ts';
import { currentUser, requireAdmin, requireAuth } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import { seedMonitoring, spend, traffic } from './traffic.service.ts';

export const trafficRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const deps = { db, state: ctx.state, mailQuota: ctx.config.mailQuota, consoleOrigin: new URL(ctx.config.appUrl).origin.toLowerCase() };

  app.get(
    '/api/admin/monitoring/traffic',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          '트래픽: 기간(1h|24h|7d) 동안의 요청, 4xx, 5xx, 429와 응답 시간 p50/p95/p99 — 합계, 서비스별, 요청이 많은 경로 20개, 차트용 시계열(60/96/168개 지점)',
        security: bearer,
        querystring: ZTrafficQuery,
        response: { 200: ZTrafficResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => traffic(db, request.query.window, ctx.now()),
  );

  app.get(
    '/api/admin/monitoring/spend',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '사용량: 워크스페이스별 이번 달 언어 모델 토큰과 예산, 기간 동안 시드별 메일 발송과 시간당 한도, 요청 제한(429) 거절',
        security: bearer,
        querystring: ZTrafficQuery,
        response: { 200: ZSpendResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => spend(deps, request.query.window, ctx.now()),
  );

  app.get(
    '/api/seeds/:seedId/monitoring',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['seeds'],
        summary: '시드 모니터링: 이 시드의 요청과 API 빌더 호출(오류, 응답 시간, 캐시 적중률), 챗봇 미응답 비율, 메일과 토큰 — 소유자·관리자만 (멤버 403)',
        security: bearer,
        params: ZSeedParams,
        querystring: ZTrafficQuery,
        response: { 200: ZSeedMonitoringResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => seedMonitoring(deps, currentUser(request).id, request.params.seedId, request.query.window, ctx.now()),
  );
};
