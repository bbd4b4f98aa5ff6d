/** PDF upload for the knowledge base: the raw bytes as application/pdf (10 MB), parsed only inside this plugin. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ko } from '@suite/shared';
import { ZSlackDocumentResponse, ZSlackPdfQuery, ZSlackWorkspaceParams } from '@suite/shared/schemas/slack';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import { access } from './console.service.ts';
import { addWorkspacePdf as addPdf, type TVectorIndex } from '../knowledge/knowledge.service.ts';
import type { TDocumentPool } from '../../lib/document-pool.ts';

const MAX_PDF = 10 * 1_048_576;

export const slackPdfRoutes: FastifyPluginAsyncZod<{ db: TDb; vectors: TVectorIndex; documents: TDocumentPool }> = async (app, { db, vectors, documents }) => {
  app.addContentTypeParser('application/pdf', { parseAs: 'buffer', bodyLimit: MAX_PDF }, (_request, body, done) => done(null, body));
  app.post(
    '/api/slack/workspaces/:workspaceId/documents/pdf',
    {
      onRequest: requireAuth,
      bodyLimit: MAX_PDF,
      schema: {
        tags: ['slack'],
        summary: '지식 등록: PDF 올리기 (본문은 PDF 파일, content-type application/pdf, 10MB까지; 시드 소유자·관리자)',
        security: bearer,
        params: ZSlackWorkspaceParams,
        querystring: ZSlackPdfQuery,
        response: { 201: ZSlackDocumentResponse, ...errorResponses(400, 401, 403, 404, 413, 415, 503) },
      },
    },
    async (request, reply) => {
      const a = await access(db, request.params.workspaceId, currentUser(request).id, { manage: true });
      if (!Buffer.isBuffer(request.body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', ko.slack.server.pdfInvalid);
      const data = await addPdf(db, documents, a.ws, currentUser(request).id, request.body, request.query.title, vectors);
      return reply.status(201).send({ success: true as const, message: ko.slack.server.documentAdded, data });
    },
  );
};
