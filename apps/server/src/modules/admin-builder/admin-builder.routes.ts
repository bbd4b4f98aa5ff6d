import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ko, ZMessageResponse } from '@suite/shared';
import {
  ZAdminAppCreatedResponse,
  ZAdminAppDetailResponse,
  ZAdminAppListQuery,
  ZAdminAppListResponse,
  ZAdminAppParams,
  ZAdminAuditListResponse,
  ZAdminAuditQuery,
  ZAdminBulkDeleteInput,
  ZAdminImportInput,
  ZAdminImportResponse,
  ZAdminOptionsResponse,
  ZAdminOptionsQuery,
  ZAdminRowResponse,
  ZAdminRowInput,
  ZAdminRowKeyQuery,
  ZAdminRowListResponse,
  ZAdminRowSavedResponse,
  ZAdminRowsQuery,
  ZAdminSeedParams,
  ZAdminSettingsSavedResponse,
  ZAdminTableParams,
  ZCreateAdminAppInput,
  ZRenameAdminAppInput,
  ZUpdateTableSettingsInput,
} from '@suite/shared/schemas/admin-builder';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import type { TDeps } from './admin-builder.deps.ts';
import * as svc from './admin-builder.service.ts';
import { exportCsv, getRow, listRows, options } from './admin-builder.read.ts';
import { createRow, deleteRows, updateRow } from './admin-builder.write.ts';
import { importCsv } from './admin-builder.import.ts';
import { auditLog } from './admin-builder.reconcile.ts';

const m = ko.adminBuilder.server;
const tags = ['admin-builder'];
const base = '/api/seeds/:seedId/admin-builder';
const ZExportQuery = ZAdminRowsQuery.omit({ page: true, pageSize: true });

/** The admin-page builder: apps, settings, and generated pages' rows (through the API builder's data API). */
export const adminBuilderRoutes: FastifyPluginAsyncZod<{ deps: TDeps }> = async (app, { deps }) => {
  const auth = { onRequest: requireAuth };
  const actor = (request: Parameters<typeof currentUser>[0]) => {
    const u = currentUser(request);
    return { id: u.id, ip: request.ip, name: u.fullName || u.email };
  };
  const errs = errorResponses(400, 401, 403, 404, 409, 429);
  const tbl = `${base}/apps/:appId/tables/:table`;

  app.get(
    `${base}/apps`,
    {
      ...auth,
      schema: {
        tags,
        summary: '어드민 앱 목록 (?connectionId= 이면 그 연결 위에 만든 앱만: 연결 삭제 확인에 이름을 보일 때)',
        security: bearer,
        params: ZAdminSeedParams,
        querystring: ZAdminAppListQuery,
        response: { 200: ZAdminAppListResponse, ...errs },
      },
    },
    async (request) => ({
      data: await svc.listApps(deps, actor(request), request.params.seedId, request.query.connectionId),
    }),
  );

  app.post(
    `${base}/apps`,
    {
      ...auth,
      schema: {
        tags,
        summary: '어드민 앱 만들기 (고른 테이블마다 페이지 생성)',
        security: bearer,
        params: ZAdminSeedParams,
        body: ZCreateAdminAppInput,
        response: { 201: ZAdminAppCreatedResponse, ...errs },
      },
    },
    async (request, reply) => reply.status(201).send(await svc.createApp(deps, actor(request), request.params.seedId, request.body)),
  );

  app.get(
    `${base}/apps/:appId`,
    {
      ...auth,
      schema: {
        tags,
        summary: '어드민 앱 (테이블, 열, 설정, 내 권한)',
        security: bearer,
        params: ZAdminAppParams,
        response: { 200: ZAdminAppDetailResponse, ...errs },
      },
    },
    async (request) => ({
      data: await svc.appDetail(deps, actor(request), request.params.seedId, request.params.appId),
    }),
  );

  app.patch(
    `${base}/apps/:appId`,
    {
      ...auth,
      schema: {
        tags,
        summary: '어드민 앱 이름 바꾸기',
        security: bearer,
        params: ZAdminAppParams,
        body: ZRenameAdminAppInput,
        response: { 200: ZMessageResponse, ...errs },
      },
    },
    async (request) => {
      await svc.renameApp(deps, actor(request), request.params.seedId, request.params.appId, request.body.name);
      return { success: true as const, message: m.appRenamed };
    },
  );

  app.delete(
    `${base}/apps/:appId`,
    {
      ...auth,
      schema: {
        tags,
        summary: '어드민 앱 삭제 (고객 데이터베이스는 그대로)',
        security: bearer,
        params: ZAdminAppParams,
        response: { 200: ZMessageResponse, ...errs },
      },
    },
    async (request) => {
      await svc.deleteApp(deps, actor(request), request.params.seedId, request.params.appId);
      return { success: true as const, message: m.appDeleted };
    },
  );

  app.get(
    `${base}/apps/:appId/audit`,
    {
      ...auth,
      schema: {
        tags,
        summary: '앱의 변경 기록 (검색)',
        security: bearer,
        params: ZAdminAppParams,
        querystring: ZAdminAuditQuery,
        response: { 200: ZAdminAuditListResponse, ...errs },
      },
    },
    async (request) => auditLog(deps, actor(request), request.params.seedId, request.params.appId, request.query),
  );

  app.patch(
    `${tbl}/settings`,
    {
      ...auth,
      schema: {
        tags,
        summary: '테이블 설정 (표시 이름, 열, 읽기 전용, 기본 정렬, 역할 권한)',
        security: bearer,
        params: ZAdminTableParams,
        body: ZUpdateTableSettingsInput,
        response: { 200: ZAdminSettingsSavedResponse, ...errs },
      },
    },
    async (request) => ({
      success: true as const,
      message: m.settingsSaved,
      data: await svc.updateSettings(deps, actor(request), request.params.seedId, request.params.appId, request.params.table, request.body),
    }),
  );

  app.get(
    `${tbl}/rows`,
    {
      ...auth,
      schema: {
        tags,
        summary: '행 목록 (페이지, 정렬, 검색, 필터 f.<열>=contains|eq|gte|lte|in|is:<값>)',
        security: bearer,
        params: ZAdminTableParams,
        querystring: ZAdminRowsQuery,
        response: { 200: ZAdminRowListResponse, ...errs },
      },
    },
    async (request) => listRows(deps, actor(request), request.params.seedId, request.params.appId, request.params.table, request.query),
  );

  app.post(
    `${tbl}/rows`,
    {
      ...auth,
      schema: {
        tags,
        summary: '행 추가',
        security: bearer,
        params: ZAdminTableParams,
        body: ZAdminRowInput,
        response: { 201: ZAdminRowSavedResponse, ...errs },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        message: m.rowCreated,
        data: await createRow(deps, actor(request), request.params.seedId, request.params.appId, request.params.table, request.body),
      }),
  );

  app.get(
    `${tbl}/row`,
    {
      ...auth,
      schema: {
        tags,
        summary: '행 하나 (?key=기본 키 JSON 배열)',
        security: bearer,
        params: ZAdminTableParams,
        querystring: ZAdminRowKeyQuery,
        response: { 200: ZAdminRowResponse, ...errs },
      },
    },
    async (request) => getRow(deps, actor(request), request.params.seedId, request.params.appId, request.params.table, request.query.key),
  );

  app.patch(
    `${tbl}/row`,
    {
      ...auth,
      schema: {
        tags,
        summary: '행 수정',
        security: bearer,
        params: ZAdminTableParams,
        querystring: ZAdminRowKeyQuery,
        body: ZAdminRowInput,
        response: { 200: ZAdminRowSavedResponse, ...errs },
      },
    },
    async (request) => ({
      success: true as const,
      message: m.rowUpdated,
      data: await updateRow(deps, actor(request), request.params.seedId, request.params.appId, request.params.table, request.query.key, request.body),
    }),
  );

  app.delete(
    `${tbl}/row`,
    {
      ...auth,
      schema: {
        tags,
        summary: '행 삭제',
        security: bearer,
        params: ZAdminTableParams,
        querystring: ZAdminRowKeyQuery,
        response: { 200: ZMessageResponse, ...errs },
      },
    },
    async (request) => {
      await deleteRows(deps, actor(request), request.params.seedId, request.params.appId, request.params.table, [request.query.key]);
      return { success: true as const, message: m.rowDeleted };
    },
  );

  app.post(
    `${tbl}/rows/delete`,
    {
      ...auth,
      schema: {
        tags,
        summary: '고른 행 한꺼번에 삭제',
        security: bearer,
        params: ZAdminTableParams,
        body: ZAdminBulkDeleteInput,
        response: { 200: ZMessageResponse, ...errs },
      },
    },
    async (request) => {
      const n = await deleteRows(deps, actor(request), request.params.seedId, request.params.appId, request.params.table, request.body.keys);
      return { success: true as const, message: m.rowsDeleted(n) };
    },
  );

  app.get(
    `${tbl}/options`,
    {
      ...auth,
      schema: {
        tags,
        summary: '외래 키 선택 목록 (표시 열 검색)',
        security: bearer,
        params: ZAdminTableParams,
        querystring: ZAdminOptionsQuery,
        response: { 200: ZAdminOptionsResponse, ...errs },
      },
    },
    async (request) => options(deps, actor(request), request.params.seedId, request.params.appId, request.params.table, request.query.q),
  );

  app.get(
    `${tbl}/export.csv`,
    {
      ...auth,
      schema: {
        tags,
        summary: '현재 필터의 행을 CSV로 내보내기 (목록에 보이는 열만)',
        security: bearer,
        params: ZAdminTableParams,
        querystring: ZExportQuery,
        response: { 200: z.string().describe('text/csv'), ...errs },
      },
    },
    async (request, reply) => {
      const lines = exportCsv(deps, actor(request), request.params.seedId, request.params.appId, request.params.table, request.query);
      // The first chunk runs the permission check, so a refusal is still a JSON error, not a broken download.
      const first = await lines.next();
      const { Readable } = await import('node:stream');
      async function* rest() {
        if (!first.done) yield first.value;
        for await (const l of lines) yield l;
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(request.params.table)}.csv`)
        .send(Readable.from(rest()) as unknown as string);
    },
  );

  app.post(
    `${tbl}/import`,
    {
      ...auth,
      // The body schema takes 5 MB of CSV (6.7 MB in base64); the suite-wide limit is 1 MB.
      bodyLimit: 7 * 1024 * 1024,
      schema: {
        tags,
        summary: 'CSV 가져오기 (commit=false 면 미리보기와 행별 오류만; importId 가 같은 재시도는 첫 결과를 돌려줌)',
        security: bearer,
        params: ZAdminTableParams,
        body: ZAdminImportInput,
        response: { 200: ZAdminImportResponse, ...errs },
      },
    },
    async (request) => importCsv(deps, actor(request), request.params.seedId, request.params.appId, request.params.table, request.body),
  );
};
