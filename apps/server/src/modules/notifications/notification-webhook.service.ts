/**
 * A person's webhook address for notices (issue 30, decision 051): one per person, checked through the outbound guard
 * when saved (and again at every delivery, webhook.ts), with a signing secret made here, sealed at rest with
 * ENCRYPTION_KEY and shown to the person once, in the answer that saved it.
 */
import { randomBytes } from 'node:crypto';
import { koNotificationsUi } from '@suite/shared/messages/ko-notifications-ui';
import type { TNotificationWebhook, TNotificationWebhookSaved } from '@suite/shared/schemas/notifications';
import { AppError } from '../../lib/app-error.ts';
import { OutboundGuardError, resolveGuardedHost } from '../../lib/outbound-guard.ts';
import { encryptSecret } from '../../lib/secret-box.ts';
import type { TNotificationsDeps } from './notifications.deps.ts';
import * as repo from './notifications.repository.ts';

const t = koNotificationsUi.server;

export async function getWebhook(deps: TNotificationsDeps, userId: string): Promise<TNotificationWebhook> {
  const hook = await repo.webhookOf(deps.db, userId);
  return { url: hook?.url ?? null };
}

/** Saves the address after the guard accepts its host; a new secret every time (the old one stops working). */
export async function saveWebhook(deps: TNotificationsDeps, userId: string, url: string): Promise<TNotificationWebhookSaved> {
  const host = new URL(url).hostname;
  try {
    await resolveGuardedHost(host, { allowPrivate: deps.allowPrivateUrls });
  } catch (e) {
    if (!(e instanceof OutboundGuardError)) throw e;
    if (e.reason === 'unresolvable') throw new AppError('BAD_REQUEST', t.webhookUnresolvable);
    throw new AppError('BAD_REQUEST', t.webhookBlocked);
  }
  const secret = randomBytes(32).toString('base64url');
  await repo.setWebhook(deps.db, userId, url, encryptSecret(deps.encryptionKey, secret), deps.now());
  return { message: t.webhookSaved, url, secret };
}

export async function removeWebhook(deps: TNotificationsDeps, userId: string): Promise<{ message: string }> {
  await repo.setWebhook(deps.db, userId, null, null, deps.now());
  return { message: t.webhookRemoved };
}
