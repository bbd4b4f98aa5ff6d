/** The last step of every identity-provider sign-in (Google, Kakao, Naver): the account must be active. */
import type { TAuthResponse } from '@suite/shared';
import { AUDIT, writeAudit } from '../../lib/audit.ts';
import type { TAuthDeps, TRequestMeta } from './auth.deps.ts';
import { revokeUserSessions } from './session.repository.ts';
import { hasSecondFactor, secondFactorChallenge } from './second-factor.service.ts';
import { assertActive, startSession } from './session.service.ts';
import { toApiUser } from './user.presenter.ts';
import type { TUserRow } from './user.repository.ts';
import { sessionsEnded } from './session.service.ts';

export async function signInExternal(deps: TAuthDeps, user: TUserRow, provider: string, meta: TRequestMeta, message: string): Promise<TAuthResponse> {
  try {
    assertActive(user);
  } catch (err) {
    await revokeUserSessions(deps.db, user.id, 'account_not_active', deps.now());
    await sessionsEnded(deps, user.id);
    await writeAudit(deps.db, { action: AUDIT.loginRefused, actorId: user.id, ip: meta.ip, metadata: { status: user.status, provider } });
    throw err;
  }
  if (await hasSecondFactor(deps, user.id)) return secondFactorChallenge(deps, user, provider);
  const tokens = await startSession(deps, user, meta, { login: { action: AUDIT.loginSuccess, metadata: { provider, userAgent: meta.userAgent } } });
  return { success: true, message, user: toApiUser(user), tokens };
}
