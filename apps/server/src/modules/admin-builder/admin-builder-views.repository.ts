/** A person's saved views of an app's tables (issue 36, decision 093): the Drizzle side. */
import { and, asc, count, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { adminSavedViews } from '../../db/schema-admin-views.ts';

export type TSavedViewRow = typeof adminSavedViews.$inferSelect;
type TOwner = { appId: string; userId: string; tableName: string };

const mine = (o: TOwner) => and(eq(adminSavedViews.appId, o.appId), eq(adminSavedViews.userId, o.userId), eq(adminSavedViews.tableName, o.tableName));

export const listViews = (db: TDb, o: TOwner) => db.select().from(adminSavedViews).where(mine(o)).orderBy(asc(adminSavedViews.name));

export async function countViews(db: TDb, o: TOwner): Promise<number> {
  const [row] = await db.select({ n: count() }).from(adminSavedViews).where(mine(o));
  return row?.n ?? 0;
}

/** One of the person's views (another person's id finds nothing). */
export async function findView(db: TDb, o: TOwner, id: string): Promise<TSavedViewRow | undefined> {
  const [row] = await db
    .select()
    .from(adminSavedViews)
    .where(and(mine(o), eq(adminSavedViews.id, id)));
  return row;
}

export async function findViewByName(db: TDb, o: TOwner, name: string): Promise<TSavedViewRow | undefined> {
  const [row] = await db
    .select()
    .from(adminSavedViews)
    .where(and(mine(o), eq(adminSavedViews.name, name)));
  return row;
}

export async function insertView(db: TDb, o: TOwner, name: string, config: unknown): Promise<TSavedViewRow> {
  const [row] = await db
    .insert(adminSavedViews)
    .values({ ...o, name, config })
    .returning();
  return row!;
}

export async function updateView(db: TDb, o: TOwner, id: string, values: { name?: string; config?: unknown }, at: Date) {
  const [row] = await db
    .update(adminSavedViews)
    .set({ ...values, updatedAt: at })
    .where(and(mine(o), eq(adminSavedViews.id, id)))
    .returning();
  return row;
}

export async function deleteView(db: TDb, o: TOwner, id: string): Promise<boolean> {
  const rows = await db
    .delete(adminSavedViews)
    .where(and(mine(o), eq(adminSavedViews.id, id)))
    .returning({ id: adminSavedViews.id });
  return rows.length > 0;
}
