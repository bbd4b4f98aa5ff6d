/**
 * Conversations as knowledge (issue 35, decision 085), the Slack side of indexing. The intake marks the thread each
 * mirrored message, edit or deletion touches (`slack_thread_changes`); the every-minute job
 * 'slack.conversations-index' takes the marked threads and has the knowledge module re-index each from the mirror
 * (so an edit or a deletion reaches the passages within a minute). Channels the admin excluded are never indexed and
 * their passages are removed; the bot's own messages are left out. The retention purge removes passages holding a
 * purged message and re-indexes what is left of their threads.
 */
import type { TDb } from '../../db/client.ts';
import { indexThread, purgeConversationsBefore, removeConversationChannels, type TConversationMessage } from '../knowledge/conversations.service.ts';
import * as conv from './conversations.repository.ts';
import type { TEventFields } from './intake.ts';
import { decryptSecret } from './slack-crypto.ts';
import { SlackApiError, type TSlackApi } from './slack-api.ts';
import * as repo from './slack.repository.ts';

/** Threads re-indexed per run of the job (the rest wait for the next minute). */
const PER_RUN = 200;
/** Channel names and display names are kept this long in memory (a label only; never a permission). */
const LABEL_TTL_MS = 10 * 60_000;

export const excludedChannels = (ws: Pick<repo.TWorkspaceRow, 'settings'>): string[] => ws.settings.excludedChannels ?? [];

/** The thread a mirrored event touches, read before the mirror applies it (a deleted message's row is gone after). */
export async function threadTouched(db: TDb, ws: repo.TWorkspaceRow, e: TEventFields): Promise<string | undefined> {
  if (e.subtype === 'message_changed' && e.message) return conv.threadOf(db, ws.id, e.channel, e.message.ts);
  if (e.subtype === 'message_deleted') {
    const ts = e.deleted_ts ?? e.previous_message?.ts;
    return ts ? conv.threadOf(db, ws.id, e.channel, ts) : undefined;
  }
  if (!e.subtype || e.subtype === 'thread_broadcast' || e.subtype === 'bot_message') return e.ts ? (e.thread_ts ?? e.ts) : undefined;
  return undefined;
}

/** Queues the thread for re-indexing (after the mirror applied the event). */
export async function markTouched(db: TDb, ws: repo.TWorkspaceRow, channel: string, threadTs: string | undefined, at: Date): Promise<void> {
  if (!threadTs || excludedChannels(ws).includes(channel)) return;
  await conv.markChanged(db, [{ workspaceId: ws.id, channel, threadTs }], at);
}

/**
 * Slack's markup made plain for search and quoting: user mentions become @name (or @id), channel links #name,
 * links their label, and broadcast mentions (<!here>, <!channel>) lose their power, so a quoted message never pings.
 */
export function plainText(text: string, names: Map<string, string>): string {
  return text
    .replace(/<@([A-Z0-9]+)(?:\|([^>]*))?>/g, (_, id: string, label?: string) => `@${label || names.get(id) || id}`)
    .replace(/<#([A-Z0-9]+)(?:\|([^>]*))?>/g, (_, id: string, label?: string) => `#${label || id}`)
    .replace(/<!(here|channel|everyone)(?:\|[^>]*)?>/g, '@$1')
    .replace(/<!subteam\^[A-Z0-9]+(?:\|([^>]*))?>/g, (_, label?: string) => label || '@group')
    .replace(/<!date\^[^|>]*\|([^>]*)>/g, '$1')
    .replace(/<(https?:\/\/[^|>]+)\|([^>]+)>/g, '$2 ($1)')
    .replace(/<(https?:\/\/[^>]+)>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim();
}

type TLog = { info: (o: object, m: string) => void; warn: (o: object, m: string) => void };

export type TConversationIndexDeps = { db: TDb; slack: TSlackApi; encryptionKey: Buffer; log: TLog; now: () => Date };

export function createConversationIndex(deps: TConversationIndexDeps) {
  const { db, slack } = deps;
  const labels = new Map<string, { value: string; at: number }>();

  async function label(key: string, ask: () => Promise<string>): Promise<string> {
    const hit = labels.get(key);
    if (hit && performance.now() - hit.at < LABEL_TTL_MS) return hit.value;
    const value = await ask().catch(() => '');
    labels.set(key, { value, at: performance.now() });
    return value;
  }

  async function indexOne(ws: repo.TWorkspaceRow, token: string, ref: conv.TThreadRef) {
    const rows = await conv.threadMessages(db, ref);
    // The assistant's own answers are not knowledge (they quote documents and other threads).
    const human = rows.filter((r) => r.user !== ws.botUserId && !r.user.startsWith('B'));
    const ids = [...new Set(human.flatMap((r) => [r.user, ...[...r.text.matchAll(/<@([A-Z0-9]+)/g)].map((x) => x[1]!)]).filter(Boolean))];
    const names = new Map<string, string>();
    for (const id of ids) {
      const n = await label(`user:${ws.teamId}:${id}`, async () => (await slack.userName(token, id)) ?? '');
      if (n) names.set(id, n);
    }
    const channelName = await label(`channel:${ws.teamId}:${ref.channel}`, async () => (await slack.channelInfo(token, ref.channel)).name);
    const messages: TConversationMessage[] = human.map((r) => ({ ts: r.ts, user: r.user, text: plainText(r.text, names), at: r.at }));
    await indexThread(
      db,
      {
        seedId: ws.seedId,
        workspaceId: ws.id,
        channel: ref.channel,
        channelName,
        threadTs: ref.threadTs,
        messages,
        names,
        permalink: (ts) =>
          slack.permalink(token, ref.channel, ts).catch((e: unknown) => {
            // Slack refusing (message gone) leaves no link; a network failure or a rate limit is retried next run.
            if (e instanceof SlackApiError && e.status !== 0 && e.status !== 429 && e.status < 500) return null;
            throw e;
          }),
      },
      deps.now(),
    );
  }

  return {
    /** The job 'slack.conversations-index': the threads marked since the last run, re-indexed. Returns how many. */
    async run(): Promise<number> {
      const refs = await conv.takeChanged(db, PER_RUN);
      const workspaces = new Map<string, repo.TWorkspaceRow | undefined>();
      let done = 0;
      for (const ref of refs) {
        if (!workspaces.has(ref.workspaceId)) workspaces.set(ref.workspaceId, await repo.findWorkspace(db, ref.workspaceId));
        const ws = workspaces.get(ref.workspaceId);
        if (!ws || ws.status !== 'active' || !ws.botTokenEnc) continue;
        if (excludedChannels(ws).includes(ref.channel)) continue;
        try {
          await indexOne(ws, decryptSecret(deps.encryptionKey, ws.botTokenEnc), ref);
          done++;
        } catch (e) {
          deps.log.warn({ workspaceId: ws.id, channel: ref.channel, err: (e as Error).message }, 'slack conversations: thread not indexed, retried next run');
          await conv.markChanged(db, [ref], deps.now());
        }
      }
      // Channels excluded since the last run lose their passages (a no-op once they are gone).
      for (const ws of await conv.workspacesWithExclusions(db)) await removeConversationChannels(db, ws.id, ws.channels);
      return done;
    },
    /** After the mirror's retention purge: passages holding a purged message go; what is left of their threads is re-indexed. */
    async purge(): Promise<number> {
      let n = 0;
      for (const id of await repo.activeWorkspaceIds(db)) {
        const ws = await repo.findWorkspace(db, id);
        if (!ws) continue;
        const cutoff = new Date(deps.now().getTime() - ws.settings.retentionDays * 86_400_000);
        const threads = await purgeConversationsBefore(db, ws.id, cutoff);
        await conv.markChanged(
          db,
          threads.map((t) => ({ workspaceId: ws.id, ...t })),
          deps.now(),
        );
        n += threads.length;
      }
      return n;
    },
  };
}

export type TConversationIndex = ReturnType<typeof createConversationIndex>;

/** The conversation index of each app (tests run its job directly). */
export const conversationIndexes = new WeakMap<object, TConversationIndex>();
