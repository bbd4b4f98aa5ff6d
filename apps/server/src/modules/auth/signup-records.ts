import { TERMS_VERSION } from '@suite/shared';
import { AUDIT, writeAudit } from '../../lib/audit.ts';
import type { TTx } from '../../db/client.ts';
import type { TRequestMeta } from './auth.deps.ts';
import { recordConsents } from './user.repository.ts';

/**
 * A new account's consents (terms and privacy granted, marketing as chosen, at TERMS_VERSION) and its sign-up audit
 * row, inside the sign-up's transaction so that user, consents and audit are written all or nothing.
 */
export async function recordSignup(
  tx: TTx,
  userId: string,
  marketingConsent: boolean,
  meta: Pick<TRequestMeta, 'ip'>,
  metadata: Record<string, unknown>,
): Promise<void> {
  await recordConsents(
    tx,
    userId,
    [
      { kind: 'terms', granted: true },
      { kind: 'privacy', granted: true },
      { kind: 'marketing', granted: marketingConsent },
    ],
    TERMS_VERSION,
    meta.ip,
  );
  await writeAudit(tx, { action: AUDIT.signup, actorId: userId, targetType: 'user', targetId: userId, ip: meta.ip, metadata });
}
