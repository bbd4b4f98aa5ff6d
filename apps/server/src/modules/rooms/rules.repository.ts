/** Booking rules, team quotas and the series history of meeting rooms (issue 37): the only Drizzle code for their tables. */
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { roomBookingRules, roomTeamMembers, roomTeams } from '../../db/schema-rooms-rules.ts';
import { roomBookings, roomEvents } from '../../db/schema-rooms.ts';
import type { TTx } from '../../db/client.ts';

export type TRuleRow = typeof roomBookingRules.$inferSelect;
export type TRuleValues = Pick<TRuleRow, 'maxMinutes' | 'maxDaysAhead' | 'maxHoursPerWeek' | 'whoMayBook' | 'allowedUserIds'>;

/** The seed's row (room_id null) and the rows of its rooms. */
export async function listRules(db: TTx, seedId: string): Promise<TRuleRow[]> {
  return db.select().from(roomBookingRules).where(eq(roomBookingRules.seedId, seedId));
}

/** The seed's row and the room's row, when they exist. */
export async function rulesFor(db: TTx, seedId: string, roomId: string): Promise<{ seed?: TRuleRow; room?: TRuleRow }> {
  const rows = await db
    .select()
    .from(roomBookingRules)
    .where(and(eq(roomBookingRules.seedId, seedId), sql`(${roomBookingRules.roomId} is null or ${roomBookingRules.roomId} = ${roomId})`));
  return { seed: rows.find((r) => r.roomId === null), room: rows.find((r) => r.roomId === roomId) };
}

export async function abandonAfterOf(db: TTx, seedId: string): Promise<number | null> {
  const [row] = await db
    .select({ n: roomBookingRules.abandonAfter })
    .from(roomBookingRules)
    .where(and(eq(roomBookingRules.seedId, seedId), isNull(roomBookingRules.roomId)));
  return row?.n ?? null;
}

export async function saveSeedRules(db: TTx, seedId: string, values: TRuleValues & { abandonAfter: number }, at: Date): Promise<void> {
  const [found] = await db
    .update(roomBookingRules)
    .set({ ...values, updatedAt: at })
    .where(and(eq(roomBookingRules.seedId, seedId), isNull(roomBookingRules.roomId)))
    .returning({ id: roomBookingRules.id });
  if (!found) await db.insert(roomBookingRules).values({ seedId, roomId: null, ...values, updatedAt: at });
}

export async function saveRoomRules(db: TTx, seedId: string, roomId: string, values: TRuleValues, at: Date): Promise<void> {
  const [found] = await db
    .update(roomBookingRules)
    .set({ ...values, updatedAt: at })
    .where(and(eq(roomBookingRules.seedId, seedId), eq(roomBookingRules.roomId, roomId)))
    .returning({ id: roomBookingRules.id });
  if (!found) await db.insert(roomBookingRules).values({ seedId, roomId, ...values, updatedAt: at });
}

// ── Teams ──

export type TTeamRow = typeof roomTeams.$inferSelect & { memberIds: string[] };

export async function listTeams(db: TTx, seedId: string): Promise<TTeamRow[]> {
  const teams = await db.select().from(roomTeams).where(eq(roomTeams.seedId, seedId)).orderBy(asc(roomTeams.name));
  if (teams.length === 0) return [];
  const members = await db
    .select({ teamId: roomTeamMembers.teamId, userId: roomTeamMembers.userId })
    .from(roomTeamMembers)
    .where(
      inArray(
        roomTeamMembers.teamId,
        teams.map((t) => t.id),
      ),
    );
  return teams.map((t) => ({ ...t, memberIds: members.filter((m) => m.teamId === t.id).map((m) => m.userId) }));
}

export async function findTeam(db: TTx, seedId: string, teamId: string) {
  const [row] = await db
    .select()
    .from(roomTeams)
    .where(and(eq(roomTeams.seedId, seedId), eq(roomTeams.id, teamId)));
  return row;
}

type TTeamValues = { name: string; roomId: string | null; maxHoursPerWeek: number; memberIds: string[] };

export async function insertTeam(db: TTx, seedId: string, v: TTeamValues): Promise<string> {
  const [row] = await db
    .insert(roomTeams)
    .values({ seedId, name: v.name, roomId: v.roomId, maxHoursPerWeek: v.maxHoursPerWeek })
    .returning({ id: roomTeams.id });
  await db.insert(roomTeamMembers).values(v.memberIds.map((userId) => ({ teamId: row!.id, userId })));
  return row!.id;
}

export async function updateTeam(db: TTx, teamId: string, v: TTeamValues): Promise<void> {
  await db.update(roomTeams).set({ name: v.name, roomId: v.roomId, maxHoursPerWeek: v.maxHoursPerWeek }).where(eq(roomTeams.id, teamId));
  await db.delete(roomTeamMembers).where(eq(roomTeamMembers.teamId, teamId));
  await db.insert(roomTeamMembers).values(v.memberIds.map((userId) => ({ teamId, userId })));
}

export async function deleteTeam(db: TTx, teamId: string): Promise<void> {
  await db.delete(roomTeams).where(eq(roomTeams.id, teamId));
}

/** The seed's teams the user belongs to whose quota covers the room (one room, or all rooms), with their member ids. */
export async function teamsCovering(db: TTx, seedId: string, userId: string, roomId: string) {
  const teams = await db
    .select({ id: roomTeams.id, name: roomTeams.name, roomId: roomTeams.roomId, maxHoursPerWeek: roomTeams.maxHoursPerWeek })
    .from(roomTeams)
    .innerJoin(roomTeamMembers, and(eq(roomTeamMembers.teamId, roomTeams.id), eq(roomTeamMembers.userId, userId)))
    .where(and(eq(roomTeams.seedId, seedId), sql`(${roomTeams.roomId} is null or ${roomTeams.roomId} = ${roomId})`));
  if (teams.length === 0) return [];
  const members = await db
    .select({ teamId: roomTeamMembers.teamId, userId: roomTeamMembers.userId })
    .from(roomTeamMembers)
    .where(
      inArray(
        roomTeamMembers.teamId,
        teams.map((t) => t.id),
      ),
    );
  return teams.map((t) => ({ ...t, memberIds: members.filter((m) => m.teamId === t.id).map((m) => m.userId) }));
}

// ── Quotas ──

/**
 * Minutes of confirmed and checked-in bookings organised by any of `organizerIds` starting in [from, to), in one
 * room or all the seed's rooms, leaving one booking out (the one being moved).
 */
export async function bookedMinutes(
  db: TTx,
  q: { seedId: string; organizerIds: string[]; roomId: string | null; from: Date; to: Date; exceptId?: string | undefined },
): Promise<number> {
  if (q.organizerIds.length === 0) return 0;
  const [row] = await db
    .select({ minutes: sql<string | number | null>`sum(extract(epoch from (${roomBookings.endsAt} - ${roomBookings.startsAt})) / 60)` })
    .from(roomBookings)
    .where(
      and(
        eq(roomBookings.seedId, q.seedId),
        inArray(roomBookings.organizerId, q.organizerIds),
        inArray(roomBookings.status, ['confirmed', 'checked_in']),
        sql`${roomBookings.startsAt} >= ${q.from.toISOString()}::timestamptz and ${roomBookings.startsAt} < ${q.to.toISOString()}::timestamptz`,
        q.roomId ? eq(roomBookings.roomId, q.roomId) : undefined,
        q.exceptId ? sql`${roomBookings.id} <> ${q.exceptId}` : undefined,
      ),
    );
  return Math.round(Number(row?.minutes ?? 0));
}

/** Serialises quota checks of one seed (weekly hours, team quotas) until the transaction ends. */
export async function lockQuotas(db: TTx, seedId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`rooms-quota:${seedId}`}))`);
}

// ── Abandoned series ──

/** The series' occurrences up to `until` (inclusive), latest first: status and whether a rule released them. */
export async function seriesUpTo(db: TTx, seriesId: string, until: Date) {
  return db
    .select({ id: roomBookings.id, status: roomBookings.status, releaseReason: roomBookings.releaseReason })
    .from(roomBookings)
    .where(and(eq(roomBookings.seriesId, seriesId), lte(roomBookings.startsAt, until)))
    .orderBy(sql`${roomBookings.startsAt} desc`);
}

/** Releases the series' confirmed occurrences starting after `after`, with the reason; returns them. */
export async function releaseRestOfSeries(db: TTx, seriesId: string, after: Date, reason: string, at: Date) {
  return db
    .update(roomBookings)
    .set({ status: 'released', releaseReason: reason, updatedAt: at })
    .where(and(eq(roomBookings.seriesId, seriesId), eq(roomBookings.status, 'confirmed'), sql`${roomBookings.startsAt} > ${after.toISOString()}::timestamptz`))
    .returning({ id: roomBookings.id, startsAt: roomBookings.startsAt, endsAt: roomBookings.endsAt });
}

const HISTORY = ['series_miss', 'series_warning', 'series_release', 'rule_override'];

/** The rule and series events of a booking, and of its whole series when it has one, oldest first. */
export async function seriesHistory(db: TTx, seedId: string, bookingId: string, seriesId: string | null) {
  return db
    .select({ id: roomEvents.id, action: roomEvents.action, at: roomEvents.createdAt, bookingId: roomEvents.bookingId, detail: roomEvents.detail })
    .from(roomEvents)
    .where(
      and(
        eq(roomEvents.seedId, seedId),
        inArray(roomEvents.action, HISTORY),
        seriesId ? sql`(${roomEvents.bookingId} = ${bookingId} or ${roomEvents.detail}->>'seriesId' = ${seriesId})` : eq(roomEvents.bookingId, bookingId),
      ),
    )
    .orderBy(asc(roomEvents.id));
}

/** The series events already written for a booking (to repeat their notices after a failed send). */
export async function seriesEventsOf(db: TTx, bookingId: string) {
  return db
    .select({ action: roomEvents.action, detail: roomEvents.detail })
    .from(roomEvents)
    .where(and(eq(roomEvents.bookingId, bookingId), inArray(roomEvents.action, ['series_warning', 'series_release'])));
}
