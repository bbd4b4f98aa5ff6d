/**
 * Calendar sync's hook into the rooms service (buildApp hands it to the rooms module): in the transaction of a
 * booking's create, change, cancel or release, the push job for the organiser's connected calendars (an outbox:
 * nothing is pushed for a rolled-back change). Organisers without a connection cost one indexed lookup, no job.
 */
import type { TTx } from '../../db/client.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import { hasActiveConnection } from './calendar-sync.repository.ts';

export const PUSH_KIND = 'calendar-sync.push';

export function calendarPushHook(jobs: Pick<TJobRunner, 'enqueue'>, now: () => Date) {
  return async (db: TTx, change: { bookingId: string; organizerId: string }): Promise<void> => {
    if (!(await hasActiveConnection(db, change.organizerId))) return;
    await jobs.enqueue(db, { kind: PUSH_KIND, key: `calendar:${change.bookingId}`, payload: { bookingId: change.bookingId }, runAt: now(), maxAttempts: 8 });
  };
}
