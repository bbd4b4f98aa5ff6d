/** Row actions of an admin app and their runs (issue 36, decision 094): the Drizzle side. */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { adminActionRuns, adminActions } from '../../db/schema-admin-views.ts';

export type TActionRow = typeof adminActions.$inferSelect;
type TActionValues = Omit<typeof adminActions.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export const listActions = (db: TDb, appId: string) =>
  db.select().from(adminActions).where(eq(adminActions.appId, appId)).orderBy(asc(adminActions.tableName), asc(adminActions.label));

export async function findAction(db: TDb, appId: string, id: string): Promise<TActionRow | undefined> {
  const [row] = await db
    .select()
    .from(adminActions)
    .where(and(eq(adminActions.appId, appId), eq(adminActions.id, id)));
  return row;
}

export async function insertAction(db: TDb, values: TActionValues): Promise<TActionRow> {
  const [row] = await db.insert(adminActions).values(values).returning();
  return row!;
}

export async function updateAction(db: TDb, id: string, values: Partial<TActionValues>, now: Date): Promise<TActionRow> {
  const [row] = await db
    .update(adminActions)
    .set({ ...values, updatedAt: now })
    .where(eq(adminActions.id, id))
    .returning();
  return row!;
}

export const deleteAction = (db: TDb, id: string) => db.delete(adminActions).where(eq(adminActions.id, id));

export const insertRun = (db: TDb, values: typeof adminActionRuns.$inferInsert) => db.insert(adminActionRuns).values(values);

export const recentRuns = (db: TDb, appId: string, limit: number) =>
  db.select().from(adminActionRuns).where(eq(adminActionRuns.appId, appId)).orderBy(desc(adminActionRuns.createdAt)).limit(limit);
