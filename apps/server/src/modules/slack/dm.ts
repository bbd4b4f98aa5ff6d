/**
 * Where the assistant answers besides mentions (issue 35, decision 086), decided at intake, before the channel checks:
 *  - a direct message to the app (`message.im`, channel type im): answered in the DM, in its thread when written in one;
 *    DMs are never mirrored (they are not channel knowledge);
 *  - the Assistant side panel: `assistant_thread_started` (greeting and suggested prompts, worked like a mention) and
 *    `assistant_thread_context_changed` (the channel the user is viewing, remembered);
 *  - a follow-up in a channel thread where the assistant already answered, without a mention: answered with the
 *    thread's context (mirrored as usual too). Never when the message mentions the bot (its `app_mention` is answered,
 *    so no double answer), nor when it mentions someone else (it is addressed to them), nor for a bare "감사합니다".
 * Everything else goes on to the intake's usual path.
 */
import type { TDb } from '../../db/client.ts';
import type { TIntakeItem } from './intake.ts';
import * as dmRepo from './dm.repository.ts';
import type * as repo from './slack.repository.ts';

type TRow = Parameters<typeof repo.insertEvents>[1][number];

/** A message a person typed (not an edit, a deletion, a join, the Assistant thread's root or a bot's post). */
const USER_TEXT_SUBTYPES = new Set([undefined, 'thread_broadcast', 'file_share']);
/** Follow-ups are answered for a day after the assistant's last answer in the thread. */
export const FOLLOW_UP_WINDOW_MS = 24 * 3600_000;
const ACK =
  /^(감사(합니다|해요|드려요|드립니다)?|고마워요?|고맙습니다|ㅇㅋ|ㅇㅇ|ㄳ|ㄱㅅ|오케이|ok(ay)?|thanks|thank you|넵|네|예|알겠(습니다|어요)?|확인(했어요|했습니다)|좋아요|좋네요|굿|:[a-z0-9_+-]+:)[\s!.~ㅎㅋ^]*$/i;
const QUESTIONISH = /[?？]|(요|까|나|니|죠|가|냐)\s*$|(알려|가르쳐|뭐|무엇|어떻게|언제|어디|누가|누구|왜|몇|얼마|있나|되나|인가|말해)/;
const OTHER_MENTION = /<[@!](?:subteam\^)?[A-Z0-9]+(\|[^>]*)?>|<!(here|channel|everyone)>/;

const allowed = (ws: repo.TWorkspaceRow, channel: string) => ws.settings.channels.length === 0 || ws.settings.channels.includes(channel);

export const cleanQuestion = (text: string, botUserId: string) => text.replaceAll(`<@${botUserId}>`, ' ').replace(/\s+/g, ' ').trim().slice(0, 4000);

function isUserText(ws: repo.TWorkspaceRow, e: TIntakeItem['event']): boolean {
  return USER_TEXT_SUBTYPES.has(e.subtype) && !e.bot_id && !!e.user && e.user !== ws.botUserId && !!e.ts && !!(e.text ?? '').trim();
}

/** True when the item was fully handled here (nothing more for the intake to do with it). */
export async function routeWhereItAnswers(db: TDb, ws: repo.TWorkspaceRow, it: TIntakeItem, rows: TRow[], now: Date): Promise<boolean> {
  const e = it.event;
  const at = e.assistant_thread;
  if (it.type === 'assistant_thread_started' || it.type === 'assistant_thread_context_changed') {
    if (!at) return true;
    const k = { workspaceId: ws.id, channel: at.channel_id, threadTs: at.thread_ts };
    await dmRepo.saveAssistantThread(db, k, at.context?.channel_id ?? null, now);
    if (it.type === 'assistant_thread_started') {
      rows.push({
        workspaceId: ws.id,
        eventId: it.eventId,
        kind: 'greeting',
        channel: at.channel_id,
        threadTs: at.thread_ts,
        slackUserId: at.user_id,
        question: '(어시스턴트 시작)',
        payload: { channel: at.channel_id, ts: at.thread_ts, thread_ts: at.thread_ts, text: '', user: at.user_id, greeting: true },
      });
    }
    return true;
  }
  if (it.type !== 'message') return false;
  const isDm = e.channel_type === 'im' || (!e.channel_type && e.channel.startsWith('D'));
  if (isDm) {
    if (!isUserText(ws, e)) return true;
    const question = cleanQuestion(e.text ?? '', ws.botUserId);
    const topLevel = !e.thread_ts || e.thread_ts === e.ts;
    rows.push({
      workspaceId: ws.id,
      eventId: it.eventId,
      kind: 'dm',
      channel: e.channel,
      threadTs: topLevel ? e.ts! : e.thread_ts!,
      slackUserId: e.user!,
      question,
      payload: { channel: e.channel, ts: e.ts, thread_ts: topLevel ? undefined : e.thread_ts, text: e.text ?? '', user: e.user, topLevel, dm: true },
    });
    return true;
  }
  // A reply in a channel thread: a follow-up when the assistant answered there (the message is mirrored either way).
  if (!e.thread_ts || e.thread_ts === e.ts || !isUserText(ws, e) || !allowed(ws, e.channel)) return false;
  const text = e.text ?? '';
  if (text.includes(`<@${ws.botUserId}`)) return false;
  if (OTHER_MENTION.test(text.replaceAll(`<@${ws.botUserId}>`, ''))) return false;
  const question = cleanQuestion(text, ws.botUserId);
  if (!question || ACK.test(question)) return false;
  const k = { workspaceId: ws.id, channel: e.channel, threadTs: e.thread_ts };
  const thread = await dmRepo.findThread(db, k);
  if (!thread?.lastAnsweredAt || now.getTime() - thread.lastAnsweredAt.getTime() > FOLLOW_UP_WINDOW_MS) return false;
  if (!QUESTIONISH.test(question) && !(await dmRepo.askedInThread(db, k, e.user!))) return false;
  rows.push({
    workspaceId: ws.id,
    eventId: it.eventId,
    kind: 'followup',
    channel: e.channel,
    threadTs: e.thread_ts,
    slackUserId: e.user!,
    question,
    payload: { channel: e.channel, ts: e.ts, thread_ts: e.thread_ts, text, user: e.user, followUp: true },
  });
  return false;
}
