/**
 * Monitoring, health part (issue 30): every instance's heartbeat, readiness of PostgreSQL and Redis, the job runner's
 * queues, failed jobs and schedules, and the outside services' last success and failure. Helper functions for the
 * alerts (`failedJobCount`, `failingServices`, `lastBackupAt`) are part of this module's public surface.
 */
import { JOB_KINDS, SCHEDULES } from '../../lib/jobs/catalogue.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TOutsideReport } from '../../lib/outside-services.ts';
import {
  OUTSIDE_SERVICES,
  type TInstancesResponse,
  type TJobsResponse,
  type TOutsideService,
  type TOutsideServiceName,
} from '@suite/shared/schemas/monitoring';
import type { TConfig } from '../../config.ts';
import { GONE_AFTER_MS, LAG_RESOLUTION_MS, PURGE_AFTER_MS, type TMonitoringDeps } from './monitoring.deps.ts';
import * as repo from './monitoring.repository.ts';
import * as jobsAdmin from '../../lib/jobs/jobs-admin.repository.ts';

/** A sample of the event-loop gauge (ns) as lag in ms: without the sampling interval, one decimal. */
const ms = (ns: number) => (Number.isFinite(ns) && ns > 0 ? Math.max(0, Math.round((ns / 1e6 - LAG_RESOLUTION_MS) * 10) / 10) : 0);

/** Writes this instance's heartbeat (and forgets instances silent for an hour); the only place the lag gauge is reset. */
export async function heartbeat(deps: TMonitoringDeps): Promise<void> {
  const { ctx, instance, lag } = deps;
  const now = ctx.now();
  const mem = process.memoryUsage();
  const stats = {
    lag: { mean: ms(lag.mean), p99: ms(lag.percentile(99)), max: ms(lag.max) },
    memory: { rssBytes: mem.rss, heapUsedBytes: mem.heapUsed, heapTotalBytes: mem.heapTotal },
    pool: ctx.database.poolStats?.() ?? null,
  };
  lag.reset();
  await repo.upsertHeartbeat(ctx.database.db, { ...instance, seenAt: now, stats, schedules: deps.jobs.lastRuns() });
  await repo.purgeInstances(ctx.database.db, new Date(now.getTime() - PURGE_AFTER_MS));
}

/** Time a probe takes, or null when it fails or takes longer than 2 s. */
async function probe(check: () => Promise<void>): Promise<number | null> {
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([check(), new Promise((_, fail) => (timer = setTimeout(() => fail(new Error('timeout')), 2_000)))]);
    return Math.round((performance.now() - started) * 10) / 10;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

export async function instances(deps: TMonitoringDeps): Promise<TInstancesResponse> {
  const { ctx } = deps;
  // Read only: the rows are what the scheduled heartbeats wrote (every 15 s, well inside GONE_AFTER_MS). Writing here
  // would reset the event-loop gauge, so the stored lag would cover only the time since the page's last refresh.
  const now = ctx.now();
  const [rows, dbMs, stateMs, services] = await Promise.all([
    repo.listInstances(ctx.database.db, 100),
    probe(() => ctx.database.ping()),
    probe(() => ctx.state.ping()),
    outsideServices(deps),
  ]);
  return {
    checkedAt: now.toISOString(),
    goneAfterSeconds: GONE_AFTER_MS / 1000,
    instances: rows.map((r) => {
      const s = r.stats as {
        lag?: { mean: number; p99: number; max: number };
        memory?: { rssBytes: number; heapUsedBytes: number; heapTotalBytes: number };
        pool?: { max: number; total: number; idle: number; waiting: number } | null;
      };
      return {
        id: r.id,
        host: r.host,
        pid: r.pid,
        version: r.version,
        startedAt: r.startedAt.toISOString(),
        seenAt: r.seenAt.toISOString(),
        uptimeSeconds: Math.max(0, Math.round((r.seenAt.getTime() - r.startedAt.getTime()) / 1000)),
        status: now.getTime() - r.seenAt.getTime() > GONE_AFTER_MS ? ('gone' as const) : ('up' as const),
        self: r.id === deps.instance.id,
        eventLoopLagMs: s.lag ?? { mean: 0, p99: 0, max: 0 },
        memory: s.memory ?? { rssBytes: 0, heapUsedBytes: 0, heapTotalBytes: 0 },
        pool: s.pool ?? null,
      };
    }),
    readiness: {
      database: { kind: ctx.database.kind, ready: dbMs !== null, latencyMs: dbMs },
      redis: { kind: ctx.state.kind, ready: stateMs !== null, latencyMs: stateMs },
    },
    services,
  };
}

/** Whether the configuration turns each outside service on. */
export function configuredServices(config: TConfig): Record<TOutsideServiceName, boolean> {
  return {
    smtp: Boolean(config.smtpUrl),
    slack: Boolean(config.slack.clientId && config.slack.clientSecret),
    llm: Boolean(config.llm.baseUrl && config.llm.model),
    google: Boolean(config.google.clientId),
    kakao: Boolean(config.oauthProviders.kakao.clientId),
    naver: Boolean(config.oauthProviders.naver.clientId && config.oauthProviders.naver.clientSecret),
    toss: Boolean(config.billing.toss),
    popbill: Boolean(config.billing.popbill),
    nts: Boolean(config.billing.nts),
  };
}

export async function outsideServices(deps: Pick<TMonitoringDeps, 'ctx'>): Promise<TOutsideService[]> {
  const configured = configuredServices(deps.ctx.config);
  const rows = new Map((await repo.listOutsideServices(deps.ctx.database.db)).map((r) => [r.service, r]));
  return OUTSIDE_SERVICES.map((service) => {
    const r = rows.get(service);
    const lastSuccessAt = r?.lastSuccessAt ?? null;
    const lastFailureAt = r?.lastFailureAt ?? null;
    return {
      service,
      configured: configured[service],
      lastSuccessAt: lastSuccessAt?.toISOString() ?? null,
      lastFailureAt: lastFailureAt?.toISOString() ?? null,
      lastError: r?.lastError ?? null,
      failuresInRow: r?.failuresInRow ?? 0,
      failing: Boolean(lastFailureAt && (!lastSuccessAt || lastFailureAt > lastSuccessAt)),
    };
  });
}

/** Alerts: the configured outside services whose latest call failed. */
export async function failingServices(deps: Pick<TMonitoringDeps, 'ctx'>): Promise<TOutsideService[]> {
  return (await outsideServices(deps)).filter((s) => s.configured && s.failing);
}

/** Alerts: jobs failed for good since `since`. */
export function failedJobCount(deps: Pick<TMonitoringDeps, 'ctx'>, since: Date): Promise<number> {
  return jobsAdmin.countFailedJobs(deps.ctx.database.db, since);
}

/** Advisors: when the last `npm run backup` was made (null: never). */
export async function lastBackupAt(deps: Pick<TMonitoringDeps, 'ctx'>): Promise<Date | null> {
  return (await repo.lastBackup(deps.ctx.database.db))?.madeAt ?? null;
}

/**
 * The recorder the adapters' reports go to: a success is written at most every 30 s per service by this instance
 * (unless the last write was a failure), a failure at most every 5 s. `flush()` waits for the writes under way.
 */
export function createOutsideRecorder(deps: Pick<TMonitoringDeps, 'ctx'>, log: { warn: (o: object, m: string) => void }) {
  const last = new Map<string, { ok: boolean; at: number }>();
  const pending = new Set<Promise<unknown>>();
  let closed = false;
  return {
    record(report: TOutsideReport) {
      if (closed) return;
      const now = deps.ctx.now();
      const prev = last.get(report.service);
      if (prev && prev.ok === report.ok && now.getTime() - prev.at < (report.ok ? 30_000 : 5_000)) return;
      last.set(report.service, { ok: report.ok, at: now.getTime() });
      const db = deps.ctx.database.db;
      const write = (report.ok ? repo.recordSuccess(db, report.service, now) : repo.recordFailure(db, report.service, now, report.error ?? 'failed'))
        .catch((err: unknown) => log.warn({ err, service: report.service }, 'monitoring: outside service not recorded'))
        .finally(() => pending.delete(write));
      pending.add(write);
    },
    async settled() {
      await Promise.allSettled([...pending]);
    },
    async flush() {
      closed = true;
      await Promise.allSettled([...pending]);
    },
  };
}

export async function jobsOverview(deps: Pick<TMonitoringDeps, 'ctx'>): Promise<TJobsResponse> {
  const db = deps.ctx.database.db;
  const now = deps.ctx.now();
  const [queues, failed, failedTotal, beats] = await Promise.all([
    jobsAdmin.jobQueues(db, now),
    jobsAdmin.failedJobs(db, 50),
    jobsAdmin.countFailedJobs(db),
    repo.listInstances(db, 100),
  ]);
  const byKind = new Map(queues.map((q) => [q.kind, q]));
  for (const kind of Object.keys(JOB_KINDS)) if (!byKind.has(kind)) byKind.set(kind, { kind, due: 0, scheduled: 0, running: 0, failed24h: 0 });
  // The latest run of each schedule any instance reported.
  const runs = new Map<string, { at: string; ok: boolean; error: string | null }>();
  for (const b of beats)
    for (const [name, run] of Object.entries(b.schedules)) {
      const seen = runs.get(name);
      if (!seen || run.at > seen.at) runs.set(name, run);
    }
  return {
    queues: [...byKind.values()].sort((a, b) => a.kind.localeCompare(b.kind)),
    failed: failed.map((f) => ({ ...f, failedAt: f.failedAt!.toISOString(), createdAt: f.createdAt.toISOString() })),
    failedTotal,
    schedules: Object.entries(SCHEDULES).map(([name, spec]) => {
      const run = runs.get(name);
      return { name, everyMs: spec.everyMs, scope: spec.scope, lastRunAt: run?.at ?? null, lastOk: run?.ok ?? null, lastError: run?.error ?? null };
    }),
  };
}

export async function retryJob(deps: Pick<TMonitoringDeps, 'ctx'>, id: number) {
  const result = await jobsAdmin.retryFailedJob(deps.ctx.database.db, id, deps.ctx.now());
  if (result === 'missing') throw new AppError('JOB_NOT_FOUND');
  if (result === 'not-failed') throw new AppError('JOB_NOT_FAILED');
  return { id: result.id, kind: result.kind, runAt: result.runAt.toISOString() };
}
