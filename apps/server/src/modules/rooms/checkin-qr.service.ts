/**
 * QR check-in (issue 37): each room has a code that its printed QR link carries (/rooms/check-in/{roomId}?c=<code>).
 * Opening it on a phone proves presence at the room; a signed-in member sees their booking of that room on now (or
 * starting within 15 minutes) and checks in with one tap, through the booking service's own check-in (organizer or
 * attendee, its window). An owner or admin rotates the code, and the old QR stops working.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ko } from '@suite/shared';
import { koRoomsDoor } from '@suite/shared/messages/ko-rooms-door';
import type { TCheckInCode, TPhoneBooking, TPhoneCheckInState } from '@suite/shared/schemas/rooms-door';
import { AppError } from '../../lib/app-error.ts';
import * as brepo from './bookings.repository.ts';
import { checkIn, isManager, memberSeed, type TActor } from './bookings.service.ts';
import * as drepo from './display.repository.ts';
import * as rrepo from './rooms.repository.ts';
import type { TRoomsDeps } from './rooms.deps.ts';

const t = koRoomsDoor.server;
const EARLY_MS = 15 * 60_000;

const newCode = () => randomBytes(12).toString('base64url');
const urlOf = (deps: TRoomsDeps, roomId: string, code: string) => `${deps.appUrl}/rooms/check-in/${roomId}?c=${code}`;

/** The room's QR link (its code made on first use). */
export async function checkInUrl(deps: TRoomsDeps, roomId: string, seedId: string): Promise<string> {
  const row = (await drepo.findCheckInCode(deps.db, roomId)) ?? (await drepo.ensureCheckInCode(deps.db, roomId, seedId, newCode(), deps.now()));
  return urlOf(deps, roomId, row.code);
}

async function managedRoom(deps: TRoomsDeps, actor: TActor, seedId: string, roomId: string) {
  const seed = await memberSeed(deps, seedId, actor.id);
  if (!isManager(seed)) throw new AppError('SEED_FORBIDDEN', ko.rooms.server.managersOnly);
  const room = await rrepo.findRoom(deps.db, seedId, roomId);
  if (!room) throw new AppError('NOT_FOUND', ko.rooms.server.roomNotFound);
  return room;
}

export async function getCheckInCode(deps: TRoomsDeps, actor: TActor, seedId: string, roomId: string): Promise<TCheckInCode> {
  await managedRoom(deps, actor, seedId, roomId);
  const row = (await drepo.findCheckInCode(deps.db, roomId)) ?? (await drepo.ensureCheckInCode(deps.db, roomId, seedId, newCode(), deps.now()));
  return { roomId, url: urlOf(deps, roomId, row.code), rotatedAt: row.rotatedAt.toISOString() };
}

export async function rotateCheckInCode(deps: TRoomsDeps, actor: TActor, seedId: string, roomId: string): Promise<TCheckInCode> {
  const room = await managedRoom(deps, actor, seedId, roomId);
  const row = await deps.db.transaction(async (tx) => {
    const row = await drepo.rotateCheckInCode(tx, roomId, seedId, newCode(), deps.now());
    await rrepo.logEvent(tx, { seedId, roomId, actorId: actor.id, action: 'check_in_code_rotate', detail: { roomName: room.name } });
    return row;
  });
  return { roomId, url: urlOf(deps, roomId, row.code), rotatedAt: row.rotatedAt.toISOString() };
}

const sameCode = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The room of a QR link for a member of its seed (404 otherwise), with its code checked (403 when wrong or old). */
async function scannedRoom(deps: TRoomsDeps, actor: TActor, roomId: string, code: string) {
  const room = await drepo.roomById(deps.db, roomId);
  if (!room) throw new AppError('NOT_FOUND', ko.rooms.server.roomNotFound);
  await memberSeed(deps, room.seedId, actor.id);
  const stored = await drepo.findCheckInCode(deps.db, roomId);
  if (!stored || !sameCode(stored.code, code)) throw new AppError('FORBIDDEN', t.wrongCode);
  return room;
}

export async function phoneState(deps: TRoomsDeps, actor: TActor, roomId: string, code: string): Promise<TPhoneCheckInState> {
  const room = await scannedRoom(deps, actor, roomId, code);
  const now = deps.now();
  const rows = await brepo.listBookings(deps.db, room.seedId, {
    from: now,
    to: new Date(now.getTime() + EARLY_MS + 1),
    roomId,
    mine: { userId: actor.id, email: actor.email },
  });
  const bookings: TPhoneBooking[] = rows
    .filter((r) => (r.status === 'confirmed' || r.status === 'checked_in') && Date.parse(r.starts_at) - EARLY_MS <= now.getTime())
    .map((r) => ({
      id: r.id,
      seedId: room.seedId,
      title: r.title,
      startsAt: new Date(r.starts_at).toISOString(),
      endsAt: new Date(r.ends_at).toISOString(),
      status: r.status as TPhoneBooking['status'],
    }));
  return { room: { id: room.id, name: room.name, location: room.location }, bookings };
}

export async function phoneCheckIn(deps: TRoomsDeps, actor: TActor, roomId: string, code: string, bookingId: string): Promise<TPhoneBooking> {
  const room = await scannedRoom(deps, actor, roomId, code);
  const row = await brepo.findBooking(deps.db, room.seedId, bookingId);
  if (!row) throw new AppError('NOT_FOUND', ko.rooms.server.bookingNotFound);
  if (row.b.roomId !== room.id) throw new AppError('CONFLICT', t.notThisRoom);
  const b = await checkIn(deps, actor, room.seedId, bookingId);
  return {
    id: b.id,
    seedId: room.seedId,
    title: b.title,
    startsAt: b.startsAt,
    endsAt: b.endsAt,
    status: b.status === 'checked_in' ? 'checked_in' : 'confirmed',
  };
}
