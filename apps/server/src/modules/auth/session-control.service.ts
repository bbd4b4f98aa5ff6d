/** Ending sessions in bulk: a user's other sessions (after asking again who they are), or everyone's (platform admin). */
import { AUDIT, writeAudit } from '../../lib/audit.ts';
import type { TAuthUser } from '../../plugins/auth-guard.ts';
import type { TAuthDeps, TRequestMeta } from './auth.deps.ts';
import { assertReauth } from './reauth.service.ts';
import { revokeAllSessions, revokeUserSessions } from './session.repository.ts';
import { sessionsEnded } from './session.service.ts';

export async function endOtherSessions(deps: TAuthDeps, who: TAuthUser, secret: string, meta: TRequestMeta): Promise<number> {
  await assertReauth(deps, who, secret);
  const count = await revokeUserSessions(deps.db, who.id, 'ended_by_user', deps.now(), who.sessionId);
  if (count > 0) await sessionsEnded(deps, who.id);
  await writeAudit(deps.db, { action: AUDIT.sessionsEndedByUser, actorId: who.id, targetType: 'user', targetId: who.id, ip: meta.ip, metadata: { count } });
  return count;
}

export async function endAllSessions(deps: TAuthDeps, admin: TAuthUser, meta: TRequestMeta): Promise<number> {
  const count = await revokeAllSessions(deps.db, 'revoked_by_admin_all', admin.sessionId, deps.now());
  if (count > 0) await sessionsEnded(deps, '*');
  await writeAudit(deps.db, { action: AUDIT.allSessionsRevokedByAdmin, actorId: admin.id, targetType: 'platform', ip: meta.ip, metadata: { count } });
  return count;
}
