/**
 * The trash: users soft-deleted more than 30 days ago are deleted for good (sessions, tokens, consents and seed
 * memberships go with them by cascade). A seed they own passes to its longest-standing admin, else its
 * longest-standing member; a seed with nobody left is deleted. Runs every hour on one instance (TSharedState claim).
 */
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { TRASH_RETENTION_DAYS } from '@suite/shared/schemas/admin';
import type { TDb } from '../../db/client.ts';
import { seedMembers, seeds, users } from '../../db/schema.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { TSharedState } from '../../state/shared-state.ts';
import { idsDeletedBefore } from './admin-users.repository.ts';

const BATCH = 500;
export const PURGE_INTERVAL_MS = 3_600_000;

/** Purges users deleted before `now` − 30 days; returns how many. `now` is a parameter so tests can move time. */
export async function purgeDeletedUsers(db: TDb, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - TRASH_RETENTION_DAYS * 86_400_000);
  let total = 0;
  for (;;) {
    const ids = await idsDeletedBefore(db, cutoff, BATCH);
    if (!ids.length) break;
    await db.transaction(async (tx) => {
      const owned = await tx.select({ id: seeds.id, ownerId: seeds.ownerId }).from(seeds).where(inArray(seeds.ownerId, ids));
      for (const seed of owned) {
        const [heir] = await tx
          .select({ userId: seedMembers.userId })
          .from(seedMembers)
          .innerJoin(users, eq(users.id, seedMembers.userId))
          .where(and(eq(seedMembers.seedId, seed.id), ne(seedMembers.userId, seed.ownerId), isNull(users.deletedAt)))
          .orderBy(sql`case ${seedMembers.role} when 'admin' then 0 else 1 end`, asc(seedMembers.createdAt))
          .limit(1);
        if (!heir) {
          await tx.delete(seeds).where(eq(seeds.id, seed.id));
          continue;
        }
        await tx
          .update(seedMembers)
          .set({ role: 'owner' })
          .where(and(eq(seedMembers.seedId, seed.id), eq(seedMembers.userId, heir.userId)));
        await tx.update(seeds).set({ ownerId: heir.userId, updatedAt: new Date() }).where(eq(seeds.id, seed.id));
      }
      await tx.delete(users).where(inArray(users.id, ids));
    });
    total += ids.length;
    if (ids.length < BATCH) break;
  }
  if (total) await writeAudit(db, { action: 'admin.users_purged', targetType: 'user', metadata: { count: total, cutoff: cutoff.toISOString() } });
  return total;
}

/** Hourly purge; of several instances only the one that claims the hour runs it. Returns a stop function. */
export function schedulePurge(db: TDb, state: TSharedState, log: { error: (obj: unknown, msg: string) => void }): () => void {
  const timer = setInterval(() => {
    void (async () => {
      const hour = Math.floor(Date.now() / PURGE_INTERVAL_MS);
      if (!(await state.claim(`purge:deleted-users:${hour}`, PURGE_INTERVAL_MS))) return;
      await purgeDeletedUsers(db);
    })().catch((err: unknown) => log.error({ err }, 'trash purge failed'));
  }, PURGE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
