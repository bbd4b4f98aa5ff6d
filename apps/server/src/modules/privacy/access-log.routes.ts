import type { FastifyPluginAsync } from 'fastify';
import type { TPrivacyDeps } from './privacy.deps.ts';

// Skeleton (issue 32): filled by the part that owns this file.
export const accessLogRoutes: FastifyPluginAsync<{ deps: TPrivacyDeps }> = async () => {};
