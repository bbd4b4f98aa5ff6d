/** Meal profiles, transfers and reminder settings (issue 38): the Drizzle side of meal-transfers, -profile, -reminders. */
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { mealLedger, mealParticipants, mealProfiles, meals, mealSettings, mealTransfers } from '../../db/schema-meal.ts';

export type TProfileRow = typeof mealProfiles.$inferSelect;
export type TTransferRow = typeof mealTransfers.$inferSelect;

// ── Profiles ──

export async function profileOf(db: TTx, userId: string): Promise<TProfileRow | undefined> {
  const [row] = await db.select().from(mealProfiles).where(eq(mealProfiles.userId, userId));
  return row;
}

export async function profilesOf(db: TTx, userIds: string[]): Promise<TProfileRow[]> {
  if (userIds.length === 0) return [];
  return db.select().from(mealProfiles).where(inArray(mealProfiles.userId, userIds));
}

export async function upsertProfile(db: TTx, values: typeof mealProfiles.$inferInsert): Promise<TProfileRow> {
  const { userId: _u, ...rest } = values;
  const [row] = await db.insert(mealProfiles).values(values).onConflictDoUpdate({ target: mealProfiles.userId, set: rest }).returning();
  return row!;
}

// ── Transfers ──

export async function insertTransfer(db: TTx, values: typeof mealTransfers.$inferInsert): Promise<TTransferRow> {
  const [row] = await db.insert(mealTransfers).values(values).returning();
  return row!;
}

/** The transfer of the seed, locked until the transaction ends when `lock` (its state changes are serialised). */
export async function findTransfer(db: TTx, seedId: string, id: string, lock = false): Promise<TTransferRow | undefined> {
  const q = db
    .select()
    .from(mealTransfers)
    .where(and(eq(mealTransfers.seedId, seedId), eq(mealTransfers.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateTransfer(db: TTx, id: string, patch: Partial<typeof mealTransfers.$inferInsert>): Promise<TTransferRow> {
  const [row] = await db.update(mealTransfers).set(patch).where(eq(mealTransfers.id, id)).returning();
  return row!;
}

/** How many transfers from `from` to `to` still wait for the receiver ('sent'). */
export async function pendingBetween(db: TTx, seedId: string, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mealTransfers)
    .where(and(eq(mealTransfers.seedId, seedId), eq(mealTransfers.fromUserId, from), eq(mealTransfers.toUserId, to), eq(mealTransfers.status, 'sent')));
  return Number(row?.n ?? 0);
}

/** Transfers of the seed in `status`, newest first; only those `userId` is a party to unless null (a manager). */
export async function transfersOf(db: TTx, seedId: string, statuses: string[], userId: string | null, limit: number): Promise<TTransferRow[]> {
  const party = userId ? or(eq(mealTransfers.fromUserId, userId), eq(mealTransfers.toUserId, userId)) : undefined;
  return db
    .select()
    .from(mealTransfers)
    .where(and(eq(mealTransfers.seedId, seedId), inArray(mealTransfers.status, statuses), party))
    .orderBy(desc(mealTransfers.createdAt), desc(mealTransfers.id))
    .limit(limit);
}

/** A settlement row in the ledger; its id (the confirmed transfer points at it). */
export async function insertSettlement(db: TTx, values: Omit<typeof mealLedger.$inferInsert, 'kind' | 'mealId'>): Promise<string> {
  const [row] = await db
    .insert(mealLedger)
    .values({ ...values, kind: 'settlement', mealId: null })
    .returning({ id: mealLedger.id });
  return row!.id;
}

// ── Usual menus ──

/** The person's joined choices in the seed's rounds (newest first, bounded), with the round's options to name them. */
export async function choicesOf(db: TTx, seedId: string, userId: string, limit = 300) {
  return db
    .select({ choice: mealParticipants.choice, mode: meals.mode, options: meals.options })
    .from(mealParticipants)
    .innerJoin(meals, eq(meals.id, mealParticipants.mealId))
    .where(and(eq(meals.seedId, seedId), eq(mealParticipants.userId, userId), eq(mealParticipants.status, 'joined')))
    .orderBy(desc(meals.mealDate), desc(meals.createdAt))
    .limit(limit);
}

// ── Reminders ──

/**
 * The seed's ledger as a timeline for the reminders: a round's charges dated when its bill was settled (drawn, or
 * closed: the app's clock, as settlements are), others by their row's time; oldest first.
 */
export async function ledgerTimeline(db: TTx, seedId: string) {
  const at = sql<Date>`coalesce(${meals.drawnAt}, ${meals.closedAt}, ${mealLedger.createdAt})`.mapWith(mealLedger.createdAt);
  return db
    .select({ kind: mealLedger.kind, fromUserId: mealLedger.fromUserId, toUserId: mealLedger.toUserId, amount: mealLedger.amount, createdAt: at })
    .from(mealLedger)
    .leftJoin(meals, eq(meals.id, mealLedger.mealId))
    .where(eq(mealLedger.seedId, seedId))
    .orderBy(asc(at), asc(mealLedger.id));
}

/**
 * Seeds with anything in their meal ledger, with their reminder settings (defaults when the seed has no settings
 * row: every 3 days at 10:00). Bounded, oldest seeds first.
 */
export async function seedsWithLedgers(db: TTx, limit = 10_000) {
  const seeds = db.selectDistinct({ seedId: mealLedger.seedId }).from(mealLedger).as('s');
  return db
    .select({
      seedId: seeds.seedId,
      everyDays: sql<number>`coalesce(${mealSettings.reminderEveryDays}, 3)`.mapWith(Number),
      hour: sql<number>`coalesce(${mealSettings.reminderHour}, 10)`.mapWith(Number),
    })
    .from(seeds)
    .leftJoin(mealSettings, eq(mealSettings.seedId, seeds.seedId))
    .orderBy(asc(seeds.seedId))
    .limit(limit);
}
