import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ko, ZAuthResponse, ZMessageResponse } from '@suite/shared';
import {
  ZAcceptAccountInvitationInput,
  ZAdminInviteInput,
  ZAdminStatusInput,
  ZAdminUpdateUserInput,
  ZAdminUserParams,
  ZAdminUserResponse,
  ZAdminUsersQuery,
  ZAdminUsersResponse,
  ZAuditQuery,
  ZAuditResponse,
  ZTrashResponse,
} from '@suite/shared/schemas/admin';
import { currentUser, requireAdmin } from '../../plugins/auth-guard.ts';
import { requestMeta, sessionsEnded, type TAuthDeps } from '../auth/auth.service.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import { ACCESS, accessOf, quoted, recordAccess } from '../../lib/access-log.ts';
import { routeLimit } from '../../plugins/rate-limit.ts';
import { acceptAccountInvitation, inviteAccount } from './admin-invite.service.ts';
import * as admin from './admin-users.service.ts';

const m = ko.console.admin;
const tags = ['admin'];

export const adminUserRoutes: FastifyPluginAsyncZod<{ deps: TAuthDeps }> = async (app, { deps }) => {
  const db = deps.db;
  const actorOf = (request: Parameters<typeof currentUser>[0]) => ({ id: currentUser(request).id, ip: request.ip, at: deps.now() });
  const guarded = { onRequest: requireAdmin };

  app.get(
    '/api/admin/users',
    {
      ...guarded,
      schema: {
        tags,
        summary: '사용자 목록 (검색: 이메일·이름, 초성 검색 지원; 필터: 역할·상태·가입일; 정렬; 페이지)',
        security: bearer,
        querystring: ZAdminUsersQuery,
        response: { 200: ZAdminUsersResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const res = await admin.listUsers(db, request.query, deps.now());
      const q = request.query;
      const filters = [quoted(q.search), q.role, q.status, q.joined].filter(Boolean).join(' ');
      await recordAccess(
        db,
        accessOf(request, 'platform', ACCESS.adminUsersList, `${filters ? `${filters} · ` : ''}${res.page}쪽 ${res.data.length}/${res.total}명`),
      );
      return res;
    },
  );

  app.get(
    '/api/admin/users/trash',
    { ...guarded, schema: { tags, summary: '휴지통 (삭제 후 30일 보관)', security: bearer, response: { 200: ZTrashResponse, ...errorResponses(401, 403) } } },
    async (request) => {
      const data = await admin.listTrash(db);
      await recordAccess(db, accessOf(request, 'platform', ACCESS.adminUsersTrash, `${data.length}명`));
      return { data };
    },
  );

  app.post(
    '/api/admin/users/invite',
    {
      ...guarded,
      schema: {
        tags,
        summary: '사용자 추가: 계정을 만들고 비밀번호 설정 링크를 메일로 보냅니다',
        security: bearer,
        body: ZAdminInviteInput,
        response: { 201: ZMessageResponse, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      await inviteAccount(deps, actorOf(request), request.body);
      return reply.status(201).send({ success: true as const, message: m.invited(request.body.email) });
    },
  );

  app.patch(
    '/api/admin/users/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: '사용자 정보 수정 (이름, 역할)',
        security: bearer,
        params: ZAdminUserParams,
        body: ZAdminUpdateUserInput,
        response: { 200: ZAdminUserResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: m.userUpdated,
      data: await admin.updateUser(db, actorOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/api/admin/users/:id/status',
    {
      ...guarded,
      schema: {
        tags,
        summary: '상태 변경 (정지·비활성화하면 모든 세션이 즉시 종료됩니다)',
        security: bearer,
        params: ZAdminUserParams,
        body: ZAdminStatusInput,
        response: { 200: ZAdminUserResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const data = await admin.setStatus(db, actorOf(request), request.params.id, request.body.status);
      // Suspension and inactivation ended the user's sessions (committed): their open event streams close too.
      if (request.body.status !== 'active') await sessionsEnded(deps, request.params.id);
      return { success: true as const, message: m.statusChanged[request.body.status], data };
    },
  );

  app.delete(
    '/api/admin/users/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: '사용자 삭제 (휴지통으로 이동, 30일 뒤 영구 삭제)',
        security: bearer,
        params: ZAdminUserParams,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await admin.softDelete(db, actorOf(request), request.params.id);
      await sessionsEnded(deps, request.params.id);
      return { success: true as const, message: m.deleted };
    },
  );

  app.post(
    '/api/admin/users/:id/restore',
    {
      ...guarded,
      schema: {
        tags,
        summary: '휴지통에서 복원',
        security: bearer,
        params: ZAdminUserParams,
        response: { 200: ZAdminUserResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, message: m.restored, data: await admin.restore(db, actorOf(request), request.params.id) }),
  );

  app.get(
    '/api/admin/audit',
    {
      ...guarded,
      schema: {
        tags,
        summary: '감사 로그 (action: 정확한 이름 또는 접두어 예: admin; search: 이메일·이름·행위)',
        security: bearer,
        querystring: ZAuditQuery,
        response: { 200: ZAuditResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const res = await admin.listAudit(db, request.query);
      const filters = [request.query.action, quoted(request.query.search)].filter(Boolean).join(' ');
      await recordAccess(
        db,
        accessOf(request, 'platform', ACCESS.adminAuditRead, `${filters ? `${filters} · ` : ''}${res.page}쪽 ${res.data.length}/${res.total}건`),
      );
      return res;
    },
  );

  app.post(
    '/api/invitations/accept',
    {
      config: { rateLimit: routeLimit((r) => `invite-accept:ip:${r.ip}`, { max: 30, windowMs: 5 * 60_000 }) },
      schema: {
        tags: ['auth'],
        summary: '계정 초대 수락: 비밀번호를 정하고 로그인합니다 (로그인 응답과 같은 형태)',
        body: ZAcceptAccountInvitationInput,
        response: { 200: ZAuthResponse, ...errorResponses(400, 403, 429) },
      },
    },
    async (request) => {
      return acceptAccountInvitation(deps, request.body, requestMeta(request));
    },
  );
};
