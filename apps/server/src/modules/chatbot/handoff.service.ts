/**
 * Live hand-off (issue 29): a customer who asks for a person during the bot's office hours, while someone on the team
 * is '상담 가능', is put in the console's 상담함; an agent takes the chat and types; replies reach the widget as
 * `event: agent` on the conversation's stream, the customer's messages reach the console's stream. Both go through
 * the shared state's pub/sub (Redis with REDIS_URL), so any instance may serve either side. Outside office hours or
 * with nobody online the bot says when a person will answer and the widget offers today's ticket form.
 */
import { ko } from '@suite/shared';
import { koChatbotHandoff } from '@suite/shared/messages/ko-chatbot-handoff';
import type { TAnswer } from '@suite/shared/schemas/chatbot';
import type { TInboxChat, TInboxLine, TLiveRequestResponse, TOfficeHours } from '@suite/shared/schemas/chatbot-handoff';
import { AppError } from '../../lib/app-error.ts';
import { tooMany } from '../../plugins/rate-limit.ts';
import { addressKey } from './chatbot-address.ts';
import * as repo from './chatbot.repository.ts';
import { managedBot, type TChatbotDeps } from './chatbot.service.ts';
import { membersOf } from '../seeds/seeds.service.ts';
import { DEFAULT_HOURS, isOpen, nextOpening, openingText } from './handoff.hours.ts';
import * as live from './handoff.repository.ts';
import { insertVisitorMessage } from './pii-originals.ts';

const h = koChatbotHandoff.server;

/** A bot as the public routes find it. */
export type TLiveBot = repo.TBotRow;
const MINUTE = 60_000;
/** A member stays '상담 가능' this long after their last heartbeat (the console beats every 30 s). */
export const PRESENCE_TTL_MS = 90_000;
/** A live chat whose agent is offline ends after this long without a message from them (the bot answers again). */
export const LIVE_IDLE_MS = 30 * MINUTE;
/**
 * Asking for a person: 3 an hour per conversation and 10 an hour per address, as for hand-off tickets (decision 027);
 * counted before anything is stored. Messages to the agent: 30 a minute per conversation.
 */
const LIMITS = {
  request: { max: 3, windowMs: 60 * MINUTE },
  requestAddress: { max: 10, windowMs: 60 * MINUTE },
  message: { max: 30, windowMs: MINUTE },
};

/** The widget's stream of one conversation (agent replies, status) and the console's stream of one bot's 상담함. */
export const conversationChannel = (conversationId: string) => `chatbot:live:${conversationId}`;
export const inboxChannel = (botId: string) => `chatbot:inbox:${botId}`;

export type TWidgetEvent = { event: 'agent'; data: TInboxLine } | { event: 'status'; data: { status: string; message: string } };
export type TInboxEvent = { type: 'waiting' | 'message' | 'taken' | 'ended'; conversationId: string; line?: TInboxLine };

type TDeps = Pick<TChatbotDeps, 'db' | 'limiter' | 'now' | 'log'>;

async function limit(deps: TDeps, key: string, l: { max: number; windowMs: number }, message: string) {
  const { count, resetMs } = await deps.limiter.count(key, l.windowMs);
  if (count > l.max) throw tooMany('RATE_LIMITED', resetMs, message);
}

function publish(deps: TDeps, channel: string, message: unknown) {
  // After the commit; a failed publish loses one live update, never the stored message.
  return deps.limiter.state.publish(channel, JSON.stringify(message)).catch((err: unknown) => deps.log.warn({ err, channel }, 'chatbot live: publish failed'));
}
const toWidget = (deps: TDeps, conversationId: string, e: TWidgetEvent) => publish(deps, conversationChannel(conversationId), e);
const toInbox = (deps: TDeps, botId: string, e: TInboxEvent) => publish(deps, inboxChannel(botId), e);

const lineOf = (m: repo.TMessageRow): TInboxLine => ({ id: m.id, role: m.role, text: m.text, sources: m.sources, createdAt: m.createdAt.toISOString() });

/** '사람이랑 얘기하고 싶어요', '상담원 연결해 주세요', '직원분 바꿔주세요'…: the customer asks for a person in words. */
export function wantsPerson(text: string): boolean {
  const t = text.replace(/\s+/g, '');
  if (t.length > 40) return false;
  // A person (not '받는 사람'-like phrases: the person must be followed by talking to them), then talking or connecting.
  return /(상담원|상담사|상담직원|직원분|직원|담당자|사람|사장님)(이랑|하고|과|와|한테|에게|께|분|님|이|을|를|으로|로|좀)?(연결|얘기|이야기|대화|통화|채팅|상담)/.test(
    t,
  );
}

export async function officeHours(deps: Pick<TChatbotDeps, 'db' | 'now'>, botId: string) {
  const hours = (await live.hoursOf(deps.db, botId)) ?? DEFAULT_HOURS;
  const now = deps.now();
  const openNow = isOpen(hours, now);
  const next = openNow ? null : nextOpening(hours, now);
  return { ...hours, openNow, nextOpening: next?.toISOString() ?? null, nextOpeningText: next ? openingText(next, now) : null };
}

export async function readHours(deps: TChatbotDeps, userId: string, seedId: string, botId: string) {
  await managedBot(deps.db, userId, seedId, botId, { read: true });
  return officeHours(deps, botId);
}

export async function saveHours(deps: TChatbotDeps, userId: string, seedId: string, botId: string, hours: TOfficeHours) {
  await managedBot(deps.db, userId, seedId, botId);
  await live.saveHours(deps.db, botId, hours, deps.now());
}

// ── Presence ──

export async function presence(deps: TChatbotDeps, userId: string, seedId: string) {
  await managedBot(deps.db, userId, seedId, undefined, { read: true });
  const now = deps.now();
  const until = await live.presenceOf(deps.db, seedId, userId, now);
  return { online: until !== null, onlineUntil: until?.toISOString() ?? null, agentsOnline: await live.agentsOnline(deps.db, seedId, now) };
}

export async function setPresence(deps: TChatbotDeps, userId: string, seedId: string, online: boolean) {
  await managedBot(deps.db, userId, seedId, undefined, { read: true });
  await live.setPresence(deps.db, seedId, userId, online ? new Date(deps.now().getTime() + PRESENCE_TTL_MS) : null);
  return presence(deps, userId, seedId);
}

// ── Customer side ──

/**
 * The customer asks for a person: within office hours and with a member online the conversation goes live (waiting
 * for an agent) and the 상담함 is told; otherwise the bot says when someone will answer (the ticket form follows in
 * the widget). Either way the bot's words are stored in the transcript.
 */
export async function requestLive(deps: TChatbotDeps, bot: repo.TBotRow, conversationId: string, ip: string): Promise<TLiveRequestResponse> {
  await limitRequest(deps, bot, conversationId, ip);
  return connect(deps, bot, conversationId);
}

/** The limits of asking for a person; before anything of the request is stored. */
async function limitRequest(deps: TChatbotDeps, bot: repo.TBotRow, conversationId: string, ip: string) {
  await limit(deps, `chatbot:live-request:${conversationId}`, LIMITS.request, ko.chatbot.server.handoffRateLimited);
  await limit(deps, `chatbot:live-request:${bot.id}:${addressKey(ip)}`, LIMITS.requestAddress, ko.chatbot.server.handoffRateLimited);
}

async function connect(deps: TChatbotDeps, bot: repo.TBotRow, conversationId: string): Promise<TLiveRequestResponse> {
  let current = await live.findLive(deps.db, conversationId);
  // A chat left open by an agent who went away ends first; the customer is then connected anew or told when.
  if (current && current.status !== 'ended' && (await expireIfStale(deps, bot.seedId, current))) current = undefined;
  if (current && current.status !== 'ended') return { live: true, message: h.alreadyLive, messageId: '', nextOpening: null };
  const hours = await officeHours(deps, bot.id);
  const online = hours.openNow ? await live.agentsOnline(deps.db, bot.seedId, deps.now()) : 0;
  if (hours.openNow && online > 0) {
    const { opened, msg } = await deps.db.transaction(async (tx) => {
      const opened = await live.openLive(tx, conversationId, bot.id, deps.now());
      const msg = opened ? await repo.insertMessage(tx, { conversationId, chatbotId: bot.id, role: 'bot', text: h.connecting }) : undefined;
      if (opened) await repo.markHandedOff(tx, conversationId);
      return { opened, msg };
    });
    // Two requests at once: the second finds the chat already open.
    if (!opened || !msg) return { live: true, message: h.alreadyLive, messageId: '', nextOpening: null };
    await toInbox(deps, bot.id, { type: 'waiting', conversationId, line: lineOf(msg) });
    deps.log.info({ botId: bot.id, conversationId }, 'chatbot live: waiting for an agent');
    return { live: true, message: h.connecting, messageId: msg.id, nextOpening: null };
  }
  const message = hours.openNow ? h.noAgent : hours.nextOpeningText ? h.closed(hours.nextOpeningText) : h.noHours;
  const msg = await repo.insertMessage(deps.db, { conversationId, chatbotId: bot.id, role: 'bot', text: message });
  return { live: false, message, messageId: msg.id, nextOpening: hours.nextOpening };
}

/**
 * A customer's message while the chat is waiting or live: stored and sent to the 상담함 instead of being answered by
 * the bot. Null when the conversation is not live (the bot answers).
 */
export async function relayVisitor(
  deps: TChatbotDeps,
  bot: repo.TBotRow,
  conversationId: string,
  text: string,
): Promise<(TAnswer & { live: true }) | (TAnswer & { handoff: { live: false; nextOpening: null } }) | null> {
  const current = await live.findLive(deps.db, conversationId);
  if (!current || current.status === 'ended') return null;
  await limit(deps, `chatbot:live-message:${conversationId}`, LIMITS.message, ko.chatbot.server.visitorRateLimited);
  // Masked in the transcript, the original sealed (decision 082); the agent reads the masked text like every list.
  const { row: msg } = await insertVisitorMessage(deps, { conversationId, chatbotId: bot.id, text });
  // Nobody will answer any more (waiting with everyone offline or after hours; live with the agent gone for
  // LIVE_IDLE_MS): the chat ends, the customer is told and offered the ticket form, and the bot answers again.
  const said = await expireIfStale(deps, bot.seedId, current);
  if (said) return { messageId: said.id, answer: said.text, answered: false, sources: [], handoff: { live: false, nextOpening: null } };
  await toInbox(deps, bot.id, { type: 'message', conversationId, line: lineOf(msg) });
  return { messageId: msg.id, answer: '', answered: false, sources: [], live: true };
}

/**
 * Before the bot answers a message: while the chat is live the message goes to the agent; a message asking for a
 * person ('사람이랑 얘기하고 싶어요') is stored and answered as the '상담원 연결' button would be. Null: the bot answers.
 */
export async function beforeAsk(
  deps: TChatbotDeps,
  bot: repo.TBotRow,
  conversationId: string,
  ip: string,
  text: string,
): Promise<(TAnswer & { live: true }) | (TAnswer & { handoff: { live: boolean; nextOpening: string | null } }) | null> {
  const relayed = await relayVisitor(deps, bot, conversationId, text);
  if (relayed || !wantsPerson(text)) return relayed;
  // Limits first: a refused request (429) stores nothing.
  await limitRequest(deps, bot, conversationId, ip);
  await insertVisitorMessage(deps, { conversationId, chatbotId: bot.id, text });
  const r = await connect(deps, bot, conversationId);
  return { messageId: r.messageId, answer: r.message, answered: false, sources: [], handoff: { live: r.live, nextOpening: r.nextOpening } };
}

/** The status the widget's stream starts with: waiting | live | ended | none (a chat nobody will answer ends first). */
export async function liveStatus(deps: TChatbotDeps, bot: repo.TBotRow, conversationId: string): Promise<string> {
  const row = await live.findLive(deps.db, conversationId);
  if (row && row.status !== 'ended' && (await expireIfStale(deps, bot.seedId, row))) return 'ended';
  return row?.status ?? 'none';
}

/**
 * Why nobody will answer an open chat, as the customer is told, or null while someone may: a waiting chat after
 * office hours or with no member '상담 가능'; a live chat whose agent is offline and wrote nothing for LIVE_IDLE_MS
 * (since taking it).
 */
async function staleReason(deps: TChatbotDeps, seedId: string, row: live.TLiveRow): Promise<string | null> {
  const now = deps.now();
  if (row.status === 'waiting') {
    const hours = await officeHours(deps, row.chatbotId);
    if (!hours.openNow) return hours.nextOpeningText ? h.closed(hours.nextOpeningText) : h.noHours;
    return (await live.agentsOnline(deps.db, seedId, now)) === 0 ? h.noAgent : null;
  }
  if (row.status !== 'live') return null;
  if (row.agentId && (await live.presenceOf(deps.db, seedId, row.agentId, now))) return null;
  // Since taking the chat (the app's clock) and since the agent's last message (the database's, which stamped it).
  if (now.getTime() - (row.takenAt ?? row.requestedAt).getTime() < LIVE_IDLE_MS) return null;
  const quiet = await live.agentQuietMs(deps.db, row.conversationId);
  return quiet === null || quiet >= LIVE_IDLE_MS ? h.agentAway : null;
}

/** Ends an open chat nobody will answer: the bot's notice stored, the widget and the 상담함 told. The notice or undefined. */
async function expireIfStale(deps: TChatbotDeps, seedId: string, row: live.TLiveRow): Promise<repo.TMessageRow | undefined> {
  const message = await staleReason(deps, seedId, row);
  if (!message) return undefined;
  const said = await deps.db.transaction(async (tx) => {
    if (!(await live.endLive(tx, row.conversationId, deps.now()))) return undefined;
    return repo.insertMessage(tx, { conversationId: row.conversationId, chatbotId: row.chatbotId, role: 'bot', text: message });
  });
  if (!said) return undefined;
  deps.log.info({ botId: row.chatbotId, conversationId: row.conversationId, was: row.status }, 'chatbot live: ended, nobody to answer');
  await toWidget(deps, row.conversationId, { event: 'status', data: { status: 'ended', message: said.text } });
  await toInbox(deps, row.chatbotId, { type: 'ended', conversationId: row.conversationId, line: lineOf(said) });
  return said;
}

// ── Console side (seed members who may read the bot) ──

/** Names of the seed's members by user id (the agents), read as `userId` (a member) may. */
async function namesIn(deps: TChatbotDeps, userId: string, seedId: string): Promise<Map<string, string>> {
  const { data } = await membersOf(deps.db, userId, seedId);
  return new Map(data.map((m) => [m.user_id, m.full_name]));
}

async function chatsOf(deps: TChatbotDeps, viewer: { userId: string; seedId: string }, botId: string, only?: string): Promise<TInboxChat[]> {
  const rows = (await live.openChats(deps.db, botId)).filter((r) => !only || r.conversationId === only);
  const lines = await live.transcripts(
    deps.db,
    rows.map((r) => r.conversationId),
  );
  const names = rows.some((r) => r.agentId) ? await namesIn(deps, viewer.userId, viewer.seedId) : new Map<string, string>();
  return rows.map((l) => ({
    conversationId: l.conversationId,
    status: l.status as TInboxChat['status'],
    agentId: l.agentId,
    agentName: l.agentId ? (names.get(l.agentId) ?? null) : null,
    requestedAt: l.requestedAt.toISOString(),
    transcript: lines.filter((m) => m.conversationId === l.conversationId).map(lineOf),
  }));
}

export async function inbox(deps: TChatbotDeps, userId: string, seedId: string, botId: string) {
  await managedBot(deps.db, userId, seedId, botId, { read: true });
  // Chats nobody will answer any more leave the list (and their customers are told), not only at their next message.
  for (const row of await live.openChats(deps.db, botId)) await expireIfStale(deps, seedId, row);
  return chatsOf(deps, { userId, seedId }, botId);
}

async function oneChat(deps: TChatbotDeps, viewer: { userId: string; seedId: string }, botId: string, conversationId: string): Promise<TInboxChat> {
  const [chat] = await chatsOf(deps, viewer, botId, conversationId);
  if (chat) return chat;
  const ended = await live.findLive(deps.db, conversationId);
  if (ended && ended.chatbotId === botId) {
    return {
      conversationId,
      status: 'ended',
      agentId: ended.agentId,
      agentName: null,
      requestedAt: ended.requestedAt.toISOString(),
      transcript: [],
    };
  }
  throw new AppError('NOT_FOUND', h.chatNotFound);
}

async function openChatOf(deps: TChatbotDeps, botId: string, conversationId: string) {
  const row = await live.findLive(deps.db, conversationId);
  if (!row || row.chatbotId !== botId) throw new AppError('NOT_FOUND', h.chatNotFound);
  if (row.status === 'ended') throw new AppError('CONFLICT', h.chatEnded);
  return row;
}

export async function take(deps: TChatbotDeps, userId: string, seedId: string, botId: string, conversationId: string) {
  await managedBot(deps.db, userId, seedId, botId, { read: true });
  const row = await openChatOf(deps, botId, conversationId);
  if (row.status === 'live' && row.agentId !== userId) throw new AppError('CONFLICT', h.takenByOther);
  if (row.status === 'waiting') {
    const name = (await namesIn(deps, userId, seedId)).get(userId) ?? '';
    const msg = await deps.db.transaction(async (tx) => {
      if (!(await live.takeLive(tx, conversationId, userId, deps.now()))) return undefined;
      return repo.insertMessage(tx, { conversationId, chatbotId: botId, role: 'bot', text: h.agentJoined(name) });
    });
    if (!msg) throw new AppError('CONFLICT', h.takenByOther);
    await toWidget(deps, conversationId, { event: 'status', data: { status: 'live', message: msg.text } });
    await toInbox(deps, botId, { type: 'taken', conversationId, line: lineOf(msg) });
  }
  return oneChat(deps, { userId, seedId }, botId, conversationId);
}

export async function reply(deps: TChatbotDeps, userId: string, seedId: string, botId: string, conversationId: string, text: string) {
  await managedBot(deps.db, userId, seedId, botId, { read: true });
  const row = await openChatOf(deps, botId, conversationId);
  if (row.status !== 'live' || row.agentId !== userId) throw new AppError('CONFLICT', row.status === 'live' ? h.takenByOther : h.notTaken);
  const msg = await repo.insertMessage(deps.db, { conversationId, chatbotId: botId, role: 'agent', text });
  const line = lineOf(msg);
  await toWidget(deps, conversationId, { event: 'agent', data: line });
  await toInbox(deps, botId, { type: 'message', conversationId, line });
  return line;
}

export async function end(deps: TChatbotDeps, userId: string, seedId: string, botId: string, conversationId: string) {
  await managedBot(deps.db, userId, seedId, botId, { read: true });
  const row = await openChatOf(deps, botId, conversationId);
  if (row.status === 'live' && row.agentId !== userId) throw new AppError('CONFLICT', h.takenByOther);
  const msg = await deps.db.transaction(async (tx) => {
    if (!(await live.endLive(tx, conversationId, deps.now()))) return undefined;
    return repo.insertMessage(tx, { conversationId, chatbotId: botId, role: 'bot', text: h.ended });
  });
  if (!msg) throw new AppError('CONFLICT', h.chatEnded);
  await toWidget(deps, conversationId, { event: 'status', data: { status: 'ended', message: msg.text } });
  await toInbox(deps, botId, { type: 'ended', conversationId, line: lineOf(msg) });
  return oneChat(deps, { userId, seedId }, botId, conversationId);
}
