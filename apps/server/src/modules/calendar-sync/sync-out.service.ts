/**
 * Out: the job `calendar-sync.push` (enqueued by the rooms service in the transaction of every create, change and
 * cancel, key calendar:<booking id>) writes the booking to each of its organiser's connected calendars. A suite
 * booking becomes an event with its attendees and the room (accepted); a change patches it; a cancel deletes it. A
 * booking that came from a remote invitation is the organiser's own event: a move here moves it, a cancel here
 * declines the room on it. A failure throws, so the job runner retries with backoff; writes are idempotent per booking.
 */
import { AppError } from '../../lib/app-error.ts';
import { ko } from '@suite/shared';
import { getBooking } from '../rooms/bookings.service.ts';
import { bookingFacts } from '../rooms/calendar.service.ts';
import type { TOutEvent } from './calendar-client.ts';
import { clientOf, describeFailure, roomAddress, userFacts, type TCalendarSyncDeps } from './calendar-sync.deps.ts';
import * as repo from './calendar-sync.repository.ts';

const ACTIVE = ['confirmed', 'checked_in'];

export async function pushBooking(deps: TCalendarSyncDeps, bookingId: string): Promise<void> {
  const b = await bookingFacts(deps.db, bookingId);
  if (!b) return;
  const conns = await repo.activeConnectionsOf(deps.db, b.organizerId);
  if (conns.length === 0) return;
  const user = await userFacts(deps, b.organizerId);
  if (!user) return;
  const active = ACTIVE.includes(b.status);
  let out: TOutEvent | undefined;
  try {
    const { booking } = await getBooking(deps.rooms, { id: user.id, email: user.email }, b.seedId, b.id);
    out = {
      bookingId: b.id,
      title: booking.title,
      description: booking.agenda,
      start: new Date(booking.startsAt),
      end: new Date(booking.endsAt),
      organizer: { email: user.email, name: user.name },
      attendees: booking.attendees.filter((a) => a.email !== user.email.toLowerCase()).map((a) => ({ email: a.email, name: a.name })),
      room: { email: roomAddress(deps.config, booking.roomId), name: booking.roomName },
    };
  } catch (err) {
    // The organiser left the seed: nothing of it is written any more.
    if (!(err instanceof AppError)) throw err;
  }
  for (const conn of conns) {
    const link = await repo.findLinkByBooking(deps.db, conn.id, b.id);
    if (link?.state === 'declined' || link?.state === 'pending') continue;
    const client = clientOf(deps, conn, user);
    try {
      if (!link) {
        if (!active || !out) continue;
        const put = await client.put(out, null);
        await repo.saveSuiteLink(deps.db, {
          connectionId: conn.id,
          remoteId: put.remoteId,
          bookingId: b.id,
          origin: 'suite',
          state: 'booked',
          etag: put.etag,
          remoteStart: out.start,
          remoteEnd: out.end,
        });
      } else if (link.origin === 'suite') {
        if (!active || !out) {
          if (link.state === 'cancelled') continue;
          await client.remove(link.remoteId, link.etag);
          await repo.updateLink(deps.db, link.id, { state: 'cancelled' });
        } else {
          const put = await client.put(out, link);
          await repo.updateLink(deps.db, link.id, { state: 'booked', etag: put.etag, remoteStart: out.start, remoteEnd: out.end });
        }
      } else if (!active) {
        if (link.state !== 'booked') continue;
        const reason = ko.calendarSync.server.declinedCancelled;
        const answered = await client.answerRoom(link.remoteId, roomAddress(deps.config, b.roomId), 'declined', reason);
        await repo.updateLink(deps.db, link.id, { state: 'cancelled', reason, etag: answered.etag });
      } else if (link.remoteStart?.getTime() !== b.startsAt.getTime() || link.remoteEnd?.getTime() !== b.endsAt.getTime()) {
        const moved = await client.move(link.remoteId, b.startsAt, b.endsAt);
        await repo.updateLink(deps.db, link.id, { etag: moved.etag, remoteStart: b.startsAt, remoteEnd: b.endsAt });
      }
    } catch (err) {
      await repo.setConnectionError(deps.db, conn.id, describeFailure(err));
      throw err;
    }
  }
}
