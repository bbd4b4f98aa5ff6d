/** Receipts of a round (issue 38): upload as the raw body, list, the bytes, delete. OpenAPI tag `meal`. */
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ko, ZMessageResponse } from '@suite/shared';
import { ZMealParams, ZMealSeedParams } from '@suite/shared/schemas/meal';
import {
  MEAL_RECEIPT_UPLOAD_TYPES,
  ZMealReceiptListResponse,
  ZMealReceiptParams,
  ZMealReceiptResponse,
  ZMealReceiptRounds,
} from '@suite/shared/schemas/meal-outings';
import { AppError } from '../../lib/app-error.ts';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import type { TMealDeps } from './meal.deps.ts';
import * as receipts from './meal-receipts.service.ts';

const o = ko.meal.outing.server;
const tags = ['meal'];

export const mealReceiptRoutes: FastifyPluginAsyncZod<{ deps: TMealDeps }> = async (app, { deps }) => {
  const auth = { onRequest: requireAuth };
  const actor = (request: Parameters<typeof currentUser>[0]) => ({ id: currentUser(request).id });
  const max = deps.receiptMaxBytes;

  // The upload, in its own context: only the receipt types are parsed (as raw bytes, up to the limit); anything else
  // is refused before its body is read, and a body over the limit is cut off while it arrives (413), never stored.
  await app.register(async (inner) => {
    const upload = inner.withTypeProvider<ZodTypeProvider>();
    upload.removeAllContentTypeParsers();
    upload.addContentTypeParser([...MEAL_RECEIPT_UPLOAD_TYPES], { parseAs: 'buffer', bodyLimit: max }, (_request, body, done) => done(null, body));
    upload.addContentTypeParser('*', (_request, _payload, done) => done(new AppError('UNSUPPORTED_MEDIA_TYPE', o.receiptType), undefined));
    upload.setErrorHandler((err: FastifyError, _request, _reply) => {
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', o.receiptTooBig(max));
      throw err;
    });
    upload.post(
      '/api/seeds/:seedId/meals/:mealId/receipts',
      {
        ...auth,
        bodyLimit: max,
        schema: {
          tags,
          summary: `영수증 올리기 (본문은 파일 그대로: ${MEAL_RECEIPT_UPLOAD_TYPES.join(', ')}; 사진은 메타데이터 없이 다시 인코딩)`,
          security: bearer,
          params: ZMealParams,
          response: { 201: ZMealReceiptResponse, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request, reply) => {
        if (!Buffer.isBuffer(request.body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', o.receiptType);
        const data = await receipts.uploadReceipt(deps, actor(request), request.params.seedId, request.params.mealId, request.body);
        return reply.status(201).send({ success: true as const, message: o.receiptUploaded, data });
      },
    );
  });

  app.get(
    '/api/seeds/:seedId/meals/:mealId/receipts',
    {
      ...auth,
      schema: {
        tags,
        summary: '라운드의 영수증 목록 (시드 멤버)',
        security: bearer,
        params: ZMealParams,
        response: { 200: ZMealReceiptListResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ data: await receipts.listReceipts(deps, actor(request), request.params.seedId, request.params.mealId) }),
  );

  app.get(
    '/api/seeds/:seedId/meals/:mealId/receipts/:receiptId',
    {
      ...auth,
      schema: {
        tags,
        summary: '영수증 파일 (시드 멤버; 바이트 그대로, Content-Type은 image/jpeg 또는 application/pdf)',
        security: bearer,
        params: ZMealReceiptParams,
        response: { 200: z.string().describe('application/octet-stream'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { seedId, mealId, receiptId } = request.params;
      const file = await receipts.receiptFile(deps, actor(request), seedId, mealId, receiptId);
      return (
        reply
          .header('content-type', file.contentType)
          .header('x-content-type-options', 'nosniff')
          // A PDF is stored as uploaded (only its header checked): it is downloaded, never rendered in our origin, and
          // whatever opens it inline anyway runs sandboxed. Photos were re-encoded and stay inline (thumbnails).
          .header('content-disposition', `${file.contentType === 'application/pdf' ? 'attachment' : 'inline'}; filename="${file.filename}"`)
          .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'")
          .header('cache-control', 'private, max-age=3600')
          // The bytes as stored: Fastify sends a Buffer as it is (no serializer); the schema's string only documents a file body.
          .send(file.data as unknown as string)
      );
    },
  );

  app.delete(
    '/api/seeds/:seedId/meals/:mealId/receipts/:receiptId',
    {
      ...auth,
      schema: {
        tags,
        summary: '영수증 삭제 (올린 사람, 시드 관리자)',
        security: bearer,
        params: ZMealReceiptParams,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { seedId, mealId, receiptId } = request.params;
      await receipts.deleteReceipt(deps, actor(request), seedId, mealId, receiptId);
      return { success: true as const, message: o.receiptDeleted };
    },
  );

  app.get(
    '/api/seeds/:seedId/meal-receipts',
    {
      ...auth,
      schema: {
        tags,
        summary: '영수증이 있는 라운드 (장부의 영수증 링크)',
        security: bearer,
        params: ZMealSeedParams,
        response: { 200: ZMealReceiptRounds, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ data: await receipts.receiptRounds(deps, actor(request), request.params.seedId) }),
  );
};
