import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ko, ZMessageResponse } from '@suite/shared';
import {
  ZAdminBulkDeleteInput,
  ZAdminImportInput,
  ZAdminImportResponse,
  ZAdminOptionsQuery,
  ZAdminOptionsResponse,
  ZAdminRowInput,
  ZAdminRowKeyQuery,
  ZAdminRowListResponse,
  ZAdminRowResponse,
  ZAdminRowSavedResponse,
  ZAdminRowsQuery,
  ZAdminTableParams,
} from '@suite/shared/schemas/admin-builder';
import { ZAdminRevealInput } from '@suite/shared/schemas/admin-builder-roles';
import { bearer } from '../../lib/route-helpers.ts';
import { ACCESS, accessOf, recordAccess } from '../../lib/access-log.ts';
import type { TDeps } from './admin-builder.deps.ts';
import { importCsv } from './admin-builder.import.ts';
import { exportCsv, exportXlsx, getRow, listRows, options } from './admin-builder.read.ts';
import { XLSX_TYPE } from './admin-builder.xlsx.ts';
import { actor, auth, errs, tags, tbl } from './admin-builder.routes.ts';
import { createRow, deleteRows, updateRow } from './admin-builder.write.ts';

const m = ko.adminBuilder.server;
/** `reason` (2–200 characters, as for 열람): the masked columns in clear, recorded; without it they stay ●●●. */
const ZExportQuery = ZAdminRowsQuery.omit({ page: true, pageSize: true }).extend({ reason: ZAdminRevealInput.shape.reason.optional() });

/** A generated page's rows, through the API builder's data API: list, one row, write, delete, options, CSV out and in. */
export const adminBuilderRowRoutes: FastifyPluginAsyncZod<{ deps: TDeps }> = async (app, { deps }) => {
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
    async (request) => {
      const { seedId, appId, table } = request.params;
      const res = await listRows(deps, actor(request), seedId, appId, table, request.query);
      const subject = `앱 ${appId} 표 ${table} · ${res.page}쪽 ${res.data.length}행`;
      await recordAccess(deps.db, accessOf(request, 'seed', ACCESS.adminBuilderRowsRead, subject, seedId));
      return res;
    },
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
    async (request) => {
      const { seedId, appId, table } = request.params;
      const res = await getRow(deps, actor(request), seedId, appId, table, request.query.key);
      await recordAccess(deps.db, accessOf(request, 'seed', ACCESS.adminBuilderRowsRead, `앱 ${appId} 표 ${table} · 행 ${request.query.key}`, seedId));
      return res;
    },
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
        summary: '현재 필터의 행을 CSV로 내보내기 (목록에 보이는 열만; 가린 열은 reason 을 주면 열람 기록을 남기고 그대로)',
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
      const { seedId, appId, table } = request.params;
      await recordAccess(deps.db, {
        ...accessOf(request, 'seed', ACCESS.adminBuilderExport, `앱 ${appId} 표 ${table} · CSV`, seedId),
        reason: request.query.reason ?? null,
      });
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

  app.get(
    `${tbl}/export.xlsx`,
    {
      ...auth,
      schema: {
        tags,
        summary: '현재 필터의 행을 엑셀(.xlsx)로 내보내기 (목록에 보이는 열만, 숫자·날짜·예/아니요는 엑셀 형식으로; 가린 열은 reason 이 있을 때만 그대로)',
        security: bearer,
        params: ZAdminTableParams,
        querystring: ZExportQuery,
        response: { 200: z.string().describe(XLSX_TYPE), ...errs },
      },
    },
    async (request, reply) => {
      const { seedId, appId, table } = request.params;
      const file = await exportXlsx(deps, actor(request), seedId, appId, table, request.query);
      await recordAccess(deps.db, {
        ...accessOf(request, 'seed', ACCESS.adminBuilderExport, `앱 ${appId} 표 ${table} · XLSX`, seedId),
        reason: request.query.reason ?? null,
      });
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(table)}.xlsx`)
        .send(file as unknown as string);
    },
  );

  app.post(
    `${tbl}/import`,
    {
      ...auth,
      // The body schema takes 5 MB of CSV or .xlsx (6.7 MB in base64); the suite-wide limit is 1 MB.
      bodyLimit: 7 * 1024 * 1024,
      schema: {
        tags,
        summary: 'CSV·엑셀(.xlsx) 가져오기 (commit=false 면 미리보기와 행별 오류만; importId 가 같은 재시도는 첫 결과를 돌려줌)',
        security: bearer,
        params: ZAdminTableParams,
        body: ZAdminImportInput,
        response: { 200: ZAdminImportResponse, ...errs },
      },
    },
    async (request) => importCsv(deps, actor(request), request.params.seedId, request.params.appId, request.params.table, request.body),
  );
};
