import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import type { TBillingDeps } from './billing.deps.ts';

// SKELETON: metering flush and gauges (helper A).
export function registerMeteringJobs(_deps: TBillingDeps, _jobs: Pick<TJobRunner, 'register' | 'every' | 'enqueue'>): void {}
