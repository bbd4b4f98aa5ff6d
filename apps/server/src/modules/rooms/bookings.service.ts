/**
 * Bookings: only members of the seed see or touch them (404 otherwise, as for seeds). The organizer or a seed
 * owner/admin edits, moves and cancels; minutes are written by the organizer and attendees. Overlaps are refused by
 * the database's exclusion constraint (SQLSTATE 23P01), answered 409 naming the room and the clashing slot.
 */
import { randomUUID } from 'node:crypto';
import { ko } from '@suite/shared';
import type { TBooking, TCreateBookingData, TUpdateBookingData } from '@suite/shared/schemas/rooms';
import { AppError } from '../../lib/app-error.ts';
import { pgTimestampIso } from '../../db/timestamps.ts';
import { reserveMails } from '../../lib/mail-quota.ts';
import { findSeed, type TSeedRow } from '../seeds/seeds.service.ts';
import { formatHours, formatSlot, occurrences, seoulDatePlus, seoulParts, withinHours } from './booking-time.ts';
import * as brepo from './bookings.repository.ts';
import { closedDates, closedMessage } from './holidays.service.ts';
import * as rrepo from './rooms.repository.ts';
import { jobKeyOf, RELEASE_AFTER_MS, RELEASE_KIND, REMINDER_KIND } from './job-kinds.ts';
import { inTx, publish, type TRoomsDeps } from './rooms.deps.ts';
import { minutesRecipients, sendMinutes } from './rooms.notify.ts';
import { assertMayOverride, effectiveRules, recordOverride, ruleBreaks, ruleError, type TRuleBreak } from './rules.service.ts';

const m = ko.rooms.server;
const v = ko.rooms.validation;
const ACTIVE = ['confirmed', 'checked_in'];

export type TActor = { id: string; email: string };

export async function memberSeed(deps: TRoomsDeps, seedId: string, userId: string): Promise<TSeedRow> {
  const seed = await findSeed(deps.db, seedId, userId);
  if (!seed) throw new AppError('SEED_NOT_FOUND');
  return seed;
}

export const isManager = (seed: TSeedRow) => seed.role === 'owner' || seed.role === 'admin';

/** The caller is among the attendees: by account, or by address whatever its case. */
const attends = (attendees: brepo.TBookingAttendee[], actor: TActor) => {
  const email = actor.email.toLowerCase();
  return attendees.some((a) => a.userId === actor.id || a.email === email);
};

/** What the caller may do with a booking (the server enforces the same rules on every change). */
function allowed(b: { status: string; organizerId: string; attendees: brepo.TBookingAttendee[] }, actor: TActor, seed: TSeedRow) {
  const organizer = b.organizerId === actor.id;
  return {
    canEdit: ACTIVE.includes(b.status) && (organizer || isManager(seed)),
    canWriteMinutes: b.status !== 'cancelled' && (organizer || attends(b.attendees, actor)),
  };
}

const apiAttendees = (attendees: brepo.TBookingAttendee[]) => attendees.map((a) => ({ email: a.email, userId: a.userId ?? null, name: a.name ?? null }));

export function toApiBooking(row: brepo.TBookingRow, actor: TActor, seed: TSeedRow): TBooking {
  return {
    id: row.b.id,
    roomId: row.b.roomId,
    roomName: row.roomName,
    title: row.b.title,
    organizer: { id: row.b.organizerId, name: row.organizerName, email: row.organizerEmail },
    attendees: apiAttendees(row.b.attendees),
    startsAt: row.b.startsAt.toISOString(),
    endsAt: row.b.endsAt.toISOString(),
    agenda: row.b.agenda,
    minutes: row.b.minutes,
    status: row.b.status as TBooking['status'],
    seriesId: row.b.seriesId,
    checkedInAt: row.b.checkedInAt?.toISOString() ?? null,
    overrideReason: row.b.overrideReason,
    releaseReason: row.b.releaseReason,
    ...allowed(row.b, actor, seed),
  };
}

/** The same answer from the list's raw row (`brepo.listBookings`). */
function listedBooking(r: brepo.TBookingListRow, actor: TActor, seed: TSeedRow): TBooking {
  return {
    id: r.id,
    roomId: r.room_id,
    roomName: r.room_name,
    title: r.title,
    organizer: { id: r.organizer_id, name: r.organizer_name, email: r.organizer_email },
    attendees: apiAttendees(r.attendees),
    startsAt: pgTimestampIso(r.starts_at),
    endsAt: pgTimestampIso(r.ends_at),
    agenda: r.agenda,
    minutes: r.minutes,
    status: r.status as TBooking['status'],
    seriesId: r.series_id,
    checkedInAt: r.checked_in_at === null ? null : pgTimestampIso(r.checked_in_at),
    overrideReason: r.override_reason,
    releaseReason: r.release_reason,
    ...allowed({ status: r.status, organizerId: r.organizer_id, attendees: r.attendees }, actor, seed),
  };
}

const isExclusion = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23P01' || e?.cause?.code === '23P01';
};

async function conflictError(deps: TRoomsDeps, room: { id: string; name: string }, start: Date, end: Date, exceptId?: string) {
  const clash = await brepo.findClash(deps.db, room.id, start, end, exceptId);
  const slot = clash ? formatSlot(clash.startsAt, clash.endsAt) : formatSlot(start, end);
  return new AppError('CONFLICT', m.conflict(room.name, slot));
}

/**
 * Attendees with their accounts when they are members. Outside (non-member) addresses receive mail the booking
 * triggers, so they are capped: per booking (ROOMS_MAX_OUTSIDE_ATTENDEES) and, for addresses new to the booking,
 * per seed per day (ROOMS_MAX_OUTSIDE_ATTENDEES_PER_DAY, counted in the shared rate limiter).
 */
async function resolveAttendees(deps: TRoomsDeps, seedId: string, emails: string[], already: brepo.TBookingAttendee[] = []): Promise<brepo.TBookingAttendee[]> {
  const unique = [...new Set(emails.map((e) => e.toLowerCase()))];
  const members = await rrepo.membersByEmail(deps.db, seedId, unique);
  const byEmail = new Map(members.map((x) => [x.email.toLowerCase(), x]));
  const outside = unique.filter((e) => !byEmail.has(e));
  if (outside.length > deps.caps.maxOutsideAttendees) {
    throw new AppError('VALIDATION_FAILED', ko.security.outsideAttendeesPerBooking(deps.caps.maxOutsideAttendees));
  }
  const known = new Set(already.map((a) => a.email.toLowerCase()));
  const added = outside.filter((e) => !known.has(e)).length;
  if (added > 0) {
    const key = `rl:outside-attendees:${seedId}:${seoulParts(deps.now()).date}`;
    const day = await deps.limiter.state.peek(key);
    if (day.count + added > deps.caps.maxOutsideAttendeesPerDay) {
      throw new AppError('RATE_LIMITED', ko.security.outsideAttendeesPerDay(deps.caps.maxOutsideAttendeesPerDay), {
        status: 429,
        headers: { 'retry-after': String(Math.max(1, Math.ceil((day.resetMs || 86_400_000) / 1000))) },
      });
    }
    await deps.limiter.state.hit(key, 86_400_000, added);
  }
  return unique.map((email) => {
    const mem = byEmail.get(email);
    return { email, userId: mem?.id ?? null, name: mem?.name ?? null };
  });
}

/** Reminder (N minutes before; now if that moment has passed but the meeting has not started) and auto-release. */
async function scheduleFor(deps: TRoomsDeps, seedId: string, bookingId: string, start: Date): Promise<void> {
  const { reminderMinutes } = await rrepo.getSettings(deps.db, seedId);
  const key = jobKeyOf(bookingId);
  await deps.jobs.enqueue(deps.db, { kind: RELEASE_KIND, key, payload: { bookingId }, runAt: new Date(start.getTime() + RELEASE_AFTER_MS), maxAttempts: 3 });
  if (reminderMinutes > 0 && start > deps.now()) {
    await deps.jobs.enqueue(deps.db, {
      kind: REMINDER_KIND,
      key,
      payload: { bookingId },
      runAt: new Date(start.getTime() - reminderMinutes * 60_000),
      maxAttempts: 3,
    });
  }
}

/** Calendar sync (buildApp's hook): the change reaches the organiser's connected calendars after the commit. */
const pushToCalendars = (deps: TRoomsDeps, bookingId: string, organizerId: string) => deps.onBookingChange?.(deps.db, { bookingId, organizerId });

function checkSlot(deps: TRoomsDeps, room: rrepo.TRoomRow, start: Date, end: Date): string | undefined {
  if (end <= deps.now()) return m.inPast;
  if (!withinHours(room, start, end)) return m.outsideHours(room.name, formatHours(room));
  return undefined;
}

async function activeRoom(deps: TRoomsDeps, seedId: string, roomId: string): Promise<rrepo.TRoomRow> {
  const room = await rrepo.findRoom(deps.db, seedId, roomId);
  if (!room) throw new AppError('NOT_FOUND', m.roomNotFound);
  if (!room.active) throw new AppError('CONFLICT', m.roomInactive);
  return room;
}

export async function createBooking(deps: TRoomsDeps, actor: TActor, seedId: string, input: TCreateBookingData) {
  const seed = await memberSeed(deps, seedId, actor.id);
  assertMayOverride(seed, input.override);
  const room = await activeRoom(deps, seedId, input.roomId);
  const rules = await effectiveRules(deps.db, seedId, room.id);
  const start = new Date(input.startsAt);
  const end = new Date(input.endsAt);
  if (input.recurrence) {
    const startDate = seoulParts(start).date;
    if (input.recurrence.until < startDate || input.recurrence.until > seoulDatePlus(start, 366)) {
      throw new AppError('VALIDATION_FAILED', v.untilRange);
    }
  }
  const attendees = await resolveAttendees(deps, seedId, input.attendees ?? []);
  const { slots, leftOut } = occurrences(start, end, input.recurrence);
  const seriesId = slots.length > 1 ? randomUUID() : null;
  // Public holidays and the seed's closed days close the room unless it opts in (issue 37): such dates are skipped.
  const closed = await closedDates(
    deps.db,
    seedId,
    room,
    slots.map((s) => seoulParts(s.start).date),
  );
  // Bookings, their jobs and their log rows commit together; a clashing occurrence is rolled back to its savepoint.
  const { createdIds, created, skipped } = await inTx(deps, async (txd) => {
    const createdIds: string[] = [];
    const skipped: { startsAt: string; endsAt: string; reason: string; date?: string; name?: string }[] = [];
    let firstError: AppError | undefined;
    // Booking rules (issue 37): an occurrence that breaks one is skipped with the rule's message, unless an admin overrides.
    const overridden = new Map<string, TRuleBreak[]>();
    for (const slot of slots) {
      const day = seoulParts(slot.start).date;
      const holiday = closed.get(day);
      if (holiday && slot.end > txd.now()) {
        const reason = closedMessage(day, holiday);
        firstError ??= new AppError('CONFLICT', reason);
        skipped.push({ startsAt: slot.start.toISOString(), endsAt: slot.end.toISOString(), reason, date: day, name: holiday });
        continue;
      }
      const invalid = checkSlot(txd, room, slot.start, slot.end);
      if (invalid) {
        firstError ??= new AppError('VALIDATION_FAILED', invalid);
        skipped.push({ startsAt: slot.start.toISOString(), endsAt: slot.end.toISOString(), reason: invalid });
        continue;
      }
      const broken = await ruleBreaks({ deps: txd, seed, actor, organizerId: actor.id, room, rules }, slot.start, slot.end);
      if (broken.length > 0 && !input.override) {
        const refused = ruleError(broken[0]!);
        firstError ??= refused;
        skipped.push({ startsAt: slot.start.toISOString(), endsAt: slot.end.toISOString(), reason: refused.message });
        continue;
      }
      try {
        const id = await txd.db.transaction((sp) =>
          brepo.insertBooking(sp, {
            seedId,
            roomId: room.id,
            organizerId: actor.id,
            title: input.title,
            startsAt: slot.start,
            endsAt: slot.end,
            attendees,
            agenda: input.agenda ?? '',
            seriesId,
            overrideReason: broken.length > 0 ? input.override!.reason : null,
          }),
        );
        createdIds.push(id);
        if (broken.length > 0) overridden.set(id, broken);
      } catch (err) {
        if (!isExclusion(err)) throw err;
        const conflict = await conflictError(txd, room, slot.start, slot.end);
        firstError ??= conflict;
        skipped.push({ startsAt: slot.start.toISOString(), endsAt: slot.end.toISOString(), reason: conflict.message });
      }
    }
    if (createdIds.length === 0) {
      if (slots.length > 1 && firstError?.code === 'ROOM_RULE')
        throw new AppError('ROOM_RULE', firstError.message, {
          status: firstError.status,
          details: skipped.map((s) => ({ path: s.startsAt, message: s.reason })),
        });
      if (slots.length > 1)
        throw new AppError(firstError?.status === 409 ? 'CONFLICT' : 'VALIDATION_FAILED', m.allConflict, {
          details: skipped.map((s) => ({ path: s.startsAt, message: s.reason })),
        });
      throw firstError ?? new AppError('CONFLICT');
    }
    const created: TBooking[] = [];
    for (const id of createdIds) {
      const row = (await brepo.findBooking(txd.db, seedId, id))!;
      await scheduleFor(txd, seedId, id, row.b.startsAt);
      await pushToCalendars(txd, id, actor.id);
      const broken = overridden.get(id);
      if (broken) {
        const e = { seedId, actorId: actor.id, bookingId: id, seriesId, room, title: row.b.title, start: row.b.startsAt, end: row.b.endsAt };
        await recordOverride(txd.db, { ...e, reason: input.override!.reason, broken });
      }
      await rrepo.logEvent(txd.db, {
        seedId,
        bookingId: id,
        roomId: room.id,
        actorId: actor.id,
        action: 'create',
        detail: { title: row.b.title, roomName: room.name, slot: formatSlot(row.b.startsAt, row.b.endsAt) },
      });
      created.push(toApiBooking(row, actor, seed));
    }
    return { createdIds, created, skipped };
  });
  await publish(deps, seedId, { type: 'created', bookingId: createdIds[0]!, roomId: room.id });
  return { created, skipped, leftOut };
}

async function loadForChange(deps: TRoomsDeps, actor: TActor, seedId: string, bookingId: string) {
  const seed = await memberSeed(deps, seedId, actor.id);
  const row = await brepo.findBooking(deps.db, seedId, bookingId);
  if (!row) throw new AppError('NOT_FOUND', m.bookingNotFound);
  return { seed, row };
}

export async function updateBooking(deps: TRoomsDeps, actor: TActor, seedId: string, bookingId: string, input: TUpdateBookingData) {
  const { seed, row } = await loadForChange(deps, actor, seedId, bookingId);
  assertMayOverride(seed, input.override);
  const api = toApiBooking(row, actor, seed);
  const { minutes, override, ...rest } = input;
  const changesOther = Object.values(rest).some((x) => x !== undefined);
  if (changesOther && !api.canEdit)
    throw new AppError(ACTIVE.includes(row.b.status) ? 'FORBIDDEN' : 'CONFLICT', ACTIVE.includes(row.b.status) ? m.organizerOnly : m.notActive);
  if (minutes !== undefined && !api.canWriteMinutes) throw new AppError('FORBIDDEN', m.minutesOnly);

  const start = input.startsAt ? new Date(input.startsAt) : row.b.startsAt;
  const end = input.endsAt ? new Date(input.endsAt) : row.b.endsAt;
  if (end <= start) throw new AppError('VALIDATION_FAILED', v.order);
  if (end.getTime() - start.getTime() > 12 * 3_600_000) throw new AppError('VALIDATION_FAILED', v.tooLong);
  const moved =
    start.getTime() !== row.b.startsAt.getTime() || end.getTime() !== row.b.endsAt.getTime() || (input.roomId !== undefined && input.roomId !== row.b.roomId);
  let room = { id: row.b.roomId, name: row.roomName };
  if (moved) {
    const target = await activeRoom(deps, seedId, input.roomId ?? row.b.roomId);
    const invalid = checkSlot(deps, target, start, end);
    if (invalid) throw new AppError('VALIDATION_FAILED', invalid);
    const day = seoulParts(start).date;
    const holiday = (await closedDates(deps.db, seedId, target, [day])).get(day);
    if (holiday) throw new AppError('CONFLICT', closedMessage(day, holiday));
    room = target;
  }
  const patch: Partial<brepo.TBookingInsert> = {};
  if (input.title !== undefined) patch.title = input.title;
  if (input.agenda !== undefined) patch.agenda = input.agenda;
  if (minutes !== undefined) patch.minutes = minutes;
  if (input.attendees !== undefined) patch.attendees = await resolveAttendees(deps, seedId, input.attendees, row.b.attendees);
  if (moved) Object.assign(patch, { startsAt: start, endsAt: end, roomId: room.id });
  const fresh = await inTx(deps, async (txd) => {
    // Booking rules (issue 37) for the booking as it would be, its own time left out of the weekly counts.
    let broken: TRuleBreak[] = [];
    if (moved) {
      const rules = await effectiveRules(txd.db, seedId, room.id);
      broken = await ruleBreaks({ deps: txd, seed, actor, organizerId: row.b.organizerId, room, rules, exceptId: bookingId }, start, end);
      if (broken.length > 0 && !override) throw ruleError(broken[0]!);
      patch.overrideReason = broken.length > 0 ? override!.reason : null;
    }
    try {
      const ok = await txd.db.transaction((sp) => brepo.updateBooking(sp, bookingId, patch, deps.now(), changesOther ? ACTIVE : undefined));
      if (!ok) throw new AppError('CONFLICT', m.notActive);
    } catch (err) {
      if (isExclusion(err)) throw await conflictError(txd, room, start, end, bookingId);
      throw err;
    }
    if (moved) {
      await deps.jobs.cancel(txd.db, jobKeyOf(bookingId));
      await scheduleFor(txd, seedId, bookingId, start);
    }
    await pushToCalendars(txd, bookingId, row.b.organizerId);
    const fresh = (await brepo.findBooking(txd.db, seedId, bookingId))!;
    if (broken.length > 0) {
      const e = { seedId, actorId: actor.id, bookingId, seriesId: fresh.b.seriesId, room, title: fresh.b.title, start, end };
      await recordOverride(txd.db, { ...e, reason: override!.reason, broken });
    }
    const detail = { title: fresh.b.title, roomName: fresh.roomName, slot: formatSlot(fresh.b.startsAt, fresh.b.endsAt) };
    if (moved) {
      await rrepo.logEvent(txd.db, {
        seedId,
        bookingId,
        roomId: room.id,
        actorId: actor.id,
        action: 'move',
        detail: { ...detail, from: `${row.roomName} ${formatSlot(row.b.startsAt, row.b.endsAt)}` },
      });
    } else if (changesOther) {
      await rrepo.logEvent(txd.db, { seedId, bookingId, roomId: room.id, actorId: actor.id, action: 'update', detail });
    }
    // Saving minutes no longer mails anyone: that is the explicit "send minutes" action (sendBookingMinutes).
    if (minutes !== undefined && minutes !== row.b.minutes) {
      await rrepo.logEvent(txd.db, { seedId, bookingId, roomId: room.id, actorId: actor.id, action: 'minutes', detail });
    }
    return fresh;
  });
  await publish(deps, seedId, { type: 'updated', bookingId, roomId: room.id });
  return toApiBooking(fresh, actor, seed);
}

/** Cancels one booking, or with scope 'following' also the later occurrences of its series; returns how many. */
export async function cancelBooking(deps: TRoomsDeps, actor: TActor, seedId: string, bookingId: string, scope: 'one' | 'following' = 'one'): Promise<number> {
  const { seed, row } = await loadForChange(deps, actor, seedId, bookingId);
  if (!ACTIVE.includes(row.b.status)) throw new AppError('CONFLICT', m.notActive);
  if (!toApiBooking(row, actor, seed).canEdit) throw new AppError('FORBIDDEN', m.organizerOnly);
  const rows = scope === 'following' && row.b.seriesId ? await brepo.followingInSeries(deps.db, seedId, row.b.seriesId, row.b.startsAt) : [row];
  const count = await inTx(deps, async (txd) => {
    let count = 0;
    for (const r of rows) {
      if (!toApiBooking(r, actor, seed).canEdit) continue;
      if (!(await brepo.updateBooking(txd.db, r.b.id, { status: 'cancelled' }, deps.now(), ACTIVE))) continue;
      count += 1;
      await deps.jobs.cancel(txd.db, jobKeyOf(r.b.id));
      await pushToCalendars(txd, r.b.id, r.b.organizerId);
      await rrepo.logEvent(txd.db, {
        seedId,
        bookingId: r.b.id,
        roomId: r.b.roomId,
        actorId: actor.id,
        action: 'cancel',
        detail: { title: r.b.title, roomName: r.roomName, slot: formatSlot(r.b.startsAt, r.b.endsAt) },
      });
    }
    if (count === 0) throw new AppError('CONFLICT', m.notActive);
    return count;
  });
  await publish(deps, seedId, { type: 'cancelled', bookingId, roomId: row.b.roomId });
  return count;
}

export async function checkIn(deps: TRoomsDeps, actor: TActor, seedId: string, bookingId: string) {
  const { seed, row } = await loadForChange(deps, actor, seedId, bookingId);
  if (row.b.organizerId !== actor.id && !attends(row.b.attendees, actor)) throw new AppError('FORBIDDEN', m.checkInOnly);
  if (row.b.status !== 'confirmed') throw new AppError('CONFLICT', row.b.status === 'checked_in' ? m.alreadyCheckedIn : m.notActive);
  const now = deps.now();
  if (now.getTime() < row.b.startsAt.getTime() - 15 * 60_000 || now >= row.b.endsAt) throw new AppError('CONFLICT', m.checkInWindow);
  await inTx(deps, async (txd) => {
    const ok = await brepo.updateBooking(txd.db, bookingId, { status: 'checked_in', checkedInAt: now }, now, ['confirmed']);
    if (!ok) throw new AppError('CONFLICT', m.notActive);
    await rrepo.logEvent(txd.db, {
      seedId,
      bookingId,
      roomId: row.b.roomId,
      actorId: actor.id,
      action: 'check_in',
      detail: { title: row.b.title, roomName: row.roomName, slot: formatSlot(row.b.startsAt, row.b.endsAt) },
    });
  });
  await publish(deps, seedId, { type: 'checked_in', bookingId, roomId: row.b.roomId });
  return toApiBooking((await brepo.findBooking(deps.db, seedId, bookingId))!, actor, seed);
}

export async function listBookings(
  deps: TRoomsDeps,
  actor: TActor,
  seedId: string,
  q: { from: string; to: string; roomId?: string | undefined; mine?: string | undefined; includeCancelled?: string | undefined },
): Promise<TBooking[]> {
  const seed = await memberSeed(deps, seedId, actor.id);
  const rows = await brepo.listBookings(deps.db, seedId, {
    from: new Date(q.from),
    to: new Date(q.to),
    roomId: q.roomId,
    mine: q.mine === 'true' ? { userId: actor.id, email: actor.email } : undefined,
    includeCancelled: q.includeCancelled === 'true',
  });
  return rows.map((r) => listedBooking(r, actor, seed));
}

export async function getBooking(deps: TRoomsDeps, actor: TActor, seedId: string, bookingId: string) {
  const { seed, row } = await loadForChange(deps, actor, seedId, bookingId);
  return { booking: toApiBooking(row, actor, seed), row };
}

export const MINUTES_RESEND_MS = 10 * 60_000;

/**
 * The explicit "send minutes" action: mails the saved minutes to the attendees. Organizer and attendees may send;
 * at most once per booking per 10 minutes (one claim across instances) and within the hourly mail quotas.
 */
export async function sendBookingMinutes(deps: TRoomsDeps, actor: TActor, seedId: string, bookingId: string): Promise<number> {
  const { seed, row } = await loadForChange(deps, actor, seedId, bookingId);
  if (!toApiBooking(row, actor, seed).canWriteMinutes) throw new AppError('FORBIDDEN', m.minutesOnly);
  if (!row.b.minutes.trim()) throw new AppError('CONFLICT', ko.security.minutesEmpty);
  const to = minutesRecipients(row);
  const claimKey = `rl:minutes-sent:${bookingId}`;
  if (!(await deps.limiter.state.claim(claimKey, MINUTES_RESEND_MS))) {
    const left = (await deps.limiter.state.peek(claimKey)).resetMs || MINUTES_RESEND_MS;
    throw new AppError('RATE_LIMITED', ko.security.minutesAlreadySent(Math.max(1, Math.ceil(left / 60_000))), {
      status: 429,
      headers: { 'retry-after': String(Math.max(1, Math.ceil(left / 1000))) },
    });
  }
  try {
    await reserveMails(deps.limiter, deps.mailQuotas, { userId: actor.id, seedId, count: to.length });
  } catch (err) {
    await deps.limiter.state.reset(claimKey);
    throw err;
  }
  await rrepo.logEvent(deps.db, {
    seedId,
    bookingId,
    roomId: row.b.roomId,
    actorId: actor.id,
    action: 'minutes_sent',
    detail: { title: row.b.title, roomName: row.roomName, slot: formatSlot(row.b.startsAt, row.b.endsAt), recipients: to.length },
  });
  await sendMinutes(deps, row);
  return to.length;
}
