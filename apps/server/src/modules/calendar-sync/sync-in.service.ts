/**
 * In: a connection's remote changes (Google syncToken, CalDAV sync-collection), polled on the job runner. A remote
 * event the member organises that invites a room's address books that room through the rooms service (its rules,
 * holidays and the exclusion constraint), or declines on the event with the service's Korean reason. Moves and
 * cancellations of linked events move or cancel the booking; a move that cannot be made declines and frees the room.
 * The link row (unique per connection and remote id) is written in the booking's own transaction: a second instance
 * syncing the same change at once fails on it and books nothing.
 */
import { ko } from '@suite/shared';
import { ZCreateBookingInput } from '@suite/shared/schemas/rooms';
import { AppError } from '../../lib/app-error.ts';
import { cancelBooking, createBooking, updateBooking } from '../rooms/bookings.service.ts';
import { bookingFacts, roomSeed } from '../rooms/calendar.service.ts';
import type { TCalendarClient, TRemoteEvent } from './calendar-client.ts';
import { clientOf, describeFailure, roomIdOf, roomsIn, userFacts, type TCalendarSyncDeps, type TUserFacts } from './calendar-sync.deps.ts';
import * as repo from './calendar-sync.repository.ts';

const s = ko.calendarSync.server;
const ACTIVE = ['confirmed', 'checked_in'];
/** How long one sync may hold its connection before another instance may take it over. */
const LEASE_MS = 5 * 60_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The remote ids the suite gives its own bookings' events (google-calendar.ts, caldav-calendar.ts). */
const OWN_ID = /(?:^suite([0-9a-f]{32})$)|(?:\/suite-([0-9a-f-]{36})\.ics$)/;

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};
const same = (a: Date | null | undefined, b: Date) => Boolean(a) && a!.getTime() === b.getTime();
const bookingIdOfOwn = (remoteId: string) => {
  const m = OWN_ID.exec(remoteId);
  const hex = m?.[1];
  if (hex) return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return m?.[2];
};

type TCtx = { deps: TCalendarSyncDeps; conn: repo.TConnectionRow; user: TUserFacts; client: TCalendarClient };

function roomOf(ctx: TCtx, ev: TRemoteEvent) {
  for (const a of ev.attendees) {
    const roomId = roomIdOf(ctx.deps.config, a.email);
    if (roomId) return { roomId, email: a.email };
  }
  return undefined;
}

/** Books the room for a remote event (new, or a declined/cancelled link invited again); answers on the event. */
async function book(ctx: TCtx, ev: TRemoteEvent, room: { roomId: string; email: string }, existing?: repo.TLinkRow): Promise<boolean> {
  const { deps, conn, user } = ctx;
  const actor = { id: user.id, email: user.email };
  const attendees = ev.attendees.map((a) => a.email).filter((e) => EMAIL.test(e) && !roomIdOf(deps.config, e) && e !== user.email.toLowerCase());
  const parsed = ZCreateBookingInput.safeParse({
    roomId: room.roomId,
    title: (ev.title.trim() || s.untitled).slice(0, 100),
    startsAt: ev.start.toISOString(),
    endsAt: ev.end.toISOString(),
    attendees,
    agenda: ev.description.slice(0, 20_000),
  });
  const seedId = await roomSeed(deps.db, room.roomId);
  let reason: string | undefined;
  if (ev.recurring) reason = s.declinedRecurring;
  else if (!parsed.success) reason = s.declinedInvalid(parsed.error.issues[0]?.message ?? ko.errors.validation);
  else if (!seedId) reason = ko.rooms.server.roomNotFound;
  const snapshot = { etag: ev.etag, remoteStart: ev.start, remoteEnd: ev.end };
  try {
    await deps.db.transaction(async (tx) => {
      let linkId: number;
      if (existing) {
        if (!(await repo.claimLinkForRebooking(tx, existing.id))) throw new SkipEvent();
        linkId = existing.id;
      } else {
        linkId = (await repo.insertLink(tx, { connectionId: conn.id, remoteId: ev.id, origin: 'remote', state: 'pending', ...snapshot })).id;
      }
      if (!reason && parsed.success && seedId) {
        try {
          // A savepoint of this transaction: a refused booking rolls back to it and the link records the decline.
          const made = await createBooking(roomsIn(deps, tx), actor, seedId, parsed.data);
          await repo.updateLink(tx, linkId, { state: 'booked', bookingId: made.created[0]!.id, reason: null, ...snapshot });
          return;
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          reason = err.message;
        }
      }
      await repo.updateLink(tx, linkId, { state: 'declined', bookingId: null, reason: reason ?? null, ...snapshot });
    });
  } catch (err) {
    // Another instance linked this event first (the unique key) or re-booked it: it answers, not us.
    if (err instanceof SkipEvent || isUniqueViolation(err)) return false;
    throw err;
  }
  await ctx.client.answerRoom(ev.id, room.email, reason ? 'declined' : 'accepted', reason);
  return true;
}

class SkipEvent extends Error {}

async function applyEvent(ctx: TCtx, ev: TRemoteEvent): Promise<boolean> {
  const { deps, conn, user } = ctx;
  const actor = { id: user.id, email: user.email };
  let link = await repo.findLink(deps.db, conn.id, ev.id);
  if (!link) {
    // The suite's own event of a booking, seen before its push saved the link: link it, never book it twice.
    const own = bookingIdOfOwn(ev.id);
    const facts = own ? await bookingFacts(deps.db, own) : undefined;
    if (facts && facts.organizerId === user.id) {
      await repo.saveSuiteLink(deps.db, {
        connectionId: conn.id,
        remoteId: ev.id,
        bookingId: facts.id,
        origin: 'suite',
        state: 'booked',
        etag: ev.etag,
        remoteStart: ev.start,
        remoteEnd: ev.end,
      });
      link = await repo.findLink(deps.db, conn.id, ev.id);
    }
  }
  const room = ev.cancelled ? undefined : roomOf(ctx, ev);
  if (!link) {
    if (ev.cancelled || !ev.organizerSelf || !room) return false;
    return book(ctx, ev, room);
  }
  const booking = link.bookingId ? await bookingFacts(deps.db, link.bookingId) : undefined;
  const active = booking && ACTIVE.includes(booking.status) ? booking : undefined;
  if (ev.cancelled || !room) {
    // Deleted there, or the room no longer invited: the booking here is cancelled.
    await deps.db.transaction(async (tx) => {
      if (active) {
        try {
          await cancelBooking(roomsIn(deps, tx), actor, active.seedId, active.id);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
        }
      }
      await repo.updateLink(tx, link.id, { state: 'cancelled', etag: ev.etag });
    });
    return Boolean(active);
  }
  if (active) {
    if (same(active.startsAt, ev.start) && same(active.endsAt, ev.end)) {
      // Our own write coming back, or a change that is not a move (title, description): nothing to do here, except
      // an answer that did not reach the event (a failed write after the booking committed) is written again.
      await repo.updateLink(deps.db, link.id, { etag: ev.etag, remoteStart: ev.start, remoteEnd: ev.end });
      if (link.origin === 'remote' && roomStatus(ev, room.email) !== 'accepted') await ctx.client.answerRoom(ev.id, room.email, 'accepted');
      return false;
    }
    try {
      await deps.db.transaction(async (tx) => {
        await updateBooking(roomsIn(deps, tx), actor, active.seedId, active.id, { startsAt: ev.start.toISOString(), endsAt: ev.end.toISOString() });
        await repo.updateLink(tx, link.id, { etag: ev.etag, remoteStart: ev.start, remoteEnd: ev.end });
      });
      return true;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      // The new slot is taken or not allowed: the room declines the moved event and the old slot is freed.
      const reason = err.message;
      await deps.db.transaction(async (tx) => {
        await repo.updateLink(tx, link.id, { state: 'declined', reason, etag: ev.etag, remoteStart: ev.start, remoteEnd: ev.end });
        try {
          await cancelBooking(roomsIn(deps, tx), actor, active.seedId, active.id);
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
        }
      });
      await ctx.client.answerRoom(ev.id, room.email, 'declined', reason);
      return true;
    }
  }
  // Declined or cancelled before: invited again at another time, the room tries again.
  if (ev.organizerSelf && (link.state === 'declined' || link.state === 'cancelled') && !(same(link.remoteStart, ev.start) && same(link.remoteEnd, ev.end))) {
    return book(ctx, ev, room, link);
  }
  if (link.etag !== ev.etag) await repo.updateLink(deps.db, link.id, { etag: ev.etag });
  // A decline that did not reach the event (its write failed after the link recorded it) is written again.
  if (link.state === 'declined' && link.reason && roomStatus(ev, room.email) !== 'declined')
    await ctx.client.answerRoom(ev.id, room.email, 'declined', link.reason);
  return false;
}

/** The room attendee's answer on the event, lower-case (Google responseStatus, CalDAV PARTSTAT). */
const roomStatus = (ev: TRemoteEvent, roomEmail: string) => ev.attendees.find((a) => a.email === roomEmail)?.status.toLowerCase();

export type TSyncOutcome = { status: 'busy' } | { status: 'ok'; changes: number } | { status: 'failed'; error: string };

/** One sync of one connection, under its lease (a second caller meanwhile gets 'busy'). */
export async function syncConnection(deps: TCalendarSyncDeps, connectionId: string): Promise<TSyncOutcome> {
  const now = deps.now();
  if (!(await repo.takeLease(deps.db, connectionId, now, new Date(now.getTime() + LEASE_MS)))) return { status: 'busy' };
  const conn = await repo.findConnection(deps.db, connectionId);
  const user = conn ? await userFacts(deps, conn.userId) : undefined;
  if (!conn || !user) return { status: 'ok', changes: 0 };
  try {
    const client = clientOf(deps, conn, user);
    const { events, token } = await client.changes(conn.syncToken);
    let changes = 0;
    for (const ev of events) if (await applyEvent({ deps, conn, user, client }, ev)) changes += 1;
    await repo.finishSync(deps.db, conn.id, { at: deps.now(), error: null, syncToken: token });
    return { status: 'ok', changes };
  } catch (err) {
    // The token is kept: the next sync reads the same changes again (each is applied once by its link).
    deps.log.warn({ err: (err as Error).message, connectionId }, 'calendar sync failed');
    const error = describeFailure(err);
    await repo.finishSync(deps.db, conn.id, { at: deps.now(), error });
    return { status: 'failed', error };
  }
}

export const POLL_EVERY_MS = 60_000;

/** The schedule's task: every connection not synced for a poll interval, oldest first. */
export async function pollDue(deps: TCalendarSyncDeps): Promise<number> {
  const due = await repo.dueConnections(deps.db, new Date(deps.now().getTime() - POLL_EVERY_MS + 5_000), 50);
  for (const c of due) await syncConnection(deps, c.id);
  return due.length;
}
