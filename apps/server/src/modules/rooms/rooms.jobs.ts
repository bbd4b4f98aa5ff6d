/**
 * The rooms' deferred work on the app's job runner (lib/jobs): the reminder before a meeting and the release of a
 * booking nobody checked in to. Both re-read the booking and do nothing when it is gone or no longer in the right
 * state, so a job that outlives its booking (or runs twice) is harmless.
 */
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import { formatSlot } from './booking-time.ts';
import * as brepo from './bookings.repository.ts';
import * as rrepo from './rooms.repository.ts';
import { RELEASE_AFTER_MS, RELEASE_KIND, REMINDER_KIND } from './job-kinds.ts';
import { publish, type TRoomsDeps } from './rooms.deps.ts';
import { sendReleased, sendReminder } from './rooms.notify.ts';
import { publishReleased, recordSeriesMiss, sendSeriesNotices } from './series-abandon.ts';

const bookingIdOf = (payload: Record<string, unknown>) => String(payload.bookingId ?? '');
/** A job may run this much before its booking's own time (clocks of instances and the database differ a little). */
const EARLY_MS = 60_000;

async function remind(deps: TRoomsDeps, bookingId: string): Promise<void> {
  const row = await brepo.findBookingById(deps.db, bookingId);
  // Not for a cancelled, released or already finished meeting.
  if (!row || (row.b.status !== 'confirmed' && row.b.status !== 'checked_in') || row.b.endsAt <= deps.now()) return;
  // Not for a meeting moved later since the job was written (e.g. by a previous release during a rolling upgrade,
  // which schedules its own reminder for the new time): it is not due yet by the booking as it is now.
  const { reminderMinutes } = await rrepo.getSettings(deps.db, row.b.seedId);
  if (deps.now().getTime() < row.b.startsAt.getTime() - reminderMinutes * 60_000 - EARLY_MS) return;
  await sendReminder(deps, row);
}

async function release(deps: TRoomsDeps, bookingId: string): Promise<void> {
  const row = await brepo.findBookingById(deps.db, bookingId);
  // A retry after the release committed but its notice failed: the notice again (it is written once whatever happens).
  if (row?.b.status === 'released' && row.b.endsAt > deps.now() && row.b.releaseReason === null) {
    await sendReleased(deps, row);
    return sendSeriesNotices(deps, row);
  }
  if (!row || row.b.status !== 'confirmed') return;
  // Never before the release time of the booking as it is now (a stale job of a moved meeting does nothing).
  if (deps.now().getTime() < row.b.startsAt.getTime() + RELEASE_AFTER_MS - EARLY_MS) return;
  const { autoRelease } = await rrepo.getSettings(deps.db, row.b.seedId);
  if (!autoRelease) return;
  // The status change and its log row commit together; screens hear of it after the commit.
  const released = await deps.db.transaction(async (tx) => {
    if (!(await brepo.updateBooking(tx, row.b.id, { status: 'released' }, deps.now(), ['confirmed']))) return null;
    await rrepo.logEvent(tx, {
      seedId: row.b.seedId,
      bookingId: row.b.id,
      roomId: row.b.roomId,
      actorId: null,
      action: 'release',
      detail: { title: row.b.title, roomName: row.roomName, slot: formatSlot(row.b.startsAt, row.b.endsAt) },
    });
    // Calendar sync: the released booking leaves the organiser's calendars (or its room declines there).
    await deps.onBookingChange?.(tx, { bookingId: row.b.id, organizerId: row.b.organizerId });
    // An abandoned series (issue 37): the miss, and the warning or the release of the rest, in the same commit.
    return { rest: await recordSeriesMiss(deps, tx, row) };
  });
  if (!released) return;
  await publish(deps, row.b.seedId, { type: 'released', bookingId: row.b.id, roomId: row.b.roomId });
  await publishReleased(deps, row.b.seedId, row.b.roomId, released.rest);
  // After the commit; a failure throws, so the job is retried and the branch above writes the notices.
  await sendReleased(deps, row);
  await sendSeriesNotices(deps, row);
}

export function registerRoomsJobs(deps: TRoomsDeps, jobs: Pick<TJobRunner, 'register'>): void {
  jobs.register(REMINDER_KIND, (payload) => remind(deps, bookingIdOf(payload)));
  jobs.register(RELEASE_KIND, (payload) => release(deps, bookingIdOf(payload)));
}
