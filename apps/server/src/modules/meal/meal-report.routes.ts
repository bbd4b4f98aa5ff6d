/** HTTP API of the monthly meal report and the company's settlements (issue 38), under the OpenAPI tag `meal`. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMealLedger, ZMealSeedParams } from '@suite/shared/schemas/meal';
import { ZMealCompanySettlementInput, ZMealReport, ZMealReportQuery } from '@suite/shared/schemas/meal-policy';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import type { TMealDeps } from './meal.deps.ts';
import * as report from './meal-report.service.ts';
import { recordCompanySettlement } from './meal-company-ledger.service.ts';

const tags = ['meal'];

export const mealReportRoutes: FastifyPluginAsyncZod<{ deps: TMealDeps }> = async (app, { deps }) => {
  const auth = { onRequest: requireAuth };
  const actor = (request: Parameters<typeof currentUser>[0]) => ({ id: currentUser(request).id });

  app.get(
    '/api/seeds/:seedId/meal-report',
    {
      ...auth,
      schema: {
        tags,
        summary: '월별 식대 정산 보고서 (시드 관리자, 법인카드 담당자): 개인별·팀별 회사 부담과 개인 부담',
        security: bearer,
        params: ZMealSeedParams,
        querystring: ZMealReportQuery,
        response: { 200: ZMealReport, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => report.getReport(deps, actor(request), request.params.seedId, request.query.month),
  );

  app.get(
    '/api/seeds/:seedId/meal-report.csv',
    {
      ...auth,
      schema: {
        tags,
        summary: '월별 식대 정산 보고서 CSV (UTF-8 BOM)',
        security: bearer,
        params: ZMealSeedParams,
        querystring: ZMealReportQuery,
        response: { 200: z.string().describe('text/csv'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const csv = await report.reportCsv(deps, actor(request), request.params.seedId, request.query.month);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="meal-report-${request.query.month}.csv"`)
        .send(csv);
    },
  );

  app.post(
    '/api/seeds/:seedId/meal-ledger/company-settlements',
    {
      ...auth,
      schema: {
        tags,
        summary: '회사와의 정산 기록 { userId, amount } (시드 관리자, 법인카드 담당자): 회사가 돌려준 돈 또는 회사에 낸 돈',
        security: bearer,
        params: ZMealSeedParams,
        body: ZMealCompanySettlementInput,
        response: { 201: ZMealLedger, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => reply.status(201).send(await recordCompanySettlement(deps, actor(request), request.params.seedId, request.body)),
  );
};
