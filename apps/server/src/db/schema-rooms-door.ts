/**
 * Rooms at the door (issue 37): tablet displays by a room with a revocable token, the room's QR check-in code, and the
 * decisions and action items read from a booking's minutes. docs/decisions/080-room-display-and-check-in.md.
 */
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { seeds, users } from './schema.ts';
import { roomBookings, rooms } from './schema-rooms.ts';

/** A display's URL token is kept as SHA-256 only; revoking sets revoked_at (the row stays so the page can say so). */
export const roomDisplays = pgTable(
  'room_displays',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The admin who created it: quick bookings made on the display are theirs. */
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('room_displays_token_hash_key').on(t.tokenHash), index('room_displays_seed_idx').on(t.seedId)],
);

/** The code a room's QR link carries: it proves the phone is at the room. Rotated by an admin. */
export const roomCheckInCodes = pgTable('room_check_in_codes', {
  roomId: uuid('room_id')
    .primaryKey()
    .references(() => rooms.id, { onDelete: 'cascade' }),
  seedId: uuid('seed_id')
    .notNull()
    .references(() => seeds.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
  rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type TMinutesAction = { text: string; ownerUserId: string | null; ownerName: string | null; due: string | null };

/** What the minutes of a booking say was decided and who does what by when (one row per booking, replaced on save). */
export const roomMinutesItems = pgTable('room_minutes_items', {
  bookingId: uuid('booking_id')
    .primaryKey()
    .references(() => roomBookings.id, { onDelete: 'cascade' }),
  seedId: uuid('seed_id')
    .notNull()
    .references(() => seeds.id, { onDelete: 'cascade' }),
  decisions: jsonb('decisions').$type<string[]>().notNull().default([]),
  actions: jsonb('actions').$type<TMinutesAction[]>().notNull().default([]),
  /** 'llm' (the language model) or 'rules' (the extractive fallback). */
  source: text('source').notNull(),
  /** SHA-256 of the minutes read, so saving the same text again does not extract or notify twice. */
  minutesHash: text('minutes_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
