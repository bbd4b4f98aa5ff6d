/**
 * The platform admin's billing (issue 31): revenue per KST month, what is outstanding, and the failed payments with
 * their attempts and next retry; a refund of a paid invoice (payments.service `refundInvoice`: Toss's cancel, then the
 * 수정세금계산서 through billing-hooks). Platform admins only (requireAdmin: 401 / 403).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ko, ZRefundInput, ZRefundParams, ZRevenueResponse } from '@suite/shared';
import { requireAdmin } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import type { TBillingDeps } from './billing.deps.ts';
import { revenueReport } from './cycle.service.ts';
import { refundInvoice } from './payments.service.ts';

export const billingAdminRoutes: FastifyPluginAsyncZod<{ deps: TBillingDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/billing/revenue',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '플랫폼 관리자: 월별 매출과 실패한 결제',
        security: bearer,
        response: { 200: ZRevenueResponse, ...errorResponses(401, 403) },
      },
    },
    async () => revenueReport(deps, deps.now()),
  );

  app.post(
    '/api/admin/billing/invoices/:invoiceId/refund',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '플랫폼 관리자: 결제된 청구서 환불(전액 또는 일부, 계좌이체 결제는 환불 계좌 필수) — 결제되지 않은 청구서 409, 금액 초과·환불 계좌 없음 400',
        security: bearer,
        params: ZRefundParams,
        body: ZRefundInput,
        response: {
          200: z.object({ success: z.literal(true), message: z.string(), refundedAmount: z.number().int(), status: z.string() }),
          ...errorResponses(400, 401, 403, 404, 409, 502),
        },
      },
    },
    async (request) => {
      const { amount, reason, refundReceiveAccount } = request.body;
      const result = await refundInvoice(deps, request.params.invoiceId, amount, reason, refundReceiveAccount);
      return { success: true as const, message: ko.billing.dunning.admin.refunded, ...result };
    },
  );
};
