import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { apiUsageDaily } from '../../db/schema.ts';

/** Adds counted calls to the stored daily counts (one multi-row UPSERT; several instances add up). */
export async function addDailyUsage(db: TDb, rows: { day: string; service: string; userId: string | null; count: number }[]): Promise<void> {
  await db
    .insert(apiUsageDaily)
    .values(rows)
    .onConflictDoUpdate({
      target: [apiUsageDaily.day, apiUsageDaily.service, apiUsageDaily.userId],
      set: { count: sql`${apiUsageDaily.count} + excluded.count` },
    });
}
