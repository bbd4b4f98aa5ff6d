/**
 * Asking again who is at the keyboard before a sensitive action (ending the other sessions): the password, or a
 * second-factor code. An account with neither (an identity-provider account without a second factor) passes only
 * with a session that signed in within the last 10 minutes.
 */
import { AppError } from '../../lib/app-error.ts';
import type { TAuthUser } from '../../plugins/auth-guard.ts';
import type { TAuthDeps } from './auth.deps.ts';
import { verifyPassword } from './passwords.ts';
import { findUserById } from './user.repository.ts';
import { hasSecondFactor, verifySecondFactorCode } from './second-factor.service.ts';

const RECENT_MS = 10 * 60_000;

export async function assertReauth(deps: TAuthDeps, who: TAuthUser, secret: string): Promise<void> {
  await deps.limiter.consume(`reauth:${who.id}`, { max: 10, windowMs: 15 * 60_000 });
  const user = await findUserById(deps.db, who.id);
  if (!user) throw new AppError('SESSION_REVOKED');
  if (secret && user.passwordHash && (await verifyPassword(user.passwordHash, secret))) return;
  if (secret && (await verifySecondFactorCode(deps, user.id, secret))) return;
  if (!user.passwordHash && !(await hasSecondFactor(deps, user.id)) && deps.now().getTime() - who.sessionCreatedAt.getTime() < RECENT_MS) return;
  throw new AppError('REAUTH_FAILED');
}
