/**
 * The exact number of users not in the trash, kept by triggers on `users` (hand-written migration
 * `user-counts-triggers`, decision 023): the admin users list shows it as its total on every unfiltered page, and
 * counting 100 000 rows for that cost more than everything else the request did.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, smallint } from 'drizzle-orm/pg-core';

export const userCounts = pgTable(
  'user_counts',
  {
    /** One row only. */
    id: smallint('id').primaryKey().default(1),
    live: bigint('live', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('user_counts_one_row', sql`${t.id} = 1`)],
);
