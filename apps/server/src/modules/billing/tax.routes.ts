import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBusiness, ZBusinessInput, ZBusinessSaved, ZPopbillWebhookBody } from '@suite/shared/schemas/billing';
import { ZSeedParams } from '@suite/shared/schemas/seeds';
import { ko } from '@suite/shared';
import { AppError } from '../../lib/app-error.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import { routeLimit } from '../../plugins/rate-limit.ts';
import type { TBillingDeps } from './billing.deps.ts';
import { billingAccess } from './billing.access.ts';
import { businessOf, removeBusiness, saveBusiness } from './business.service.ts';
import { handlePopbillEvent } from './popbill-webhook.service.ts';

const tags = ['billing'];
const path = '/api/seeds/:seedId/billing/business';

/** Business details; inside the guarded scope of billing.module.ts (owners change, admins read). */
export const taxSeedRoutes: FastifyPluginAsyncZod<{ deps: TBillingDeps }> = async (app, { deps }) => {
  app.get(
    path,
    {
      schema: {
        tags,
        summary: '사업자 정보(세금계산서 공급받는자): 사업자등록번호, 상호, 대표자, 업태, 종목, 주소, 이메일, 국세청 과세유형 — 소유자·관리자, 없으면 404',
        security: bearer,
        params: ZSeedParams,
        response: { 200: ZBusiness, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const business = await businessOf(deps, billingAccess(request).seedId);
      if (!business) throw new AppError('NOT_FOUND', ko.billing.tax.business.notFound);
      return business;
    },
  );

  app.put(
    path,
    {
      schema: {
        tags,
        summary:
          '사업자 정보 저장(소유자만): 사업자등록번호 검증번호 확인, 국세청 상태조회가 설정되면 미등록·폐업 400, 휴업·간이과세자·면세는 저장하고 note로 안내, 국세청 응답이 없으면 검증번호만으로 저장',
        security: bearer,
        params: ZSeedParams,
        body: ZBusinessInput,
        response: { 200: ZBusinessSaved, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => saveBusiness(deps, billingAccess(request).seedId, request.body),
  );

  app.delete(
    path,
    {
      schema: {
        tags,
        summary: '사업자 정보 삭제(소유자만): 이후 개인으로 결제되어 이체 결제에는 현금영수증이 발급됩니다 — 없으면 404',
        security: bearer,
        params: ZSeedParams,
        response: { 204: z.null().describe('삭제됨'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeBusiness(deps, billingAccess(request).seedId);
      return reply.code(204).send(null);
    },
  );
};

/**
 * Per sending address: Popbill's own bursts (one event per document and state, a busy 10th of the month) stay well
 * below it; a flood from one address is refused with 429 before it reaches the database or Popbill.
 */
export const POPBILL_WEBHOOK_LIMIT = { max: 300, windowMs: 60_000 };

/** Popbill's 세금계산서 events (TAXINVOICE.STATE). Public: the body is never trusted, the state is fetched again. */
export const popbillWebhookRoutes: FastifyPluginAsyncZod<{ deps: TBillingDeps }> = async (app, { deps }) => {
  app.post(
    '/api/billing/webhooks/popbill',
    {
      schema: {
        tags,
        summary:
          '팝빌 세금계산서 이벤트(Webhook): 문서번호로 팝빌에 상태를 다시 물어 반영(304 전송성공, 305 전송실패), 같은 이벤트는 한 번만, 모르는 문서번호는 무시 — 형식 오류 400, 팝빌 조회 실패 503(팝빌이 다시 보냄)',
        body: ZPopbillWebhookBody,
        response: {
          200: z.object({ result: z.literal('OK'), outcome: z.enum(['applied', 'duplicate', 'ignored', 'rejected']) }),
          ...errorResponses(400, 429, 503),
        },
      },
      config: { rateLimit: routeLimit((r) => `popbill-webhook:ip:${r.ip}`, POPBILL_WEBHOOK_LIMIT) },
    },
    async (request) => {
      const mid = request.headers['pb-webhook-mid'];
      const outcome = await handlePopbillEvent(deps, request.body, typeof mid === 'string' ? mid.slice(0, 100) : null);
      return { result: 'OK' as const, outcome };
    },
  );
};
