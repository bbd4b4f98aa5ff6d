import type { FastifyPluginAsync } from 'fastify';
import type { TPrivacyDeps } from './privacy.deps.ts';

// Skeleton (issue 32): filled by the part that owns this file.
export const exportRoutes: FastifyPluginAsync<{ deps: TPrivacyDeps }> = async () => {};
export function registerExportJobs(_deps: TPrivacyDeps): void {}
