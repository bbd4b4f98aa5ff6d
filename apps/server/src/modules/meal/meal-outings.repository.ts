/** Outings, the bill rewrite and receipts (issue 38): the Drizzle queries of meal-outings/meal-bill/meal-receipts services. */
import { and, asc, count, eq, max, or } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { mealCompanyShares, mealLedger, mealReceipts, meals, mealShares } from '../../db/schema-meal.ts';

export type TReceiptRow = Omit<typeof mealReceipts.$inferSelect, 'data'>;

/** The parts of an outing (a round on its own is an outing of one part), in part order. */
export async function partsOf(db: TTx, seedId: string, outingId: string) {
  return db
    .select()
    .from(meals)
    .where(and(eq(meals.seedId, seedId), or(eq(meals.outingId, outingId), eq(meals.id, outingId))))
    .orderBy(asc(meals.partNo), asc(meals.createdAt));
}

export async function maxPartNo(tx: TTx, outingId: string): Promise<number> {
  const [row] = await tx
    .select({ n: max(meals.partNo) })
    .from(meals)
    .where(or(eq(meals.outingId, outingId), eq(meals.id, outingId)));
  return row?.n ?? 1;
}

/** Removes what a round wrote to the ledger at close or draw: its charges, its shares, the company's shares. */
export async function deleteRoundLedger(tx: TTx, mealId: string): Promise<void> {
  await tx.delete(mealLedger).where(and(eq(mealLedger.mealId, mealId), eq(mealLedger.kind, 'charge')));
  await tx.delete(mealShares).where(eq(mealShares.mealId, mealId));
  await tx.delete(mealCompanyShares).where(eq(mealCompanyShares.mealId, mealId));
}

const receiptColumns = {
  id: mealReceipts.id,
  seedId: mealReceipts.seedId,
  mealId: mealReceipts.mealId,
  uploadedById: mealReceipts.uploadedById,
  contentType: mealReceipts.contentType,
  byteSize: mealReceipts.byteSize,
  sha256: mealReceipts.sha256,
  createdAt: mealReceipts.createdAt,
};

export async function receiptsOf(db: TTx, mealId: string): Promise<TReceiptRow[]> {
  return db.select(receiptColumns).from(mealReceipts).where(eq(mealReceipts.mealId, mealId)).orderBy(asc(mealReceipts.createdAt), asc(mealReceipts.id));
}

export async function receiptCount(tx: TTx, mealId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(mealReceipts).where(eq(mealReceipts.mealId, mealId));
  return Number(row?.n ?? 0);
}

export async function insertReceipt(tx: TTx, values: typeof mealReceipts.$inferInsert): Promise<string> {
  const [row] = await tx.insert(mealReceipts).values(values).returning({ id: mealReceipts.id });
  return row!.id;
}

export async function findReceipt(db: TTx, mealId: string, receiptId: string) {
  const [row] = await db
    .select()
    .from(mealReceipts)
    .where(and(eq(mealReceipts.mealId, mealId), eq(mealReceipts.id, receiptId)));
  return row;
}

export async function deleteReceipt(tx: TTx, receiptId: string): Promise<void> {
  await tx.delete(mealReceipts).where(eq(mealReceipts.id, receiptId));
}

/** The seed's rounds that carry receipts (newest first) with their receipts' ids, for the ledger page's links. */
export async function receiptRoundsOf(db: TTx, seedId: string, limit = 200) {
  return db
    .select({ meal: meals, receiptId: mealReceipts.id, contentType: mealReceipts.contentType })
    .from(mealReceipts)
    .innerJoin(meals, eq(meals.id, mealReceipts.mealId))
    .where(eq(mealReceipts.seedId, seedId))
    .orderBy(asc(meals.mealDate), asc(meals.createdAt), asc(mealReceipts.createdAt))
    .limit(limit * 5);
}
