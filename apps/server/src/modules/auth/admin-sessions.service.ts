import { AppError } from '../../lib/app-error.ts';
import { AUDIT, writeAudit } from '../../lib/audit.ts';
import type { TAuthDeps } from './auth.deps.ts';
import { revokeUserSessions } from './session.repository.ts';
import { findUserById } from './user.repository.ts';
import { sessionsEnded } from './session.service.ts';

/**
 * An administrator ends every session of a user: the revocation and its audit row are one transaction; after the
 * commit, every instance closes that user's open event streams (sessionsEnded).
 */
export async function revokeSessionsByAdmin(deps: TAuthDeps, input: { adminId: string; userId: string; ip: string }): Promise<number> {
  const revoked = await deps.db.transaction(async (tx) => {
    const target = await findUserById(tx, input.userId);
    if (!target) throw new AppError('USER_NOT_FOUND');
    const revoked = await revokeUserSessions(tx, target.id, 'revoked_by_admin', deps.now());
    await writeAudit(tx, {
      action: AUDIT.sessionsRevokedByAdmin,
      actorId: input.adminId,
      targetType: 'user',
      targetId: target.id,
      ip: input.ip,
      metadata: { revoked },
    });
    return revoked;
  });
  if (revoked > 0) await sessionsEnded(deps, input.userId);
  return revoked;
}
