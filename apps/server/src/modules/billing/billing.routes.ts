import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ko } from '@suite/shared';
import { VAT_PERCENT } from '@suite/shared/billing-money';
import { PLANS } from '@suite/shared/plans';
import { ZBillingOverview, ZChangePlanInput, ZInvoice, ZInvoiceList, ZInvoiceParams, ZPlansResponse } from '@suite/shared/schemas/billing';
import { ZSeedParams } from '@suite/shared/schemas/seeds';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import type { TBillingDeps } from './billing.deps.ts';
import { billingAccess } from './billing.access.ts';
import { invoiceDetail, invoiceList } from './invoices.service.ts';
import { billingOverview, changePlan } from './subscriptions.service.ts';

/** GET /api/billing/plans: the public catalogue (decision 059). */
export const billingPublicRoutes: FastifyPluginAsyncZod<{ deps: TBillingDeps }> = async (app, { deps }) => {
  app.get(
    '/api/billing/plans',
    {
      schema: {
        tags: ['billing'],
        summary: '요금제 목록(공개): 요금제별 월간·연간 요금(공급가액, 원), 미터별 포함 사용량과 초과 요금, 부가세율, 이 설치에 결제가 설정되었는지',
        response: { 200: ZPlansResponse },
      },
    },
    async () => ({
      data: PLANS.map((p) => ({ ...ko.billing.plans[p.id], id: p.id, monthlyPrice: p.monthlyPrice, yearlyPrice: p.yearlyPrice, meters: p.meters })),
      vatPercent: VAT_PERCENT,
      configured: deps.toss !== null,
    }),
  );
};

/** The seed's plan, usage and invoices; inside the guarded scope of billing.module.ts (owners change, admins read). */
export const billingSeedRoutes: FastifyPluginAsyncZod<{ deps: TBillingDeps }> = async (app, { deps }) => {
  app.get(
    '/api/seeds/:seedId/billing',
    {
      schema: {
        tags: ['billing'],
        summary:
          '시드 구독: 요금제와 기간, 이번 달 미터별 사용량·포함량·월말 예상치, 다음 청구 예상액(공급가액·부가세·합계), 결제 수단, 사업자 정보 — 소유자·관리자만',
        security: bearer,
        params: ZSeedParams,
        response: { 200: ZBillingOverview, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => billingOverview(deps, billingAccess(request)),
  );

  app.put(
    '/api/seeds/:seedId/billing/plan',
    {
      schema: {
        tags: ['billing'],
        summary:
          '요금제 변경(소유자만): 상향은 즉시 적용하고 남은 기간을 일할 계산한 청구서를 바로 결제, 하향은 기간이 끝날 때 적용 — 결제 미설정 409, 결제 수단 없음 409, 결제 거절 402',
        security: bearer,
        params: ZSeedParams,
        body: ZChangePlanInput,
        response: { 200: ZBillingOverview, ...errorResponses(400, 401, 402, 403, 404, 409) },
      },
    },
    async (request) => changePlan(deps, billingAccess(request), request.body),
  );

  app.get(
    '/api/seeds/:seedId/billing/invoices',
    {
      schema: {
        tags: ['billing'],
        summary: '청구서 목록(최신순): 번호, 종류, 기간, 공급가액·부가세·합계, 상태, 결제 방법, 세금계산서 상태 — 소유자·관리자만',
        security: bearer,
        params: ZSeedParams,
        response: { 200: ZInvoiceList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => invoiceList(deps, billingAccess(request).seedId),
  );

  app.get(
    '/api/seeds/:seedId/billing/invoices/:invoiceId',
    {
      schema: {
        tags: ['billing'],
        summary: '청구서 상세: 항목, 공급가액·부가세·합계, 결제 상태와 시도, 가상계좌, 영수증, 공급자·공급받는자, 세금계산서 상태 — 다른 시드의 청구서는 404',
        security: bearer,
        params: ZInvoiceParams,
        response: { 200: ZInvoice, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => invoiceDetail(deps, billingAccess(request).seedId, request.params.invoiceId),
  );
};
