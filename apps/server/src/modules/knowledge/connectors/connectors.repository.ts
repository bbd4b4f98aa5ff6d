/** Knowledge connectors (decision 089): connections, their mirrored items and the access of cited sources. */
import { and, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../../db/client.ts';
import { knowledgeConnections, knowledgeConnectorItems } from '../../../db/schema-connectors.ts';
import { knowledgeSources } from '../../../db/schema-knowledge.ts';
import type { TTx } from '../knowledge.repository.ts';

export type TConnectionRow = typeof knowledgeConnections.$inferSelect;
export type TItemRow = typeof knowledgeConnectorItems.$inferSelect;
/** Who may read an item in its source system. */
export type TItemAccess = TItemRow['access'];

export async function insertConnection(db: TDb, row: typeof knowledgeConnections.$inferInsert): Promise<TConnectionRow> {
  const [r] = await db.insert(knowledgeConnections).values(row).returning();
  return r!;
}

export async function findConnection(db: TDb, id: string): Promise<TConnectionRow | undefined> {
  const [r] = await db.select().from(knowledgeConnections).where(eq(knowledgeConnections.id, id));
  return r;
}

export const listConnections = (db: TDb, workspaceId: string) =>
  db.select().from(knowledgeConnections).where(eq(knowledgeConnections.slackWorkspaceId, workspaceId)).orderBy(knowledgeConnections.createdAt);

export const allConnectionIds = async (db: TDb) => (await db.select({ id: knowledgeConnections.id }).from(knowledgeConnections)).map((r) => r.id);

export async function updateConnection(db: TDb, id: string, patch: Partial<typeof knowledgeConnections.$inferInsert>) {
  const [r] = await db.update(knowledgeConnections).set(patch).where(eq(knowledgeConnections.id, id)).returning();
  return r;
}

/** The connection and every knowledge source it brought in, in one transaction. */
export async function deleteConnection(db: TDb, id: string) {
  await db.transaction(async (tx) => {
    const items = await tx
      .select({ sourceId: knowledgeConnectorItems.sourceId })
      .from(knowledgeConnectorItems)
      .where(eq(knowledgeConnectorItems.connectionId, id));
    if (items.length)
      await tx.delete(knowledgeSources).where(
        inArray(
          knowledgeSources.id,
          items.map((i) => i.sourceId),
        ),
      );
    await tx.delete(knowledgeConnections).where(eq(knowledgeConnections.id, id));
  });
}

export const listItems = (db: TDb, connectionId: string) =>
  db.select().from(knowledgeConnectorItems).where(eq(knowledgeConnectorItems.connectionId, connectionId)).orderBy(knowledgeConnectorItems.title);

export async function insertItem(tx: TTx, row: typeof knowledgeConnectorItems.$inferInsert) {
  await tx.insert(knowledgeConnectorItems).values(row);
}

export async function updateItem(db: TDb | TTx, connectionId: string, externalId: string, patch: Partial<typeof knowledgeConnectorItems.$inferInsert>) {
  await db
    .update(knowledgeConnectorItems)
    .set(patch)
    .where(and(eq(knowledgeConnectorItems.connectionId, connectionId), eq(knowledgeConnectorItems.externalId, externalId)));
}

/** An item gone from the source system: its knowledge source goes (the item row cascades). */
export async function deleteItemSource(db: TDb, sourceId: string) {
  await db.delete(knowledgeSources).where(eq(knowledgeSources.id, sourceId));
}

/** Who may read each of these sources in its source system; sources not brought by a connector are absent. */
export async function accessOfSources(db: TDb, sourceIds: string[]): Promise<Map<string, TItemAccess>> {
  if (!sourceIds.length) return new Map();
  const rows = await db
    .select({ sourceId: knowledgeConnectorItems.sourceId, access: knowledgeConnectorItems.access })
    .from(knowledgeConnectorItems)
    .where(inArray(knowledgeConnectorItems.sourceId, sourceIds));
  return new Map(rows.map((r) => [r.sourceId, r.access]));
}
