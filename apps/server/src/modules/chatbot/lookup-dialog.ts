/**
 * The lookup dialog (issue 29): a customer's message that matches a lookup's words (and, without a key in it, that
 * the FAQ cannot answer) starts it; the bot asks for what is missing — the key, then the verification value — keeping
 * the pending step in the conversation (the key sealed). With both, ONE query through the API builder's data API reads
 * the row whose key AND verification match (both in the WHERE, limit 2, anything but one row is "not found"), so no
 * other row ever leaves the database; the answer says only the reply columns. "No such key" and "wrong digits" get
 * the same words. Each conversation has LOOKUP_ATTEMPTS queries, and failures across conversations lock a key or an
 * address for the hour (lookup-locks.ts); every query (and a refusal at a cap or lock) is audited without the values.
 * Only a message that looks like the verification value is taken as one; anything else is answered as usual while the
 * step stays pending, and '취소' / '그만' ends it.
 */
import { koChatbotLookups } from '@suite/shared/messages/ko-chatbot-lookups';
import type { TAnswer } from '@suite/shared/schemas/chatbot';
import { writeAudit } from '../../lib/audit.ts';
import { decryptSecret, encryptSecret } from '../../lib/secret-box.ts';
import { callDataApiTyped, type TCondition, type TParsedQuery } from '../api-builder/data-api.service.ts';
import { retrieve } from './chatbot-retrieval.ts';
import type { TChatbotDeps } from './chatbot.deps.ts';
import type { TBotRow } from './chatbot.repository.ts';
import * as repo from './chatbot.repository.ts';
import { reserveFailure } from './lookup-locks.ts';
import * as lookups from './lookups.repository.ts';

const d = koChatbotLookups.dialog;

/** Queries a conversation may run (right or wrong); beyond, the bot refers the customer to a person. */
export const LOOKUP_ATTEMPTS = 5;
/** A pending step older than this is forgotten (the customer moved on). */
const PENDING_MS = 30 * 60_000;
/** Lookup queries per bot and minute, on the data API's own limiter (internal principal). */
const QUERIES_PER_MINUTE = 120;

type TLookupAnswer = TAnswer & { lookup?: { name: string } };
export type TLookupResult = 'found' | 'not_found' | 'capped' | 'locked' | 'failed';

const squash = (s: string) => s.normalize('NFC').toLowerCase().replace(/\s+/g, '');

/** The lookup's trigger words: its keywords, or the words of its name. */
export function wordsOf(l: Pick<lookups.TLookupRow, 'keywords' | 'name'>): string[] {
  const words = l.keywords.length ? l.keywords : l.name.split(/\s+/);
  return words.map(squash).filter((w) => w.length >= 2);
}

/** Whether the message names the lookup (any of its words, spacing ignored). */
export const matchesLookup = (text: string, l: Pick<lookups.TLookupRow, 'keywords' | 'name'>) => {
  const t = squash(text);
  return wordsOf(l).some((w) => t.includes(w));
};

/**
 * A key-shaped value in the message: a run of letters, digits, '-' and '_' of 4–64 characters with at least three
 * digits ('20261126-0012', 'A-10023', '1001'); the last such run when there are several.
 *
 * >>> keyIn('주문번호 20261126-0012 배송 어디쯤이에요?') → '20261126-0012'
 * >>> keyIn('배송 언제 와요') → undefined
 */
export function keyIn(text: string): string | undefined {
  const runs = text.match(/[A-Za-z0-9][A-Za-z0-9_-]{2,62}[A-Za-z0-9]/g) ?? [];
  return runs.filter((r) => (r.match(/\d/g)?.length ?? 0) >= 3).pop();
}

/** A question, not an answer: a question mark, a question ending or a question word. */
const QUESTION = /[?？]|(?:나요|까요|가요|니까|는지|인지|을까|냐|니|까)\s*[.!~]*$|언제|어디|얼마|무엇|뭐|왜|어떻게|어떤|무슨|몇|누가/u;
/** A request ('상담원 연결해 주세요', '알려 줘'): not an answer either. */
const REQUEST = /주세요|줘요?|싶어요|싶은데|할게요|할래요|하고\s*싶/u;
/** '취소', '그만', '조회 취소할게요': the customer ends the pending lookup. */
const CANCEL = /^(?:조회\s*)?(?:취소|그만)(?:\s*(?:할게요|할래요|합니다|해요|해\s*주세요|해|하기|요))?[.!~\s]*$/u;
/** Words around four digits that still make "essentially 4 digits" ('휴대폰 번호 뒤 4자리는 1234입니다'), longest first. */
const FILLER = new RegExp(
  `(?:${[
    '휴대폰',
    '핸드폰',
    '휴대전화',
    '전화번호',
    '전화',
    '연락처',
    '번호',
    '뒷자리',
    '끝자리',
    '마지막',
    '자리',
    '네자리',
    '4자리',
    '이에요',
    '입니다',
    '이고요',
    '인데요',
    '예요',
    '에요',
    '이요',
    '이고',
    '폰',
    '뒤',
    '뒷',
    '끝',
    '제',
    '저',
    '내',
    '은',
    '는',
    '이',
    '가',
    '요',
    '네',
    '넵',
    '음',
    '아',
  ]
    .sort((a, b) => b.length - a.length)
    .join('|')})`,
  'gu',
);

/** Whether the message ends the pending lookup ('취소', '그만할게요'). */
export const isCancel = (text: string) => CANCEL.test(text.normalize('NFKC').trim());

/**
 * The last four digits when the message is essentially them: one number (four digits, or a mobile number whose last
 * four are taken) with only words like '뒤 4자리', '번호는', '입니다' around it, and no question or request; 'short'
 * for such a message with 1–3 digits; undefined for anything else ('3000원이요?', '12개요', '1234번 상품 있어요').
 *
 * >>> last4In('뒤 4자리 1234요') → '1234'      >>> last4In('3000원이요?') → undefined
 */
export function last4In(text: string): string | 'short' | undefined {
  const t = text.normalize('NFKC').trim();
  if (QUESTION.test(t) || REQUEST.test(t)) return undefined;
  const rest = t.replace(/(?:4|네)\s*자리/gu, ' ');
  const numbers = rest.match(/\d+(?:\s*[-.]\s*\d+)*/g) ?? [];
  if (numbers.length !== 1) return undefined;
  const around = rest
    .replace(numbers[0]!, '')
    .replace(/[\s.,!~^ㅎㅋ]/gu, '')
    .replace(FILLER, '');
  if (around) return undefined;
  const digits = numbers[0]!.replace(/\D/g, '');
  if (digits.length === 4) return digits;
  if (/^01\d{8,9}$/.test(digits)) return digits.slice(-4);
  return digits.length < 4 ? 'short' : undefined;
}

/**
 * The value for an `equals` check when the message looks like one: short (at most 64 characters, 4 words), no question
 * or request; without surrounding spaces and final punctuation. The caller also refuses a message the FAQ answers.
 */
export function equalsValueIn(text: string): string | undefined {
  const v = text
    .normalize('NFC')
    .trim()
    .replace(/[.!~]+$/, '')
    .trim();
  if (!v || v.length > 64 || v.split(/\s+/).length > 4) return undefined;
  if (QUESTION.test(v) || REQUEST.test(v)) return undefined;
  return v;
}

const labelOf = (l: lookups.TLookupRow, column: string) => (l.labels as Record<string, string>)[column] || column;

function shown(v: unknown): string {
  if (v === null || v === undefined || v === '') return d.empty;
  if (typeof v === 'boolean') return v ? '예' : '아니요';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v as string | number);
}

/** The answer from the row: the reply columns only, with their labels, in the lookup's order. */
export const resultSentence = (l: lookups.TLookupRow, row: Record<string, unknown>) =>
  d.result(
    l.name,
    l.replyColumns.map((c) => ({ label: labelOf(l, c), value: shown(row[c]) })),
  );

const verifyPrompt = (l: lookups.TLookupRow) => (l.verifyRule === 'last4' ? d.askLast4(labelOf(l, l.verifyColumn)) : d.askEquals(labelOf(l, l.verifyColumn)));

/**
 * Runs the lookup: one read of the published table through the data API (in process, never cached), key = value
 * AND the verification in the WHERE, limit 2. One row → found; none or two → not found; an error → failed.
 */
async function runLookup(deps: TChatbotDeps, bot: TBotRow, l: lookups.TLookupRow, key: string, verify: string) {
  if (!deps.apiBuilder) return { result: 'failed' as const };
  const where: TCondition[] = [
    { kind: 'filter', column: l.keyColumn, op: 'eq', negated: false, value: key },
    l.verifyRule === 'last4'
      ? { kind: 'filter', column: l.verifyColumn, op: 'like', negated: false, value: `*${verify}` }
      : { kind: 'filter', column: l.verifyColumn, op: 'eq', negated: false, value: verify },
  ];
  const query: TParsedQuery = {
    select: l.replyColumns.map((name) => ({ kind: 'field' as const, name, alias: undefined })),
    resources: new Map([['', { where, order: [], limit: 2, offset: undefined }]]),
    onConflict: undefined,
    columns: undefined,
  };
  try {
    const res = await callDataApiTyped(deps.apiBuilder, {
      apiId: l.apiId,
      table: l.tableName,
      method: 'GET',
      query,
      principal: { kind: 'internal', id: `chatbot-lookup:${bot.id}`, rateLimitPerMinute: QUERIES_PER_MINUTE },
      fresh: true,
    });
    const rows = (res.body ?? JSON.parse(res.raw ?? '[]')) as Record<string, unknown>[];
    return rows.length === 1 ? { result: 'found' as const, row: rows[0]! } : { result: 'not_found' as const };
  } catch (err) {
    const status = (err as { status?: number }).status ?? 500;
    // A value the column cannot hold (a letter in a numeric key) is the customer's mistake: not found, same words.
    if (status === 400) return { result: 'not_found' as const };
    deps.log.warn({ botId: bot.id, lookupId: l.id, status, err: String((err as Error)?.message ?? err).slice(0, 200) }, 'chatbot lookup failed');
    return { result: 'failed' as const };
  }
}

const audit = (deps: TChatbotDeps, bot: TBotRow, conversationId: string, ip: string, l: lookups.TLookupRow, result: TLookupResult) =>
  writeAudit(deps.db, {
    action: 'chatbot.lookup',
    actorId: null,
    targetType: 'chatbot',
    targetId: bot.id,
    ip,
    metadata: { seedId: bot.seedId, conversationId, lookupId: l.id, lookup: l.name, result },
  });

/**
 * The lookup dialog's turn for a visitor's message, or undefined when the message is not part of a lookup (the
 * caller answers it from the knowledge). `storeVisitor` stores the visitor's message as the caller stores it; a
 * verification value is stored masked.
 */
export async function answerLookup(
  deps: TChatbotDeps,
  bot: TBotRow,
  conversationId: string,
  ip: string,
  text: string,
  storeVisitor: (text: string) => Promise<unknown>,
  onPart?: (part: string) => void,
): Promise<TLookupAnswer | undefined> {
  const defined = await lookups.listLookups(deps.db, bot.id);
  if (!defined.length) return undefined;
  const now = deps.now();
  const key = deps.config.encryptionKey;
  const idle = { lookupId: null, step: null, keySealed: null };
  const state = await lookups.stateOf(deps.db, conversationId);
  const fresh = state?.step && state.lookupId && now.getTime() - state.updatedAt.getTime() < PENDING_MS;
  const pending = fresh ? defined.find((l) => l.id === state.lookupId) : undefined;

  const reply = async (answer: string, answered: boolean, l?: lookups.TLookupRow, visitorText = text): Promise<TLookupAnswer> => {
    await storeVisitor(visitorText);
    onPart?.(answer);
    const msg = await repo.insertMessage(deps.db, { conversationId, chatbotId: bot.id, role: 'bot', text: answer, answered, mode: 'lookup', sources: [] });
    return { messageId: msg.id, answer, answered, sources: [], ...(l ? { lookup: { name: l.name } } : {}) };
  };
  const askVerify = async (l: lookups.TLookupRow, given: string) => {
    await lookups.saveState(deps.db, conversationId, { lookupId: l.id, step: 'verify', keySealed: encryptSecret(key, given) }, now);
    return reply(verifyPrompt(l), true);
  };
  const capped = (state?.attempts ?? 0) >= LOOKUP_ATTEMPTS;
  const refuseCapped = async (l: lookups.TLookupRow, visitorText = text) => {
    await lookups.saveState(deps.db, conversationId, idle, now);
    await audit(deps, bot, conversationId, ip, l, 'capped');
    return reply(d.capped, false, undefined, visitorText);
  };

  // '취소' / '그만' while a lookup waits: the pending step ends.
  if (pending && isCancel(text)) {
    await lookups.saveState(deps.db, conversationId, idle, now);
    return reply(d.cancelled, true);
  }
  // Waiting for the verification, the customer names the lookup again with another key ('주문번호 잘못 말했어요 …-0013'): a new key.
  const corrected = pending && state?.step === 'verify' && matchesLookup(text, pending) ? keyIn(text) : undefined;
  if (pending && corrected) return capped ? refuseCapped(pending) : askVerify(pending, corrected);
  const waiting = Boolean(pending && state?.step === 'verify' && state.keySealed);
  if (pending && state?.step === 'verify' && state.keySealed) {
    let value: string | undefined;
    if (pending.verifyRule === 'last4') {
      const found = last4In(text);
      if (found === 'short') return reply(d.badLast4, true, undefined, text.replace(/\d/g, '*'));
      value = found;
    } else {
      value = equalsValueIn(text);
      // A question the FAQ answers is a question, not the verification value.
      if (value && (await retrieve(deps.db, bot.id, text, bot.synonyms)).sure.length) value = undefined;
    }
    if (value) {
      const masked = pending.verifyRule === 'last4' ? text.replace(/\d/g, '*') : d.verifyMasked;
      const taken = await lookups.takeAttempt(deps.db, conversationId, LOOKUP_ATTEMPTS, now);
      if (taken === undefined) return refuseCapped(pending, masked);
      const given = decryptSecret(key, state.keySealed);
      // Failures across conversations (per key and per address): past the limit the key is locked, same words, no query.
      const reserved = await reserveFailure(deps, bot.id, pending.id, given, ip);
      if (reserved.locked) {
        await audit(deps, bot, conversationId, ip, pending, 'locked');
        return reply(d.notFound, false, undefined, masked);
      }
      const out = await runLookup(deps, bot, pending, given, value);
      if (out.result !== 'not_found') await reserved.giveBack();
      await audit(deps, bot, conversationId, ip, pending, out.result);
      if (out.result === 'found') return reply(resultSentence(pending, out.row), true, pending, masked);
      return reply(out.result === 'failed' ? d.failed : d.notFound, false, undefined, masked);
    }
    // Not a verification value ('3000원이요?', a FAQ question): the step stays pending and the message is answered as usual.
  } else if (pending && state?.step === 'key') {
    const given = keyIn(text);
    if (given) return capped ? refuseCapped(pending) : askVerify(pending, given);
    await lookups.saveState(deps.db, conversationId, idle, now);
  }

  const l = defined.find((x) => matchesLookup(text, x));
  if (!l) return undefined;
  const given = keyIn(text);
  if (given) return capped ? refuseCapped(l) : askVerify(l, given);
  // While the bot waits for the verification, the lookup's words alone do not restart it: the FAQ answers if it can.
  if (waiting) return undefined;
  // The lookup's words without a key: the FAQ answers when it can ('배송비는 얼마예요?'); otherwise ask for the key.
  const { sure } = await retrieve(deps.db, bot.id, text, bot.synonyms);
  if (sure.length) return undefined;
  if (capped) return refuseCapped(l);
  await lookups.saveState(deps.db, conversationId, { lookupId: l.id, step: 'key', keySealed: null }, now);
  return reply(d.askKey(labelOf(l, l.keyColumn)), true);
}
