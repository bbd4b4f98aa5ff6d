/**
 * The account's pending deletion (issue 32): `users.deletion_scheduled_at`, the column the privacy module owns in the
 * account system's table. Reads and writes of one person's row go through the account system's service
 * (deletion.service.ts); the set-wise queries the erasure schedule needs are here, in SQL on the table names as the
 * data map's erasure writes them (erasure.repository.ts), because no module's service offers them.
 */
import { sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** Accounts whose deletion date has passed and that own no seed (those wait until it is handed on), oldest first. */
export async function dueAccounts(db: TTx, now: Date, limit: number): Promise<{ id: string; email: string }[]> {
  const res = await db.execute(sql`
    SELECT u.id, u.email FROM users u
    WHERE u.deletion_scheduled_at <= ${now.toISOString()}::timestamptz
      AND NOT EXISTS (SELECT 1 FROM seeds s WHERE s.owner_id = u.id)
    ORDER BY u.deletion_scheduled_at
    LIMIT ${limit}`);
  return rowsOf<{ id: string; email: string }>(res);
}

/**
 * Inside the erasure's transaction: locks the account's row and says whether its deletion is still due (not cancelled
 * meanwhile) and it owns no seed (an owner is never erased with their seed).
 */
export async function lockIfStillDue(db: TTx, userId: string, now: Date): Promise<boolean> {
  const res = await db.execute(sql`
    SELECT u.id FROM users u
    WHERE u.id = ${userId} AND u.deletion_scheduled_at <= ${now.toISOString()}::timestamptz
    FOR UPDATE`);
  if (!rowsOf(res).length) return false;
  const owned = await db.execute(sql`SELECT 1 FROM seeds WHERE owner_id = ${userId} LIMIT 1`);
  return rowsOf(owned).length === 0;
}

/**
 * The audit action that records "told the owner their due deletion waits for their seeds", once per deletion date: its
 * metadata.deleteAt is the date it was told for (the column's own text, so it compares exactly).
 */
export const DELETION_WAITS_ACTION = 'privacy.deletion_waits_for_seeds';

/**
 * Accounts whose deletion date has passed but that still own a seed (a seed made before the rule that a pending
 * deletion blocks owning one) and that were not yet told so for this deletion date, with their seeds' names.
 */
export async function waitingOwners(db: TTx, now: Date, limit: number): Promise<{ id: string; deleteAt: string; seeds: string[] }[]> {
  const res = await db.execute(sql`
    SELECT u.id, u.deletion_scheduled_at::text AS "deleteAt", array_agg(s.seed_name ORDER BY s.seed_name) AS seeds FROM users u
    JOIN seeds s ON s.owner_id = u.id
    WHERE u.deletion_scheduled_at <= ${now.toISOString()}::timestamptz
      AND NOT EXISTS (
        SELECT 1 FROM audit_log a
        WHERE a.action = ${DELETION_WAITS_ACTION} AND a.target_id = u.id::text
          AND (a.metadata->>'deleteAt')::timestamptz = u.deletion_scheduled_at)
    GROUP BY u.id, u.deletion_scheduled_at
    ORDER BY u.deletion_scheduled_at
    LIMIT ${limit}`);
  return rowsOf<{ id: string; deleteAt: string; seeds: string[] }>(res);
}
