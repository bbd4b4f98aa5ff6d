import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ko, ZMessageResponse } from '@suite/shared';
import { ZAdminAppParams, ZAdminTableParams } from '@suite/shared/schemas/admin-builder';
import {
  ZAdminAssignRoleInput,
  ZAdminMemberParams,
  ZAdminRevealInput,
  ZAdminRevealListQuery,
  ZAdminRevealListResponse,
  ZAdminRevealResponse,
  ZAdminRoleInput,
  ZAdminRoleParams,
  ZAdminRoleSavedResponse,
  ZAdminRolesResponse,
} from '@suite/shared/schemas/admin-builder-roles';
import { bearer } from '../../lib/route-helpers.ts';
import { ACCESS, accessOf, recordAccess } from '../../lib/access-log.ts';
import type { TDeps } from './admin-builder.deps.ts';
import { actor, auth, base, errs, tags, tbl } from './admin-builder.routes.ts';
import * as svc from './admin-builder.roles.ts';

const r = ko.adminBuilder.roles.server;
const appPath = `${base}/apps/:appId`;

/** Custom roles of an app, members' roles, and 열람 of masked personal data with a reason (decision 092). */
export const adminBuilderRoleRoutes: FastifyPluginAsyncZod<{ deps: TDeps }> = async (app, { deps }) => {
  app.get(
    `${appPath}/roles`,
    {
      ...auth,
      schema: {
        tags,
        summary: '앱의 역할과 구성원별 역할 (소유자·관리자)',
        security: bearer,
        params: ZAdminAppParams,
        response: { 200: ZAdminRolesResponse, ...errs },
      },
    },
    async (request) => ({ data: await svc.listRoles(deps, actor(request), request.params.seedId, request.params.appId) }),
  );

  app.post(
    `${appPath}/roles`,
    {
      ...auth,
      schema: {
        tags,
        summary: '역할 만들기 (테이블별 권한 view·create·edit·delete·export·import·unmask, 행 규칙 열 eq·ne·in 값 또는 나)',
        security: bearer,
        params: ZAdminAppParams,
        body: ZAdminRoleInput,
        response: { 201: ZAdminRoleSavedResponse, ...errs },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        message: r.roleSaved,
        data: await svc.createRole(deps, actor(request), request.params.seedId, request.params.appId, request.body),
      }),
  );

  app.patch(
    `${appPath}/roles/:roleId`,
    {
      ...auth,
      schema: {
        tags,
        summary: '역할 고치기',
        security: bearer,
        params: ZAdminRoleParams,
        body: ZAdminRoleInput,
        response: { 200: ZAdminRoleSavedResponse, ...errs },
      },
    },
    async (request) => ({
      success: true as const,
      message: r.roleSaved,
      data: await svc.updateRole(deps, actor(request), request.params.seedId, request.params.appId, request.params.roleId, request.body),
    }),
  );

  app.delete(
    `${appPath}/roles/:roleId`,
    { ...auth, schema: { tags, summary: '역할 삭제', security: bearer, params: ZAdminRoleParams, response: { 200: ZMessageResponse, ...errs } } },
    async (request) => {
      await svc.deleteRole(deps, actor(request), request.params.seedId, request.params.appId, request.params.roleId);
      return { success: true as const, message: r.roleDeleted };
    },
  );

  app.patch(
    `${appPath}/members/:userId/role`,
    {
      ...auth,
      schema: {
        tags,
        summary: '구성원의 이 앱 역할 (roleId null 이면 기본 구성원 권한)',
        security: bearer,
        params: ZAdminMemberParams,
        body: ZAdminAssignRoleInput,
        response: { 200: ZMessageResponse, ...errs },
      },
    },
    async (request) => {
      const { seedId, appId, userId } = request.params;
      await svc.assignRole(deps, actor(request), seedId, appId, userId, request.body.roleId);
      return { success: true as const, message: request.body.roleId ? r.roleAssigned : r.roleUnassigned };
    },
  );

  app.post(
    `${tbl}/reveal`,
    {
      ...auth,
      schema: {
        tags,
        summary: '가려진 개인정보 열람 (사유 2~200자, 열람 기록이 남음)',
        security: bearer,
        params: ZAdminTableParams,
        body: ZAdminRevealInput,
        response: { 200: ZAdminRevealResponse, ...errs },
      },
    },
    async (request) => {
      const { seedId, appId, table } = request.params;
      const { key, column, reason } = request.body;
      const res = await svc.reveal(deps, actor(request), seedId, appId, table, request.body);
      await recordAccess(deps.db, {
        ...accessOf(request, 'seed', ACCESS.adminBuilderReveal, `앱 ${appId} 표 ${table} · 행 ${key.slice(0, 200)} · 열 ${column}`, seedId),
        reason,
      });
      return { success: true as const, message: r.revealed, data: res };
    },
  );

  app.get(
    `${appPath}/reveals`,
    {
      ...auth,
      schema: {
        tags,
        summary: '개인정보 열람 기록 (소유자·관리자)',
        security: bearer,
        params: ZAdminAppParams,
        querystring: ZAdminRevealListQuery,
        response: { 200: ZAdminRevealListResponse, ...errs },
      },
    },
    async (request) => svc.reveals(deps, actor(request), request.params.seedId, request.params.appId, request.query.page),
  );
};
