/**
 * One persisted job runner for the whole app (docs/decisions/013-job-runner.md). Deferred work is a row in `jobs`
 * (kind, payload, run_at); every instance polls, claims due rows with FOR UPDATE SKIP LOCKED (so a job runs on one
 * instance only) and runs the handler registered for its kind. A failure is retried with exponential backoff up to
 * max_attempts; a runner that dies mid-job loses its lease and another takes the job over. Periodic work runs on the
 * same runner, by the schedules of catalogue.ts. Created and started by buildApp; modules only register handlers and
 * enqueue or cancel (inside their own transactions).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/client.ts';
import type { TSharedState } from '../../state/shared-state.ts';
import { SCHEDULES, type TScheduleName, type TScheduleSpec } from './catalogue.ts';
import * as repo from './jobs.repository.ts';

export type TJobHandler = (payload: Record<string, unknown>, job: { id: number; attempts: number; key: string | null }) => Promise<void>;

export type TJobRunner = {
  /** Registers the handler of a kind; a kind is registered once (a second registration throws). */
  register: (kind: string, handler: TJobHandler) => void;
  enqueue: (tx: repo.TJobsTx, job: repo.TNewJob) => Promise<number>;
  /** Cancels the unfinished jobs of `key` (e.g. `meal:<id>`), optionally of one kind only. */
  cancel: (tx: repo.TJobsTx, key: string, kind?: string) => Promise<number>;
  /** Registers the task of a schedule of catalogue.ts; it runs from start() to stop(), at the schedule's interval. */
  every: (name: TScheduleName, task: () => Promise<unknown>) => void;
  /** The last run of each schedule on this instance (monitoring reports them in its heartbeat). */
  lastRuns: () => Record<string, TScheduleRun>;
  /** The kinds and schedules registered so far (tests compare them with the catalogue). */
  registered: () => { kinds: string[]; schedules: string[] };
  /** One pass: claims and runs the due jobs; returns how many ran. */
  runDue: (limit?: number) => Promise<number>;
  start: () => void;
  stop: () => Promise<void>;
};

export type TScheduleRun = { at: string; ok: boolean; error: string | null };

export type TJobRunnerOptions = {
  db: TDb;
  log: FastifyBaseLogger;
  /** Claims of cluster-wide schedules (one instance per interval); without it every instance runs them. */
  state?: Pick<TSharedState, 'claim'>;
  /** The schedules `every` accepts (catalogue.ts; tests give their own). */
  schedules?: Record<string, TScheduleSpec>;
  /** Poll interval; 0 = this instance never polls (runDue can still be called). */
  intervalMs: number;
  now?: () => Date;
  leaseMs?: number;
  /** Delay before retry n (1-based): base × 2^(n−1), capped at one hour. */
  backoffBaseMs?: number;
};

export function createJobRunner(opts: TJobRunnerOptions): TJobRunner {
  const handlers = new Map<string, TJobHandler>();
  const now = opts.now ?? (() => new Date());
  const leaseMs = opts.leaseMs ?? 120_000;
  const backoffBase = opts.backoffBaseMs ?? 30_000;
  const schedules: Record<string, TScheduleSpec> = opts.schedules ?? SCHEDULES;
  const tasks = new Map<string, () => Promise<unknown>>();
  const lastRuns: Record<string, TScheduleRun> = {};
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const inFlight = new Set<Promise<unknown>>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> | undefined;
  let started = false;
  let stopped = false;

  /** One run of a schedule's task, unless the previous one is still running or (cluster) another instance has it. */
  function tick(name: string, spec: TScheduleSpec, task: () => Promise<unknown>, busy: { now: boolean }) {
    if (busy.now || stopped) return;
    busy.now = true;
    const slot = Math.floor(now().getTime() / spec.everyMs);
    const claimed = spec.scope === 'cluster' && opts.state ? opts.state.claim(`schedule:${name}:${slot}`, spec.everyMs) : Promise.resolve(true);
    const p = claimed
      .then(async (mine) => {
        if (!mine) return;
        const at = now().toISOString();
        try {
          await task();
          lastRuns[name] = { at, ok: true, error: null };
        } catch (err) {
          lastRuns[name] = { at, ok: false, error: err instanceof Error ? err.message.slice(0, 200) : String(err).slice(0, 200) };
          throw err;
        }
      })
      .catch((err: unknown) => opts.log.warn({ err, schedule: name }, 'jobs: scheduled task failed'))
      .finally(() => {
        busy.now = false;
        inFlight.delete(p);
      });
    inFlight.add(p);
  }

  function startSchedule(name: string, task: () => Promise<unknown>) {
    const spec = schedules[name]!;
    // Cluster-wide work is left to the instances that poll jobs.
    if (spec.scope === 'cluster' && opts.intervalMs <= 0) return;
    const busy = { now: false };
    const run = () => tick(name, spec, task, busy);
    if (spec.firstAfterMs !== undefined) {
      const first = setTimeout(() => {
        timers.delete(first);
        run();
      }, spec.firstAfterMs);
      first.unref();
      timers.add(first);
    }
    const every = setInterval(run, spec.everyMs);
    every.unref();
    timers.add(every);
  }

  async function runOne(job: repo.TClaimedJob): Promise<void> {
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler registered for job kind "${job.kind}"`);
      await handler(job.payload, { id: job.id, attempts: job.attempts, key: job.key });
      await repo.markDone(opts.db, job.id, now());
    } catch (err) {
      const last = job.attempts >= job.maxAttempts;
      const retryAt = last ? null : new Date(now().getTime() + Math.min(3_600_000, backoffBase * 2 ** (job.attempts - 1)));
      opts.log.error({ err, jobId: job.id, kind: job.kind, attempts: job.attempts, final: last }, 'jobs: job failed');
      await repo.markFailed(opts.db, job.id, err instanceof Error ? err.message.slice(0, 500) : String(err), retryAt, now()).catch(() => undefined);
    }
  }

  const runner: TJobRunner = {
    register(kind, handler) {
      if (handlers.has(kind)) throw new Error(`job kind "${kind}" registered twice`);
      handlers.set(kind, handler);
    },
    enqueue: (tx, job) => repo.insertJob(tx, job),
    cancel: (tx, key, kind) => repo.cancelByKey(tx, key, kind),
    every(name, task) {
      if (!schedules[name]) throw new Error(`schedule "${name}" is not in the catalogue`);
      if (tasks.has(name)) throw new Error(`schedule "${name}" registered twice`);
      tasks.set(name, task);
      if (started) startSchedule(name, task);
    },
    registered: () => ({ kinds: [...handlers.keys()].sort(), schedules: [...tasks.keys()].sort() }),
    lastRuns: () => ({ ...lastRuns }),
    async runDue(limit = 20) {
      const claimed = await repo.claimDue(opts.db, now(), leaseMs, limit);
      for (const job of claimed) {
        // Stopping: the rest go back at once (their lease released), for this or another instance to take.
        if (stopped) {
          await repo.release(opts.db, job.id).catch(() => undefined);
          continue;
        }
        await runOne(job);
      }
      return claimed.length;
    },
    start() {
      if (started || stopped) return;
      started = true;
      for (const [name, task] of tasks) startSchedule(name, task);
      if (opts.intervalMs <= 0) return;
      timer = setInterval(() => {
        if (running || stopped) return;
        running = runner
          .runDue()
          .catch((err: unknown) => opts.log.warn({ err }, 'jobs: pass failed'))
          .finally(() => {
            running = undefined;
          });
      }, opts.intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.allSettled([running, ...inFlight]);
    },
  };
  // Finished jobs older than 30 days are forgotten.
  if (schedules['jobs.purge-finished']) runner.every('jobs.purge-finished', () => repo.purgeFinished(opts.db, 30));
  return runner;
}
