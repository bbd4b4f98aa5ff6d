import { and, eq, gt, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { apiConnections, apiDefinitions, apiKeyUsageDaily, apiKeys } from '../../db/schema-api-builder.ts';

/**
 * Whether the seed has a connection, a published API, a key, and a key that has answered a call (the help centre's
 * getting-started checklist, issue 33).
 */
export async function apiBuilderFacts(db: TDb, seedId: string): Promise<{ connection: boolean; api: boolean; key: boolean; keyUsed: boolean }> {
  const one = { one: sql<number>`1` };
  const [connection] = await db.select(one).from(apiConnections).where(eq(apiConnections.seedId, seedId)).limit(1);
  const [api] = await db.select(one).from(apiDefinitions).where(eq(apiDefinitions.seedId, seedId)).limit(1);
  const [key] = await db.select(one).from(apiKeys).where(eq(apiKeys.seedId, seedId)).limit(1);
  const [used] = await db
    .select(one)
    .from(apiKeyUsageDaily)
    .innerJoin(apiKeys, eq(apiKeys.id, apiKeyUsageDaily.keyId))
    .where(and(eq(apiKeys.seedId, seedId), gt(apiKeyUsageDaily.calls, 0)))
    .limit(1);
  return { connection: Boolean(connection), api: Boolean(api), key: Boolean(key), keyUsed: Boolean(used) };
}
