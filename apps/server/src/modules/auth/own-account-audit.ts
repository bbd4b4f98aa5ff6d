import { writeAudit } from '../../lib/audit.ts';

/** The audit row of a user acting on their own account: the user is both actor and target. */
export function auditOwnAccount(
  db: Parameters<typeof writeAudit>[0],
  action: string,
  userId: string,
  ip: string,
  metadata: Record<string, unknown>,
): Promise<void> {
  return writeAudit(db, { action, actorId: userId, targetType: 'user', targetId: userId, ip, metadata });
}
