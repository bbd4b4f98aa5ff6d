/** The API builder's tables (the only file of the module that knows Drizzle). */
import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { apiConnections, apiDefinitions, apiKeys, apiKeyUsageDaily } from '../../db/schema-api-builder.ts';

export type TConnectionRow = typeof apiConnections.$inferSelect;
export type TApiRow = typeof apiDefinitions.$inferSelect;
export type TKeyRow = typeof apiKeys.$inferSelect;

export const listConnections = (db: TDb, seedId: string) =>
  db.select().from(apiConnections).where(eq(apiConnections.seedId, seedId)).orderBy(desc(apiConnections.createdAt));

export async function findConnection(db: TDb, seedId: string, id: string): Promise<TConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(apiConnections)
    .where(and(eq(apiConnections.seedId, seedId), eq(apiConnections.id, id)));
  return row;
}

export async function connectionById(db: TDb, id: string): Promise<TConnectionRow | undefined> {
  const [row] = await db.select().from(apiConnections).where(eq(apiConnections.id, id));
  return row;
}

export async function insertConnection(db: TDb, values: typeof apiConnections.$inferInsert): Promise<TConnectionRow> {
  const [row] = await db.insert(apiConnections).values(values).returning();
  return row!;
}

export async function updateConnectionSchema(db: TDb, id: string, schemaInfo: unknown, canWrite: boolean, at: Date) {
  await db.update(apiConnections).set({ schemaInfo, canWrite, syncedAt: at }).where(eq(apiConnections.id, id));
}

export const deleteConnection = (db: TDb, seedId: string, id: string) =>
  db
    .delete(apiConnections)
    .where(and(eq(apiConnections.seedId, seedId), eq(apiConnections.id, id)))
    .returning({ id: apiConnections.id });

export const listApis = (db: TDb, seedId: string) =>
  db
    .select()
    .from(apiDefinitions)
    .where(and(eq(apiDefinitions.seedId, seedId), eq(apiDefinitions.internal, false)))
    .orderBy(desc(apiDefinitions.createdAt));

export async function findApi(db: TDb, seedId: string, id: string): Promise<TApiRow | undefined> {
  // Admin apps' internal APIs are not the console's to manage (no keys, no settings).
  const [row] = await db
    .select()
    .from(apiDefinitions)
    .where(and(eq(apiDefinitions.seedId, seedId), eq(apiDefinitions.id, id), eq(apiDefinitions.internal, false)));
  return row;
}

export async function apiById(db: TDb, id: string): Promise<TApiRow | undefined> {
  const [row] = await db.select().from(apiDefinitions).where(eq(apiDefinitions.id, id));
  return row;
}

export const apisOfConnection = (db: TDb, connectionId: string) => db.select().from(apiDefinitions).where(eq(apiDefinitions.connectionId, connectionId));

export async function insertApi(db: TDb, values: typeof apiDefinitions.$inferInsert): Promise<TApiRow> {
  const [row] = await db.insert(apiDefinitions).values(values).returning();
  return row!;
}

export async function updateApi(db: TDb, id: string, patch: Partial<typeof apiDefinitions.$inferInsert>): Promise<TApiRow> {
  const [row] = await db.update(apiDefinitions).set(patch).where(eq(apiDefinitions.id, id)).returning();
  return row!;
}

export const deleteApi = (db: TDb, seedId: string, id: string) =>
  db
    .delete(apiDefinitions)
    .where(and(eq(apiDefinitions.seedId, seedId), eq(apiDefinitions.id, id)))
    .returning({ id: apiDefinitions.id });

export async function insertKey(db: TDb, values: typeof apiKeys.$inferInsert): Promise<TKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

export const listKeys = (db: TDb, seedId: string) => db.select().from(apiKeys).where(eq(apiKeys.seedId, seedId)).orderBy(desc(apiKeys.createdAt));

export async function keyByHash(db: TDb, hash: string): Promise<TKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)));
  return row;
}

export const revokeKey = (db: TDb, seedId: string, id: string, at: Date) =>
  db
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.seedId, seedId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id, keyHash: apiKeys.keyHash });

/** Whether a live key reads personal numbers unmasked (issue 36). */
export const setKeyPersonal = (db: TDb, seedId: string, id: string, on: boolean) =>
  db
    .update(apiKeys)
    .set({ readPersonalData: on })
    .where(and(eq(apiKeys.seedId, seedId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id, keyHash: apiKeys.keyHash });

export type TUsageDelta = { keyId: string; apiId: string; day: string; calls: number; hits: number; misses: number };

export async function addUsage(db: TDb, rows: TUsageDelta[]) {
  if (!rows.length) return;
  await db
    .insert(apiKeyUsageDaily)
    .values(rows.map((r) => ({ keyId: r.keyId, apiId: r.apiId, day: r.day, calls: r.calls, cacheHits: r.hits, cacheMisses: r.misses })))
    .onConflictDoUpdate({
      target: [apiKeyUsageDaily.keyId, apiKeyUsageDaily.day],
      set: {
        calls: sql`${apiKeyUsageDaily.calls} + excluded.calls`,
        cacheHits: sql`${apiKeyUsageDaily.cacheHits} + excluded.cache_hits`,
        cacheMisses: sql`${apiKeyUsageDaily.cacheMisses} + excluded.cache_misses`,
      },
    });
}

/** Today's figures per key of a seed. */
export function usageOfSeed(db: TDb, seedId: string, day: string) {
  return db
    .select({
      keyId: apiKeyUsageDaily.keyId,
      apiId: apiKeyUsageDaily.apiId,
      calls: apiKeyUsageDaily.calls,
      hits: apiKeyUsageDaily.cacheHits,
      misses: apiKeyUsageDaily.cacheMisses,
    })
    .from(apiKeyUsageDaily)
    .innerJoin(apiKeys, eq(apiKeys.id, apiKeyUsageDaily.keyId))
    .where(and(eq(apiKeys.seedId, seedId), gte(apiKeyUsageDaily.day, day), eq(apiKeyUsageDaily.day, day)));
}

/** Seeds whose keys made at least `threshold` calls on `day`, with the count (the usage-threshold notice). */
export function seedsOverCalls(db: TDb, day: string, threshold: number) {
  const calls = sql<number>`sum(${apiKeyUsageDaily.calls})::bigint`;
  return db
    .select({ seedId: apiKeys.seedId, calls: sql<number>`${calls}`.mapWith(Number) })
    .from(apiKeyUsageDaily)
    .innerJoin(apiKeys, eq(apiKeys.id, apiKeyUsageDaily.keyId))
    .where(eq(apiKeyUsageDaily.day, day))
    .groupBy(apiKeys.seedId)
    .having(sql`${calls} >= ${threshold}`);
}

export const deleteInternalApi = (db: TDb, id: string) => db.delete(apiDefinitions).where(and(eq(apiDefinitions.id, id), eq(apiDefinitions.internal, true)));

/** Every seed's connections, oldest first, at most `limit` (the monitoring advisors check that each answers). */
export const allConnections = (db: TDb, limit: number) => db.select().from(apiConnections).orderBy(apiConnections.createdAt).limit(limit);
