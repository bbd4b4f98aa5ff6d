import type { TPrivacyDeps } from './privacy.deps.ts';

// Skeleton (issue 32): filled by the part that owns this file.
export function registerRetentionJobs(_deps: TPrivacyDeps): void {}
