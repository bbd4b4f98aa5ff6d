/** GET /api/me/data-recipients: every outside service of RECIPIENTS, whether it is set up, and whether this person's data went to it. */
import type { TDataRecipients } from '@suite/shared';
import { AppError } from '../../lib/app-error.ts';
import { findUserById } from '../auth/auth.service.ts';
import type { TPrivacyDeps } from './privacy.deps.ts';
import { RECIPIENTS } from './recipients.ts';
import { recipientEvidence } from './recipients.repository.ts';

export async function dataRecipients(deps: TPrivacyDeps, userId: string): Promise<TDataRecipients> {
  const user = await findUserById(deps.db, userId);
  if (!user || user.deletedAt) throw new AppError('SESSION_REVOKED');
  const last = await recipientEvidence(
    deps.db,
    user.id,
    user.email,
    RECIPIENTS.map((r) => r.key),
  );
  return {
    data: RECIPIENTS.map((r) => {
      // Evidence counts only for a service set up now: in development mail goes to the local outbox, not an outside service.
      const configured = r.configured(deps.ctx.config);
      const at = configured ? (last[r.key] ?? null) : null;
      return {
        key: r.key,
        name: r.name,
        role: r.role,
        purpose: r.purpose,
        items: [...r.items],
        configured,
        received: at !== null,
        lastAt: at ? at.toISOString() : null,
      };
    }),
  };
}
