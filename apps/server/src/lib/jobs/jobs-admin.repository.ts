/**
 * The job runner's table as the operator's monitoring page reads it (queues per kind, failed jobs) and the one
 * operator action on it: putting a failed job back in the queue. The only other file that knows the jobs table
 * besides jobs.repository.ts.
 */
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { jobs } from '../../db/schema-jobs.ts';

const rowsOf = (res: unknown) => (res as { rows: Record<string, unknown>[] }).rows;
const num = (v: unknown) => Number(v ?? 0);

/** Queue depth per kind: due, scheduled, held by a runner, failed in the 24 h before `now`. */
export async function jobQueues(db: TDb, now: Date) {
  const at = now.toISOString();
  const res = await db.execute(sql`
    select kind,
      count(*) filter (where failed_at is null and run_at <= ${at}::timestamptz and (locked_until is null or locked_until < ${at}::timestamptz))::int as due,
      count(*) filter (where failed_at is null and run_at > ${at}::timestamptz and (locked_until is null or locked_until < ${at}::timestamptz))::int as scheduled,
      count(*) filter (where failed_at is null and locked_until >= ${at}::timestamptz)::int as running,
      count(*) filter (where failed_at is not null)::int as failed
    from ${jobs}
    where done_at is null and cancelled_at is null
      and (failed_at is null or failed_at >= ${at}::timestamptz - interval '24 hours')
    group by kind order by kind limit 200`);
  return rowsOf(res).map((r) => ({ kind: String(r.kind), due: num(r.due), scheduled: num(r.scheduled), running: num(r.running), failed24h: num(r.failed) }));
}

export async function failedJobs(db: TDb, limit: number) {
  return db
    .select({
      id: jobs.id,
      kind: jobs.kind,
      error: jobs.lastError,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
      failedAt: jobs.failedAt,
      createdAt: jobs.createdAt,
    })
    .from(jobs)
    .where(isNotNull(jobs.failedAt))
    .orderBy(desc(jobs.failedAt), desc(jobs.id))
    .limit(limit);
}

/** Jobs failed for good since `since` (all of them without). */
export async function countFailedJobs(db: TDb, since?: Date): Promise<number> {
  const res = await db.execute(
    since
      ? sql`select count(*)::int as n from ${jobs} where failed_at >= ${since.toISOString()}::timestamptz`
      : sql`select count(*)::int as n from ${jobs} where failed_at is not null`,
  );
  return num(rowsOf(res)[0]?.n);
}

/**
 * Puts a failed job back in the queue (due at `now`, attempts from zero, its last error kept until the next run).
 * 'missing' when there is no such job, 'not-failed' when it has not failed.
 */
export async function retryFailedJob(db: TDb, id: number, now: Date): Promise<{ id: number; kind: string; runAt: Date } | 'missing' | 'not-failed'> {
  return db.transaction(async (tx) => {
    const [job] = await tx.select({ id: jobs.id, failedAt: jobs.failedAt }).from(jobs).where(eq(jobs.id, id)).for('update');
    if (!job) return 'missing';
    if (!job.failedAt) return 'not-failed';
    const [row] = await tx
      .update(jobs)
      .set({ failedAt: null, attempts: 0, runAt: now, lockedUntil: null })
      .where(and(eq(jobs.id, id), isNotNull(jobs.failedAt)))
      .returning({ id: jobs.id, kind: jobs.kind, runAt: jobs.runAt });
    return row!;
  });
}
