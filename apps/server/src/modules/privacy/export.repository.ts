/** Rows of privacy_exports (issue 32, export.service.ts): one per ZIP, pending → ready | failed → expired. */
import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { privacyExports } from '../../db/schema-privacy.ts';

export type TExportRow = typeof privacyExports.$inferSelect;

/** Serialises the self-service requests of one person (the busy check and the insert run under it). */
export async function lockPerson(tx: TTx, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`privacy-export:${userId}`}))`);
}

/** The person's own export still being built (self-service only: a seed owner's request exports are not counted). */
export async function findPending(tx: TTx, userId: string): Promise<TExportRow | undefined> {
  const [row] = await tx
    .select()
    .from(privacyExports)
    .where(and(eq(privacyExports.userId, userId), eq(privacyExports.status, 'pending'), isNull(privacyExports.requestId)))
    .limit(1);
  return row;
}

export async function insertExport(tx: TTx, userId: string, requestId: string | null, now: Date): Promise<string> {
  const [row] = await tx.insert(privacyExports).values({ userId, requestId, createdAt: now }).returning({ id: privacyExports.id });
  return row!.id;
}

export async function findExport(db: TTx, id: string): Promise<TExportRow | undefined> {
  const [row] = await db.select().from(privacyExports).where(eq(privacyExports.id, id)).limit(1);
  return row;
}

/** The person's own exports (a seed owner's exports of customers are listed with their requests, not here). */
export async function listExports(db: TDb, userId: string, limit: number): Promise<TExportRow[]> {
  return db
    .select()
    .from(privacyExports)
    .where(and(eq(privacyExports.userId, userId), isNull(privacyExports.requestId)))
    .orderBy(desc(privacyExports.createdAt))
    .limit(limit);
}

/** Of these export ids, those whose file should still exist (ready rows). */
export async function readyIds(db: TDb, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: privacyExports.id })
    .from(privacyExports)
    .where(and(inArray(privacyExports.id, ids), eq(privacyExports.status, 'ready')));
  return new Set(rows.map((r) => r.id));
}

export async function markReady(
  db: TDb,
  id: string,
  v: { fileName: string; sizeBytes: number; tokenHash: string; rows: Record<string, number>; readyAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .update(privacyExports)
    .set({
      status: 'ready',
      fileName: v.fileName,
      sizeBytes: v.sizeBytes,
      tokenHash: v.tokenHash,
      rows: v.rows,
      readyAt: v.readyAt,
      expiresAt: v.expiresAt,
      error: null,
    })
    .where(and(eq(privacyExports.id, id), eq(privacyExports.status, 'pending')));
}

export async function markFailed(db: TDb, id: string, error: string): Promise<void> {
  await db
    .update(privacyExports)
    .set({ status: 'failed', error })
    .where(and(eq(privacyExports.id, id), eq(privacyExports.status, 'pending')));
}

/**
 * Ready exports past their expiry: marked expired, their file names returned for deletion. The token hash stays, so
 * the mailed link answers 410 (expired) rather than 404.
 */
export async function expireDue(db: TDb, now: Date): Promise<{ id: string; fileName: string | null }[]> {
  return db
    .update(privacyExports)
    .set({ status: 'expired' })
    .where(and(eq(privacyExports.status, 'ready'), lte(privacyExports.expiresAt, now)))
    .returning({ id: privacyExports.id, fileName: privacyExports.fileName });
}

/** Pending exports older than `before` (their job was lost or gave up without a word): marked failed. */
export async function failStale(db: TDb, before: Date, error: string): Promise<number> {
  const rows = await db
    .update(privacyExports)
    .set({ status: 'failed', error })
    .where(and(eq(privacyExports.status, 'pending'), lte(privacyExports.createdAt, before)))
    .returning({ id: privacyExports.id });
  return rows.length;
}
