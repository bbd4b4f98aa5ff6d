/** Meal rounds, participants and the ledger: the only meal file that knows Drizzle. */
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { mealLedger, mealParticipants, meals, mealShares } from '../../db/schema-meal.ts';

export type { TTx } from '../../db/client.ts';
export type TMealRow = typeof meals.$inferSelect;
export type TParticipantRow = typeof mealParticipants.$inferSelect & { name: string; email: string };

export async function insertMeal(db: TTx, values: typeof meals.$inferInsert): Promise<TMealRow> {
  const [row] = await db.insert(meals).values(values).returning();
  return row!;
}

export async function findMeal(db: TTx, seedId: string, mealId: string, lock = false): Promise<TMealRow | undefined> {
  const q = db
    .select()
    .from(meals)
    .where(and(eq(meals.seedId, seedId), eq(meals.id, mealId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function findMealById(db: TTx, mealId: string): Promise<TMealRow | undefined> {
  const [row] = await db.select().from(meals).where(eq(meals.id, mealId));
  return row;
}

export async function listMeals(db: TTx, seedId: string, status: 'open' | 'closed' | 'all', limit = 200): Promise<TMealRow[]> {
  const where =
    status === 'open'
      ? and(eq(meals.seedId, seedId), eq(meals.status, 'open'))
      : status === 'closed'
        ? and(eq(meals.seedId, seedId), sql`${meals.status} <> 'open'`)
        : eq(meals.seedId, seedId);
  return db.select().from(meals).where(where).orderBy(desc(meals.mealDate), desc(meals.createdAt)).limit(limit);
}

export async function updateMeal(db: TTx, mealId: string, patch: Partial<typeof meals.$inferInsert>): Promise<TMealRow> {
  const [row] = await db.update(meals).set(patch).where(eq(meals.id, mealId)).returning();
  return row!;
}

export async function deleteMeal(db: TTx, mealId: string): Promise<void> {
  await db.delete(meals).where(eq(meals.id, mealId));
}

export async function participantsOf(db: TTx, mealIds: string[]): Promise<TParticipantRow[]> {
  if (mealIds.length === 0) return [];
  const rows = await db
    .select({ p: mealParticipants, name: users.fullName, email: users.email })
    .from(mealParticipants)
    .innerJoin(users, eq(users.id, mealParticipants.userId))
    .where(inArray(mealParticipants.mealId, mealIds))
    .orderBy(asc(mealParticipants.userId));
  return rows.map((r) => ({ ...r.p, name: r.name, email: r.email }));
}

export async function upsertParticipant(db: TTx, values: typeof mealParticipants.$inferInsert, at: Date): Promise<void> {
  const { mealId: _m, userId: _u, ...rest } = values;
  await db
    .insert(mealParticipants)
    .values(values)
    .onConflictDoUpdate({ target: [mealParticipants.mealId, mealParticipants.userId], set: { ...rest, updatedAt: at } });
}

export async function usersByIds(db: TTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: users.id, name: users.fullName, email: users.email }).from(users).where(inArray(users.id, ids));
}

// ── Ledger ──

export async function insertLedger(db: TTx, rows: (typeof mealLedger.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(mealLedger).values(rows);
}

export async function insertShares(db: TTx, rows: (typeof mealShares.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(mealShares).values(rows);
}

export async function sharesOf(db: TTx, mealIds: string[]) {
  if (mealIds.length === 0) return [];
  return db.select().from(mealShares).where(inArray(mealShares.mealId, mealIds)).orderBy(asc(mealShares.userId));
}

/** Serialises ledger writes of one seed until the transaction ends (a settlement is checked against the balances). */
export async function lockLedger(tx: TTx, seedId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`meal-ledger:${seedId}`}))`);
}

export async function ledgerOf(db: TTx, seedId: string) {
  return db.select().from(mealLedger).where(eq(mealLedger.seedId, seedId)).orderBy(asc(mealLedger.createdAt), asc(mealLedger.id));
}

export async function ledgerWithMeals(db: TTx, seedId: string) {
  return db
    .select({ l: mealLedger, title: meals.title, mealDate: meals.mealDate })
    .from(mealLedger)
    .leftJoin(meals, eq(meals.id, mealLedger.mealId))
    .where(eq(mealLedger.seedId, seedId))
    .orderBy(asc(mealLedger.createdAt), asc(mealLedger.id));
}

/**
 * The charges of rounds whose bill was settled (closed, or drawn) in [from, to): who owes whom for which round, for
 * the unpaid-share check. Bounded by `limit` rows, oldest rounds first.
 */
export async function chargesOfRoundsEnded(db: TTx, from: Date, to: Date, limit = 5_000) {
  const ended = sql`coalesce(${meals.drawnAt}, ${meals.closedAt})`;
  return db
    .select({
      mealId: meals.id,
      seedId: meals.seedId,
      hostId: meals.hostId,
      title: meals.title,
      mealDate: meals.mealDate,
      fromUserId: sql<string>`${mealLedger.fromUserId}`,
      toUserId: sql<string>`${mealLedger.toUserId}`,
      amount: mealLedger.amount,
    })
    .from(mealLedger)
    .innerJoin(meals, eq(meals.id, mealLedger.mealId))
    .where(
      and(
        eq(mealLedger.kind, 'charge'),
        // Member-to-member charges only (a company party, issue 38, has its own accounts).
        isNotNull(mealLedger.fromUserId),
        isNotNull(mealLedger.toUserId),
        inArray(meals.status, ['closed', 'drawn']),
        sql`${ended} >= ${from.toISOString()}::timestamptz`,
        sql`${ended} < ${to.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(ended), asc(mealLedger.id))
    .limit(limit);
}

/** Cost borne per person per month (meal date's YYYY-MM). */
export async function monthlySpend(db: TTx, seedId: string) {
  return db
    .select({ userId: mealShares.userId, month: sql<string>`substr(${mealShares.mealDate}, 1, 7)`, amount: sql<number>`sum(${mealShares.amount})::int` })
    .from(mealShares)
    .where(eq(mealShares.seedId, seedId))
    .groupBy(mealShares.userId, sql`substr(${mealShares.mealDate}, 1, 7)`)
    .orderBy(sql`2`, asc(mealShares.userId));
}
