/** The operator's health and database API (issue 30); platform admins only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZDatabaseResponse,
  ZInstancesResponse,
  ZJobIdParams,
  ZJobsResponse,
  ZRetryJobResponse,
  ZOutsideServicesResponse,
} from '@suite/shared/schemas/monitoring';
import { currentUser, requireAdmin } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { TMonitoringDeps } from './monitoring.deps.ts';
import * as monitoring from './monitoring.service.ts';
import { databaseOverview } from './database.service.ts';

const tags = ['monitoring'];

export const monitoringRoutes: FastifyPluginAsyncZod<{ deps: TMonitoringDeps }> = async (app, { deps }) => {
  const admin = { onRequest: requireAdmin };

  app.get(
    '/api/admin/monitoring/instances',
    {
      ...admin,
      schema: {
        tags,
        summary: '실행 중인 서버 인스턴스(45초 넘게 소식이 없으면 gone), PostgreSQL·Redis 준비 상태, 외부 서비스의 마지막 성공·실패',
        security: bearer,
        response: { 200: ZInstancesResponse, ...errorResponses(401, 403) },
      },
    },
    async () => monitoring.instances(deps),
  );

  app.get(
    '/api/admin/monitoring/services',
    {
      ...admin,
      schema: {
        tags,
        summary: '외부 서비스(SMTP, Slack, 언어 모델, Google, 카카오, 네이버)의 설정 여부와 마지막 성공·실패',
        security: bearer,
        response: { 200: ZOutsideServicesResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ({ services: await monitoring.outsideServices(deps) }),
  );

  app.get(
    '/api/admin/monitoring/jobs',
    {
      ...admin,
      schema: {
        tags,
        summary: '작업 실행기: 종류별 대기열, 실패한 작업(최근 50건), 주기 작업의 마지막 실행',
        security: bearer,
        response: { 200: ZJobsResponse, ...errorResponses(401, 403) },
      },
    },
    async () => monitoring.jobsOverview(deps),
  );

  app.post(
    '/api/admin/monitoring/jobs/:id/retry',
    {
      ...admin,
      schema: {
        tags,
        summary: '실패한 작업을 다시 실행 대기열에 넣기 (없는 작업 404, 실패하지 않은 작업 409; 감사 기록)',
        security: bearer,
        params: ZJobIdParams,
        response: { 200: ZRetryJobResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const job = await monitoring.retryJob(deps, request.params.id);
      await writeAudit(deps.ctx.database.db, {
        action: 'monitoring.job_retried',
        actorId: currentUser(request).id,
        targetType: 'job',
        targetId: String(job.id),
        ip: request.ip,
        metadata: { kind: job.kind },
      });
      return job;
    },
  );

  app.get(
    '/api/admin/database',
    {
      ...admin,
      schema: {
        tags,
        summary: '데이터베이스(읽기 전용): 엔진·버전, 모듈별 테이블 크기와 행 수, 적용된 마이그레이션, 연결 풀, 마지막 백업, 느린 쿼리',
        security: bearer,
        response: { 200: ZDatabaseResponse, ...errorResponses(401, 403) },
      },
    },
    async () => databaseOverview(deps),
  );
};
