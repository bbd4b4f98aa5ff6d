/**
 * Channel digests (issue 35, decision 087), generated on the job runner: the `slack.digests` schedule (every minute)
 * finds the channels whose slot is due, claims each period in the sent-log (unique (workspace, channel, period): of
 * two instances only one posts), builds the digest from the mirrored messages of the period — with the language
 * model when it is configured and the workspace is under its monthly token budget, else (or on a failed call or bad
 * JSON) by rules — and delivers it in the channel and/or by DM to the subscribers. An empty period posts nothing.
 */
import { ko } from '@suite/shared';
import type { TMeterRecorder } from '../../lib/metering/meter.ts';
import type { TSharedState } from '../../state/shared-state.ts';
import type { TRuntime } from './assistant.ts';
import { channelsOf } from './conversations-answer.ts';
import { excludedChannels } from './conversations-index.ts';
import { dueSlot, seoulLabel, type TSlot } from './digest-schedule.ts';
import { extractDigest, type TDigestContent, type TDigestMessage } from './digest-extract.ts';
import { digestPrompt, parseDigestAnswer, promptMessages } from './digest-llm.ts';
import { permalinkOf, renderDigest } from './digest-render.ts';
import * as drepo from './digest.repository.ts';
import type { TSlackApi } from './slack-api.ts';
import { decryptSecret } from './slack-crypto.ts';
import * as repo from './slack.repository.ts';

const p = ko.slackDigest.post;
/** A claim not finished after this long (the instance died) is taken over by the next run. */
const STALE_CLAIM_MS = 10 * 60_000;

/** `state` caches who is in which channel (users.conversations, decision 085); every DM is checked against it. */
export type TDigestDeps = Pick<TRuntime, 'db' | 'config' | 'llm' | 'log' | 'now' | 'stop'> & {
  slack: TSlackApi;
  state: TSharedState;
  meter?: Pick<TMeterRecorder, 'record'> | undefined;
};

export type TBuilt = {
  text: string;
  mode: 'llm' | 'basic';
  content: TDigestContent;
  messages: TDigestMessage[];
  promptTokens: number;
  completionTokens: number;
  error: string | null;
};

export const channelLabel = (channel: string, name: string) => (name ? `#${name}` : `<#${channel}>`);

/**
 * Whether `user` is in `channel` now (Slack's users.conversations, cached briefly in the shared state): subscribing
 * and every DM ask it, so a digest never reaches someone outside the channel. False when Slack cannot say.
 */
export async function isChannelMember(
  deps: { state: TSharedState; slack: TSlackApi },
  ws: repo.TWorkspaceRow,
  token: string,
  user: string,
  channel: string,
): Promise<boolean> {
  const mine = await channelsOf(deps.state, deps.slack, ws, token, user);
  return Boolean(mine?.some((c) => c.id === channel));
}

/** Slack's workspace URL from one permalink (`https://team.slack.com`), else Slack's generic host. */
async function permalinkBase(deps: TDigestDeps, token: string, channel: string, ts: string): Promise<string> {
  try {
    const link = await deps.slack.permalink(token, channel, ts);
    const base = link?.split('/archives/')[0];
    if (base && /^https:\/\//.test(base)) return base;
  } catch (e) {
    deps.log.warn({ err: (e as Error).message }, 'slack digest: no permalink, using the generic form');
  }
  return 'https://slack.com';
}

/** The digest of a period's messages (null when there were none). */
export async function buildDigest(
  deps: TDigestDeps,
  ws: repo.TWorkspaceRow,
  token: string,
  s: Pick<drepo.TDigestSettingsRow, 'channel' | 'channelName' | 'frequency'>,
  slot: Pick<TSlot, 'start' | 'end'>,
): Promise<TBuilt | null> {
  const all = await drepo.periodMessages(deps.db, ws.id, s.channel, slot.start, slot.end);
  const messages = all.filter((m) => m.user && m.user !== ws.botUserId && !m.user.startsWith('B') && m.text.trim());
  if (!messages.length) return null;
  let content = extractDigest(messages, ws.botUserId);
  let mode: TBuilt['mode'] = 'basic';
  let note: string | null = p.basicNote;
  let error: string | null = null;
  let promptTokens = 0;
  let completionTokens = 0;
  if (deps.llm.enabled) {
    const budget = ws.settings.monthlyTokenBudget;
    if (budget > 0 && (await repo.tokensThisMonth(deps.db, ws.id)) >= budget) {
      note = p.budgetNote;
      error = 'token_budget_exceeded';
    } else {
      const numbered = promptMessages(messages, ws.botUserId);
      try {
        const c = await deps.llm.complete(digestPrompt(channelLabel(s.channel, s.channelName), numbered), deps.stop);
        promptTokens = c.promptTokens;
        completionTokens = c.completionTokens;
        const parsed = parseDigestAnswer(c.text, numbered);
        if (parsed) {
          content = parsed;
          mode = 'llm';
          note = null;
        } else error = 'llm_bad_json';
      } catch (e) {
        error = `llm: ${(e as Error).message}`;
        deps.log.warn({ workspaceId: ws.id, err: (e as Error).message }, 'slack digest: language model unavailable, extractive digest');
      }
    }
  }
  const base = await permalinkBase(deps, token, s.channel, messages[0]!.ts);
  const text = renderDigest({
    channelLabel: channelLabel(s.channel, s.channelName),
    frequency: s.frequency === 'weekly' ? 'weekly' : 'daily',
    from: seoulLabel(slot.start),
    to: seoulLabel(slot.end),
    messages,
    content,
    link: (i) => permalinkOf(base, s.channel, i.ts, i.threadTs),
    note,
  });
  return { text, mode, content, messages, promptTokens, completionTokens, error };
}

/** Sends one claimed period; a failure leaves the run 'failed' for a later run to take over (what was delivered is kept). */
async function sendRun(deps: TDigestDeps, ws: repo.TWorkspaceRow, s: drepo.TDigestSettingsRow, run: drepo.TDigestRunRow): Promise<'sent' | 'empty' | 'failed'> {
  try {
    const token = decryptSecret(deps.config.encryptionKey, ws.botTokenEnc!);
    const built = await buildDigest(deps, ws, token, s, { start: run.periodStart, end: run.periodEnd });
    if (!built) {
      await drepo.updateRun(deps.db, run.id, { status: 'empty', sentAt: deps.now() });
      return 'empty';
    }
    const tokens = built.promptTokens + built.completionTokens;
    // Every call of the model is spent, a retried attempt's too (the meter's id names the attempt).
    if (tokens > 0) {
      await drepo.recordDigestTokens(deps.db, ws.id, tokens);
      deps.meter?.record({ id: `llm:slack-digest:${run.id}:${run.attempts}`, seedId: ws.seedId, meter: 'llm.tokens', quantity: tokens });
    }
    await drepo.updateRun(deps.db, run.id, {
      mode: built.mode,
      messageCount: built.messages.length,
      decisions: built.content.decisions.length,
      questions: built.content.questions.length,
      actions: built.content.actions.length,
      promptTokens: built.promptTokens,
      completionTokens: built.completionTokens,
      error: built.error,
    });
    if (s.postToChannel && !run.channelTs) {
      const ts = await deps.slack.postMessage(token, { channel: s.channel, text: built.text });
      await drepo.updateRun(deps.db, run.id, { channelTs: ts || 'posted' });
    }
    const label = channelLabel(s.channel, s.channelName);
    for (const sub of await drepo.subscribers(deps.db, ws.id, s.channel)) {
      if (run.dmSent.includes(sub.slackUserId)) continue;
      // Someone who left the channel (or a private channel they never were in) gets nothing.
      if (!(await isChannelMember(deps, ws, token, sub.slackUserId, s.channel))) continue;
      // A user id as the channel: Slack delivers it in the app's direct message with that user (chat:write).
      await deps.slack.postMessage(token, { channel: sub.slackUserId, text: `${p.dmIntro(label)}\n\n${built.text}` });
      await drepo.addDmSent(deps.db, run.id, sub.slackUserId);
    }
    await drepo.updateRun(deps.db, run.id, { status: 'sent', sentAt: deps.now() });
    return 'sent';
  } catch (e) {
    deps.log.warn({ workspaceId: ws.id, channel: s.channel, err: (e as Error).message }, 'slack digest: sending failed');
    await drepo.updateRun(deps.db, run.id, { status: 'failed', error: (e as Error).message.slice(0, 300) }).catch(() => undefined);
    return 'failed';
  }
}

/** One pass of the `slack.digests` schedule: every due slot claimed and sent. Returns what happened, for tests. */
export async function runDueDigests(deps: TDigestDeps): Promise<{ sent: number; empty: number; failed: number }> {
  const now = deps.now();
  const out = { sent: 0, empty: 0, failed: 0 };
  const workspaces = new Map<string, repo.TWorkspaceRow | undefined>();
  for (const s of await drepo.activeSettings(deps.db)) {
    const slot = dueSlot({ frequency: s.frequency as 'daily' | 'weekly', weekday: s.weekday, minuteOfDay: s.minuteOfDay, updatedAt: s.updatedAt }, now);
    if (!slot) continue;
    if (!workspaces.has(s.workspaceId)) workspaces.set(s.workspaceId, await repo.findWorkspace(deps.db, s.workspaceId));
    const ws = workspaces.get(s.workspaceId);
    if (!ws || ws.status !== 'active' || !ws.botTokenEnc) continue;
    if (excludedChannels(ws).includes(s.channel)) continue;
    if (!s.postToChannel && (await drepo.subscribers(deps.db, ws.id, s.channel)).length === 0) continue;
    const run = await drepo.claimRun(
      deps.db,
      { workspaceId: ws.id, channel: s.channel, periodKey: slot.key, periodStart: slot.start, periodEnd: slot.end },
      now,
      new Date(now.getTime() - STALE_CLAIM_MS),
    );
    if (!run) continue;
    out[await sendRun(deps, ws, s, run)]++;
  }
  return out;
}
