import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ko, ZMessageResponse } from '@suite/shared';
import { ZDeleteMeInput, ZDeletionScheduled, ZDeletionStatus } from '@suite/shared/schemas/privacy';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import { requestMeta } from '../auth/auth.service.ts';
import type { TPrivacyDeps } from './privacy.deps.ts';
import { cancelDeletion, deletionStatus, eraseDueAccounts, remindWaitingOwners, requestDeletion } from './deletion.service.ts';

const tags = ['privacy'];

/** Deleting my account (issue 32): ask (30 days' grace), see, cancel. */
export const deletionRoutes: FastifyPluginAsyncZod<{ deps: TPrivacyDeps }> = async (app, { deps }) => {
  app.get(
    '/api/me/deletion',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: '계정 삭제 상태 (예정일, 먼저 넘기거나 삭제할 소유 시드, 재확인에 쓸 수단)',
        security: bearer,
        response: { 200: ZDeletionStatus, ...errorResponses(401) },
      },
    },
    async (request) => deletionStatus(deps, currentUser(request).id),
  );

  app.delete(
    '/api/me',
    {
      onRequest: requireAuth,
      schema: {
        // /api/me is the account system's path: listed under both tags.
        tags: ['auth', ...tags],
        summary: '계정 삭제 요청 (비밀번호 또는 2단계 인증 코드로 재확인; 30일 뒤 삭제, 모든 세션 종료; 소유한 시드가 있으면 409)',
        security: bearer,
        body: ZDeleteMeInput,
        response: { 202: ZDeletionScheduled, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const deleteAt = await requestDeletion(deps, currentUser(request), request.body, requestMeta(request));
      return reply.status(202).send({ deleteAt: deleteAt.toISOString() });
    },
  );

  app.post(
    '/api/me/deletion/cancel',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: '계정 삭제 예약 취소 (예정된 삭제가 없으면 409)',
        security: bearer,
        response: { 200: ZMessageResponse, ...errorResponses(401, 409) },
      },
    },
    async (request) => {
      await cancelDeletion(deps, currentUser(request), requestMeta(request));
      return { success: true as const, message: ko.privacy.deletion.canceled };
    },
  );
};

/**
 * Accounts past their grace period are erased every 10 minutes, on one instance (catalogue: privacy.erase-due); those
 * that still own a seed are told once that the deletion waits for it.
 */
export function registerDeletionJobs(deps: TPrivacyDeps): void {
  deps.jobs.every('privacy.erase-due', async () => {
    await eraseDueAccounts(deps);
    await remindWaitingOwners(deps);
  });
}
