import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { betaApplications } from '../../db/schema.ts';

export type TNewBetaApplication = typeof betaApplications.$inferInsert;

export async function hasBetaApplication(db: TDb, email: string, service: string): Promise<boolean> {
  const rows = await db
    .select({ id: betaApplications.id })
    .from(betaApplications)
    .where(and(eq(betaApplications.email, email), eq(betaApplications.service, service)))
    .limit(1);
  return rows.length > 0;
}

export async function insertBetaApplication(db: TDb, row: TNewBetaApplication): Promise<void> {
  await db.insert(betaApplications).values(row);
}
