import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TBillingDeps } from './billing.deps.ts';

// SKELETON: payment methods and the Toss webhook (helper C).
export const paymentSeedRoutes: FastifyPluginAsyncZod<{ deps: TBillingDeps }> = async () => {};
export const tossWebhookRoutes: FastifyPluginAsyncZod<{ deps: TBillingDeps }> = async () => {};
