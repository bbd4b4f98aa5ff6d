import { count, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { seedMembers } from '../../db/schema.ts';

/** How many people belong to the seed (the help centre's getting-started checklist, issue 33). */
export async function memberFacts(db: TDb, seedId: string): Promise<{ members: number }> {
  const [row] = await db.select({ n: count() }).from(seedMembers).where(eq(seedMembers.seedId, seedId));
  return { members: Number(row?.n ?? 0) };
}
