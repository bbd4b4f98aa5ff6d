/**
 * Works one stored mention: thread summary or knowledge answer, posted in the thread. With the language model
 * unavailable (not configured, over budget, slow or down) the answer falls back to basic mode, so no mention goes
 * unanswered; a failure to post leaves the event pending for a retry.
 */
import { ko } from '@suite/shared';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import type { TVectorIndex, TWorkspaceHit as THit } from '../knowledge/knowledge.service.ts';
import { searchForAnswer } from './conversations-answer.ts';
import { citableHits, withRuleCitations } from '../knowledge/knowledge.service.ts';
import type { TLlm } from '../../adapters/llm.ts';
import type { TMeterRecorder } from '../../lib/metering/meter.ts';
import { decryptSecret } from './slack-crypto.ts';
import type { TSlackApi, TSlackBlock } from './slack-api.ts';
import { tryAction } from './actions.ts';
import type { TActionDeps } from './actions.deps.ts';
import * as repo from './slack.repository.ts';
import { answerPrompt, extractiveSummary, isSummaryRequest, summaryPrompt, type TThreadLine } from './summarize.ts';
import type { TSharedState } from '../../state/shared-state.ts';
import { afterAnswer, beforeAnswer, inDirectMessage, retrievalQuery, withHistory } from './dm-answer.ts';

const b = ko.slack.bot;

export type TRuntime = {
  db: TDb;
  config: TConfig;
  slack: TSlackApi;
  llm: TLlm;
  /** Vector side of knowledge retrieval (inactive without EMBEDDINGS_MODEL). */
  vectors?: TVectorIndex;
  log: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void };
  /** Aborted when the app closes. */
  stop: AbortSignal;
  /** The app's clock. */
  now: () => Date;
  /** Billable events (issue 31): an answer posted, and the model's tokens, for the workspace's seed. */
  meter?: Pick<TMeterRecorder, 'record'>;
  /** Actions from Slack on rooms and meals (decision 088, actions.ts); absent: every mention is answered. */
  actions?: TActionDeps;
  /** Answer limits per user and workspace (decision 086); none without it. */
  state?: TSharedState;
};

export type TMentionPayload = { channel: string; ts: string; thread_ts?: string | undefined; text: string; user: string };

type TOutcome = {
  kind: 'mention' | 'summary' | 'search' | 'action';
  text: string;
  mode: 'llm' | 'basic';
  status: 'answered' | 'apologised';
  promptTokens: number;
  completionTokens: number;
  sources: { title: string; url: string | null }[];
  error: string | null;
  blocks?: TSlackBlock[];
};

const quote = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}…` : s).replace(/^/gm, '> ');
const sourceLine = (h: { title: string; sourceUrl: string | null }, i: number) => `${i + 1}. ${h.sourceUrl ? `<${h.sourceUrl}|${h.title}>` : h.title}`;

function basicAnswer(hits: THit[]): string {
  if (!hits.length) return `${b.basicModeLabel}\n${b.noKnowledge}`;
  const parts = hits.map((h, i) => `${quote(h.content)}\n— _${sourceLine(h, i)}_`);
  return [b.basicModeLabel, b.retrievedIntro, ...parts].join('\n');
}

async function threadLines(rt: TRuntime, ws: repo.TWorkspaceRow, token: string, channel: string, threadTs: string): Promise<TThreadLine[]> {
  const mirrored = await repo.threadMessages(rt.db, ws.id, channel, threadTs);
  if (mirrored.length >= 2) return mirrored;
  // Not mirrored (the bot joined later, or the mirror expired): ask Slack, which may rate-limit (waited out).
  const fetched = await rt.slack.replies(token, channel, threadTs);
  for (const m of fetched) {
    if (!m.ts || m.text === undefined) continue;
    await repo.upsertMessage(
      rt.db,
      { workspaceId: ws.id, channel, ts: m.ts, threadTs: m.thread_ts ?? m.ts, slackUserId: m.user ?? '', text: m.text },
      rt.now(),
    );
  }
  return fetched.map((m) => ({ user: m.user ?? '', text: m.text ?? '' }));
}

async function withModel(
  rt: TRuntime,
  ws: repo.TWorkspaceRow,
  basic: () => string,
  prompt: () => Parameters<TLlm['complete']>[0],
): Promise<Pick<TOutcome, 'text' | 'mode' | 'status' | 'promptTokens' | 'completionTokens' | 'error'>> {
  const zero = { promptTokens: 0, completionTokens: 0 };
  if (!rt.llm.enabled) return { text: basic(), mode: 'basic', status: 'answered', error: null, ...zero };
  const budget = ws.settings.monthlyTokenBudget;
  if (budget > 0 && (await repo.tokensThisMonth(rt.db, ws.id)) >= budget) {
    return { text: `${b.budgetExceeded}\n${basic()}`, mode: 'basic', status: 'answered', error: 'token_budget_exceeded', ...zero };
  }
  try {
    const c = await rt.llm.complete(prompt(), rt.stop);
    return { text: c.text, mode: 'llm', status: 'answered', error: null, promptTokens: c.promptTokens, completionTokens: c.completionTokens };
  } catch (e) {
    rt.log.warn({ workspaceId: ws.id, err: (e as Error).message }, 'slack assistant: language model unavailable, apologising with basic mode');
    return { text: `${b.apology}\n\n${basic()}`, mode: 'basic', status: 'apologised', error: `llm: ${(e as Error).message}`, ...zero };
  }
}

export async function answerMention(rt: TRuntime, ws: repo.TWorkspaceRow, token: string, p: TMentionPayload): Promise<TOutcome> {
  const question = p.text
    .replace(/<@[A-Z0-9]+(\|[^>]*)?>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const threadTs = p.thread_ts ?? p.ts;
  const settings = ws.settings;
  if (isSummaryRequest(question) && !inDirectMessage(p)) {
    const lines = await threadLines(rt, ws, token, p.channel, threadTs);
    const human = lines.filter((l) => l.user !== ws.botUserId && l.text.trim() && !isMentionOfSummary(l.text, ws.botUserId));
    if (human.length === 0)
      return { kind: 'summary', text: b.noThread, mode: 'basic', status: 'answered', promptTokens: 0, completionTokens: 0, sources: [], error: null };
    const r = await withModel(
      rt,
      ws,
      () => extractiveSummary(human, ws.botUserId),
      () => summaryPrompt(human, ws.botUserId, { tone: settings.tone, language: settings.language, request: question }),
    );
    return { kind: 'summary', sources: [], ...r };
  }
  if (!question) return { kind: 'mention', text: b.help, mode: 'basic', status: 'answered', promptTokens: 0, completionTokens: 0, sources: [], error: null };
  // Documents and the conversations this asker may see here, ranked together (decision 085).
  // Company-rules passages cite "제12조 ②항 (…)"; Drive/Notion passages only for readers there (decision 089).
  const found = await withRuleCitations(rt.db, await searchForAnswer(rt, ws, token, p, retrievalQuery(question, p), 6));
  // In a channel the answer is read by everyone there: only Drive/Notion items open to anyone (decision 089).
  const hits = (await citableHits(rt.db, found, () => rt.slack.userEmail(token, p.user), { openOnly: !inDirectMessage(p) })).slice(0, 3);
  const sources = hits.map((h) => ({ title: h.title, url: h.sourceUrl }));
  if (!hits.length)
    return { kind: 'search', text: b.noKnowledge, mode: 'basic', status: 'answered', promptTokens: 0, completionTokens: 0, sources, error: null };
  const r = await withModel(
    rt,
    ws,
    () => basicAnswer(hits),
    () =>
      withHistory(
        answerPrompt(
          question,
          hits.map((h) => ({ ...h, content: h.promptContent })),
          { tone: settings.tone, language: settings.language },
        ),
        p,
      ),
  );
  const text = r.mode === 'llm' ? `${r.text}\n\n${b.sources}\n${hits.map(sourceLine).join('\n')}` : r.text;
  return { kind: 'search', sources, ...r, text };
}

/**
 * Billing (issue 31), after the answer is stored: an answer counts when it answered something — a summary of a thread,
 * or knowledge found (by the model or quoted) — not the help text, "nothing found" or an apology for a failed model;
 * the model's tokens count whenever it was used. Ids from the stored event: a retried event adds nothing.
 */
function meterAnswer(rt: TRuntime, ws: repo.TWorkspaceRow, eventId: string, out: TOutcome) {
  if (!rt.meter) return;
  const answered = out.status === 'answered' && ((out.kind === 'summary' && out.text !== b.noThread) || (out.kind === 'search' && out.sources.length > 0));
  if (answered) rt.meter.record({ id: `slack:${eventId}`, seedId: ws.seedId, meter: 'slack.answers' });
  const tokens = out.promptTokens + out.completionTokens;
  if (tokens > 0) rt.meter.record({ id: `llm:slack:${eventId}`, seedId: ws.seedId, meter: 'llm.tokens', quantity: tokens });
}

const isMentionOfSummary = (text: string, bot: string) => text.includes(`<@${bot}>`) && isSummaryRequest(text);

/** Processes one stored event (idempotent: only a pending event is worked). Throws when posting failed. */
export async function processEvent(rt: TRuntime, eventId: string): Promise<void> {
  const ev = await repo.findEvent(rt.db, eventId);
  if (!ev || ev.status !== 'pending') return;
  if (!(await repo.startAttempt(rt.db, ev.id, ev.attempts))) return;
  const ws = await repo.findWorkspace(rt.db, ev.workspaceId);
  if (!ws || ws.status !== 'active' || !ws.botTokenEnc) {
    await repo.updateEvent(rt.db, ev.id, { status: 'failed', error: 'workspace_disconnected' });
    return;
  }
  const token = decryptSecret(rt.config.encryptionKey, ws.botTokenEnc);
  const p = await beforeAnswer(rt, ws, token, ev);
  if (!p) return;
  const threadTs = p.thread_ts ?? p.ts;
  await rt.slack.setThreadStatus(token, { channel_id: p.channel, thread_ts: threadTs, status: b.thinking }).catch(() => undefined);
  // An action on rooms or meals (decision 088) is done or offered instead of an answer.
  const acted = await tryAction(rt.actions, ws, token, p);
  const out: TOutcome = acted
    ? { kind: 'action', mode: 'basic', status: 'answered', promptTokens: 0, completionTokens: 0, sources: [], error: null, ...acted }
    : await answerMention(rt, ws, token, p);
  await rt.slack.postMessage(token, {
    channel: p.channel,
    ...(p.topLevel ? {} : { thread_ts: threadTs }),
    text: out.text,
    ...(out.blocks ? { blocks: out.blocks } : {}),
  });
  await afterAnswer(rt, ws, p, threadTs);
  const now = rt.now();
  await repo.updateEvent(rt.db, ev.id, {
    kind: out.kind,
    status: out.status,
    mode: out.mode,
    answer: out.text,
    promptTokens: out.promptTokens,
    completionTokens: out.completionTokens,
    sources: out.sources,
    error: out.error,
    latencyMs: now.getTime() - ev.createdAt.getTime(),
    answeredAt: now,
  });
  meterAnswer(rt, ws, ev.id, out);
  rt.log.info({ eventId: ev.eventId, kind: out.kind, mode: out.mode, status: out.status }, 'slack assistant answered');
}
