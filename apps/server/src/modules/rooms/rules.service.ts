/**
 * Booking rules of meeting rooms (issue 37): per seed and per room (a room's value wins for its field, but for the
 * weekly hours both the seed's limit over all rooms and the room's own apply), team quotas, and the admin override.
 * `ruleBreaks` is called for every booking, move and occurrence of a series inside the booking's transaction (weekly
 * quotas count the occurrences written before it); owner and admins manage the rules.
 */
import { koRoomsRules } from '@suite/shared/messages/ko-rooms-rules';
import type { TBookingRules, TRuleSet, TSeriesHistoryEntry, TWhoMayBook } from '@suite/shared/schemas/rooms-rules';
import type { z } from 'zod';
import type { ZRoomRulesInput, ZRoomTeamInput, ZSeedRulesInput } from '@suite/shared/schemas/rooms-rules';
import { ko } from '@suite/shared';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { TTx } from '../../db/client.ts';
import { findSeed, membersOf, type TSeedRow } from '../seeds/seeds.service.ts';
import { formatSlot, seoulDatePlus, seoulParts } from './booking-time.ts';
import * as rrepo from './rooms.repository.ts';
import * as rules from './rules.repository.ts';
import { publish, type TRoomsDeps } from './rooms.deps.ts';

const r = koRoomsRules.server;
const DAY_MS = 86_400_000;
/** Without a seed row, a series is released after this many misses in a row and one more. */
export const DEFAULT_ABANDON_AFTER = 2;

type TActor = { id: string; email: string };

/** As bookings.service's memberSeed (not imported from there: bookings.service uses this module). */
async function memberSeed(deps: TRoomsDeps, seedId: string, userId: string): Promise<TSeedRow> {
  const seed = await findSeed(deps.db, seedId, userId);
  if (!seed) throw new AppError('SEED_NOT_FOUND');
  return seed;
}

const isManager = (seed: TSeedRow) => seed.role === 'owner' || seed.role === 'admin';

async function managerOf(deps: TRoomsDeps, seedId: string, actor: TActor): Promise<TSeedRow> {
  const seed = await memberSeed(deps, seedId, actor.id);
  if (!isManager(seed)) throw new AppError('SEED_FORBIDDEN', ko.rooms.server.managersOnly);
  return seed;
}

/**
 * The rules that apply in a room: each field from the room's row when set there, else the seed's — except the weekly
 * hours, where both apply: the seed's limit over all the seed's rooms and the room's own limit over that room.
 */
export type TEffectiveRules = {
  maxMinutes: number | null;
  maxDaysAhead: number | null;
  /** Hours one person may book per Seoul week in all the seed's rooms together (the seed's row). */
  seedHoursPerWeek: number | null;
  /** Hours one person may book per Seoul week in this room (the room's row); the seed's limit applies as well. */
  roomHoursPerWeek: number | null;
  whoMayBook: TWhoMayBook;
  allowedUserIds: string[];
};

export async function effectiveRules(db: TTx, seedId: string, roomId: string): Promise<TEffectiveRules> {
  const { seed, room } = await rules.rulesFor(db, seedId, roomId);
  const roomWho = room?.whoMayBook ?? null;
  return {
    maxMinutes: room?.maxMinutes ?? seed?.maxMinutes ?? null,
    maxDaysAhead: room?.maxDaysAhead ?? seed?.maxDaysAhead ?? null,
    seedHoursPerWeek: seed?.maxHoursPerWeek ?? null,
    roomHoursPerWeek: room?.maxHoursPerWeek ?? null,
    whoMayBook: (roomWho ?? seed?.whoMayBook ?? 'everyone') as TWhoMayBook,
    allowedUserIds: (roomWho ? room?.allowedUserIds : seed?.allowedUserIds) ?? [],
  };
}

/** Monday 00:00 to the next Monday 00:00, Asia/Seoul, of the week an instant falls in. */
export function seoulWeek(d: Date): { from: Date; to: Date } {
  const p = seoulParts(d);
  const from = new Date(Date.parse(`${p.date}T00:00:00+09:00`) - (p.weekday - 1) * DAY_MS);
  return { from, to: new Date(from.getTime() + 7 * DAY_MS) };
}

export type TRuleBreak = { rule: 'maxMinutes' | 'maxDaysAhead' | 'maxHoursPerWeek' | 'whoMayBook' | 'teamQuota'; message: string; status: number };

export type TRuleContext = {
  deps: TRoomsDeps;
  seed: TSeedRow;
  actor: TActor;
  organizerId: string;
  room: { id: string; name: string };
  rules: TEffectiveRules;
  /** The booking being moved: left out of the weekly counts. */
  exceptId?: string | undefined;
};

/** Every rule the slot breaks (empty when it keeps them all). Owner and admins may always book (who may book). */
export async function ruleBreaks(ctx: TRuleContext, start: Date, end: Date): Promise<TRuleBreak[]> {
  const { deps, rules: rs, room } = ctx;
  const out: TRuleBreak[] = [];
  if (rs.whoMayBook !== 'everyone' && !isManager(ctx.seed)) {
    if (rs.whoMayBook === 'admins') out.push({ rule: 'whoMayBook', message: r.adminsOnly, status: 403 });
    else if (!rs.allowedUserIds.includes(ctx.actor.id)) out.push({ rule: 'whoMayBook', message: r.someMembersOnly, status: 403 });
  }
  const minutes = Math.round((end.getTime() - start.getTime()) / 60_000);
  if (rs.maxMinutes !== null && minutes > rs.maxMinutes) out.push({ rule: 'maxMinutes', message: r.maxLength(rs.maxMinutes), status: 409 });
  if (rs.maxDaysAhead !== null && seoulParts(start).date > seoulDatePlus(deps.now(), rs.maxDaysAhead)) {
    out.push({ rule: 'maxDaysAhead', message: r.daysAhead(rs.maxDaysAhead), status: 409 });
  }
  const week = seoulWeek(start);
  const teams = await rules.teamsCovering(deps.db, ctx.seed.id, ctx.organizerId, room.id);
  // Weekly quotas are checked one booking of the seed at a time: two at once cannot both take the last hour.
  const weekly = [
    { hours: rs.seedHoursPerWeek, roomId: null, message: r.perPersonSeed },
    { hours: rs.roomHoursPerWeek, roomId: room.id, message: r.perPersonRoom },
  ].filter((x): x is typeof x & { hours: number } => x.hours !== null);
  if (weekly.length > 0 || teams.length > 0) await rules.lockQuotas(deps.db, ctx.seed.id);
  // The seed's limit counts the person's bookings in all rooms, the room's in this room; each is checked on its own.
  for (const limit of weekly) {
    const used = await rules.bookedMinutes(deps.db, {
      seedId: ctx.seed.id,
      organizerIds: [ctx.organizerId],
      roomId: limit.roomId,
      ...week,
      exceptId: ctx.exceptId,
    });
    if (used + minutes > limit.hours * 60) out.push({ rule: 'maxHoursPerWeek', message: limit.message(limit.hours, used), status: 409 });
  }
  for (const team of teams) {
    const used = await rules.bookedMinutes(deps.db, {
      seedId: ctx.seed.id,
      organizerIds: team.memberIds,
      roomId: team.roomId,
      ...week,
      exceptId: ctx.exceptId,
    });
    if (used + minutes > team.maxHoursPerWeek * 60) {
      out.push({ rule: 'teamQuota', message: r.teamQuota(team.name, team.roomId ? room.name : null, team.maxHoursPerWeek, used), status: 409 });
    }
  }
  return out;
}

export const ruleError = (b: TRuleBreak) => new AppError('ROOM_RULE', b.message, { status: b.status });

/** A member may not send an override at all; an owner or admin may (it is used only when a rule is broken). */
export function assertMayOverride(seed: TSeedRow, override: { reason: string } | undefined): void {
  if (override && !isManager(seed)) throw new AppError('FORBIDDEN', r.overrideAdminsOnly);
}

/** An admin's booking against the rules: in the app's audit log and the rooms' log (in the booking's transaction). */
export async function recordOverride(
  db: TTx,
  e: {
    seedId: string;
    actorId: string;
    bookingId: string;
    seriesId: string | null;
    room: { id: string; name: string };
    title: string;
    start: Date;
    end: Date;
    reason: string;
    broken: TRuleBreak[];
  },
): Promise<void> {
  const rulesBroken = e.broken.map((b) => b.message);
  await writeAudit(db, {
    action: 'rooms.rule_override',
    actorId: e.actorId,
    targetType: 'room_booking',
    targetId: e.bookingId,
    metadata: { seedId: e.seedId, roomId: e.room.id, reason: e.reason, rules: e.broken.map((b) => b.rule) },
  });
  await rrepo.logEvent(db, {
    seedId: e.seedId,
    bookingId: e.bookingId,
    roomId: e.room.id,
    actorId: e.actorId,
    action: 'rule_override',
    detail: {
      title: e.title,
      roomName: e.room.name,
      slot: formatSlot(e.start, e.end),
      reason: e.reason,
      rules: rulesBroken,
      ...(e.seriesId ? { seriesId: e.seriesId } : {}),
    },
  });
}

// ── Management ──

const toRuleSet = (row: rules.TRuleRow | undefined): TRuleSet => ({
  maxMinutes: row?.maxMinutes ?? null,
  maxDaysAhead: row?.maxDaysAhead ?? null,
  maxHoursPerWeek: row?.maxHoursPerWeek ?? null,
  whoMayBook: (row?.whoMayBook ?? null) as TWhoMayBook | null,
  allowedUserIds: row?.allowedUserIds ?? [],
});

/** The seed's members by id (name and address), as the seeds module lists them to a member. */
async function membersById(deps: TRoomsDeps, seedId: string, userId: string) {
  const { data } = await membersOf(deps.db, userId, seedId);
  return new Map(data.map((x) => [x.user_id, { id: x.user_id, name: x.full_name, email: x.email }]));
}

async function overview(deps: TRoomsDeps, seedId: string, userId: string): Promise<TBookingRules> {
  const rows = await rules.listRules(deps.db, seedId);
  const seedRow = rows.find((x) => x.roomId === null);
  const teams = await rules.listTeams(deps.db, seedId);
  const members = await membersById(deps, seedId, userId);
  return {
    seed: { ...toRuleSet(seedRow), abandonAfter: seedRow?.abandonAfter ?? DEFAULT_ABANDON_AFTER },
    rooms: rows.filter((x) => x.roomId !== null).map((x) => ({ roomId: x.roomId!, ...toRuleSet(x) })),
    teams: teams.map((t) => ({
      id: t.id,
      name: t.name,
      roomId: t.roomId,
      maxHoursPerWeek: t.maxHoursPerWeek,
      // Someone who left the seed is not listed (nor counted by name); their bookings still count while they stay.
      members: t.memberIds.flatMap((id) => members.get(id) ?? []),
    })),
  };
}

export async function getRules(deps: TRoomsDeps, actor: TActor, seedId: string) {
  const seed = await memberSeed(deps, seedId, actor.id);
  return { data: await overview(deps, seedId, actor.id), canManage: isManager(seed) };
}

async function onlyMembers(deps: TRoomsDeps, seedId: string, actor: TActor, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const known = await membersById(deps, seedId, actor.id);
  if (unique.some((id) => !known.has(id))) throw new AppError('VALIDATION_FAILED', r.notMembers);
  return unique;
}

export async function saveSeedRules(deps: TRoomsDeps, actor: TActor, seedId: string, input: z.output<typeof ZSeedRulesInput>) {
  await managerOf(deps, seedId, actor);
  const allowedUserIds = await onlyMembers(deps, seedId, actor, input.allowedUserIds);
  await deps.db.transaction(async (tx) => {
    await rules.saveSeedRules(tx, seedId, { ...input, allowedUserIds }, deps.now());
    await rrepo.logEvent(tx, { seedId, actorId: actor.id, action: 'rules_update', detail: { ...input, allowedUserIds: allowedUserIds.length } });
  });
  await publish(deps, seedId, { type: 'rooms' });
  return overview(deps, seedId, actor.id);
}

export async function saveRoomRules(deps: TRoomsDeps, actor: TActor, seedId: string, roomId: string, input: z.output<typeof ZRoomRulesInput>) {
  await managerOf(deps, seedId, actor);
  const room = await rrepo.findRoom(deps.db, seedId, roomId);
  if (!room) throw new AppError('NOT_FOUND', ko.rooms.server.roomNotFound);
  const allowedUserIds = await onlyMembers(deps, seedId, actor, input.allowedUserIds);
  await deps.db.transaction(async (tx) => {
    await rules.saveRoomRules(tx, seedId, roomId, { ...input, allowedUserIds }, deps.now());
    await rrepo.logEvent(tx, {
      seedId,
      roomId,
      actorId: actor.id,
      action: 'rules_update',
      detail: { roomName: room.name, ...input, allowedUserIds: allowedUserIds.length },
    });
  });
  await publish(deps, seedId, { type: 'rooms' });
  return { room, data: await overview(deps, seedId, actor.id) };
}

const isUnique = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

export async function saveTeam(deps: TRoomsDeps, actor: TActor, seedId: string, teamId: string | null, input: z.output<typeof ZRoomTeamInput>) {
  await managerOf(deps, seedId, actor);
  if (teamId && !(await rules.findTeam(deps.db, seedId, teamId))) throw new AppError('NOT_FOUND', r.teamNotFound);
  if (input.roomId && !(await rrepo.findRoom(deps.db, seedId, input.roomId))) throw new AppError('NOT_FOUND', ko.rooms.server.roomNotFound);
  const memberIds = await onlyMembers(deps, seedId, actor, input.memberIds);
  const values = { name: input.name, roomId: input.roomId, maxHoursPerWeek: input.maxHoursPerWeek, memberIds };
  try {
    await deps.db.transaction(async (tx) => {
      const id = teamId ?? (await rules.insertTeam(tx, seedId, values));
      if (teamId) await rules.updateTeam(tx, teamId, values);
      await rrepo.logEvent(tx, {
        seedId,
        actorId: actor.id,
        action: teamId ? 'team_update' : 'team_add',
        detail: { teamId: id, name: input.name, roomId: input.roomId, maxHoursPerWeek: input.maxHoursPerWeek, members: memberIds.length },
      });
    });
  } catch (err) {
    if (isUnique(err)) throw new AppError('CONFLICT', r.teamTaken);
    throw err;
  }
  return overview(deps, seedId, actor.id);
}

export async function removeTeam(deps: TRoomsDeps, actor: TActor, seedId: string, teamId: string): Promise<string> {
  await managerOf(deps, seedId, actor);
  const team = await rules.findTeam(deps.db, seedId, teamId);
  if (!team) throw new AppError('NOT_FOUND', r.teamNotFound);
  await deps.db.transaction(async (tx) => {
    await rules.deleteTeam(tx, teamId);
    await rrepo.logEvent(tx, { seedId, actorId: actor.id, action: 'team_remove', detail: { teamId, name: team.name } });
  });
  return team.name;
}

/** The rule and series history of a booking (and its series), for any member of the seed. */
export async function bookingHistory(
  deps: TRoomsDeps,
  actor: TActor,
  seedId: string,
  booking: { id: string; seriesId: string | null },
): Promise<TSeriesHistoryEntry[]> {
  await memberSeed(deps, seedId, actor.id);
  const rows = await rules.seriesHistory(deps.db, seedId, booking.id, booking.seriesId);
  return rows.map((x) => ({ id: x.id, action: x.action as TSeriesHistoryEntry['action'], at: x.at.toISOString(), bookingId: x.bookingId, detail: x.detail }));
}
