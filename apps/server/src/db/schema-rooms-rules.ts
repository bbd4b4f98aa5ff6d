/**
 * Meeting-room booking rules (issue 37): per seed and per room (a room's value overrides the seed's for that field),
 * team quotas, and the seed's abandoned-series threshold. See docs/decisions/079-room-booking-rules.md.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { seeds, users } from './schema.ts';
import { rooms } from './schema-rooms.ts';

/**
 * One row per seed (room_id null) and per room with rules of its own. A null field means "no limit" on the seed's row
 * and "as the seed" on a room's row.
 */
export const roomBookingRules = pgTable(
  'room_booking_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id').references(() => rooms.id, { onDelete: 'cascade' }),
    /** Longest single booking, minutes. */
    maxMinutes: integer('max_minutes'),
    /** How many days ahead (Asia/Seoul dates) a booking may start. */
    maxDaysAhead: integer('max_days_ahead'),
    /** Hours one organizer may hold per Seoul week (Mon–Sun), confirmed and checked-in bookings. */
    maxHoursPerWeek: integer('max_hours_per_week'),
    /** everyone | members (allowed_user_ids, plus owner and admins) | admins. */
    whoMayBook: text('who_may_book'),
    allowedUserIds: uuid('allowed_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Seed row only: auto-released occurrences in a row before the organizer is warned (the next releases the rest); 0 = off. */
    abandonAfter: smallint('abandon_after'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('room_booking_rules_seed_key')
      .on(t.seedId)
      .where(sql`room_id is null`),
    uniqueIndex('room_booking_rules_room_key')
      .on(t.roomId)
      .where(sql`room_id is not null`),
    check('room_booking_rules_who_check', sql`${t.whoMayBook} is null or ${t.whoMayBook} in ('everyone', 'members', 'admins')`),
  ],
);

/** A team for room quotas: its members may together hold at most max_hours_per_week in one room (or all rooms). */
export const roomTeams = pgTable(
  'room_teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** null: all the seed's rooms together. */
    roomId: uuid('room_id').references(() => rooms.id, { onDelete: 'cascade' }),
    maxHoursPerWeek: integer('max_hours_per_week').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('room_teams_seed_name_key').on(t.seedId, t.name)],
);

export const roomTeamMembers = pgTable(
  'room_team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => roomTeams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('room_team_members_user_idx').on(t.userId)],
);
