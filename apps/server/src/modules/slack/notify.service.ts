/**
 * Notices from other modules to a seed's Slack workspace (the chatbot's hand-off, decision 026): posted with the
 * workspace's bot token through this module's Web API client, whose base URL comes from configuration.
 */
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import { createSlackApi } from './slack-api.ts';
import { decryptSecret } from './slack-crypto.ts';
import * as repo from './slack.repository.ts';

export function createSlackNotifier(db: TDb, config: TConfig) {
  const slack = createSlackApi({ apiUrl: config.slack.apiUrl, maxRetryWaitMs: 5_000 });
  return {
    /** Whether the seed has a connected workspace that can post. */
    async connected(seedId: string): Promise<boolean> {
      const ws = await repo.activeWorkspaceOfSeed(db, seedId);
      return Boolean(ws?.botTokenEnc);
    },
    /**
     * Posts `text` in `channel` of the seed's connected workspace. False when there is none (nothing to do); throws
     * when Slack refuses or cannot be reached, so a persisted job tries again later.
     */
    async post(seedId: string, channel: string, text: string): Promise<boolean> {
      const ws = await repo.activeWorkspaceOfSeed(db, seedId);
      if (!ws?.botTokenEnc) return false;
      await slack.postMessage(decryptSecret(config.encryptionKey, ws.botTokenEnc), { channel, text });
      return true;
    },
    /**
     * A direct message from the seed's connected workspace's bot to the person whose Slack account has this email
     * address (users.lookupByEmail, then chat.postMessage to the user id, which Slack delivers in the app's DM).
     * 'no-workspace' / 'not-member' when there is nobody to post to; throws when Slack refuses or cannot be reached.
     */
    async dm(seedId: string, email: string, text: string): Promise<'sent' | 'no-workspace' | 'not-member'> {
      const ws = await repo.activeWorkspaceOfSeed(db, seedId);
      if (!ws?.botTokenEnc) return 'no-workspace';
      const token = decryptSecret(config.encryptionKey, ws.botTokenEnc);
      const user = await slack.lookupByEmail(token, email);
      if (!user) return 'not-member';
      await slack.postMessage(token, { channel: user, text });
      return 'sent';
    },
  };
}

export type TSlackNotifier = ReturnType<typeof createSlackNotifier>;
