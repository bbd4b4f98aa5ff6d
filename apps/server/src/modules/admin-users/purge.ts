/**
 * The trash: users soft-deleted more than 30 days ago are erased for good by the privacy data map, as a self-deleted
 * account is (privacy/erasure.service.ts; decisions 065, 071): their own rows go, rows others still need (bookings they
 * organised, meal rounds, ledger rows) stay and name the account's tombstone, which leaves the trash (its deleted_at
 * is cleared) and is never listed again. A seed they own passes first to its longest-standing admin, else its
 * longest-standing member; a seed with nobody left is deleted. Handover and erasure are one transaction per account.
 * Runs every hour on one instance (the job runner's schedule 'admin.purge-deleted-users').
 */
import { TRASH_RETENTION_DAYS } from '@suite/shared/schemas/admin';
import type { TDb } from '../../db/client.ts';
import { writeAudit } from '../../lib/audit.ts';
import { handOverSeeds, idsDeletedBefore, lockTrashedBefore } from './admin-users.repository.ts';
import { findUserById } from '../auth/auth.service.ts';
import { eraseSubjectIf, type TErasureDeps } from '../privacy/erasure.service.ts';

const BATCH = 500;

/** Purges users deleted before `now` − 30 days; returns how many. `now` is a parameter so tests can move time. */
export async function purgeDeletedUsers(db: TDb, now: Date, log?: TErasureDeps['log']): Promise<number> {
  const cutoff = new Date(now.getTime() - TRASH_RETENTION_DAYS * 86_400_000);
  let total = 0;
  // An account whose erasure failed stays in the trash for the next run; this run does not try it again.
  const seen = new Set<string>();
  for (;;) {
    const ids = (await idsDeletedBefore(db, cutoff, BATCH + seen.size)).filter((id) => !seen.has(id));
    if (!ids.length) break;
    for (const id of ids) {
      seen.add(id);
      const u = await findUserById(db, id);
      if (!u) continue;
      const handedOver = async (tx: Parameters<typeof handOverSeeds>[0]) => {
        if (!(await lockTrashedBefore(tx, u.id, cutoff))) return false;
        await handOverSeeds(tx, u.id, now);
        return true;
      };
      try {
        if (await eraseSubjectIf({ db, log }, { kind: 'user', userId: u.id, email: u.email }, handedOver)) total++;
      } catch (err) {
        log?.error({ err }, 'admin: erasing a purged user by the data map failed; left in the trash');
      }
    }
  }
  if (total) await writeAudit(db, { action: 'admin.users_purged', targetType: 'user', metadata: { count: total, cutoff: cutoff.toISOString() } });
  return total;
}
