/**
 * Posting in a channel of a seed's connected Slack workspace for other modules (issue 38: the meal manager's fairness
 * thread). Unlike notify.service.ts's `post`, it answers the message's `ts`, so a later message can go in its thread.
 * Posted with the workspace's bot token through this module's Web API client (chat.postMessage; base URL from
 * SLACK_API_URL). Channels: the ones chosen in the Slack console's settings (`settings.channels`, ids); the module
 * lists no others (it has no conversations.list), so a caller may also name any channel the bot is in.
 */
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import { createSlackApi } from './slack-api.ts';
import { decryptSecret } from './slack-crypto.ts';
import * as repo from './slack.repository.ts';

export type TSlackSeedWorkspace = { teamName: string; channels: string[] };

export function createSlackPoster(db: TDb, config: TConfig) {
  // Short waits: the caller (opening a round) answers a person who is waiting.
  const slack = createSlackApi({ apiUrl: config.slack.apiUrl, maxRetryWaitMs: 3_000, timeoutMs: 3_000 });
  return {
    /** The seed's connected workspace that can post (a bot token), with the channels chosen in its settings; or null. */
    async workspace(seedId: string): Promise<TSlackSeedWorkspace | null> {
      const ws = await repo.activeWorkspaceOfSeed(db, seedId);
      if (!ws?.botTokenEnc) return null;
      return { teamName: ws.teamName, channels: [...(ws.settings.channels ?? [])] };
    },
    /**
     * Posts `text` in `channel` (in the thread of `threadTs` when given). Returns the message's ts, or null when the
     * seed has no workspace that can post; throws (SlackApiError) when Slack refuses or cannot be reached.
     */
    async post(seedId: string, msg: { channel: string; text: string; threadTs?: string | null }): Promise<string | null> {
      const ws = await repo.activeWorkspaceOfSeed(db, seedId);
      if (!ws?.botTokenEnc) return null;
      const token = decryptSecret(config.encryptionKey, ws.botTokenEnc);
      return slack.postMessage(token, { channel: msg.channel, text: msg.text, ...(msg.threadTs ? { thread_ts: msg.threadTs } : {}) });
    },
  };
}

export type TSlackPoster = ReturnType<typeof createSlackPoster>;
