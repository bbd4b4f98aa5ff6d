import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { TAppContext } from '../../context.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';

const VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string }).version ?? '0.0.0';

/** What the monitoring service works with: the app's resources, this instance's identity and its event-loop gauge. */
export type TMonitoringDeps = {
  ctx: TAppContext;
  jobs: Pick<TJobRunner, 'lastRuns'>;
  instance: { id: string; host: string; pid: number; version: string; startedAt: Date };
  /** Event-loop delay since the last heartbeat (reset by each; nothing else resets it). */
  lag: ReturnType<typeof monitorEventLoopDelay>;
  /** Resolves when the outside-service records under way are written (tests). */
  settled: () => Promise<void>;
};

export function createMonitoringDeps(ctx: TAppContext, jobs: TMonitoringDeps['jobs']): TMonitoringDeps {
  const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  lag.enable();
  return {
    ctx,
    jobs,
    instance: { id: randomUUID(), host: hostname(), pid: process.pid, version: VERSION, startedAt: ctx.now() },
    lag,
    settled: async () => undefined,
  };
}

/** The event-loop gauge's sampling interval; every sample includes it, so the reported lag is the sample minus it. */
export const LAG_RESOLUTION_MS = 10;

/** Seconds without a heartbeat after which an instance is reported gone. */
export const GONE_AFTER_MS = 45_000;
/** Rows of instances not heard from for this long are deleted. */
export const PURGE_AFTER_MS = 3_600_000;
