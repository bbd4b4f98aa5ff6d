import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ko, ZMessageResponse } from '@suite/shared';
import {
  ZAcceptSeedInvitationInput,
  ZCreateSeedInput,
  ZInviteSeedMemberInput,
  ZSeedInvitationParams,
  ZSeedInvitationPreview,
  ZSeedInvitationPreviewQuery,
  ZSeedListResponse,
  ZSeedMemberParams,
  ZSeedMembersResponse,
  ZSeedParams,
  ZSeedResponse,
  ZTransferSeedInput,
  ZUpdateSeedInput,
  ZUpdateSeedMemberInput,
} from '@suite/shared/schemas/seeds';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import type { TAuthDeps } from '../auth/auth.service.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import { ACCESS, accessOf, recordAccess } from '../../lib/access-log.ts';
import { acceptInvitation, cancelInvitation, inviteToSeed, previewInvitation } from './seed-invitations.service.ts';
import * as seeds from './seeds.service.ts';

const m = ko.console.seeds;
const tags = ['seeds'];

export const seedRoutes: FastifyPluginAsyncZod<{ deps: TAuthDeps }> = async (app, { deps }) => {
  const db = deps.db;
  const actorOf = (request: Parameters<typeof currentUser>[0]) => {
    const u = currentUser(request);
    return { id: u.id, ip: request.ip, email: u.email, fullName: u.fullName };
  };
  const auth = { onRequest: requireAuth };

  app.get(
    '/api/seeds',
    { ...auth, schema: { tags, summary: '내가 속한 시드 목록 (생성일 순)', security: bearer, response: { 200: ZSeedListResponse, ...errorResponses(401) } } },
    async (request) => ({ data: await seeds.listSeeds(db, currentUser(request).id) }),
  );

  app.post(
    '/api/seeds',
    {
      ...auth,
      schema: {
        tags,
        summary: '시드 만들기 (만든 사람이 소유자)',
        security: bearer,
        body: ZCreateSeedInput,
        response: { 201: ZSeedResponse, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const data = await seeds.createSeed(db, actorOf(request), request.body);
      return reply.status(201).send({ success: true as const, message: m.created, data });
    },
  );

  app.patch(
    '/api/seeds/:seedId',
    {
      ...auth,
      schema: {
        tags,
        summary: '시드 이름·주소 변경 (소유자, 시드 관리자)',
        security: bearer,
        params: ZSeedParams,
        body: ZUpdateSeedInput,
        response: { 200: ZSeedResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: m.updated,
      data: await seeds.updateSeed(db, actorOf(request), request.params.seedId, request.body, deps.now()),
    }),
  );

  app.delete(
    '/api/seeds/:seedId',
    {
      ...auth,
      schema: {
        tags,
        summary: '시드 삭제 (소유자)',
        security: bearer,
        params: ZSeedParams,
        response: { 200: ZMessageResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await seeds.deleteSeed(db, actorOf(request), request.params.seedId);
      return { success: true as const, message: m.deleted };
    },
  );

  app.get(
    '/api/seeds/:seedId/members',
    {
      ...auth,
      schema: {
        tags,
        summary: '시드 멤버 목록 (초대 목록은 소유자·관리자에게만)',
        security: bearer,
        params: ZSeedParams,
        response: { 200: ZSeedMembersResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const res = await seeds.membersOf(db, currentUser(request).id, request.params.seedId);
      const subject = `멤버 ${res.data.length}명${res.invitations.length ? `, 초대 ${res.invitations.length}건` : ''}`;
      await recordAccess(db, accessOf(request, 'seed', ACCESS.seedMembersList, subject, request.params.seedId));
      return res;
    },
  );

  app.post(
    '/api/seeds/:seedId/invitations',
    {
      ...auth,
      schema: {
        tags,
        summary: '이메일로 멤버 초대 (소유자, 시드 관리자) — 같은 주소를 다시 초대하면 링크가 새로 발급됩니다',
        security: bearer,
        params: ZSeedParams,
        body: ZInviteSeedMemberInput,
        response: { 201: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await inviteToSeed(deps, actorOf(request), request.params.seedId, request.body);
      return reply.status(201).send({ success: true as const, message: m.invitationSent(request.body.email) });
    },
  );

  app.delete(
    '/api/seeds/:seedId/invitations/:invitationId',
    {
      ...auth,
      schema: {
        tags,
        summary: '초대 취소 (소유자, 시드 관리자)',
        security: bearer,
        params: ZSeedInvitationParams,
        response: { 200: ZMessageResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await cancelInvitation(deps, actorOf(request), request.params.seedId, request.params.invitationId);
      return { success: true as const, message: m.invitationCancelled };
    },
  );

  app.get(
    '/api/seed-invitations/preview',
    {
      schema: {
        tags,
        summary: '초대 링크 미리보기 (로그인 불필요)',
        querystring: ZSeedInvitationPreviewQuery,
        response: { 200: ZSeedInvitationPreview, ...errorResponses(400, 404) },
      },
    },
    async (request) => previewInvitation(deps, request.query.token),
  );

  app.post(
    '/api/seed-invitations/accept',
    {
      ...auth,
      schema: {
        tags,
        summary: '초대 수락 (초대받은 이메일의 계정으로 로그인한 상태)',
        security: bearer,
        body: ZAcceptSeedInvitationInput,
        response: { 200: ZSeedResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, message: m.invitationAccepted, data: await acceptInvitation(deps, actorOf(request), request.body.token) }),
  );

  app.patch(
    '/api/seeds/:seedId/members/:userId',
    {
      ...auth,
      schema: {
        tags,
        summary: '멤버 역할 변경 (소유자, 시드 관리자; 소유자 역할은 이전으로만)',
        security: bearer,
        params: ZSeedMemberParams,
        body: ZUpdateSeedMemberInput,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await seeds.changeMemberRole(db, actorOf(request), request.params.seedId, request.params.userId, request.body.role);
      return { success: true as const, message: m.roleChanged };
    },
  );

  app.delete(
    '/api/seeds/:seedId/members/:userId',
    {
      ...auth,
      schema: {
        tags,
        summary: '멤버 내보내기 (소유자, 시드 관리자) 또는 자신이 나가기 (소유자는 이전 후에)',
        security: bearer,
        params: ZSeedMemberParams,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const how = await seeds.removeMember(db, actorOf(request), request.params.seedId, request.params.userId);
      return { success: true as const, message: how === 'left' ? m.left : m.memberRemoved };
    },
  );

  app.post(
    '/api/seeds/:seedId/transfer',
    {
      ...auth,
      schema: {
        tags,
        summary: '소유권 이전 (소유자; 이전 소유자는 관리자가 됩니다)',
        security: bearer,
        params: ZSeedParams,
        body: ZTransferSeedInput,
        response: { 200: ZSeedResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: m.transferred,
      data: await seeds.transferOwnership(db, actorOf(request), request.params.seedId, request.body.user_id, deps.now()),
    }),
  );
};
