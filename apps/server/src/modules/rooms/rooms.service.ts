/** Rooms, settings, reports, log and calendar feed tokens of a seed. Members read; owner and admins manage. */
import { randomBytes } from 'node:crypto';
import { sha256 } from '../../lib/tokens.ts';
import { ko } from '@suite/shared';
import type { TBookingStats, TRoom, TRoomLogEntry, TRoomSettings, TUpdateRoomInput } from '@suite/shared/schemas/rooms';
import { AppError } from '../../lib/app-error.ts';
import * as brepo from './bookings.repository.ts';
import * as rrepo from './rooms.repository.ts';
import { isManager, memberSeed, type TActor } from './bookings.service.ts';
import { inTx, publish, type TRoomsDeps } from './rooms.deps.ts';

const m = ko.rooms.server;

/** A room as the API shows it. */
export const toApiRoom = (r: rrepo.TRoomRow): TRoom => ({
  id: r.id,
  name: r.name,
  location: r.location,
  capacity: r.capacity,
  equipment: r.equipment,
  openMinute: r.openMinute,
  closeMinute: r.closeMinute,
  weekdays: r.weekdays,
  active: r.active,
  openOnHolidays: r.openOnHolidays,
});

const isUnique = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

async function managerSeed(deps: TRoomsDeps, seedId: string, actor: TActor) {
  const seed = await memberSeed(deps, seedId, actor.id);
  if (!isManager(seed)) throw new AppError('SEED_FORBIDDEN', m.managersOnly);
  return seed;
}

export async function listRooms(deps: TRoomsDeps, actor: TActor, seedId: string): Promise<TRoom[]> {
  await memberSeed(deps, seedId, actor.id);
  return (await rrepo.listRooms(deps.db, seedId)).map(toApiRoom);
}

type TRoomValues = {
  name: string;
  location: string;
  capacity: number;
  equipment: string[];
  openMinute: number;
  closeMinute: number;
  weekdays: number[];
  active: boolean;
  openOnHolidays: boolean;
};

export async function createRoom(deps: TRoomsDeps, actor: TActor, seedId: string, input: TRoomValues): Promise<TRoom> {
  await managerSeed(deps, seedId, actor);
  try {
    const row = await deps.db.transaction(async (tx) => {
      const row = await rrepo.insertRoom(tx, { seedId, ...input, equipment: [...new Set(input.equipment)], weekdays: [...new Set(input.weekdays)].sort() });
      await rrepo.logEvent(tx, { seedId, roomId: row.id, actorId: actor.id, action: 'room_create', detail: { roomName: row.name } });
      return row;
    });
    await publish(deps, seedId, { type: 'rooms', roomId: row.id });
    return toApiRoom(row);
  } catch (err) {
    if (isUnique(err)) throw new AppError('CONFLICT', m.roomNameTaken);
    throw err;
  }
}

export async function updateRoom(deps: TRoomsDeps, actor: TActor, seedId: string, roomId: string, input: TUpdateRoomInput): Promise<TRoom> {
  await managerSeed(deps, seedId, actor);
  const current = await rrepo.findRoom(deps.db, seedId, roomId);
  if (!current) throw new AppError('NOT_FOUND', m.roomNotFound);
  const patch = Object.fromEntries(Object.entries(input).filter(([, x]) => x !== undefined)) as Partial<TRoomValues>;
  const open = patch.openMinute ?? current.openMinute;
  const close = patch.closeMinute ?? current.closeMinute;
  if (open >= close) throw new AppError('VALIDATION_FAILED', ko.rooms.validation.hours);
  if (patch.weekdays) patch.weekdays = [...new Set(patch.weekdays)].sort();
  try {
    const row = await deps.db.transaction(async (tx) => {
      const row = (await rrepo.updateRoom(tx, seedId, roomId, patch, deps.now()))!;
      await rrepo.logEvent(tx, { seedId, roomId, actorId: actor.id, action: 'room_update', detail: { roomName: row.name, changes: Object.keys(patch) } });
      return row;
    });
    await publish(deps, seedId, { type: 'rooms', roomId });
    return toApiRoom(row);
  } catch (err) {
    if (isUnique(err)) throw new AppError('CONFLICT', m.roomNameTaken);
    throw err;
  }
}

export async function deleteRoom(deps: TRoomsDeps, actor: TActor, seedId: string, roomId: string): Promise<void> {
  await managerSeed(deps, seedId, actor);
  const current = await rrepo.findRoom(deps.db, seedId, roomId);
  await deps.db.transaction(async (tx) => {
    if (!current || !(await rrepo.deleteRoom(tx, seedId, roomId))) throw new AppError('NOT_FOUND', m.roomNotFound);
    await rrepo.logEvent(tx, { seedId, roomId, actorId: actor.id, action: 'room_delete', detail: { roomName: current.name } });
  });
  await publish(deps, seedId, { type: 'rooms', roomId });
}

export async function getSettings(deps: TRoomsDeps, actor: TActor, seedId: string) {
  const seed = await memberSeed(deps, seedId, actor.id);
  return { data: await rrepo.getSettings(deps.db, seedId), canManage: isManager(seed) };
}

export async function updateSettings(deps: TRoomsDeps, actor: TActor, seedId: string, input: Partial<TRoomSettings>) {
  await managerSeed(deps, seedId, actor);
  const current = await rrepo.getSettings(deps.db, seedId);
  const next = { reminderMinutes: input.reminderMinutes ?? current.reminderMinutes, autoRelease: input.autoRelease ?? current.autoRelease };
  await inTx(deps, async (txd) => {
    await rrepo.saveSettings(txd.db, seedId, next, deps.now());
    if (next.reminderMinutes === current.reminderMinutes) return;
    // The pending reminders move to the new lead time.
    await rrepo.rescheduleReminders(txd.db, seedId, next.reminderMinutes);
  });
  return { data: next, canManage: true };
}

export async function stats(deps: TRoomsDeps, actor: TActor, seedId: string, from: string, to: string): Promise<TBookingStats> {
  await memberSeed(deps, seedId, actor.id);
  const [byPerson, byRoom, byPersonRoom] = await Promise.all([
    brepo.statsByPerson(deps.db, seedId, new Date(from), new Date(to)),
    brepo.statsByRoom(deps.db, seedId, new Date(from), new Date(to)),
    brepo.statsByPersonRoom(deps.db, seedId, new Date(from), new Date(to)),
  ]);
  const num = <T extends { minutes: number; bookings: number }>(r: T) => ({ ...r, minutes: Number(r.minutes), bookings: Number(r.bookings) });
  return { byPerson: byPerson.map(num), byRoom: byRoom.map(num), byPersonRoom: byPersonRoom.map(num) };
}

export async function logs(deps: TRoomsDeps, actor: TActor, seedId: string, q: { before?: number | undefined; limit: number }) {
  await memberSeed(deps, seedId, actor.id);
  const rows = await rrepo.listEvents(deps.db, seedId, q);
  const data: TRoomLogEntry[] = rows.map((r) => ({
    id: Number(r.id),
    action: r.action,
    at: r.createdAt.toISOString(),
    actor: r.actorId ? { id: r.actorId, name: r.actorName ?? '', email: r.actorEmail ?? '' } : null,
    bookingId: r.bookingId,
    roomName: typeof r.detail.roomName === 'string' ? r.detail.roomName : null,
    title: typeof r.detail.title === 'string' ? r.detail.title : null,
    detail: r.detail,
  }));
  return { data, nextBefore: rows.length === q.limit ? Number(rows[rows.length - 1]!.id) : null };
}

// ── Private calendar feed ──

export const hashToken = (token: string) => sha256(token);

/** A new feed URL for the user (the old one stops working); the token is shown once and kept only as a hash. */
export async function createFeed(deps: TRoomsDeps, actor: TActor): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await rrepo.setFeedToken(deps.db, actor.id, hashToken(token), deps.now());
  return `${deps.appUrl}/api/calendar-feeds/${token}.ics`;
}

export async function feedStatus(deps: TRoomsDeps, actor: TActor) {
  const row = await rrepo.getFeedToken(deps.db, actor.id);
  return { active: Boolean(row), createdAt: row?.createdAt.toISOString() ?? null };
}

export async function revokeFeed(deps: TRoomsDeps, actor: TActor): Promise<void> {
  await rrepo.deleteFeedToken(deps.db, actor.id);
}

/** The bookings a feed URL's token shows (from 30 days back), or undefined when the token is unknown or revoked. */
export async function feedBookings(deps: TRoomsDeps, token: string) {
  const user = await rrepo.userByFeedHash(deps.db, hashToken(token));
  if (!user) return undefined;
  return brepo.feedBookings(deps.db, user, new Date(deps.now().getTime() - 30 * 86_400_000));
}

/**
 * The chat hook (rooms-chat.service.ts) as part of this module's public surface: other modules (the meal manager) send
 * chat messages to a seed's members through the Slack module's registered sender without reaching into rooms files.
 */
export { sendRoomsChat as sendSeedChat } from './rooms-chat.service.ts';
