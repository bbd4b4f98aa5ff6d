import { TERMS_VERSION, type TAgeBracket } from '@suite/shared';
import { AppError } from '../../lib/app-error.ts';
import { AUDIT, writeAudit } from '../../lib/audit.ts';
import type { TTx } from '../../db/client.ts';
import { privacyConsentVersion } from '../privacy/policy.service.ts';
import type { TRequestMeta } from './auth.deps.ts';
import { recordConsents } from './user.repository.ts';

/**
 * 개인정보 보호법 제22조의2: a child under 14 needs a legal guardian's consent, and the suite offers no procedure for
 * it, so an under-14 sign-up is refused before anything is written (every sign-up path calls this first).
 */
export function assertAgeAllowed(bracket: TAgeBracket): void {
  if (bracket !== '14_or_over') throw new AppError('PRIVACY_UNDER_14');
}

/**
 * A new account's consents (terms granted, the age confirmation, marketing as chosen, at TERMS_VERSION; privacy
 * granted at the privacy policy's version in force) and its sign-up audit row, inside the sign-up's transaction so that user, consents and audit are written all or
 * nothing. `age14`: the person stated they are 14 or over (false only for a provider sign-up begun before the
 * question existed).
 */
export async function recordSignup(
  tx: TTx,
  userId: string,
  consents: { marketing: boolean; age14: boolean },
  meta: Pick<TRequestMeta, 'ip'>,
  metadata: Record<string, unknown>,
): Promise<void> {
  await recordAccountConsents(tx, userId, consents, meta.ip);
  await writeAudit(tx, { action: AUDIT.signup, actorId: userId, targetType: 'user', targetId: userId, ip: meta.ip, metadata });
}

/**
 * The consents every account starts with (sign-up, and an admin's invitation when accepted): terms and the age
 * confirmation at TERMS_VERSION, marketing as chosen, privacy at the privacy policy's version in force.
 */
export async function recordAccountConsents(tx: TTx, userId: string, consents: { marketing: boolean; age14: boolean }, ip: string): Promise<void> {
  await recordConsents(
    tx,
    userId,
    [
      { kind: 'terms', granted: true },
      ...(consents.age14 ? [{ kind: 'age14' as const, granted: true }] : []),
      { kind: 'marketing', granted: consents.marketing },
    ],
    TERMS_VERSION,
    ip,
  );
  await recordConsents(tx, userId, [{ kind: 'privacy', granted: true }], privacyConsentVersion(), ip);
}
