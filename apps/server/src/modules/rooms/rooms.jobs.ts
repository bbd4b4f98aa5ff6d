/**
 * The job runner: reminders and auto-release are rows in room_jobs, so they survive restarts. Every instance polls;
 * claimJobs takes each due job for exactly one of them (UPDATE … FOR UPDATE SKIP LOCKED).
 */
import { formatSlot } from './booking-time.ts';
import * as brepo from './bookings.repository.ts';
import * as rrepo from './rooms.repository.ts';
import { publish, type TRoomsDeps } from './rooms.deps.ts';
import { sendReminder } from './rooms.notify.ts';

async function runJob(deps: TRoomsDeps, job: brepo.TClaimedJob): Promise<void> {
  const row = await brepo.findBookingById(deps.db, job.bookingId);
  if (!row) return;
  if (job.kind === 'reminder') {
    // Not for a cancelled, released or already finished meeting.
    if ((row.b.status === 'confirmed' || row.b.status === 'checked_in') && row.b.endsAt > deps.now()) await sendReminder(deps, row);
    return;
  }
  if (job.kind === 'auto_release') {
    const { autoRelease } = await rrepo.getSettings(deps.db, row.b.seedId);
    if (!autoRelease || row.b.status !== 'confirmed') return;
    const released = await brepo.updateBooking(deps.db, row.b.id, { status: 'released' }, ['confirmed']);
    if (!released) return;
    await rrepo.logEvent(deps.db, {
      seedId: row.b.seedId,
      bookingId: row.b.id,
      roomId: row.b.roomId,
      actorId: null,
      action: 'release',
      detail: { title: row.b.title, roomName: row.roomName, slot: formatSlot(row.b.startsAt, row.b.endsAt) },
    });
    await publish(deps, row.b.seedId, { type: 'released', bookingId: row.b.id, roomId: row.b.roomId });
  }
}

/** One pass: claims due jobs and runs them. Returns how many were taken. */
export async function runDueJobs(deps: TRoomsDeps, limit = 20): Promise<number> {
  const jobs = await brepo.claimJobs(deps.db, deps.now(), limit);
  for (const job of jobs) {
    try {
      await runJob(deps, job);
      await brepo.finishJob(deps.db, job.id, 'done');
    } catch (err) {
      deps.log.error({ err, jobId: job.id }, 'rooms: job failed');
      await brepo.finishJob(deps.db, job.id, job.attempts >= 3 ? 'failed' : 'pending').catch(() => undefined);
    }
  }
  return jobs.length;
}

/** Polls every `intervalMs` (0: never); stop() waits for the pass in progress. */
export function startJobRunner(deps: TRoomsDeps, intervalMs: number): { stop: () => Promise<void> } {
  if (intervalMs <= 0) return { stop: async () => undefined };
  let running: Promise<unknown> | undefined;
  let stopped = false;
  let passes = 0;
  // About once an hour, finished jobs older than 30 days are deleted.
  const purgeEvery = Math.max(1, Math.round(3_600_000 / intervalMs));
  const tick = () => {
    if (running || stopped) return;
    passes += 1;
    const purge = passes % purgeEvery === 0 ? brepo.purgeFinishedJobs(deps.db, 30) : Promise.resolve();
    running = purge
      .then(() => runDueJobs(deps))
      .catch((err: unknown) => deps.log.warn({ err }, 'rooms: job pass failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
