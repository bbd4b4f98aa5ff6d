import { sql } from 'drizzle-orm';
import type { TTx } from '../db/client.ts';
import type { TAccessRecord } from './access-log.ts';

/** Subject strings are capped: they describe what was read, they never carry it. */
const SUBJECT_MAX = 300;

/**
 * Appends one access record. The table is declared in db/schema-privacy.ts, which the lint gives to modules/privacy;
 * the access log is infrastructure every module writes (like audit_log), so this writer names it in SQL
 * (decision 068) rather than going through a module's service from lib/.
 */
export async function recordAccess(db: TTx, r: TAccessRecord): Promise<void> {
  const reason = r.reason?.trim() ? r.reason.trim().slice(0, 500) : null;
  await db.execute(sql`
    insert into privacy_access_log (actor_id, actor_email, scope, seed_id, action, subject, reason, ip)
    values (${r.actorId}, ${r.actorEmail}, ${r.scope}, ${r.seedId ?? null}, ${r.action}, ${r.subject.slice(0, SUBJECT_MAX)}, ${reason}, ${r.ip})`);
}
