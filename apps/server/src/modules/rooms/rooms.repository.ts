/** Rooms, settings, log and feed tokens: the only file besides bookings.repository.ts that knows Drizzle here. */
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { jobs } from '../../db/schema-jobs.ts';
import { roomEvents, roomFeedTokens, roomJobs, roomBookings, rooms, roomSettings } from '../../db/schema-rooms.ts';
import { seedMembers, users } from '../../db/schema.ts';
import type { TTx } from '../../db/client.ts';
import { RELEASE_KIND, REMINDER_KIND } from './job-kinds.ts';

export type TRoomRow = typeof rooms.$inferSelect;

export async function listRooms(db: TTx, seedId: string): Promise<TRoomRow[]> {
  return db.select().from(rooms).where(eq(rooms.seedId, seedId)).orderBy(asc(rooms.name));
}

export async function findRoom(db: TTx, seedId: string, roomId: string): Promise<TRoomRow | undefined> {
  const [row] = await db
    .select()
    .from(rooms)
    .where(and(eq(rooms.seedId, seedId), eq(rooms.id, roomId)))
    .limit(1);
  return row;
}

export async function insertRoom(db: TTx, values: typeof rooms.$inferInsert): Promise<TRoomRow> {
  const [row] = await db.insert(rooms).values(values).returning();
  return row!;
}

export async function updateRoom(db: TTx, seedId: string, roomId: string, patch: Partial<typeof rooms.$inferInsert>, at: Date) {
  const [row] = await db
    .update(rooms)
    .set({ ...patch, updatedAt: at })
    .where(and(eq(rooms.seedId, seedId), eq(rooms.id, roomId)))
    .returning();
  return row;
}

export async function deleteRoom(db: TTx, seedId: string, roomId: string): Promise<boolean> {
  const rows = await db
    .delete(rooms)
    .where(and(eq(rooms.seedId, seedId), eq(rooms.id, roomId)))
    .returning({ id: rooms.id });
  return rows.length === 1;
}

// ── Settings ──

export async function getSettings(db: TTx, seedId: string): Promise<{ reminderMinutes: number; autoRelease: boolean }> {
  const [row] = await db.select().from(roomSettings).where(eq(roomSettings.seedId, seedId)).limit(1);
  return row ? { reminderMinutes: row.reminderMinutes, autoRelease: row.autoRelease } : { reminderMinutes: 10, autoRelease: true };
}

export async function saveSettings(db: TTx, seedId: string, s: { reminderMinutes: number; autoRelease: boolean }, at: Date): Promise<void> {
  await db
    .insert(roomSettings)
    .values({ seedId, ...s })
    .onConflictDoUpdate({ target: roomSettings.seedId, set: { ...s, updatedAt: at } });
}

/**
 * Moves the seed's pending reminders to a new lead time, in one statement that reads each booking's start as it is
 * (a booking moved meanwhile gets the lead time from its new start).
 */
export async function rescheduleReminders(db: TTx, seedId: string, minutes: number): Promise<void> {
  await db.execute(sql`
    update ${jobs} j set run_at = b.starts_at - make_interval(mins => ${minutes})
    from ${roomBookings} b
    where j.key = 'booking:' || b.id and b.seed_id = ${seedId} and j.kind = ${REMINDER_KIND}
      and j.done_at is null and j.cancelled_at is null and j.failed_at is null`);
}

/**
 * Hands the pending rows of the legacy room_jobs (written by a previous release during a rolling upgrade) over to the
 * app's job runner in one statement, as migration 0017 did, and also rows an old runner claimed and then died on
 * (lease expired, attempts left), which only old runners would otherwise take again; returns how many.
 */
export async function adoptLegacyJobs(db: TTx): Promise<number> {
  const res = await db.execute(sql`
    with moved as (
      update ${roomJobs} set status = 'cancelled', done_at = now()
      where status = 'pending' or (status = 'running' and locked_until < now() and attempts < 3)
      returning booking_id, kind, run_at)
    insert into ${jobs} (kind, key, payload, run_at, max_attempts)
    select case when kind = 'reminder' then ${REMINDER_KIND} else ${RELEASE_KIND} end,
      'booking:' || booking_id, jsonb_build_object('bookingId', booking_id), run_at, 3
    from moved
    returning id`);
  return (res as unknown as { rows: unknown[] }).rows.length;
}

// ── Members ──

/** Live members of a seed among the given addresses (lower-case). */
export async function membersByEmail(db: TTx, seedId: string, emails: string[]) {
  if (emails.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, name: users.fullName })
    .from(seedMembers)
    .innerJoin(users, eq(users.id, seedMembers.userId))
    .where(and(eq(seedMembers.seedId, seedId), inArray(sql`lower(${users.email})`, emails), sql`${users.deletedAt} is null`));
}

// ── Log ──

export async function logEvent(
  db: TTx,
  e: { seedId: string; bookingId?: string | null; roomId?: string | null; actorId: string | null; action: string; detail?: Record<string, unknown> },
): Promise<void> {
  await db.insert(roomEvents).values({
    seedId: e.seedId,
    bookingId: e.bookingId ?? null,
    roomId: e.roomId ?? null,
    actorId: e.actorId,
    action: e.action,
    detail: e.detail ?? {},
  });
}

export async function listEvents(db: TTx, seedId: string, opts: { before?: number | undefined; limit: number }) {
  return db
    .select({
      id: roomEvents.id,
      action: roomEvents.action,
      createdAt: roomEvents.createdAt,
      bookingId: roomEvents.bookingId,
      detail: roomEvents.detail,
      actorId: users.id,
      actorName: users.fullName,
      actorEmail: users.email,
    })
    .from(roomEvents)
    .leftJoin(users, eq(users.id, roomEvents.actorId))
    .where(and(eq(roomEvents.seedId, seedId), opts.before ? lt(roomEvents.id, opts.before) : undefined))
    .orderBy(desc(roomEvents.id))
    .limit(opts.limit);
}

// ── Calendar feed tokens ──

export async function setFeedToken(db: TTx, userId: string, tokenHash: string, at: Date): Promise<void> {
  await db
    .insert(roomFeedTokens)
    .values({ userId, tokenHash, createdAt: at })
    .onConflictDoUpdate({ target: roomFeedTokens.userId, set: { tokenHash, createdAt: at } });
}

export async function getFeedToken(db: TTx, userId: string) {
  const [row] = await db.select().from(roomFeedTokens).where(eq(roomFeedTokens.userId, userId)).limit(1);
  return row;
}

export async function deleteFeedToken(db: TTx, userId: string): Promise<void> {
  await db.delete(roomFeedTokens).where(eq(roomFeedTokens.userId, userId));
}

export async function userByFeedHash(db: TTx, tokenHash: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(roomFeedTokens)
    .innerJoin(users, eq(users.id, roomFeedTokens.userId))
    // A suspended, inactive or deleted user's feed stops at once, like their sessions (issue 19).
    .where(and(eq(roomFeedTokens.tokenHash, tokenHash), sql`${users.deletedAt} is null`, eq(users.status, 'active')))
    .limit(1);
  return row;
}
