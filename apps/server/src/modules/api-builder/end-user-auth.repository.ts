/** The API builder's end-user access settings (decision 090): one row per API in `api_end_user_auth`. */
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { apiEndUserAuth } from '../../db/schema-api-jwt.ts';

export type TEndUserRow = typeof apiEndUserAuth.$inferSelect;
export type TEndUserValues = Omit<typeof apiEndUserAuth.$inferInsert, 'apiId'>;

export async function endUserRow(db: TDb, apiId: string): Promise<TEndUserRow | undefined> {
  const [row] = await db.select().from(apiEndUserAuth).where(eq(apiEndUserAuth.apiId, apiId));
  return row;
}

export async function upsertEndUserRow(db: TDb, apiId: string, values: TEndUserValues): Promise<TEndUserRow> {
  const [row] = await db
    .insert(apiEndUserAuth)
    .values({ apiId, ...values })
    .onConflictDoUpdate({ target: apiEndUserAuth.apiId, set: values })
    .returning();
  return row!;
}
