import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TBillingDeps } from './billing.deps.ts';

// SKELETON: platform admin: revenue and failed payments (helper D).
export const billingAdminRoutes: FastifyPluginAsyncZod<{ deps: TBillingDeps }> = async () => {};
