import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ko, ZMessageResponse } from '@suite/shared';
import { ZAdminTableParams } from '@suite/shared/schemas/admin-builder';
import {
  ZAdminViewInput,
  ZAdminViewListResponse,
  ZAdminViewParams,
  ZAdminViewSavedResponse,
  ZAdminViewUpdateInput,
} from '@suite/shared/schemas/admin-builder-views';
import { bearer } from '../../lib/route-helpers.ts';
import type { TDeps } from './admin-builder.deps.ts';
import { actor, auth, errs, tags, tbl } from './admin-builder.routes.ts';
import * as svc from './admin-builder-views.service.ts';

const m = ko.adminBuilder.views.server;

/** A person's own saved views of a table (filters, sort, columns, search): issue 36, decision 093. */
export const adminBuilderViewRoutes: FastifyPluginAsyncZod<{ deps: TDeps }> = async (app, { deps }) => {
  app.get(
    `${tbl}/views`,
    {
      ...auth,
      schema: { tags, summary: '내가 저장한 보기 목록', security: bearer, params: ZAdminTableParams, response: { 200: ZAdminViewListResponse, ...errs } },
    },
    async (request) => {
      const { seedId, appId, table } = request.params;
      return { data: await svc.listViews(deps, actor(request), seedId, appId, table) };
    },
  );

  app.post(
    `${tbl}/views`,
    {
      ...auth,
      schema: {
        tags,
        summary: '지금 목록의 필터·정렬·열·검색을 보기로 저장 (한 사람이 테이블마다 50개까지)',
        security: bearer,
        params: ZAdminTableParams,
        body: ZAdminViewInput,
        response: { 201: ZAdminViewSavedResponse, ...errs },
      },
    },
    async (request, reply) => {
      const { seedId, appId, table } = request.params;
      const data = await svc.createView(deps, actor(request), seedId, appId, table, request.body);
      return reply.status(201).send({ success: true as const, message: m.saved, data });
    },
  );

  app.patch(
    `${tbl}/views/:viewId`,
    {
      ...auth,
      schema: {
        tags,
        summary: '내 보기의 이름이나 설정 바꾸기',
        security: bearer,
        params: ZAdminViewParams,
        body: ZAdminViewUpdateInput,
        response: { 200: ZAdminViewSavedResponse, ...errs },
      },
    },
    async (request) => {
      const { seedId, appId, table, viewId } = request.params;
      const data = await svc.updateView(deps, actor(request), seedId, appId, table, viewId, request.body);
      return { success: true as const, message: m.renamed, data };
    },
  );

  app.delete(
    `${tbl}/views/:viewId`,
    {
      ...auth,
      schema: { tags, summary: '내 보기 삭제', security: bearer, params: ZAdminViewParams, response: { 200: ZMessageResponse, ...errs } },
    },
    async (request) => {
      const { seedId, appId, table, viewId } = request.params;
      await svc.deleteView(deps, actor(request), seedId, appId, table, viewId);
      return { success: true as const, message: m.deleted };
    },
  );
};
