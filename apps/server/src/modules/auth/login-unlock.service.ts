/**
 * Issue 27 item 16: when strangers' failures lock an account's sign-in for unknown devices, the owner gets one mail
 * with a single-use link (30 min). Opening it makes that browser a trusted device of the account (auth.device.ts):
 * it signs in past the lock, which stays on for everyone else, as OWASP's device-cookie pattern describes.
 */
import { AppError } from '../../lib/app-error.ts';
import { afterResponse } from '../../lib/after-response.ts';
import { AUDIT, writeAudit } from '../../lib/audit.ts';
import { sha256 } from '../../lib/tokens.ts';
import type { TAuthDeps, TRequestMeta } from './auth.deps.ts';
import { loginUnlockMail } from './auth.mails.ts';
import { consumeMailToken } from './mail-token.repository.ts';
import { deliver, newMailToken } from './recovery.service.ts';
import { findUserByEmail, findUserById } from './user.repository.ts';

const UNLOCK_TTL_MINUTES = 30;

/**
 * Mails the unlock link after the answer (the answer must not tell whether the address has an account). Called once
 * per lock: by the failure that starts it. Not counted against the address's mail limits, so the owner's
 * password-reset mail still goes out.
 */
export function mailUnlockLink(deps: TAuthDeps, email: string, meta: TRequestMeta): void {
  afterResponse(
    deps.log,
    async () => {
      const user = await findUserByEmail(deps.db, email);
      if (!user || user.deletedAt || user.status !== 'active') return;
      const token = await newMailToken(deps, user, 'unlock_login');
      await writeAudit(deps.db, { action: AUDIT.loginLockedMailed, actorId: user.id, targetType: 'user', targetId: user.id, ip: meta.ip });
      await deliver(deps, loginUnlockMail(deps.config.appUrl, user.email, user.fullName, token, UNLOCK_TTL_MINUTES));
    },
    'login unlock mail',
  );
}

/** Spends an unlock link; returns the account's address, for which the caller trusts this browser. */
export async function unlockLogin(deps: TAuthDeps, token: string, meta: TRequestMeta): Promise<string> {
  const row = await consumeMailToken(deps.db, 'unlock_login', sha256(token), deps.now());
  const user = row?.userId ? await findUserById(deps.db, row.userId) : undefined;
  if (!row || !user || user.deletedAt || user.email !== row.email) throw new AppError('LOGIN_UNLOCK_INVALID');
  await writeAudit(deps.db, { action: AUDIT.loginUnlocked, actorId: user.id, targetType: 'user', targetId: user.id, ip: meta.ip });
  return user.email;
}
