/** Meal manager (issue 15): rounds, participants, the ledger (charges from closed rounds, settlements). */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { seeds, users } from './schema.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export type TMealOption = { id: string; name: string; price: number };
export type TMealPayer = { userId: string; index: number };

export const meals = pgTable(
  'meals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** The meal's date, YYYY-MM-DD (Asia/Seoul). */
    mealDate: text('meal_date').notNull(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    mode: text('mode').notNull(),
    restaurant: text('restaurant').notNull().default(''),
    options: jsonb('options').$type<TMealOption[]>().notNull().default([]),
    split: text('split').notNull(),
    sponsorId: uuid('sponsor_id').references(() => users.id, { onDelete: 'set null' }),
    payerCount: integer('payer_count').notNull().default(1),
    /** open → closed → drawn (games only). */
    status: text('status').notNull().default('open'),
    /** 32 random bytes as lowercase hex; never leaves the server before the draw. */
    serverSeed: text('server_seed'),
    commitment: text('commitment'),
    h: text('h'),
    payers: jsonb('payers').$type<TMealPayer[]>(),
    /** Who paid the restaurant (host, sponsor or first drawn payer); set when the ledger is written. */
    paidById: uuid('paid_by_id').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('meals_seed_idx').on(t.seedId, t.mealDate),
    check('meals_status_check', sql`${t.status} in ('open', 'closed', 'drawn')`),
    check('meals_split_check', sql`${t.split} in ('even', 'itemised', 'sponsor', 'ladder', 'roulette')`),
  ],
);

export const mealParticipants = pgTable(
  'meal_participants',
  {
    mealId: uuid('meal_id')
      .notNull()
      .references(() => meals.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    /** Option id (menu mode) or free text (restaurant mode); null when declined. */
    choice: text('choice'),
    price: integer('price').notNull().default(0),
    clientSeed: text('client_seed'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.mealId, t.userId] })],
);

/**
 * Who owes whom: a closed round writes one row per participant whose share is owed to the one who paid; a settlement
 * (a transfer marked paid) is a row with meal_id null. Balances are sums over these rows, so they always total zero.
 */
export const mealLedger = pgTable(
  'meal_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    mealId: uuid('meal_id').references(() => meals.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fromUserId: uuid('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: uuid('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('meal_ledger_seed_idx').on(t.seedId, t.createdAt),
    check('meal_ledger_kind_check', sql`${t.kind} in ('charge', 'settlement')`),
    check('meal_ledger_amount_check', sql`${t.amount} > 0`),
  ],
);

/** What each joined participant bore for a round (the monthly spend chart). */
export const mealShares = pgTable(
  'meal_shares',
  {
    mealId: uuid('meal_id')
      .notNull()
      .references(() => meals.id, { onDelete: 'cascade' }),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mealDate: text('meal_date').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.mealId, t.userId] }), index('meal_shares_seed_idx').on(t.seedId, t.mealDate)],
);
