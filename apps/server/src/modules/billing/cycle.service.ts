import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import type { TBillingDeps } from './billing.deps.ts';

// SKELETON: monthly cycle, dunning, card expiry (helper D).
export function registerCycleJobs(_deps: TBillingDeps, _jobs: Pick<TJobRunner, 'register' | 'every' | 'enqueue'>): void {}
