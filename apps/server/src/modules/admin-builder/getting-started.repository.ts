import { eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { adminApps } from '../../db/schema-admin-builder.ts';

/** Whether the seed has an admin app (the help centre's getting-started checklist, issue 33). */
export async function adminBuilderFacts(db: TDb, seedId: string): Promise<{ app: boolean }> {
  const [app] = await db
    .select({ one: sql<number>`1` })
    .from(adminApps)
    .where(eq(adminApps.seedId, seedId))
    .limit(1);
  return { app: Boolean(app) };
}
