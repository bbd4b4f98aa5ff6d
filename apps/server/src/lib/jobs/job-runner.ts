/**
 * One persisted job runner for the whole app (docs/decisions/013-job-runner.md). Deferred work is a row in `jobs`
 * (kind, payload, run_at); every instance polls, claims due rows with FOR UPDATE SKIP LOCKED (so a job runs on one
 * instance only) and runs the handler registered for its kind. A failure is retried with exponential backoff up to
 * max_attempts; a runner that dies mid-job loses its lease and another takes the job over. Created and started by
 * buildApp; modules only register handlers and enqueue or cancel (inside their own transactions).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/client.ts';
import * as repo from './jobs.repository.ts';

export type TJobHandler = (payload: Record<string, unknown>, job: { id: number; attempts: number; key: string | null }) => Promise<void>;

export type TJobRunner = {
  /** Registers the handler of a kind; a kind is registered once (a second registration throws). */
  register: (kind: string, handler: TJobHandler) => void;
  enqueue: (tx: repo.TJobsTx, job: repo.TNewJob) => Promise<number>;
  /** Cancels the unfinished jobs of `key` (e.g. `meal:<id>`), optionally of one kind only. */
  cancel: (tx: repo.TJobsTx, key: string, kind?: string) => Promise<number>;
  /** One pass: claims and runs the due jobs; returns how many ran. */
  runDue: (limit?: number) => Promise<number>;
  start: () => void;
  stop: () => Promise<void>;
};

export type TJobRunnerOptions = {
  db: TDb;
  log: FastifyBaseLogger;
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
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  let passes = 0;

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
    async runDue(limit = 20) {
      const claimed = await repo.claimDue(opts.db, now(), leaseMs, limit);
      for (const job of claimed) await runOne(job);
      return claimed.length;
    },
    start() {
      if (opts.intervalMs <= 0 || timer || stopped) return;
      // About once an hour, finished jobs older than 30 days are deleted.
      const purgeEvery = Math.max(1, Math.round(3_600_000 / opts.intervalMs));
      timer = setInterval(() => {
        if (running || stopped) return;
        passes += 1;
        const purge = passes % purgeEvery === 0 ? repo.purgeFinished(opts.db, 30) : Promise.resolve();
        running = purge
          .then(() => runner.runDue())
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
      await running;
    },
  };
  return runner;
}
