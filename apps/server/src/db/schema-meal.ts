/** Meal manager (issue 15): rounds, participants, the ledger (charges from closed rounds, settlements). */
import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /** Rounds of one outing (1차, 2차, …) share the first round's id; part_no orders them. Null: a round on its own. */
    outingId: uuid('outing_id'),
    partNo: integer('part_no').notNull().default(1),
    /** The bill as the payer entered or corrected it from the receipt; null: the sum of the participants' items. */
    billAmount: integer('bill_amount'),
    /** 'member' (the host, sponsor or drawn payer pays) or 'company_card' (법인카드: the company pays the restaurant). */
    payWith: text('pay_with').notNull().default('member'),
    /** Apply the seed's meal policy (subsidy, team budget) at close. */
    applyPolicy: boolean('apply_policy').notNull().default(false),
    /** The Slack message that published the commitment (channel id and ts); the reveal is posted in its thread. */
    slackChannel: text('slack_channel'),
    slackTs: text('slack_ts'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('meals_seed_idx').on(t.seedId, t.mealDate),
    check('meals_status_check', sql`${t.status} in ('open', 'closed', 'drawn')`),
    index('meals_outing_idx').on(t.outingId, t.partNo),
    check('meals_pay_with_check', sql`${t.payWith} in ('member', 'company_card')`),
    check('meals_bill_amount_check', sql`${t.billAmount} is null or ${t.billAmount} >= 0`),
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
    /** Null: the company (issue 38: the company's part of a round, a 법인카드 bill); never both null. */
    fromUserId: uuid('from_user_id').references(() => users.id, { onDelete: 'cascade' }),
    toUserId: uuid('to_user_id').references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('meal_ledger_seed_idx').on(t.seedId, t.createdAt),
    check('meal_ledger_kind_check', sql`${t.kind} in ('charge', 'settlement')`),
    check('meal_ledger_amount_check', sql`${t.amount} > 0`),
    check('meal_ledger_party_check', sql`${t.fromUserId} is not null or ${t.toUserId} is not null`),
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

/* ---- Meal manager, round two (issue 38; decision 077) ---- */

/** Raw bytes (receipt files). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A person's meal profile, one per account (the same bank account and allergies in every seed): where to send money
 * (the 송금 links are built from it) and what the orderer should know. Shown only to members of a seed the person is in.
 */
export const mealProfiles = pgTable('meal_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bankName: text('bank_name').notNull().default(''),
  accountNumber: text('account_number').notNull().default(''),
  accountHolder: text('account_holder').notNull().default(''),
  /** Kakao Pay 송금 code link (https://qr.kakaopay.com/…), as the app shows it under 송금코드. */
  kakaoPayLink: text('kakao_pay_link').notNull().default(''),
  /** Allergies and restrictions as short labels ('땅콩', '돼지고기 안 먹음'). */
  dietary: jsonb('dietary').$type<string[]>().notNull().default([]),
  dietaryNote: text('dietary_note').notNull().default(''),
  /** Menu names the person marked as favourites (offered first, with the most chosen ones). */
  favourites: jsonb('favourites').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A settle-up transfer between two members of a seed: the payer marks it sent (from its 송금 link) and the receiver
 * confirms receipt, which writes the settlement row in the ledger (ledger_id). Cancelled by either party or a manager.
 */
export const mealTransfers = pgTable(
  'meal_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    fromUserId: uuid('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: uuid('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    /** sent → confirmed | cancelled (a receiver's direct confirmation is confirmed at once). */
    status: text('status').notNull(),
    method: text('method'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedById: uuid('confirmed_by_id').references(() => users.id, { onDelete: 'set null' }),
    ledgerId: uuid('ledger_id').references(() => mealLedger.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('meal_transfers_seed_idx').on(t.seedId, t.status),
    check('meal_transfers_status_check', sql`${t.status} in ('sent', 'confirmed', 'cancelled')`),
    check('meal_transfers_amount_check', sql`${t.amount} > 0`),
  ],
);

/** Per-seed meal settings: payment reminders and the company meal policy. One row per seed, created on first save. */
export const mealSettings = pgTable('meal_settings', {
  seedId: uuid('seed_id')
    .primaryKey()
    .references(() => seeds.id, { onDelete: 'cascade' }),
  /** Remind whoever still owes every N days (0: never), at this hour in Asia/Seoul. */
  reminderEveryDays: integer('reminder_every_days').notNull().default(3),
  reminderHour: integer('reminder_hour').notNull().default(10),
  /** 식대 지원: what the company pays per person per day (0: no subsidy). */
  subsidyPerDay: integer('subsidy_per_day').notNull().default(0),
  /** 법인카드: who holds the company card (a round paid with it is paid by the company). */
  companyCardHolderId: uuid('company_card_holder_id').references(() => users.id, { onDelete: 'set null' }),
  /** Who may book a round to the company: 'admins', 'everyone' or 'listed' (spender_ids). */
  spenders: text('spenders').notNull().default('admins'),
  spenderIds: jsonb('spender_ids').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A team of a seed for the meal policy: a sponsor budget per month with a cap. A person is in at most one team per seed. */
export const mealTeams = pgTable(
  'meal_teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    monthlyBudget: integer('monthly_budget').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('meal_teams_seed_name_idx').on(t.seedId, t.name), check('meal_teams_budget_check', sql`${t.monthlyBudget} >= 0`)],
);

export const mealTeamMembers = pgTable(
  'meal_team_members',
  {
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => mealTeams.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.seedId, t.userId] }), index('meal_team_members_team_idx').on(t.teamId)],
);

/**
 * What the company bore of a round, per person: the daily subsidy or the team's budget. The team budget's monthly
 * cap is checked against these rows under the team row's lock, so concurrent rounds cannot overspend it.
 */
export const mealCompanyShares = pgTable(
  'meal_company_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    mealId: uuid('meal_id')
      .notNull()
      .references(() => meals.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => mealTeams.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    /** YYYY-MM of the meal date (Asia/Seoul), the budget's month. */
    month: text('month').notNull(),
    mealDate: text('meal_date').notNull(),
    amount: integer('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('meal_company_shares_seed_idx').on(t.seedId, t.month),
    index('meal_company_shares_team_idx').on(t.teamId, t.month),
    check('meal_company_shares_kind_check', sql`${t.kind} in ('subsidy', 'team_budget')`),
    check('meal_company_shares_amount_check', sql`${t.amount} > 0`),
  ],
);

/** A receipt (photo re-encoded without metadata, or a PDF) attached to a round, stored in the database. */
export const mealReceipts = pgTable(
  'meal_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    mealId: uuid('meal_id')
      .notNull()
      .references(() => meals.id, { onDelete: 'cascade' }),
    uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('meal_receipts_meal_idx').on(t.mealId)],
);
