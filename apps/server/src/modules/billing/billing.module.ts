import type { FastifyPluginAsync } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import { requireAuth } from '../../plugins/auth-guard.ts';
import { createBillingDeps, type TBillingDeps } from './billing.deps.ts';
import { guardSeedBilling } from './billing.access.ts';
import { billingPublicRoutes, billingSeedRoutes } from './billing.routes.ts';
import { paymentSeedRoutes, tossWebhookRoutes } from './payments.routes.ts';
import { taxSeedRoutes, popbillWebhookRoutes } from './tax.routes.ts';
import { billingAdminRoutes } from './billing-admin.routes.ts';
import { registerMeteringJobs } from './metering.service.ts';
import { registerCycleJobs } from './cycle.service.ts';
import { registerPaymentJobs } from './payments.service.ts';
import { registerTaxJobs } from './tax-invoices.service.ts';

const byApp = new WeakMap<TAppContext, TBillingDeps>();
/** The billing deps of an app (tests drive the cycle and the charges with them). */
export const billingOf = (ctx: TAppContext) => byApp.get(ctx);

/**
 * Billing (issue 31): the plan catalogue, each seed's plan and metered usage, card and bank-transfer payment through
 * Toss Payments, the monthly cycle with dunning, invoices, and 세금계산서 through Popbill.
 *
 * Permissions: every /api/seeds/{seedId}/billing… route is registered inside one plugin whose preHandler
 * (billing.access.ts) lets owners change and owners and admins read; nothing else decides it.
 */
export const billingModule: FastifyPluginAsync<{
  ctx: TAppContext;
  jobs: Pick<TJobRunner, 'register' | 'every' | 'enqueue'>;
  notifications: TBillingDeps['notifications'];
}> = async (app, { ctx, jobs, notifications }) => {
  const deps = createBillingDeps(ctx, app.log, jobs, notifications);
  byApp.set(ctx, deps);
  registerMeteringJobs(deps, jobs);
  registerCycleJobs(deps, jobs);
  registerPaymentJobs(deps, jobs);
  registerTaxJobs(deps, jobs);

  await app.register(billingPublicRoutes, { deps });
  await app.register(tossWebhookRoutes, { deps });
  await app.register(popbillWebhookRoutes, { deps });
  await app.register(billingAdminRoutes, { deps });
  // The seed's billing: one guarded scope (authentication, then the billing permission) for every route in it.
  await app.register(async (seedScope) => {
    seedScope.decorateRequest('billingAccess', null);
    seedScope.addHook('onRequest', requireAuth);
    seedScope.addHook('preHandler', guardSeedBilling(ctx.database.db));
    await seedScope.register(billingSeedRoutes, { deps });
    await seedScope.register(paymentSeedRoutes, { deps });
    await seedScope.register(taxSeedRoutes, { deps });
  });
};
