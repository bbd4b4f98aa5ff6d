import { eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { meals } from '../../db/schema-meal.ts';

/** Whether the seed has run a meal round (the help centre's getting-started checklist, issue 33). */
export async function mealFacts(db: TDb, seedId: string): Promise<{ round: boolean }> {
  const [round] = await db
    .select({ one: sql<number>`1` })
    .from(meals)
    .where(eq(meals.seedId, seedId))
    .limit(1);
  return { round: Boolean(round) };
}
