/**
 * Customer AI chatbot (issue 14): bots per seed, the public conversation API's logic (grounded answers, basic mode,
 * hand-off tickets) and the console's views. Knowledge comes from the knowledge module.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ko } from '@suite/shared';
import type { TAnswer, TChatbot, TChatbotUnanswered, TCreateChatbotInput, TFaqEditInput } from '@suite/shared/schemas/chatbot';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { escapeHtml } from '../../lib/html.ts';
import { bearerToken } from '../../lib/route-helpers.ts';
import { sha256 } from '../../lib/tokens.ts';
import { afterResponse } from '../../lib/after-response.ts';
import { reserveMails } from '../../lib/mail-quota.ts';
import { tooMany, type TRateLimiter } from '../../plugins/rate-limit.ts';
import * as knowledge from '../knowledge/knowledge.service.ts';
import { retrieve } from './chatbot-retrieval.ts';
import { addressKey } from './chatbot-address.ts';
import { assertManager, seedFor } from '../seeds/seeds.service.ts';
import { consoleLink, HANDOFF_SLACK_KIND, HANDOFF_WINDOW_MS, noteCapReached, scheduleHandoffNotice } from './chatbot-notify.ts';
import { NO_ANSWER, streamGrounded } from './grounded.ts';
import { answerLookup } from './lookup-dialog.ts';
import { maskText } from '../../lib/pii-mask.ts';
import { insertVisitorMessage } from './pii-originals.ts';
import * as repo from './chatbot.repository.ts';
import type { TChatbotDeps } from './chatbot.deps.ts';

const s = ko.chatbot.server;
/** How long a refusal's suggestions can be chosen (a day: a visitor may come back to the open widget). */
const OFFER_TTL_MS = 24 * 60 * 60_000;
const offeredKey = (messageId: string) => `chatbot:offered:${messageId}`;

export type { TChatbotDeps, THandoffTicket } from './chatbot.deps.ts';

export { HANDOFF_SLACK_KIND };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Questions: per conversation (visitor) 20 a minute, per address 60 a minute, and only then per bot 600 a minute, so
 * one visitor or a handful of addresses cannot use up the bot-wide budget (it takes ten busy addresses). Conversations
 * per address: 30 a minute. Hand-offs: 3 an hour per conversation and 10 an hour per address; the team's mail about
 * them has its own budget (chatbot-notify.ts), not the seed's mail quota.
 */
export const LIMITS = {
  visitor: { max: 20, windowMs: MINUTE },
  address: { max: 60, windowMs: MINUTE },
  bot: { max: 600, windowMs: MINUTE },
  start: { max: 30, windowMs: MINUTE },
  handoffVisitor: { max: 3, windowMs: HOUR },
  handoffAddress: { max: 10, windowMs: HOUR },
};

/** Masks personal data (주민등록번호, phone, card, account, e-mail; pii-mask.ts) for logs, lists and prompts. */
export const maskPii = maskText;

export function toApiBot(row: repo.TBotRow, sources: number): TChatbot {
  return {
    id: row.id,
    name: row.name,
    greeting: row.greeting,
    allowedOrigins: row.allowedOrigins,
    brandColor: row.brandColor,
    slackChannelId: row.slackChannelId,
    sources,
    createdAt: row.createdAt.toISOString(),
    refusedOrigins: row.refusedOrigins,
    cappedAt: row.cappedAt?.toISOString() ?? null,
  };
}

/** A bot of a seed the user manages (404 for non-members or other seeds' bots, 403 for plain members). */
export async function managedBot(db: TDb, userId: string, seedId: string, botId?: string, opts: { read?: boolean } = {}) {
  const seed = await seedFor(db, seedId, userId);
  if (!opts.read) assertManager(seed);
  if (!botId) return { seed, bot: undefined };
  const bot = await repo.findBot(db, botId);
  if (!bot || bot.seedId !== seedId) throw new AppError('NOT_FOUND', s.botNotFound);
  return { seed, bot };
}

export async function createBot(db: TDb, userId: string, seedId: string, input: TCreateChatbotInput) {
  await managedBot(db, userId, seedId);
  const row = await repo.insertBot(db, {
    seedId,
    name: input.name,
    greeting: input.greeting ?? '',
    allowedOrigins: [...new Set(input.allowedOrigins)],
    ...(input.brandColor ? { brandColor: input.brandColor } : {}),
    slackChannelId: input.slackChannelId || null,
  });
  return { id: row.id };
}

export async function listBots(db: TDb, userId: string, seedId: string): Promise<TChatbot[]> {
  await managedBot(db, userId, seedId, undefined, { read: true });
  const bots = await repo.listBots(db, seedId);
  const counts = await knowledge.sourceCounts(
    db,
    bots.map((b) => b.id),
  );
  return bots.map((b) => toApiBot(b, counts.get(b.id) ?? 0));
}

/** A seed's chatbots, oldest first (the knowledge module's attachment targets, handed to it by buildApp). */
export const botsOfSeed = (db: TDb, seedId: string): Promise<{ id: string; name: string }[]> => repo.botNamesOfSeed(db, seedId);

export async function updateBot(db: TDb, userId: string, seedId: string, botId: string, patch: Partial<TCreateChatbotInput>) {
  await managedBot(db, userId, seedId, botId);
  const set = {
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.greeting !== undefined ? { greeting: patch.greeting } : {}),
    ...(patch.allowedOrigins !== undefined ? { allowedOrigins: [...new Set(patch.allowedOrigins)] } : {}),
    ...(patch.brandColor !== undefined ? { brandColor: patch.brandColor } : {}),
    ...(patch.slackChannelId !== undefined ? { slackChannelId: patch.slackChannelId || null } : {}),
  };
  // An empty edit ({} or only unknown fields) is the caller's mistake, not an UPDATE without columns (a 500).
  if (!Object.keys(set).length) throw new AppError('VALIDATION_FAILED', ko.console.seeds.nothingToUpdate);
  await repo.updateBot(db, botId, set);
  const bot = (await repo.findBot(db, botId))!;
  return toApiBot(bot, (await knowledge.sourceCounts(db, [botId])).get(botId) ?? 0);
}

export async function deleteBot(db: TDb, userId: string, seedId: string, botId: string) {
  await managedBot(db, userId, seedId, botId);
  await knowledge.releaseChatbot(db, botId);
  await repo.deleteBot(db, botId);
}

// ── Public API ──

/**
 * The bot for a public request; an Origin header not in its allowed origins → 403. No Origin (a server) passes. A
 * refused origin is recorded with the time (at most once a minute per origin, at most 10 kept), so the install tab
 * can say where the widget was refused — a mistyped origin otherwise fails silently.
 */
export async function publicBot(
  deps: Pick<TChatbotDeps, 'db' | 'limiter' | 'refetch' | 'extraOrigins'>,
  botId: string,
  origin: string | undefined,
  appOrigin?: string,
) {
  const bot = await repo.findBot(deps.db, botId);
  if (!bot) throw new AppError('NOT_FOUND', s.botNotFound);
  // The console's own origin may use every bot (its live preview).
  const o = origin?.toLowerCase();
  if (o !== undefined && o !== appOrigin && !bot.allowedOrigins.includes(o) && !(await deps.extraOrigins?.(bot.seedId))?.includes(o)) {
    const recordable = o.length <= 200 && /^[a-z][a-z0-9+.-]*:\/\/[^\s/?#]+$|^null$/.test(o);
    // At most one write a minute per origin, and at most 30 a minute per bot whatever Origin headers a script invents.
    if (recordable && (await deps.limiter.state.claim(`chatbot:refused:${bot.id}:${o}`, MINUTE))) {
      const { count } = await deps.limiter.count(`chatbot:refused-writes:${bot.id}`, MINUTE);
      if (count <= 30) await repo.recordRefusedOrigin(deps.db, bot.id, o, deps.refetch.now());
    }
    throw new AppError('FORBIDDEN', s.originNotAllowed);
  }
  return bot;
}

async function limit(limiter: TRateLimiter, key: string, l: { max: number; windowMs: number }, message: string) {
  const { count, resetMs } = await limiter.count(key, l.windowMs);
  if (count > l.max) throw tooMany('RATE_LIMITED', resetMs, message);
}

/**
 * The bot-wide budget, counted only for requests that passed the visitor's and the address's own limits. Questions
 * and new conversations have a budget each: starts spending the question budget let seven busy addresses (30
 * conversations and 60 questions a minute each) silence the bot instead of ten.
 */
async function botLimit(deps: TChatbotDeps, bot: repo.TBotRow, budget: 'bot' | 'bot-start' = 'bot') {
  const { count, resetMs } = await deps.limiter.count(`chatbot:${budget}:${bot.id}`, LIMITS.bot.windowMs);
  if (count <= LIMITS.bot.max) return;
  await noteCapReached(deps, bot.id).catch((err: unknown) => deps.log.warn({ err, botId: bot.id }, 'chatbot: could not note the bot-wide cap'));
  throw tooMany('RATE_LIMITED', resetMs, s.botRateLimited);
}

export async function startConversation(deps: TChatbotDeps, bot: repo.TBotRow, ip: string, origin: string | undefined) {
  await limit(deps.limiter, `chatbot:start:${bot.id}:${addressKey(ip)}`, LIMITS.start, s.visitorRateLimited);
  await botLimit(deps, bot, 'bot-start');
  const token = randomBytes(32).toString('base64url');
  const conv = await repo.insertConversation(deps.db, { chatbotId: bot.id, tokenHash: sha256(token), origin: origin?.toLowerCase() ?? '' });
  return { conversationId: conv.id, token };
}

export async function widgetInfo(db: TDb, bot: repo.TBotRow) {
  return {
    name: bot.name,
    greeting: bot.greeting || ko.chatbot.widget.defaultGreeting,
    brandColor: bot.brandColor,
    suggested: await knowledge.suggestedQuestions(db, bot.id),
  };
}

/** The conversation a bearer token opens; a wrong token or conversation → 401/404. */
export async function conversationFor(db: TDb, botId: string, conversationId: string, authorization: string | undefined) {
  const conv = await repo.findConversation(db, botId, conversationId);
  if (!conv) throw new AppError('NOT_FOUND', s.conversationNotFound);
  const token = bearerToken(authorization) ?? '';
  const a = Buffer.from(sha256(token));
  const b = Buffer.from(conv.tokenHash);
  if (!token || a.length !== b.length || !timingSafeEqual(a, b)) throw new AppError('UNAUTHORIZED', s.tokenInvalid);
  return conv;
}

function basicAnswer(hit: knowledge.THit): string {
  if (hit.kind === 'faq') return hit.answer ?? hit.content;
  return hit.content;
}

/** Splits an answer into the parts sent as server-sent events in basic mode (sentences, at most ~40 characters). */
export function partsOf(text: string): string[] {
  return text.match(/[^.!?。\n]{1,40}[.!?。\n]?\s*|[.!?。\n]\s*/g) ?? [text];
}

/**
 * Answers a visitor's question from the bot's knowledge. Rate limits first (per conversation, per bot), then
 * retrieval; below CONFIDENCE → "don't know" + hand-off offer. With a model: written only from the passages (the
 * model may still decline); without: the best FAQ answer or passage, quoted. `onPart` receives the answer as it comes.
 */
export async function ask(
  deps: TChatbotDeps,
  bot: repo.TBotRow,
  conversationId: string,
  ip: string,
  text: string,
  onPart?: (part: string) => void,
  choice?: { faqId: string; messageId: string },
): Promise<TAnswer> {
  await limit(deps.limiter, `chatbot:visitor:${conversationId}`, LIMITS.visitor, s.visitorRateLimited);
  await limit(deps.limiter, `chatbot:address:${bot.id}:${addressKey(ip)}`, LIMITS.address, s.visitorRateLimited);
  await botLimit(deps, bot);
  if (choice) return answerChoice(deps, bot, conversationId, text, choice, onPart);
  // Issue 29: a turn of a lookup's dialog (lookup-dialog.ts) is answered from the company's own data, not the knowledge.
  const looked = await answerLookup(
    deps,
    bot,
    conversationId,
    ip,
    text,
    (t) => insertVisitorMessage(deps, { conversationId, chatbotId: bot.id, text: t }),
    onPart,
  );
  if (looked) return looked;
  // Stored masked (the original sealed apart, pii-originals.ts); retrieval and the model see only the masked text.
  const { masked } = await insertVisitorMessage(deps, { conversationId, chatbotId: bot.id, text });
  text = masked;
  const { sure, forModel, suggest } = await retrieve(deps.db, bot.id, text, bot.synonyms);
  const llmReady = Boolean(deps.config.llm.baseUrl && deps.config.llm.model);
  const confident = llmReady ? forModel : sure;
  let answer: string = s.dontKnow;
  let answered = false;
  let cited: knowledge.THit[] = [];
  let mode = 'basic';
  let tokens = 0;
  if (confident.length) {
    const llm = deps.config.llm;
    if (llm.baseUrl && llm.model) {
      mode = 'llm';
      try {
        const out = await streamGrounded(
          llm,
          text,
          confident,
          (p) => onPart?.(p),
          undefined,
          (t) => (tokens = t),
        );
        if (out && !out.includes(NO_ANSWER)) {
          answer = out;
          answered = true;
          const refs = [...out.matchAll(/\[(\d)\]/g)].map((m) => confident[Number(m[1]) - 1]).filter((h): h is knowledge.THit => Boolean(h));
          cited = refs.length ? [...new Set(refs)] : [confident[0]!];
        }
      } catch (err) {
        deps.log.warn({ err: err instanceof Error ? err.message : 'llm failed', botId: bot.id }, 'chatbot model failed');
        answer = s.answerFailed;
      }
    } else {
      answer = basicAnswer(confident[0]!);
      answered = true;
      cited = [confident[0]!];
      for (const p of partsOf(answer)) onPart?.(p);
    }
  }
  // Decision 096: a refusal offers the closest FAQ entries' questions when the best one is near enough (not an answer).
  const suggestions = !answered && answer === s.dontKnow ? suggest : [];
  if (suggestions.length) answer = s.suggestHeading;
  if (!answered && onPart) onPart(answer);
  const sources = cited.map((h) => (h.url ? { title: h.title, url: h.url } : { title: h.title }));
  const msg = await repo.insertMessage(deps.db, {
    conversationId,
    chatbotId: bot.id,
    role: 'bot',
    // The transcript keeps what was offered.
    text: suggestions.length ? `${answer}\n${suggestions.map((x) => `· ${x.question}`).join('\n')}` : answer,
    question: text.slice(0, 300),
    answered,
    mode,
    sources,
    sourceId: cited[0]?.sourceId ?? null,
  });
  // Billing (issue 31), once the answer is stored: an answered question (not "don't know", a failed model or a
  // hand-off), and the model's tokens whenever it ran; both by the stored message's id.
  if (answered) deps.meter.record({ id: `chatbot:${msg.id}`, seedId: bot.seedId, meter: 'chatbot.answers' });
  if (tokens > 0) deps.meter.record({ id: `llm:chatbot:${msg.id}`, seedId: bot.seedId, meter: 'llm.tokens', quantity: tokens });
  if (cited[0]) await knowledge.markCited(deps.db, cited[0].sourceId);
  // What was offered, for the one choice the visitor may make from it (security review: a choice of any entry for any
  // refusal planted wrong "customer-chosen" hints in the owner's teach list).
  if (suggestions.length) await deps.state.setValue(offeredKey(msg.id), JSON.stringify(suggestions.map((x) => x.id)), OFFER_TTL_MS);
  return { messageId: msg.id, answer, answered, sources, ...(suggestions.length ? { suggestions } : {}) };
}

/**
 * The visitor chose a suggested entry (decision 096): the entry must be a live FAQ entry of this bot and `messageId` a
 * refusal of this conversation (else 400). Answered from that entry as a normal question and answer, and the choice
 * is kept on the refusal for the owner's teach list (the refused words as a phrasing of that entry).
 */
async function answerChoice(
  deps: TChatbotDeps,
  bot: repo.TBotRow,
  conversationId: string,
  text: string,
  choice: { faqId: string; messageId: string },
  onPart?: (part: string) => void,
): Promise<TAnswer> {
  const [entry, refusal] = await Promise.all([
    knowledge.sourcesOf(deps.db, { chatbotId: bot.id }).then((rows) => rows.find((r) => r.source.id === choice.faqId && r.source.kind === 'faq')?.source),
    repo.findRefusal(deps.db, conversationId, choice.messageId),
  ]);
  if (!entry || !refusal) throw new AppError('BAD_REQUEST', s.choiceNotFound);
  // Only an entry that refusal offered, and only once per refusal.
  const offered = JSON.parse((await deps.state.getValue(offeredKey(refusal.id))) ?? '[]') as string[];
  if (!offered.includes(entry.id) || !(await deps.state.claim(`chatbot:chose:${refusal.id}`, OFFER_TTL_MS)))
    throw new AppError('BAD_REQUEST', s.choiceNotFound);
  const { masked } = await insertVisitorMessage(deps, { conversationId, chatbotId: bot.id, text });
  const answer = entry.answer ?? '';
  const title = entry.question ?? entry.title;
  for (const p of partsOf(answer)) onPart?.(p);
  const sources = [entry.sourceUrl ? { title, url: entry.sourceUrl } : { title }];
  const msg = await repo.insertMessage(deps.db, {
    conversationId,
    chatbotId: bot.id,
    role: 'bot',
    text: answer,
    question: masked.slice(0, 300),
    answered: true,
    mode: 'choice',
    sources,
    sourceId: entry.id,
  });
  await repo.markChosen(deps.db, refusal.id, entry.id);
  deps.meter.record({ id: `chatbot:${msg.id}`, seedId: bot.seedId, meter: 'chatbot.answers' });
  await knowledge.markCited(deps.db, entry.id);
  return { messageId: msg.id, answer, answered: true, sources };
}

export async function feedback(db: TDb, conversationId: string, messageId: string, helpful: boolean) {
  if (!(await repo.setFeedback(db, conversationId, messageId, helpful ? 1 : -1))) throw new AppError('NOT_FOUND', s.messageNotFound);
}

function transcriptText(rows: repo.TMessageRow[]): string {
  return rows.map((m) => `${m.role === 'visitor' ? s.visitor : s.bot}: ${m.text}`).join('\n');
}

/**
 * Hand-off: limited per conversation and per address (429 beyond), then a ticket with the transcript and the
 * team's notification scheduled in one transaction. The ticket is always written once the request is accepted; how
 * the team is told (at once, or in the window's digest) is chatbot-notify.ts's business, and it never uses the seed's
 * mail quota.
 */
export async function handoff(
  deps: TChatbotDeps,
  bot: repo.TBotRow,
  conversationId: string,
  ip: string,
  input: { email: string; name?: string | undefined; message?: string | undefined },
) {
  await limit(deps.limiter, `chatbot:handoff:visitor:${conversationId}`, LIMITS.handoffVisitor, s.handoffRateLimited);
  await limit(deps.limiter, `chatbot:handoff:address:${bot.id}:${addressKey(ip)}`, LIMITS.handoffAddress, s.handoffRateLimited);
  const window = await deps.limiter.count(`chatbot:handoff-notice:${bot.id}`, HANDOFF_WINDOW_MS);
  const ticket = await deps.db.transaction(async (tx) => {
    const rows = await repo.transcript(tx, conversationId);
    const t = await repo.insertTicket(tx, {
      chatbotId: bot.id,
      conversationId,
      email: input.email,
      name: input.name ?? '',
      message: maskText(input.message ?? ''),
      transcript: transcriptText(rows) + (input.message ? `\n${s.visitor}: ${maskText(input.message)}` : ''),
    });
    await repo.markHandedOff(tx, conversationId);
    await scheduleHandoffNotice(deps, tx, bot, t.id, window.count, window.resetMs);
    return t;
  });
  deps.log.info({ botId: bot.id, ticketId: ticket.id, email: maskPii(input.email), nth: window.count }, 'chatbot hand-off: ticket stored');
  deps.onHandoff?.({
    botId: bot.id,
    seedId: bot.seedId,
    botName: bot.name,
    ticketId: ticket.id,
    email: input.email,
    name: input.name ?? '',
    message: ticket.message,
    transcript: ticket.transcript,
  });
  return { ticketId: ticket.id };
}

/**
 * The hand-off job: tells the bot's Slack channel, in the seed's connected workspace. The visitor's address is
 * masked there as in the logs (the console link shows the ticket). Nothing to do when the bot has no channel any
 * more or the seed no workspace; a Slack failure throws, and the runner retries with backoff.
 */
export async function postHandoffNotice(deps: Pick<TChatbotDeps, 'db' | 'config' | 'slack' | 'log'>, payload: Record<string, unknown>) {
  const bot = await repo.findBot(deps.db, String(payload.botId ?? ''));
  if (!bot?.slackChannelId) return;
  if (typeof payload.since === 'string') {
    const n = await repo.ticketsSince(deps.db, bot.id, new Date(payload.since));
    const text = s.slackHandoffDigest(slackEscape(bot.name), n, consoleLink(deps.config.appUrl, bot, 'tickets'));
    await deps.slack.post(bot.seedId, bot.slackChannelId, text);
    return;
  }
  const ticket = await repo.findTicket(deps.db, bot.id, String(payload.ticketId ?? ''));
  if (!ticket) return;
  const link = consoleLink(deps.config.appUrl, bot, 'tickets', ticket.id);
  // A visitor's words never become Slack markup: no mentions (<!channel>, <@U…>), no links, no formatting escapes.
  const text = s.slackHandoffNotice(slackEscape(bot.name), slackEscape(maskPii(ticket.email)), slackEscape(maskPii(ticket.message).slice(0, 1_000)), link);
  const posted = await deps.slack.post(bot.seedId, bot.slackChannelId, text);
  deps.log.info({ botId: bot.id, ticketId: ticket.id, email: maskPii(ticket.email), posted }, 'chatbot hand-off: Slack notice');
}

/** Slack's mrkdwn escapes: &, < and > (the characters of its control sequences). */
export const slackEscape = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// ── Console ──

export async function listTickets(db: TDb, userId: string, seedId: string, botId: string) {
  await managedBot(db, userId, seedId, botId, { read: true });
  return (await repo.listTickets(db, botId)).map((t) => ({
    id: t.id,
    conversationId: t.conversationId,
    email: t.email,
    name: t.name,
    message: maskText(t.message),
    transcript: maskText(t.transcript),
    status: t.status,
    answer: t.answer,
    createdAt: t.createdAt.toISOString(),
    answeredAt: t.answeredAt?.toISOString() ?? null,
  }));
}

/** The team's answer: stored, then mailed to the customer after the response. */
export async function answerTicket(deps: TChatbotDeps, userId: string, seedId: string, botId: string, ticketId: string, answer: string) {
  const { bot } = await managedBot(deps.db, userId, seedId, botId, { read: true });
  const ticket = await repo.findTicket(deps.db, botId, ticketId);
  if (!ticket) throw new AppError('NOT_FOUND', s.ticketNotFound);
  if (ticket.status !== 'open') throw new AppError('CONFLICT');
  await reserveMails(deps.limiter, deps.config.mailQuota, { userId, seedId, count: 1 });
  if (!(await repo.answerTicket(deps.db, ticketId, answer, userId, deps.now()))) throw new AppError('CONFLICT');
  const question =
    ticket.message ||
    ticket.transcript
      .split('\n')
      .filter((l) => l.startsWith(`${s.visitor}:`))
      .pop()
      ?.slice(s.visitor.length + 2) ||
    '';
  afterResponse(
    deps.log,
    async () => {
      const body = s.customerMailBody(bot!.name, question, answer);
      await deps.mailer.send({
        to: ticket.email,
        subject: s.customerMailSubject(bot!.name),
        text: body,
        html: `<pre>${escapeHtml(body)}</pre>`,
        links: [],
        seedId,
      });
    },
    'chatbot ticket answer mail',
  );
}

export async function conversations(db: TDb, userId: string, seedId: string, botId: string, q: string | undefined) {
  await managedBot(db, userId, seedId, botId, { read: true });
  const rows = await repo.listConversations(db, botId, q?.trim() || undefined, 100);
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    handedOff: r.handedOff,
    messages: r.messages,
    first: r.first ? maskPii(r.first) : null,
  }));
}

export async function transcriptOf(db: TDb, userId: string, seedId: string, botId: string, conversationId: string) {
  await managedBot(db, userId, seedId, botId, { read: true });
  const conv = await repo.findConversation(db, botId, conversationId);
  if (!conv) throw new AppError('NOT_FOUND', s.conversationNotFound);
  return (await repo.transcript(db, conversationId)).map((m) => ({
    id: m.id,
    role: m.role,
    text: m.role === 'visitor' ? maskText(m.text) : m.text,
    answered: m.answered,
    sources: m.sources,
    feedback: m.feedback,
    createdAt: m.createdAt.toISOString(),
  }));
}

/**
 * The questions to teach from (unanswered, or answered with a thumbs-down, not yet handled), each with the FAQ entry
 * it comes closest to (the matcher faq-suggestions uses; for a thumbs-down, another entry than the one it answered from).
 */
export async function unanswered(db: TDb, userId: string, seedId: string, botId: string): Promise<TChatbotUnanswered[]> {
  const { bot } = await managedBot(db, userId, seedId, botId, { read: true });
  const rows = await repo.unanswered(db, botId, 100);
  const sources = new Map(
    rows.some((r) => !r.answered && r.sourceId)
      ? (await knowledge.sourcesOf(db, { chatbotId: botId })).filter((x) => x.source.kind === 'faq').map((x) => [x.source.id, x.source])
      : [],
  );
  const out: TChatbotUnanswered[] = [];
  for (const r of rows) {
    const question = r.question ?? '';
    const { candidates } = question ? await knowledge.matchFaq(db, botId, question, bot!.synonyms) : { candidates: [] };
    // A refusal's `sourceId` is the entry the visitor chose among its suggestions (decision 096): the strongest hint.
    const chosen = !r.answered && r.sourceId ? sources.get(r.sourceId) : undefined;
    const best = candidates.find((c) => c.sourceId !== r.sourceId);
    out.push({
      id: r.id,
      question,
      createdAt: r.createdAt.toISOString(),
      kind: r.answered ? 'thumbsDown' : 'unanswered',
      answeredWith: r.answered ? (r.sources[0]?.title ?? null) : null,
      suggestion: chosen
        ? { sourceId: chosen.id, question: chosen.question ?? chosen.title, chosen: true }
        : best
          ? { sourceId: best.sourceId, question: best.question }
          : null,
    });
  }
  return out;
}

/**
 * Edits an FAQ entry (knowledge.editFaq); with `messageId`, the phrasing comes from that unanswered or thumbs-down
 * question, which is marked handled in the same transaction (it leaves the list). 404 for another bot's message.
 */
export async function editFaq(db: TDb, userId: string, seedId: string, botId: string, sourceId: string, input: TFaqEditInput, now: Date) {
  await managedBot(db, userId, seedId, botId);
  const { messageId, ...edit } = input;
  if (!messageId) return knowledge.editFaq(db, botId, sourceId, edit);
  return db.transaction(async (tx) => {
    const msg = await repo.findQuestionMessage(tx, botId, messageId);
    if (!msg) throw new AppError('NOT_FOUND', s.messageNotTeachable);
    const source = await knowledge.editFaq(tx, botId, sourceId, edit);
    await repo.markTaught(tx, messageId, sourceId, now);
    return source;
  });
}

/** The bot's own synonym groups (issue 29). */
export async function synonyms(db: TDb, userId: string, seedId: string, botId: string) {
  const { bot } = await managedBot(db, userId, seedId, botId, { read: true });
  return { groups: bot!.synonyms };
}

/** Replaces the bot's synonym groups; the FAQ matcher's index is rebuilt on the next question (its signature has them). */
export async function saveSynonyms(db: TDb, userId: string, seedId: string, botId: string, groups: string[][]) {
  await managedBot(db, userId, seedId, botId);
  await repo.updateBot(db, botId, { synonyms: groups });
  return { groups };
}

/** For the monitoring page (issue 30): the seed's bots' answers since `since` (console previews left out), and how many were not answered. */
export async function answersOfSeed(db: TDb, seedId: string, since: Date, consoleOrigin: string): Promise<{ questions: number; unanswered: number }> {
  const bots = (await repo.botNamesOfSeed(db, seedId)).slice(0, 50);
  const weeks = (await Promise.all(bots.map((b) => repo.weeklyAnswers(db, b.id, since, consoleOrigin)))).flat();
  const questions = weeks.reduce((n, w) => n + w.questions, 0);
  return { questions, unanswered: questions - weeks.reduce((n, w) => n + w.answered, 0) };
}

const WEEK_MS = 7 * 86_400_000;
const SEOUL_MS = 9 * 3_600_000;

/** The Mondays (YYYY-MM-DD, Asia/Seoul) of the last `n` weeks up to `now`'s week, oldest first, and the first one's start. */
export function seoulWeeks(now: Date, n = 8): { starts: string[]; since: Date } {
  const seoul = new Date(now.getTime() + SEOUL_MS);
  const monday = Date.UTC(seoul.getUTCFullYear(), seoul.getUTCMonth(), seoul.getUTCDate() - ((seoul.getUTCDay() + 6) % 7));
  const starts = Array.from({ length: n }, (_, i) => new Date(monday - (n - 1 - i) * WEEK_MS).toISOString().slice(0, 10));
  return { starts, since: new Date(monday - (n - 1) * WEEK_MS - SEOUL_MS) };
}

export async function figures(db: TDb, userId: string, seedId: string, botId: string, consoleOrigin: string, now: Date) {
  await managedBot(db, userId, seedId, botId, { read: true });
  const since = new Date(now.getTime() - 30 * 86_400_000);
  const f = await repo.figures(db, botId, since, consoleOrigin);
  const weeks = seoulWeeks(now);
  const perWeek = new Map((await repo.weeklyAnswers(db, botId, weeks.since, consoleOrigin)).map((w) => [w.weekStart, w]));
  return {
    weekly: weeks.starts.map((weekStart) => ({
      weekStart,
      questions: perWeek.get(weekStart)?.questions ?? 0,
      answered: perWeek.get(weekStart)?.answered ?? 0,
    })),
    conversationsPerDay: f.perDay.map((d) => ({ day: d.day, conversations: d.n })),
    conversations: f.totals.conversations,
    handedOff: f.totals.handedOff,
    resolutionRate: f.totals.conversations ? f.totals.resolved / f.totals.conversations : null,
    thumbsUp: f.thumbs.up,
    thumbsDown: f.thumbs.down,
    topQuestions: f.top.map((t) => ({ question: maskPii(t.question ?? ''), count: t.n })),
  };
}
