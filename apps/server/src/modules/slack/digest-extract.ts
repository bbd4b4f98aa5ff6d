/**
 * The digest without a language model (decision 087): rule-based Korean. Decisions (결정/확정/하기로/합의…), open
 * questions (?, ~까요, ~나요, ~할지… with no reply from someone else in their thread afterwards), and action items
 * ("@사람 … 해주세요", "제가 … 할게요", "담당", "~까지") with their owner (the first person mentioned, else the author
 * of a self-commitment, which counts only with a due date: "…시작할게요" is chatter) and a due date read from the text (오늘, 내일, 모레, 이번 주/다음 주 금요일, 금요일까지,
 * 12/3, 12월 3일, 3일까지) relative to the message's Seoul date. Every item keeps its message's ts for the link.
 */
export type TDigestMessage = { ts: string; threadTs: string; user: string; text: string };
export type TDigestItem = { ts: string; threadTs: string; user: string; text: string; owner?: string | null; due?: string | null };
export type TDigestContent = { decisions: TDigestItem[]; questions: TDigestItem[]; actions: TDigestItem[] };

const DECISION = /(결정|확정|하기로|합의|정했|정하죠|정할게요|로 가죠|로 갑시다|승인|채택|decided|agreed|approved)/i;
/** A question mark, or a question ending at the end of a sentence ('금요일까지' is no '~일까'). */
const QUESTION = /[?？]|(까요|나요|할지|인가요|일까|는지요|어떨까|어때요|맞나요|되나요|있을까|없을까|건가요)(?=[\s.~!]*$|[.~!]+\s)/;
/** Asking someone for it (a task even without a date). */
const REQUEST = /(해\s?주세요|해\s?줄래요|해\s?주실 수|부탁|담당|맡아)/;
const ACTION =
  /(해\s?주세요|해\s?줄래요|해\s?주실 수|부탁|담당|맡아|맡을게|할게요|하겠습니다|할께요|챙길게|올릴게|보낼게|정리할게|공유할게|까지\s|까지$|까지[.!,]|마감|TODO|할 일)/i;
const SELF = /(제가|저는|내가|전|제 쪽|저희 팀이)/;
const MENTION = /<@([A-Z0-9]+)(?:\|[^>]+)?>/;
const MENTIONS = /<@([A-Z0-9]+)(?:\|[^>]+)?>/g;

const SEOUL_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;
const WEEKDAYS = '일월화수목금토';

const clean = (t: string) =>
  t
    .replace(/<(https?:[^|>]+)\|([^>]+)>/g, '$2')
    .replace(/<(https?:[^>]+)>/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

const tsDate = (ts: string) => new Date(Math.round(Number(ts) * 1000));
const fmt = (d: Date) => {
  const l = new Date(d.getTime() + SEOUL_MS);
  return `${l.getUTCMonth() + 1}월 ${l.getUTCDate()}일 (${WEEKDAYS[l.getUTCDay()]})`;
};

/** The due date written in `text`, as '12월 3일 (수)', relative to the message's time; null when none. */
export function dueDate(text: string, at: Date): string | null {
  const local = new Date(at.getTime() + SEOUL_MS);
  const y = local.getUTCFullYear();
  const day0 = Date.UTC(y, local.getUTCMonth(), local.getUTCDate()) - SEOUL_MS;
  const plus = (n: number) => fmt(new Date(day0 + n * DAY_MS));
  if (/오늘\s*(중|까지|안|오후|저녁|퇴근)/.test(text) || /(EOD|퇴근 전)/i.test(text)) return plus(0);
  if (/내일/.test(text)) return plus(1);
  if (/모레/.test(text)) return plus(2);
  const md = /(\d{1,2})\s*(?:월|\/)\s*(\d{1,2})\s*일?/.exec(text);
  if (md) {
    const m = Number(md[1]);
    const d = Number(md[2]);
    if (m >= 1 && m <= 12 && d >= 1 && d <= 31) {
      let t = Date.UTC(y, m - 1, d) - SEOUL_MS;
      if (t < day0 - 60 * DAY_MS) t = Date.UTC(y + 1, m - 1, d) - SEOUL_MS;
      return fmt(new Date(t));
    }
  }
  const wd = /(다음\s*주|다다음\s*주|이번\s*주)?\s*([월화수목금토일])요일/.exec(text);
  if (wd) {
    const target = WEEKDAYS.indexOf(wd[2]!);
    const today = local.getUTCDay();
    // Weeks start on Monday: '이번 주 금요일' is this week's, '다음 주 월요일' next week's.
    const mon = (d: number) => (d + 6) % 7;
    let n = mon(target) - mon(today);
    if (wd[1]?.startsWith('다음')) n += 7;
    else if (wd[1]?.startsWith('다다음')) n += 14;
    else if (!wd[1] && n < 0) n += 7;
    return plus(n);
  }
  const dOnly = /(\d{1,2})일\s*(까지|마감|전)/.exec(text);
  if (dOnly) {
    const d = Number(dOnly[1]);
    let m = local.getUTCMonth();
    if (d < local.getUTCDate()) m += 1;
    return fmt(new Date(Date.UTC(y, m, d) - SEOUL_MS));
  }
  return null;
}

/** Extracts the three sections from the period's messages (oldest first). `botUserId`'s own messages are left out. */
export function extractDigest(messages: TDigestMessage[], botUserId: string): TDigestContent {
  const human = messages.filter((m) => m.user && m.user !== botUserId && !m.user.startsWith('B') && clean(m.text));
  const out: TDigestContent = { decisions: [], questions: [], actions: [] };
  for (const [i, m] of human.entries()) {
    const text = clean(m.text.replace(new RegExp(`<@${botUserId}>`, 'g'), ''));
    if (!text) continue;
    const item = { ts: m.ts, threadTs: m.threadTs, user: m.user, text };
    const decision = DECISION.test(text) && !/(까요|나요|\?)\s*$/.test(text);
    if (decision) out.decisions.push(item);
    else if (QUESTION.test(text)) {
      // Open: nobody else wrote in its thread after it.
      const answered = human.slice(i + 1).some((r) => r.threadTs === m.threadTs && r.user !== m.user);
      if (!answered) out.questions.push(item);
    }
    // "…로 확정할게요" is a decision, not a task, unless it asks someone (a mention).
    if (ACTION.test(text) && (!decision || MENTION.test(text))) {
      const mentioned = MENTION.exec(text)?.[1];
      const due = dueDate(text, tsDate(m.ts));
      // "…시작할게요" alone is chatter: a self-commitment without a request or a mention is a task only with a due date.
      if (!mentioned && !REQUEST.test(text) && !due) continue;
      const owner = mentioned ?? (SELF.test(text) || /(할게요|하겠습니다|맡을게|챙길게|올릴게|보낼게|정리할게|공유할게)/.test(text) ? m.user : null);
      out.actions.push({ ...item, owner, due });
    }
  }
  return out;
}

/** The mentions in a text as plain `@U…` (for item lines whose owner is shown separately). */
export const withoutMentions = (t: string) => t.replace(MENTIONS, '').replace(/\s+/g, ' ').trim();
