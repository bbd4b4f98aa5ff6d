import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ko, ZMessageResponse } from '@suite/shared';
import {
  ZAdminAppCreatedResponse,
  ZAdminAppDetailResponse,
  ZAdminAppListQuery,
  ZAdminAppListResponse,
  ZAdminAppParams,
  ZAdminAuditListResponse,
  ZAdminAuditQuery,
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
import { auditLog } from './admin-builder.reconcile.ts';

const m = ko.adminBuilder.server;
export const tags = ['admin-builder'];
export const base = '/api/seeds/:seedId/admin-builder';
/** A generated page's table: its rows, one row, options, export and import (admin-builder-rows.routes.ts). */
export const tbl = `${base}/apps/:appId/tables/:table`;
export const auth = { onRequest: requireAuth };
export const errs = errorResponses(400, 401, 403, 404, 409, 429);
export const actor = (request: Parameters<typeof currentUser>[0]) => {
  const u = currentUser(request);
  return { id: u.id, ip: request.ip, name: u.fullName || u.email, email: u.email };
};

/** The admin-page builder's apps, their settings and change log (rows: admin-builder-rows.routes.ts). */
export const adminBuilderRoutes: FastifyPluginAsyncZod<{ deps: TDeps }> = async (app, { deps }) => {
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
};
