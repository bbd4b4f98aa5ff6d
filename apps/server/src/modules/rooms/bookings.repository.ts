/** Bookings. */
import { and, asc, eq, gt, inArray, lt, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { roomBookings, rooms, type TBookingAttendee } from '../../db/schema-rooms.ts';
import { seedMembers, users } from '../../db/schema.ts';
import type { TTx } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';

export type TBookingInsert = typeof roomBookings.$inferInsert;

/** Bookings last at most 12 hours (the shared schema's limit), so an overlap search can bound starts_at from below. */
const MAX_LENGTH_MS = 12 * 3_600_000;
const startsAfter = (from: Date) => gt(roomBookings.startsAt, new Date(from.getTime() - MAX_LENGTH_MS));

const columns = {
  b: roomBookings,
  roomName: rooms.name,
  organizerName: users.fullName,
  organizerEmail: users.email,
};

export type TBookingRow = { b: typeof roomBookings.$inferSelect; roomName: string; organizerName: string; organizerEmail: string };

const base = (db: TTx) =>
  db.select(columns).from(roomBookings).innerJoin(rooms, eq(rooms.id, roomBookings.roomId)).innerJoin(users, eq(users.id, roomBookings.organizerId));

/** A booking as the list reads it: the columns the API answers with, timestamps as PostgreSQL's text. */
export type TBookingListRow = {
  id: string;
  room_id: string;
  room_name: string;
  title: string;
  organizer_id: string;
  organizer_name: string;
  organizer_email: string;
  attendees: TBookingAttendee[];
  starts_at: string;
  ends_at: string;
  agenda: string;
  minutes: string;
  status: string;
  series_id: string | null;
  checked_in_at: string | null;
  override_reason: string | null;
  release_reason: string | null;
};

const p = (name: string) => sql.placeholder(name);

/**
 * The list is the rooms screen's hot read (a day of 50 rooms is hundreds of rows). It is one statement built once —
 * a named prepared statement on PostgreSQL, planned once per pooled connection — with the optional filters as
 * parameters that switch themselves off when null, and it reads rows as plain objects (no per-field mapping; the
 * timestamps stay text and become ISO strings in one step, `pgTimestampIso`). Decision 023.
 */
const listStatement = preparedStatement<TBookingListRow>(
  'rooms_bookings_in_range',
  sql`
  select b.id, b.room_id, r.name as room_name, b.title, b.organizer_id, u.full_name as organizer_name, u.email as organizer_email,
    b.attendees, b.starts_at, b.ends_at, b.agenda, b.minutes, b.status, b.series_id, b.checked_in_at,
    b.override_reason, b.release_reason
  from ${roomBookings} b
  join ${rooms} r on r.id = b.room_id
  join ${users} u on u.id = b.organizer_id
  where b.seed_id = ${p('seedId')}::uuid
    and b.starts_at < ${p('to')}::timestamptz and b.starts_at > ${p('startsAfter')}::timestamptz and b.ends_at > ${p('from')}::timestamptz
    and (${p('roomId')}::uuid is null or b.room_id = ${p('roomId')}::uuid)
    and (${p('includeCancelled')}::boolean or b.status <> 'cancelled')
    and (${p('mineId')}::uuid is null or b.organizer_id = ${p('mineId')}::uuid or b.attendees @> ${p('mineEmail')}::jsonb)
  order by b.starts_at asc, r.name asc
  limit 5000`,
);

/** Bookings overlapping [from, to), by start time. */
export function listBookings(
  db: TTx,
  seedId: string,
  q: { from: Date; to: Date; roomId?: string | undefined; mine?: { userId: string; email: string } | undefined; includeCancelled?: boolean },
): Promise<TBookingListRow[]> {
  return listStatement(db, {
    seedId,
    to: q.to.toISOString(),
    startsAfter: new Date(q.from.getTime() - MAX_LENGTH_MS).toISOString(),
    from: q.from.toISOString(),
    roomId: q.roomId ?? null,
    includeCancelled: q.includeCancelled === true,
    mineId: q.mine ? q.mine.userId : null,
    mineEmail: q.mine ? JSON.stringify([{ email: q.mine.email.toLowerCase() }]) : null,
  });
}

function mineFilter(me: { userId: string; email: string }): SQL {
  return or(eq(roomBookings.organizerId, me.userId), sql`${roomBookings.attendees} @> ${JSON.stringify([{ email: me.email.toLowerCase() }])}::jsonb`)!;
}

export async function findBooking(db: TTx, seedId: string, id: string): Promise<TBookingRow | undefined> {
  const [row] = await base(db)
    .where(and(eq(roomBookings.seedId, seedId), eq(roomBookings.id, id)))
    .limit(1);
  return row;
}

export async function findBookingById(db: TTx, id: string): Promise<TBookingRow | undefined> {
  const [row] = await base(db).where(eq(roomBookings.id, id)).limit(1);
  return row;
}

/** This occurrence and the later active ones of its series, by start. */
export async function followingInSeries(db: TTx, seedId: string, seriesId: string, from: Date): Promise<TBookingRow[]> {
  return base(db)
    .where(
      and(
        eq(roomBookings.seedId, seedId),
        eq(roomBookings.seriesId, seriesId),
        gt(roomBookings.startsAt, new Date(from.getTime() - 1)),
        inArray(roomBookings.status, ['confirmed', 'checked_in']),
      ),
    )
    .orderBy(asc(roomBookings.startsAt));
}

export async function insertBooking(db: TTx, values: TBookingInsert): Promise<string> {
  const [row] = await db.insert(roomBookings).values(values).returning({ id: roomBookings.id });
  return row!.id;
}

export async function updateBooking(db: TTx, id: string, patch: Partial<TBookingInsert>, at: Date, onlyIfStatus?: string[]) {
  const rows = await db
    .update(roomBookings)
    .set({ ...patch, updatedAt: at })
    .where(and(eq(roomBookings.id, id), onlyIfStatus ? inArray(roomBookings.status, onlyIfStatus) : undefined))
    .returning({ id: roomBookings.id });
  return rows.length === 1;
}

/** The active booking of a room that overlaps [start, end), for naming the clash. */
export async function findClash(db: TTx, roomId: string, start: Date, end: Date, exceptId?: string) {
  const [row] = await db
    .select({ startsAt: roomBookings.startsAt, endsAt: roomBookings.endsAt, title: roomBookings.title })
    .from(roomBookings)
    .where(
      and(
        eq(roomBookings.roomId, roomId),
        notInArray(roomBookings.status, ['cancelled', 'released']),
        lt(roomBookings.startsAt, end),
        startsAfter(start),
        gt(roomBookings.endsAt, start),
        exceptId ? ne(roomBookings.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(roomBookings.startsAt))
    .limit(1);
  return row;
}

// ── Reports ──

/** Booked minutes and bookings of a report's group. */
const usage = {
  minutes: sql<number>`coalesce(sum(extract(epoch from (${roomBookings.endsAt} - ${roomBookings.startsAt})) / 60), 0)::float8`,
  bookings: sql<number>`count(*)::int`,
};

/** The seed's bookings, cancelled ones aside, that overlap [from, to). */
function usedIn(seedId: string, from: Date, to: Date) {
  return and(
    eq(roomBookings.seedId, seedId),
    ne(roomBookings.status, 'cancelled'),
    lt(roomBookings.startsAt, to),
    startsAfter(from),
    gt(roomBookings.endsAt, from),
  );
}

export async function statsByPerson(db: TTx, seedId: string, from: Date, to: Date) {
  return db
    .select({
      userId: users.id,
      name: users.fullName,
      email: users.email,
      ...usage,
    })
    .from(roomBookings)
    .innerJoin(users, eq(users.id, roomBookings.organizerId))
    .where(usedIn(seedId, from, to))
    .groupBy(users.id)
    .orderBy(sql`4 desc`);
}

export async function statsByRoom(db: TTx, seedId: string, from: Date, to: Date) {
  return db
    .select({
      roomId: rooms.id,
      name: rooms.name,
      ...usage,
    })
    .from(roomBookings)
    .innerJoin(rooms, eq(rooms.id, roomBookings.roomId))
    .where(usedIn(seedId, from, to))
    .groupBy(rooms.id)
    .orderBy(sql`3 desc`);
}

export async function statsByPersonRoom(db: TTx, seedId: string, from: Date, to: Date) {
  return db
    .select({
      userId: roomBookings.organizerId,
      roomId: roomBookings.roomId,
      ...usage,
    })
    .from(roomBookings)
    .where(usedIn(seedId, from, to))
    .groupBy(roomBookings.organizerId, roomBookings.roomId);
}

/** A user's bookings (organizer or attendee) in the seeds they belong to, for the calendar feed. */
export async function feedBookings(db: TTx, user: { id: string; email: string }, from: Date) {
  return base(db)
    .innerJoin(seedMembers, and(eq(seedMembers.seedId, roomBookings.seedId), eq(seedMembers.userId, user.id)))
    .where(and(gt(roomBookings.endsAt, from), ne(roomBookings.status, 'cancelled'), mineFilter({ userId: user.id, email: user.email })))
    .orderBy(asc(roomBookings.startsAt))
    .limit(2000);
}

export type { TBookingAttendee };
