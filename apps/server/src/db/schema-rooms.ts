/**
 * Meeting-room booking (issue 7). The exclusion constraint that makes overlapping bookings impossible is not
 * expressible here: it is appended by hand to the migration that creates room_bookings (see
 * docs/decisions/009-meeting-rooms.md).
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { seeds, users } from './schema.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const rooms = pgTable(
  'rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    location: text('location').notNull().default(''),
    capacity: integer('capacity').notNull().default(4),
    equipment: text('equipment')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Bookable hours in Asia/Seoul, minutes after midnight: [open, close). */
    openMinute: smallint('open_minute').notNull().default(480),
    closeMinute: smallint('close_minute').notNull().default(1320),
    /** ISO weekdays (1 = Monday … 7 = Sunday) on which the room can be booked. */
    weekdays: smallint('weekdays')
      .array()
      .notNull()
      .default(sql`'{1,2,3,4,5}'::smallint[]`),
    active: boolean('active').notNull().default(true),
    /** Bookable on public holidays and the seed's closed days too (issue 37); closed on them by default. */
    openOnHolidays: boolean('open_on_holidays').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rooms_seed_name_key').on(t.seedId, t.name)],
);

export type TBookingAttendee = { email: string; userId?: string | null; name?: string | null };

export const roomBookings = pgTable(
  'room_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    organizerId: uuid('organizer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    attendees: jsonb('attendees').$type<TBookingAttendee[]>().notNull().default([]),
    agenda: text('agenda').notNull().default(''),
    minutes: text('minutes').notNull().default(''),
    /** confirmed → checked_in; or cancelled (by a person) / released (no check-in in time). */
    status: text('status').notNull().default('confirmed'),
    /** Occurrences of one recurring request share it. */
    seriesId: uuid('series_id'),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    /** An admin booked against a booking rule (issue 37): their reason; null for an ordinary booking. */
    overrideReason: text('override_reason'),
    /** Why the system released it, when it was not simply not checked in to (e.g. an abandoned series, issue 37). */
    releaseReason: text('release_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('room_bookings_seed_starts_idx').on(t.seedId, t.startsAt),
    index('room_bookings_room_starts_idx').on(t.roomId, t.startsAt),
    index('room_bookings_organizer_idx').on(t.organizerId, t.startsAt),
    check('room_bookings_range_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** Per-seed settings of the service. */
export const roomSettings = pgTable('room_settings', {
  seedId: uuid('seed_id')
    .primaryKey()
    .references(() => seeds.id, { onDelete: 'cascade' }),
  reminderMinutes: integer('reminder_minutes').notNull().default(10),
  autoRelease: boolean('auto_release').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The rooms' jobs of the releases before decision 013's move onto `jobs` (migration 0017). Kept for expand/contract:
 * a previous release still writes here during a rolling upgrade, and rooms.adopt-legacy-jobs hands its pending rows
 * over to `jobs`. Dropped by a later contract migration.
 */
export const roomJobs = pgTable(
  'room_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => roomBookings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    /** pending → running → done | failed; cancelled when the booking moves or is cancelled. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('room_jobs_due_idx')
      .on(t.runAt)
      .where(sql`status in ('pending', 'running')`),
    index('room_jobs_booking_idx').on(t.bookingId),
  ],
);

/** The service's log: create, move, update, cancel, check-in, release, minutes. */
export const roomEvents = pgTable(
  'room_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id'),
    roomId: uuid('room_id'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('room_events_seed_idx').on(t.seedId, t.id)],
);

/** A user's private calendar feed: the token is kept as SHA-256; deleting the row revokes the URL. */
export const roomFeedTokens = pgTable(
  'room_feed_tokens',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('room_feed_tokens_hash_key').on(t.tokenHash)],
);

/** One-off days an operator closes the seed's rooms on (election days, company days), Seoul dates YYYY-MM-DD. */
export const roomClosedDays = pgTable(
  'room_closed_days',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    name: text('name').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('room_closed_days_seed_date_key').on(t.seedId, t.date)],
);
