/**
 * Whose data an export job collects, without that person's identifier in clear in the `jobs` table (issue 32).
 * A self-service export's job carries only the export id: the subject is its row's user, read when the job runs.
 * A seed owner's request names a customer (an e-mail address, a chatbot visitor id, a Slack user id) that is stored
 * nowhere else in clear (privacy_requests keeps a masked form and an HMAC): the job carries it sealed with
 * ENCRYPTION_KEY (lib/secret-box.ts, AES-256-GCM), bound to the export id.
 */
import { decryptSecret, encryptSecret } from '../../lib/secret-box.ts';
import { findUserById } from '../auth/auth.service.ts';
import type { TExportRow } from './export.repository.ts';
import type { TPrivacyDeps } from './privacy.deps.ts';
import type { TSubject } from './subjects.repository.ts';

/** The job's payload for an export of `subject`, asked for by `askedBy`. */
export function exportPayload(deps: Pick<TPrivacyDeps, 'ctx'>, exportId: string, askedBy: string, subject: TSubject): Record<string, unknown> {
  if (subject.kind === 'user' && subject.userId === askedBy) return { exportId };
  return { exportId, subjectSealed: encryptSecret(deps.ctx.config.encryptionKey, JSON.stringify({ exportId, subject })) };
}

/** The subject of an export job, or null when its person is gone. A sealed subject of another export is refused. */
export async function exportSubject(deps: TPrivacyDeps, row: TExportRow, payload: Record<string, unknown>): Promise<TSubject | null> {
  if (typeof payload.subjectSealed === 'string') {
    const opened = JSON.parse(decryptSecret(deps.ctx.config.encryptionKey, payload.subjectSealed)) as { exportId: string; subject: TSubject };
    if (opened.exportId !== row.id) throw new Error('privacy export: the sealed subject belongs to another export');
    return opened.subject;
  }
  // A job queued before subjects were sealed carries it as it was.
  if (payload.subject && typeof payload.subject === 'object') return payload.subject as TSubject;
  const user = await findUserById(deps.db, row.userId);
  return user ? { kind: 'user', userId: user.id, email: user.email.toLowerCase() } : null;
}
