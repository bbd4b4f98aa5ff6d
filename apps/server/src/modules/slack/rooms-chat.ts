/**
 * Meeting-room reminders by Slack direct message (the rooms module's chat hook): when the booking's seed has a
 * connected workspace, each recipient's Slack account is looked up by email and sent the reminder text.
 */
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import type { TRoomsChatSender } from '../rooms/rooms-chat.service.ts';
import { decryptSecret } from './slack-crypto.ts';
import type { TSlackApi } from './slack-api.ts';
import * as repo from './slack.repository.ts';

export function roomsChatSender(db: TDb, config: TConfig, slack: TSlackApi): TRoomsChatSender {
  return async ({ seedId, emails, text }) => {
    const ws = await repo.activeWorkspaceOfSeed(db, seedId);
    if (!ws?.botTokenEnc) return false;
    const token = decryptSecret(config.encryptionKey, ws.botTokenEnc);
    let sent = false;
    for (const email of emails) {
      const user = await slack.lookupByEmail(token, email);
      if (!user) continue;
      await slack.postMessage(token, { channel: user, text });
      sent = true;
    }
    return sent;
  };
}
