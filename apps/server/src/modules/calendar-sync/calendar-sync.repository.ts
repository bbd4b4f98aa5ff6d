import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { calendarConnections, calendarEventLinks } from '../../db/schema-calendar-sync.ts';

export type TConnectionRow = typeof calendarConnections.$inferSelect;
export type TLinkRow = typeof calendarEventLinks.$inferSelect;

export async function upsertConnection(db: TTx, v: typeof calendarConnections.$inferInsert): Promise<TConnectionRow> {
  const { userId, provider, ...rest } = v;
  const [row] = await db
    .insert(calendarConnections)
    .values(v)
    .onConflictDoUpdate({
      target: [calendarConnections.userId, calendarConnections.provider],
      set: { ...rest, syncToken: null, status: 'active', lastError: null, lastSyncAt: null, leaseUntil: null },
    })
    .returning();
  void userId;
  void provider;
  return row!;
}

export const listConnections = (db: TTx, userId: string) =>
  db.select().from(calendarConnections).where(eq(calendarConnections.userId, userId)).orderBy(asc(calendarConnections.provider));

export async function findConnection(db: TTx, id: string): Promise<TConnectionRow | undefined> {
  const [row] = await db.select().from(calendarConnections).where(eq(calendarConnections.id, id));
  return row;
}

export async function deleteConnection(db: TTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(calendarConnections)
    .where(and(eq(calendarConnections.id, id), eq(calendarConnections.userId, userId)))
    .returning({ id: calendarConnections.id });
  return rows.length > 0;
}

export async function hasActiveConnection(db: TTx, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: calendarConnections.id })
    .from(calendarConnections)
    .where(and(eq(calendarConnections.userId, userId), eq(calendarConnections.status, 'active')))
    .limit(1);
  return rows.length > 0;
}

export const activeConnectionsOf = (db: TTx, userId: string) =>
  db
    .select()
    .from(calendarConnections)
    .where(and(eq(calendarConnections.userId, userId), eq(calendarConnections.status, 'active')));

/** Connections whose last sync is older than `before` (or never), oldest first. */
export const dueConnections = (db: TTx, before: Date, limit: number) =>
  db
    .select({ id: calendarConnections.id })
    .from(calendarConnections)
    .where(and(eq(calendarConnections.status, 'active'), or(isNull(calendarConnections.lastSyncAt), lt(calendarConnections.lastSyncAt, before))))
    .orderBy(sql`${calendarConnections.lastSyncAt} nulls first`)
    .limit(limit);

/** Takes the connection's sync lease when nobody holds it; false when another sync is running. */
export async function takeLease(db: TTx, id: string, now: Date, until: Date): Promise<boolean> {
  const rows = await db
    .update(calendarConnections)
    .set({ leaseUntil: until })
    .where(and(eq(calendarConnections.id, id), or(isNull(calendarConnections.leaseUntil), lt(calendarConnections.leaseUntil, now))))
    .returning({ id: calendarConnections.id });
  return rows.length > 0;
}

export async function finishSync(db: TTx, id: string, v: { at: Date; error: string | null; syncToken?: string | null }): Promise<void> {
  await db
    .update(calendarConnections)
    .set({ lastSyncAt: v.at, lastError: v.error, leaseUntil: null, ...(v.syncToken !== undefined ? { syncToken: v.syncToken } : {}) })
    .where(eq(calendarConnections.id, id));
}

export async function setConnectionError(db: TTx, id: string, error: string | null): Promise<void> {
  await db.update(calendarConnections).set({ lastError: error }).where(eq(calendarConnections.id, id));
}

export async function findLink(db: TTx, connectionId: string, remoteId: string): Promise<TLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(calendarEventLinks)
    .where(and(eq(calendarEventLinks.connectionId, connectionId), eq(calendarEventLinks.remoteId, remoteId)));
  return row;
}

export async function findLinkByBooking(db: TTx, connectionId: string, bookingId: string): Promise<TLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(calendarEventLinks)
    .where(and(eq(calendarEventLinks.connectionId, connectionId), eq(calendarEventLinks.bookingId, bookingId)));
  return row;
}

/** A new link; throws the unique violation (23505) when another sync wrote it first. */
export async function insertLink(db: TTx, v: typeof calendarEventLinks.$inferInsert): Promise<TLinkRow> {
  const [row] = await db.insert(calendarEventLinks).values(v).returning();
  return row!;
}

/** The suite's own write of a booking's event: one link per (connection, remote id), whoever wrote it first. */
export async function saveSuiteLink(db: TTx, v: typeof calendarEventLinks.$inferInsert): Promise<void> {
  await db
    .insert(calendarEventLinks)
    .values(v)
    .onConflictDoUpdate({
      target: [calendarEventLinks.connectionId, calendarEventLinks.remoteId],
      set: { bookingId: v.bookingId, etag: v.etag, remoteStart: v.remoteStart, remoteEnd: v.remoteEnd, state: v.state ?? 'booked', updatedAt: sql`now()` },
    });
}

/** A declined or cancelled link taken for a new booking attempt; false when another sync took it first. */
export async function claimLinkForRebooking(db: TTx, id: number): Promise<boolean> {
  const rows = await db
    .update(calendarEventLinks)
    .set({ state: 'pending', updatedAt: sql`now()` })
    .where(and(eq(calendarEventLinks.id, id), inArray(calendarEventLinks.state, ['declined', 'cancelled'])))
    .returning({ id: calendarEventLinks.id });
  return rows.length > 0;
}

export async function updateLink(db: TTx, id: number, patch: Partial<typeof calendarEventLinks.$inferInsert>): Promise<void> {
  await db
    .update(calendarEventLinks)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(calendarEventLinks.id, id));
}
