/** Rows of privacy_requests (issue 32, seed-requests.service.ts): a seed owner's export or erase request about a customer. */
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { privacyExports, privacyRequests } from '../../db/schema-privacy.ts';
import type { TTableMap } from './data-map.types.ts';
import { subjectCondition, type TSubject } from './subjects.repository.ts';

export type TRequestRow = typeof privacyRequests.$inferSelect;
export type TExportState = { status: string; readyAt: Date | null; expiresAt: Date | null } | null;
export type TRequestWithExport = { request: TRequestRow; export: TExportState };

const LIST_LIMIT = 100;

export async function insertRequest(
  db: TTx,
  v: { seedId: string; requestedBy: string; kind: string; subjectKind: string; subjectMasked: string; subjectHash: string; createdAt: Date },
): Promise<TRequestRow> {
  const [row] = await db.insert(privacyRequests).values(v).returning();
  return row!;
}

/** Serialises requests about one customer of one seed (the busy check and the insert), until the transaction ends. */
export async function lockSubject(tx: TTx, seedId: string, subjectHash: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`privacy-request:${seedId}:${subjectHash}`}))`);
}

/** Whether an export request about this customer is still being built (its file pending, or not yet created). */
export async function exportInProgress(db: TTx, seedId: string, subjectHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: privacyRequests.id })
    .from(privacyRequests)
    .leftJoin(privacyExports, eq(privacyExports.id, privacyRequests.exportId))
    .where(
      and(
        eq(privacyRequests.seedId, seedId),
        eq(privacyRequests.subjectHash, subjectHash),
        eq(privacyRequests.kind, 'export'),
        eq(privacyRequests.status, 'pending'),
        or(isNull(privacyRequests.exportId), eq(privacyExports.status, 'pending')),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function deleteRequest(db: TTx, id: string): Promise<void> {
  await db.delete(privacyRequests).where(eq(privacyRequests.id, id));
}

export async function setExportId(db: TTx, id: string, exportId: string): Promise<void> {
  await db.update(privacyRequests).set({ exportId }).where(eq(privacyRequests.id, id));
}

export async function setReceipt(db: TTx, id: string, receipt: Record<string, number>): Promise<void> {
  await db.update(privacyRequests).set({ receipt }).where(eq(privacyRequests.id, id));
}

/** Ends a pending request (done or failed); a request already ended is left as it is. */
export async function finishRequest(db: TTx, id: string, v: { status: 'done' | 'failed'; completedAt: Date; receipt?: Record<string, number> }): Promise<void> {
  await db
    .update(privacyRequests)
    .set(v)
    .where(and(eq(privacyRequests.id, id), eq(privacyRequests.status, 'pending')));
}

const withExport = {
  request: privacyRequests,
  exportStatus: privacyExports.status,
  exportReadyAt: privacyExports.readyAt,
  exportExpiresAt: privacyExports.expiresAt,
};
type TJoined = { request: TRequestRow; exportStatus: string | null; exportReadyAt: Date | null; exportExpiresAt: Date | null };
const joined = (r: TJoined): TRequestWithExport => ({
  request: r.request,
  export: r.exportStatus === null ? null : { status: r.exportStatus, readyAt: r.exportReadyAt, expiresAt: r.exportExpiresAt },
});

/** The seed's requests, newest first, each with the state of its export file (if any). */
export async function listRequests(db: TDb, seedId: string): Promise<TRequestWithExport[]> {
  const rows = await db
    .select(withExport)
    .from(privacyRequests)
    .leftJoin(privacyExports, eq(privacyExports.id, privacyRequests.exportId))
    .where(eq(privacyRequests.seedId, seedId))
    .orderBy(desc(privacyRequests.createdAt), desc(privacyRequests.id))
    .limit(LIST_LIMIT);
  return rows.map(joined);
}

/** One request of the seed (undefined when it is another seed's or does not exist). */
export async function findRequest(db: TDb, seedId: string, id: string): Promise<TRequestWithExport | undefined> {
  const [row] = await db
    .select(withExport)
    .from(privacyRequests)
    .leftJoin(privacyExports, eq(privacyExports.id, privacyRequests.exportId))
    .where(and(eq(privacyRequests.seedId, seedId), eq(privacyRequests.id, id)))
    .limit(1);
  return row ? joined(row) : undefined;
}

/** How many rows of `entry` belong to the subject (0 when the table has no link for this kind of subject). */
export async function countSubjectRows(db: TTx, entry: TTableMap, subject: TSubject): Promise<number> {
  const cond = subjectCondition(entry, subject);
  if (!cond) return 0;
  const res = await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(entry.table)} WHERE ${cond}`);
  return Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}
