import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TBillingDeps } from './billing.deps.ts';

// SKELETON: business details and the Popbill webhook (helper E).
export const taxSeedRoutes: FastifyPluginAsyncZod<{ deps: TBillingDeps }> = async () => {};
export const popbillWebhookRoutes: FastifyPluginAsyncZod<{ deps: TBillingDeps }> = async () => {};
