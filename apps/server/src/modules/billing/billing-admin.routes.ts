/**
 * The platform admin's billing (issue 31): revenue per KST month, what is outstanding, and the failed payments with
 * their attempts and next retry; a refund of an invoice. Platform admins only (requireAdmin: 401 / 403).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZRevenueResponse } from '@suite/shared';
import { requireAdmin } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import type { TBillingDeps } from './billing.deps.ts';
import { revenueReport } from './cycle.service.ts';

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
};
