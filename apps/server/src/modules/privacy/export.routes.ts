import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ko } from '@suite/shared';
import { ZExportCreated, ZExportList, ZExportStatus } from '@suite/shared/schemas/privacy';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import type { TPrivacyDeps } from './privacy.deps.ts';
import { listOwnExports, openDownload, ownExportStatus, startOwnExport } from './export.service.ts';

export { registerExportJobs } from './export-job.ts';

const tags = ['privacy'];
const ZExportParams = z.object({ id: z.uuid({ error: ko.privacy.server.exportNotFound }) });
const ZDownloadQuery = z.object({
  token: z.string({ error: ko.privacy.export.linkInvalid }).min(1, { error: ko.privacy.export.linkInvalid }).max(200, { error: ko.privacy.export.linkInvalid }),
});

/** Download my data (issue 32): ask, follow, list, and the capability link that streams the ZIP. */
export const exportRoutes: FastifyPluginAsyncZod<{ deps: TPrivacyDeps }> = async (app, { deps }) => {
  app.post(
    '/api/me/export',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: '내 데이터 내려받기 요청 (ZIP을 만들어 메일로 링크를 보냅니다; 진행 중이면 409, 하루 5번)',
        security: bearer,
        response: { 202: ZExportCreated, ...errorResponses(401, 409, 429) },
      },
    },
    async (request, reply) => reply.status(202).send(await startOwnExport(deps, currentUser(request))),
  );

  app.get(
    '/api/me/exports',
    {
      onRequest: requireAuth,
      schema: { tags, summary: '내 데이터 내보내기 목록 (최신순)', security: bearer, response: { 200: ZExportList, ...errorResponses(401) } },
    },
    async (request) => ({ data: await listOwnExports(deps, currentUser(request).id) }),
  );

  app.get(
    '/api/me/export/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: '내보내기 상태 (준비되면 다운로드 url, 24시간 유효)',
        security: bearer,
        params: ZExportParams,
        response: { 200: ZExportStatus, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ownExportStatus(deps, currentUser(request).id, request.params.id),
  );

  app.get(
    '/api/me/export/:id/download',
    {
      schema: {
        tags,
        summary: '내보내기 ZIP 내려받기 (링크의 token이 곧 권한; 준비 후 24시간)',
        params: ZExportParams,
        querystring: ZDownloadQuery,
        response: { 200: z.any().describe('application/zip'), ...errorResponses(400, 404, 409, 410) },
      },
    },
    async (request, reply) => {
      const file = await openDownload(deps, request.params.id, request.query.token);
      return reply
        .type('application/zip')
        .header('content-length', String(file.size))
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(file.stream);
    },
  );
};
