/**
 * The trash: users soft-deleted more than 30 days ago are deleted for good (sessions, tokens, consents and seed
 * memberships go with them by cascade; the rest of their data by the privacy data map's erasure). A seed they own passes to its longest-standing admin, else its
 * longest-standing member; a seed with nobody left is deleted. Runs every hour on one instance (the job runner's
 * schedule 'admin.purge-deleted-users').
 */
import { TRASH_RETENTION_DAYS } from '@suite/shared/schemas/admin';
import type { TDb } from '../../db/client.ts';
import { writeAudit } from '../../lib/audit.ts';
import { idsDeletedBefore, purgeUsers } from './admin-users.repository.ts';
import { findUserById } from '../auth/auth.service.ts';
import { eraseSubject, type TErasureDeps } from '../privacy/erasure.service.ts';

const BATCH = 500;

/** Purges users deleted before `now` − 30 days; returns how many. `now` is a parameter so tests can move time. */
export async function purgeDeletedUsers(db: TDb, now: Date, log?: TErasureDeps['log']): Promise<number> {
  const cutoff = new Date(now.getTime() - TRASH_RETENTION_DAYS * 86_400_000);
  let total = 0;
  for (;;) {
    const ids = await idsDeletedBefore(db, cutoff, BATCH);
    if (!ids.length) break;
    const people = (await Promise.all(ids.map((id) => findUserById(db, id)))).filter((u) => u !== undefined);
    await purgeUsers(db, ids, now);
    // What the foreign keys did not take (rows naming them by e-mail, ids in columns without a key), by the data map
    // as a self-deleted account is erased (privacy/erasure.service.ts; decision 065).
    for (const u of people) {
      await eraseSubject({ db, log }, { kind: 'user', userId: u.id, email: u.email }).catch((err: unknown) =>
        log?.error({ err }, 'admin: erasing a purged user by the data map failed'),
      );
    }
    total += ids.length;
    if (ids.length < BATCH) break;
  }
  if (total) await writeAudit(db, { action: 'admin.users_purged', targetType: 'user', metadata: { count: total, cutoff: cutoff.toISOString() } });
  return total;
}
