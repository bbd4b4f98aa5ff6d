/** The jobs table (db/schema-jobs.ts): the only file of the job runner that knows Drizzle. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { jobs } from '../../db/schema-jobs.ts';

/** A database handle or a transaction of one (enqueue and cancel join the caller's transaction). */
export type TJobsTx = Pick<TDb, 'insert' | 'update' | 'execute'>;

export type TNewJob = { kind: string; key?: string | null; payload?: Record<string, unknown>; runAt: Date; maxAttempts?: number };
export type TClaimedJob = { id: number; kind: string; key: string | null; payload: Record<string, unknown>; attempts: number; maxAttempts: number };

export async function insertJob(db: TJobsTx, job: TNewJob): Promise<number> {
  const [row] = await db
    .insert(jobs)
    .values({ kind: job.kind, key: job.key ?? null, payload: job.payload ?? {}, runAt: job.runAt, maxAttempts: job.maxAttempts ?? 5 })
    .returning({ id: jobs.id });
  return row!.id;
}

/** Cancels every job of `key` that has not finished; returns how many. */
export async function cancelByKey(db: TJobsTx, key: string, kind?: string): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ cancelledAt: new Date() })
    .where(and(eq(jobs.key, key), isNull(jobs.doneAt), isNull(jobs.cancelledAt), isNull(jobs.failedAt), kind ? eq(jobs.kind, kind) : undefined))
    .returning({ id: jobs.id });
  return rows.length;
}

/**
 * Takes up to `limit` due jobs for one runner: a single UPDATE over rows locked with FOR UPDATE SKIP LOCKED, so two
 * instances never take the same job. A job whose runner died (lease expired) becomes due again.
 */
export async function claimDue(db: TJobsTx, now: Date, leaseMs: number, limit: number): Promise<TClaimedJob[]> {
  const nowIso = now.toISOString();
  const until = new Date(now.getTime() + leaseMs).toISOString();
  const res = await db.execute(sql`
    update ${jobs} set attempts = attempts + 1, locked_until = ${until}::timestamptz
    where id in (
      select id from ${jobs}
      where done_at is null and cancelled_at is null and failed_at is null
        and run_at <= ${nowIso}::timestamptz
        and (locked_until is null or locked_until < ${nowIso}::timestamptz)
      order by run_at, id limit ${limit}
      for update skip locked)
    returning id, kind, key, payload, attempts, max_attempts`);
  const rows = (
    res as unknown as { rows: { id: string | number; kind: string; key: string | null; payload: unknown; attempts: number; max_attempts: number }[] }
  ).rows;
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    key: r.key,
    payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
    attempts: r.attempts,
    maxAttempts: r.max_attempts,
  }));
}

/** Gives a claimed job back without counting the attempt (the runner is stopping). */
export async function release(db: TJobsTx, id: number): Promise<void> {
  await db.execute(sql`update ${jobs} set locked_until = null, attempts = greatest(attempts - 1, 0) where id = ${id} and done_at is null`);
}

export async function markDone(db: TJobsTx, id: number, now: Date): Promise<void> {
  await db.update(jobs).set({ doneAt: now, lockedUntil: null }).where(eq(jobs.id, id));
}

/** A failed attempt: due again at `retryAt`, or failed for good when `retryAt` is null. */
export async function markFailed(db: TJobsTx, id: number, error: string, retryAt: Date | null, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set(retryAt ? { runAt: retryAt, lockedUntil: null, lastError: error } : { failedAt: now, lockedUntil: null, lastError: error })
    .where(eq(jobs.id, id));
}

/** Forgets finished jobs older than `days` (any instance may run it; deleting twice is harmless). */
export async function purgeFinished(db: TJobsTx, days: number): Promise<void> {
  await db.execute(
    sql`delete from ${jobs} where (done_at is not null or cancelled_at is not null or failed_at is not null) and created_at < now() - make_interval(days => ${days})`,
  );
}

/** Pending jobs of a key (tests and diagnostics). */
export async function pendingByKey(db: TDb, key: string) {
  return db
    .select({ id: jobs.id, kind: jobs.kind, runAt: jobs.runAt, payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.key, key), isNull(jobs.doneAt), isNull(jobs.cancelledAt), isNull(jobs.failedAt)));
}

/** Jobs not finished, cancelled nor failed: those due now and those waiting for their time (metrics). */
export async function countQueued(db: Pick<TDb, 'execute'>, now: Date): Promise<{ due: number; scheduled: number }> {
  const res = await db.execute(sql`
    select count(*) filter (where run_at <= ${now.toISOString()}::timestamptz)::int as due,
           count(*) filter (where run_at > ${now.toISOString()}::timestamptz)::int as scheduled
    from ${jobs} where done_at is null and cancelled_at is null and failed_at is null`);
  const row = (res as unknown as { rows: { due: number; scheduled: number }[] }).rows[0];
  return { due: Number(row?.due ?? 0), scheduled: Number(row?.scheduled ?? 0) };
}
