import type { TDb } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import type { TAuditEntry } from './audit.ts';

/** Appends one row to audit_log. Never pass passwords or tokens in metadata. */
export async function writeAudit(db: TDb, entry: TAuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    actorId: entry.actorId ?? null,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    ip: entry.ip ?? '',
    metadata: entry.metadata ?? {},
  });
}
