/**
 * The worker's side of where the assistant answers (decision 086), called from processEvent (assistant.ts):
 *  - before answering: the Assistant panel's greeting and suggested prompts; the answer limits per person and per
 *    workspace (over a limit: one Korean notice per window, then silence until it resets); the thread's earlier
 *    questions and answers for a follow-up (in the prompt and in the retrieval query);
 *  - after answering: the thread is recorded as one the assistant answered in (follow-ups need no new mention).
 * The thread's context goes to the model as earlier user/assistant turns: the system prompt is never built from what
 * a user wrote, so "ignore your instructions" in a message stays a user's words.
 */
import { ko } from '@suite/shared';
import type { TChatMessage } from '../../adapters/llm.ts';
import type { TSharedState } from '../../state/shared-state.ts';
import type { TMentionPayload, TRuntime } from './assistant.ts';
import * as dmRepo from './dm.repository.ts';
import * as repo from './slack.repository.ts';

const d = ko.slack.dm;

/** Answers per Slack user and per workspace within a minute (decision 086). */
export const ANSWER_LIMITS = { perUser: 10, perWorkspace: 100, windowMs: 60_000 };
/** Earlier turns given as context: a thread's last three; a top-level DM's last two within ten minutes. */
const THREAD_TURNS = 3;
const DM_TURNS = 2;
const DM_CONTEXT_MS = 10 * 60_000;
const ANSWER_CHARS = 800;

export type TDmPayload = TMentionPayload & {
  greeting?: boolean;
  /** A top-level direct message: answered at the top of the DM, not in a thread. */
  topLevel?: boolean;
  followUp?: boolean;
  /** A direct message (or the Assistant panel): '정리해줘' there asks the knowledge, there is no channel thread to summarise. */
  dm?: boolean;
  /** Earlier questions and answers of the same thread (or DM), oldest first. */
  history?: dmRepo.TTurn[];
};

/** Without the sources list and the basic-mode label: what the assistant said. */
const answerBody = (a: string) => a.split(`\n\n${ko.slack.bot.sources}\n`)[0]!.replace(ko.slack.bot.basicModeLabel, '').trim().slice(0, ANSWER_CHARS);

export const inDirectMessage = (p: TMentionPayload) => !!(p as TDmPayload).dm;

/** The retrieval query of a follow-up: the latest earlier question, then this one. */
export function retrievalQuery(question: string, p: TMentionPayload): string {
  const last = (p as TDmPayload).history?.at(-1);
  return last ? `${last.question} ${question}` : question;
}

/** The prompt with the thread's earlier turns between the system prompt and the question (system prompt untouched). */
export function withHistory(messages: TChatMessage[], p: TMentionPayload): TChatMessage[] {
  const history = (p as TDmPayload).history ?? [];
  if (!history.length) return messages;
  const [system, ...rest] = messages;
  const turns = history.flatMap((h): TChatMessage[] => [
    { role: 'user', content: h.question },
    { role: 'assistant', content: answerBody(h.answer) },
  ]);
  return [system!, ...turns, ...rest];
}

async function greet(rt: TRuntime, token: string, ev: repo.TEventRow, p: TDmPayload) {
  const threadTs = p.thread_ts ?? p.ts;
  await rt.slack.postMessage(token, { channel: p.channel, thread_ts: threadTs, text: d.greeting });
  // The panel may be off in the workspace (not_allowed_token_type, feature missing): the greeting is enough then.
  await rt.slack
    .setSuggestedPrompts(token, { channel_id: p.channel, thread_ts: threadTs, title: d.promptsTitle, prompts: d.prompts })
    .catch((e: unknown) => rt.log.warn({ err: (e as Error).message }, 'slack assistant: suggested prompts not set'));
  const now = rt.now();
  await repo.updateEvent(rt.db, ev.id, { status: 'answered', answer: d.greeting, latencyMs: now.getTime() - ev.createdAt.getTime(), answeredAt: now });
}

/** Counts this answer; over a limit, posts the notice once per window and returns true (the event is not answered). */
async function overLimit(rt: TRuntime, state: TSharedState, token: string, ws: repo.TWorkspaceRow, ev: repo.TEventRow, p: TDmPayload) {
  const L = ANSWER_LIMITS;
  const user = await state.hit(`slack:answers:user:${ws.id}:${p.user}`, L.windowMs);
  let limited: { scope: string; resetMs: number; text: (minutes: number) => string } | null = null;
  if (user.count > L.perUser) limited = { scope: `user:${ws.id}:${p.user}`, resetMs: user.resetMs, text: d.limitedUser };
  else {
    // A person over their own limit does not use up the workspace's.
    const all = await state.hit(`slack:answers:ws:${ws.id}`, L.windowMs);
    if (all.count > L.perWorkspace) limited = { scope: `ws:${ws.id}`, resetMs: all.resetMs, text: d.limitedWorkspace };
  }
  if (!limited) return false;
  const notice = await state.claim(`slack:answers:limited:${limited.scope}`, Math.max(limited.resetMs, 1000));
  const text = limited.text(Math.max(1, Math.ceil(limited.resetMs / 60_000)));
  if (notice) await rt.slack.postMessage(token, { channel: p.channel, ...(p.topLevel ? {} : { thread_ts: p.thread_ts ?? p.ts }), text });
  await repo.updateEvent(rt.db, ev.id, { status: 'limited', error: 'rate_limited', answer: notice ? text : '', answeredAt: rt.now() });
  return true;
}

/** What processEvent answers, or null when handled here (greeting, over a limit). */
export async function beforeAnswer(rt: TRuntime, ws: repo.TWorkspaceRow, token: string, ev: repo.TEventRow): Promise<TDmPayload | null> {
  const p = ev.payload as TDmPayload;
  if (p.greeting) {
    await greet(rt, token, ev, p);
    return null;
  }
  // Counted once per event (a retry after a failed post is not a new answer).
  if (rt.state && ev.attempts === 0 && (await overLimit(rt, rt.state, token, ws, ev, p))) return null;
  const history = p.topLevel
    ? await dmRepo.recentDmTurns(rt.db, ws.id, p.channel, new Date(rt.now().getTime() - DM_CONTEXT_MS), ev.id, DM_TURNS)
    : p.thread_ts
      ? await dmRepo.threadTurns(rt.db, { workspaceId: ws.id, channel: p.channel, threadTs: p.thread_ts }, ev.id, THREAD_TURNS)
      : [];
  return { ...p, history };
}

/** After the answer was posted in a thread: the assistant now takes part in it. */
export async function afterAnswer(rt: TRuntime, ws: repo.TWorkspaceRow, p: TDmPayload, threadTs: string): Promise<void> {
  if (p.topLevel) return;
  await dmRepo.markAnswered(rt.db, { workspaceId: ws.id, channel: p.channel, threadTs }, rt.now());
}
