/**
 * The display by a room's door (issue 37). An owner or admin creates a display for one room and gets its URL once
 * (/rooms/display/{token}; the token is kept as SHA-256, like calendar feed tokens). The token reads that room's
 * now/next, books it from now ('지금 사용') and checks in its current booking — nothing else: it is not a session,
 * so no other route accepts it. Revoking keeps the row, so the page can say it was revoked.
 *
 * Quick bookings are made as the display's creator (an owner or admin of the seed, who answers for the tablet):
 * they go through the booking service (membership, room active, hours, holidays and closed days, overlaps refused by
 * the database) and are checked in at once, since whoever pressed the button is at the room.
 */
import { randomBytes } from 'node:crypto';
import { ko } from '@suite/shared';
import { koRoomsDoor } from '@suite/shared/messages/ko-rooms-door';
import type { TDisplayBooking, TDisplayState, TRoomDisplay } from '@suite/shared/schemas/rooms-door';
import { AppError } from '../../lib/app-error.ts';
import { sha256 } from '../../lib/tokens.ts';
import { findUserById } from '../auth/auth.service.ts';
import { formatSlot, seoulParts } from './booking-time.ts';
import * as brepo from './bookings.repository.ts';
import { checkIn, createBooking, isManager, memberSeed, type TActor } from './bookings.service.ts';
import { checkInUrl } from './checkin-qr.service.ts';
import * as drepo from './display.repository.ts';
import { closedDates } from './holidays.service.ts';
import * as rrepo from './rooms.repository.ts';
import { effectiveRules } from './rules.service.ts';
import { publish, type TRoomsDeps } from './rooms.deps.ts';

const t = koRoomsDoor.server;
const ACTIVE = new Set(['confirmed', 'checked_in']);
const CHECK_IN_EARLY_MS = 15 * 60_000;
const MIN_QUICK_MS = 5 * 60_000;
/** Quarter hours fall on the same instants in Seoul (+09:00) as in UTC. */
const QUARTER_MS = 15 * 60_000;
export const QUICK_MINUTES = [15, 30, 60] as const;

async function managerSeed(deps: TRoomsDeps, seedId: string, actor: TActor) {
  const seed = await memberSeed(deps, seedId, actor.id);
  if (!isManager(seed)) throw new AppError('SEED_FORBIDDEN', ko.rooms.server.managersOnly);
  return seed;
}

type TListedDisplay = Awaited<ReturnType<typeof drepo.listDisplays>>[number] & { creatorName: string };

/** The rows with their creators' names (read through the accounts' service; a seed has a handful of displays). */
async function withCreators(deps: TRoomsDeps, rows: Awaited<ReturnType<typeof drepo.listDisplays>>): Promise<TListedDisplay[]> {
  const names = new Map<string, string>();
  for (const id of new Set(rows.map((r) => r.d.createdById))) names.set(id, (await findUserById(deps.db, id))?.fullName ?? '');
  return rows.map((r) => ({ ...r, creatorName: names.get(r.d.createdById) ?? '' }));
}

const toApiDisplay = (r: TListedDisplay): TRoomDisplay => ({
  id: r.d.id,
  roomId: r.d.roomId,
  roomName: r.roomName,
  name: r.d.name,
  createdAt: r.d.createdAt.toISOString(),
  createdBy: { id: r.d.createdById, name: r.creatorName },
  lastSeenAt: r.d.lastSeenAt?.toISOString() ?? null,
  revokedAt: r.d.revokedAt?.toISOString() ?? null,
});

export const displayUrl = (deps: TRoomsDeps, token: string) => `${deps.appUrl}/rooms/display/${token}`;

export async function listDisplays(deps: TRoomsDeps, actor: TActor, seedId: string): Promise<TRoomDisplay[]> {
  await managerSeed(deps, seedId, actor);
  return (await withCreators(deps, await drepo.listDisplays(deps.db, seedId))).map(toApiDisplay);
}

export async function createDisplay(deps: TRoomsDeps, actor: TActor, seedId: string, input: { roomId: string; name: string }) {
  await managerSeed(deps, seedId, actor);
  const room = await rrepo.findRoom(deps.db, seedId, input.roomId);
  if (!room) throw new AppError('NOT_FOUND', ko.rooms.server.roomNotFound);
  const token = randomBytes(24).toString('base64url');
  const created = await deps.db.transaction(async (tx) => {
    const row = await drepo.insertDisplay(tx, {
      seedId,
      roomId: room.id,
      name: input.name,
      tokenHash: sha256(token),
      createdById: actor.id,
      createdAt: deps.now(),
    });
    await rrepo.logEvent(tx, { seedId, roomId: room.id, actorId: actor.id, action: 'display_create', detail: { roomName: room.name, display: input.name } });
    return (await drepo.findDisplay(tx, seedId, row.id))!;
  });
  const [listed] = await withCreators(deps, [created]);
  return { display: toApiDisplay(listed!), url: displayUrl(deps, token) };
}

export async function revokeDisplay(deps: TRoomsDeps, actor: TActor, seedId: string, displayId: string): Promise<string> {
  await managerSeed(deps, seedId, actor);
  const row = await drepo.findDisplay(deps.db, seedId, displayId);
  if (!row) throw new AppError('NOT_FOUND', t.displayMissing);
  await deps.db.transaction(async (tx) => {
    if (!(await drepo.revokeDisplay(tx, seedId, displayId, deps.now()))) return;
    await rrepo.logEvent(tx, {
      seedId,
      roomId: row.d.roomId,
      actorId: actor.id,
      action: 'display_revoke',
      detail: { roomName: row.roomName, display: row.d.name },
    });
  });
  return row.d.name;
}

// ── What the token grants ──

/** The display a token names; 404 when unknown, 410 when revoked (the page says which). */
async function displayOf(deps: TRoomsDeps, token: string) {
  const row = await drepo.displayByHash(deps.db, sha256(token));
  if (!row) throw new AppError('NOT_FOUND', t.displayNotFound);
  if (row.d.revokedAt) throw new AppError('NOT_FOUND', t.displayRevoked, { status: 410 });
  const room = await rrepo.findRoom(deps.db, row.d.seedId, row.d.roomId);
  if (!room) throw new AppError('NOT_FOUND', t.displayNotFound);
  return { ...row, room };
}

type TDisplay = Awaited<ReturnType<typeof displayOf>>;

const seoulMidnight = (date: string) => Date.parse(`${date}T00:00:00+09:00`);

/** The room's day as the display shows it: the bookings of the rest of today, closing time and why it is closed. */
async function dayOf(deps: TRoomsDeps, display: TDisplay, now: Date) {
  const { room } = display;
  const today = seoulParts(now);
  const dayEnd = new Date(seoulMidnight(today.date) + 86_400_000);
  const rows = (await brepo.listBookings(deps.db, room.seedId, { from: now, to: dayEnd, roomId: room.id })).filter((r) => ACTIVE.has(r.status));
  const holiday = (await closedDates(deps.db, room.seedId, room, [today.date])).get(today.date);
  const closedReason = !room.active
    ? koRoomsDoor.display.closedNow
    : holiday
      ? holiday
      : !room.weekdays.includes(today.weekday)
        ? koRoomsDoor.display.closedNow
        : null;
  const closesAt = new Date(seoulMidnight(today.date) + room.closeMinute * 60_000);
  const opensAt = new Date(seoulMidnight(today.date) + room.openMinute * 60_000);
  const openNow = !closedReason && now >= opensAt && now < closesAt;
  return { rows, closedReason, closesAt, openNow };
}

function toDisplayBooking(r: brepo.TBookingListRow, now: Date): TDisplayBooking {
  const start = new Date(r.starts_at);
  const end = new Date(r.ends_at);
  return {
    id: r.id,
    title: r.title,
    organizerName: r.organizer_name,
    startsAt: start.toISOString(),
    endsAt: end.toISOString(),
    status: r.status as TDisplayBooking['status'],
    canCheckIn: r.status === 'confirmed' && now.getTime() >= start.getTime() - CHECK_IN_EARLY_MS && now < end,
  };
}

async function stateOf(deps: TRoomsDeps, display: TDisplay): Promise<{ state: TDisplayState; freeUntilDate: Date | null }> {
  const now = deps.now();
  const { rows, closedReason, closesAt, openNow } = await dayOf(deps, display, now);
  const current = rows.find((r) => new Date(r.starts_at) <= now && new Date(r.ends_at) > now);
  const next = rows.find((r) => new Date(r.starts_at) > now);
  let freeUntil: Date | null = null;
  if (!current && openNow) {
    const nextStart = next ? new Date(next.starts_at) : null;
    freeUntil = nextStart && nextStart < closesAt ? nextStart : closesAt;
  }
  const freeMs = freeUntil ? freeUntil.getTime() - now.getTime() : 0;
  const quickMinutes = freeMs >= MIN_QUICK_MS ? QUICK_MINUTES.filter((m, i) => i === 0 || freeMs > QUICK_MINUTES[i - 1]! * 60_000) : [];
  const code = await checkInUrl(deps, display.room.id, display.room.seedId);
  const state: TDisplayState = {
    displayName: display.d.name,
    room: { id: display.room.id, name: display.room.name, location: display.room.location },
    now: current ? toDisplayBooking(current, now) : null,
    next: next ? toDisplayBooking(next, now) : null,
    freeUntil: freeUntil?.toISOString() ?? null,
    closedReason,
    quickMinutes: [...quickMinutes],
    checkInUrl: code,
    serverTime: now.toISOString(),
  };
  return { state, freeUntilDate: freeUntil };
}

const publicState = (s: Awaited<ReturnType<typeof stateOf>>): TDisplayState => s.state;

export async function displayState(deps: TRoomsDeps, token: string): Promise<TDisplayState> {
  const display = await displayOf(deps, token);
  await drepo.touchDisplay(deps.db, display.d.id, deps.now());
  return publicState(await stateOf(deps, display));
}

/**
 * '지금 사용': the room from now for 15, 30 or 60 minutes, rounded up to the next quarter hour, at most until the next
 * booking or closing; checked in.
 */
export async function quickBook(deps: TRoomsDeps, token: string, minutes: number): Promise<{ state: TDisplayState; endsAt: Date }> {
  const display = await displayOf(deps, token);
  const { state, freeUntilDate } = await stateOf(deps, display);
  if (state.now) throw new AppError('CONFLICT', t.notFreeNow);
  if (!freeUntilDate) throw new AppError('CONFLICT', state.closedReason ? koRoomsDoor.display.closedToday(state.closedReason) : t.closedNow);
  const now = deps.now();
  const start = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  // The end is snapped up to the next quarter hour (10:17 + 15 → 10:45, not 10:32), so the rest of the slot stays on
  // the console's 15-minute grid; never past the next booking or closing time, nor (snapped down then) past the
  // room's longest booking, which the added minutes alone must not break.
  let endMs = Math.min(Math.ceil((start.getTime() + minutes * 60_000) / QUARTER_MS) * QUARTER_MS, freeUntilDate.getTime());
  const { maxMinutes } = await effectiveRules(deps.db, display.room.seedId, display.room.id);
  if (maxMinutes !== null && endMs - start.getTime() > maxMinutes * 60_000 && minutes <= maxMinutes) {
    const longest = start.getTime() + maxMinutes * 60_000;
    const down = Math.floor(longest / QUARTER_MS) * QUARTER_MS;
    endMs = Math.min(endMs, down - now.getTime() >= MIN_QUICK_MS ? down : longest);
  }
  const end = new Date(endMs);
  if (end.getTime() - now.getTime() < MIN_QUICK_MS) throw new AppError('CONFLICT', t.tooShort);
  // Booked as the display's creator while their account is active (a suspended or deleted admin's tablet stops booking).
  const creator = await findUserById(deps.db, display.d.createdById);
  if (!creator || creator.status !== 'active' || creator.deletedAt) throw new AppError('FORBIDDEN', t.creatorInactive);
  const owner: TActor = { id: creator.id, email: creator.email };
  // The booking service decides (membership, hours, closed days, overlaps in the database): a clash with a booking
  // made a moment ago elsewhere is its 409.
  const { created } = await createBooking(deps, owner, display.room.seedId, {
    roomId: display.room.id,
    title: t.quickTitle(display.d.name),
    startsAt: start.toISOString(),
    endsAt: end.toISOString(),
    attendees: [],
    agenda: '',
  });
  const booking = created[0]!;
  await checkIn(deps, owner, display.room.seedId, booking.id);
  await rrepo.logEvent(deps.db, {
    seedId: display.room.seedId,
    bookingId: booking.id,
    roomId: display.room.id,
    actorId: null,
    action: 'display_quick_book',
    detail: { title: booking.title, roomName: display.room.name, slot: formatSlot(start, end), display: display.d.name },
  });
  return { state: publicState(await stateOf(deps, display)), endsAt: end };
}

/** The display checks in the room's booking that is on now (or starts within 15 minutes). */
export async function displayCheckIn(deps: TRoomsDeps, token: string, bookingId: string): Promise<{ state: TDisplayState; title: string }> {
  const display = await displayOf(deps, token);
  const row = await brepo.findBooking(deps.db, display.room.seedId, bookingId);
  const now = deps.now();
  if (!row || row.b.roomId !== display.room.id || row.b.status !== 'confirmed') throw new AppError('CONFLICT', t.noCurrentBooking);
  if (now.getTime() < row.b.startsAt.getTime() - CHECK_IN_EARLY_MS || now >= row.b.endsAt) throw new AppError('CONFLICT', t.noCurrentBooking);
  await deps.db.transaction(async (tx) => {
    if (!(await brepo.updateBooking(tx, row.b.id, { status: 'checked_in', checkedInAt: now }, now, ['confirmed'])))
      throw new AppError('CONFLICT', t.noCurrentBooking);
    await rrepo.logEvent(tx, {
      seedId: row.b.seedId,
      bookingId: row.b.id,
      roomId: row.b.roomId,
      actorId: null,
      action: 'check_in',
      detail: { title: row.b.title, roomName: row.roomName, slot: formatSlot(row.b.startsAt, row.b.endsAt), display: display.d.name },
    });
  });
  await publish(deps, row.b.seedId, { type: 'checked_in', bookingId: row.b.id, roomId: row.b.roomId });
  return { state: publicState(await stateOf(deps, display)), title: row.b.title };
}
