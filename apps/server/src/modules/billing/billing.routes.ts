import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TBillingDeps } from './billing.deps.ts';

// SKELETON: plans, overview, plan changes, invoices (helper B).
export const billingPublicRoutes: FastifyPluginAsyncZod<{ deps: TBillingDeps }> = async () => {};
export const billingSeedRoutes: FastifyPluginAsyncZod<{ deps: TBillingDeps }> = async () => {};
