/**
 * Decisions (결정 사항) and action items (할 일) from a meeting's minutes, without a language model: an extractive,
 * rule-based reading of Korean minutes. Lines under a heading ('결정 사항', '할 일', 'TODO', …) belong to it; other
 * lines are read by their wording ('…하기로 했다', '확정' → a decision; '…까지', '담당', '…할게요', '부탁' → an
 * action). An action's owner is an attendee named in it (by @mention, name or e-mail name), else the @mentioned name;
 * its due date is read from '금요일까지', '다음 주 화요일까지', '12/3까지', '12월 3일까지', '오늘·내일·모레까지'.
 * Pure: the caller gives the meeting's date (Asia/Seoul), from which weekdays and dates are counted.
 */
import { koRoomsDoor } from '@suite/shared/messages/ko-rooms-door';

export type TPerson = { userId: string | null; name: string | null; email: string };
export type TExtractedAction = { text: string; ownerUserId: string | null; ownerName: string | null; due: string | null };
export type TExtracted = { decisions: string[]; actions: TExtractedAction[] };

const MAX_ITEMS = 30;
const MAX_TEXT = 300;

const DECISION_HEAD = /^(결정\s*사항|결정된\s*것|결정|합의\s*사항|결론|decisions?)\s*[:：]?$/i;
const ACTION_HEAD = /^(할\s*일|해야\s*할\s*일|액션\s*아이템|실행\s*항목|후속\s*조치|todo|to-do|action\s*items?|next\s*steps?)\s*[:：]?$/i;
const OTHER_HEAD = /^(안건|논의\s*사항|논의|참석자|공유\s*사항|기타|메모|notes?|agenda|attendees)\s*[:：]?$/i;
const DECISION = /(결정|확정|하기로|기로\s*(?:했|함|하였|정했)|합의|정했|정함|승인|채택|통과|으로\s*간다|로\s*간다|진행하기로|decided|agreed|approved)/i;
const ACTION =
  /(까지|담당|맡|할게요|하겠습니다|할\s*예정|해\s*주세요|해주세요|부탁|챙기|준비|작성|공유\s*예정|보내|전달|올리|정리하|확인하|검토하|todo|action)/i;
const BULLET = /^\s*(?:[-*•·▪◦]|\d+[.)]|\[[ xX]?\])\s*/;
const MENTION = /@([\p{L}\p{N}._-]+)/gu;
const WEEKDAYS = ['월', '화', '수', '목', '금', '토', '일'];

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const fromDayNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** ISO weekday of a YYYY-MM-DD date: 1 = Monday … 7 = Sunday. */
const isoWeekday = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};

function validDate(y: number, m: number, d: number): string | null {
  const s = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const t = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === s ? s : null;
}

/** The due date a line gives, counted from the meeting's date; null when it gives none. */
export function dueDateOf(text: string, meetingDate: string): string | null {
  const base = dayNumber(meetingDate);
  const [y] = meetingDate.split('-').map(Number) as [number];
  const md = /(\d{1,2})\s*[/.]\s*(\d{1,2})\s*\.?\s*(?:\([^)]*\)\s*)?까지/.exec(text) ?? /(\d{1,2})\s*월\s*(\d{1,2})\s*일\s*(?:\([^)]*\)\s*)?까지/.exec(text);
  if (md) {
    const m = Number(md[1]);
    const d = Number(md[2]);
    const same = validDate(y, m, d);
    // A date before the meeting means next year's (minutes of 12/20 saying '1/5까지').
    if (same && dayNumber(same) >= base) return same;
    return validDate(y + 1, m, d);
  }
  const wd = /(다음\s*주|다다음\s*주|이번\s*주|담주)?\s*([월화수목금토일])요일\s*(?:오전|오후|중)?\s*까지/.exec(text);
  if (wd) {
    const target = WEEKDAYS.indexOf(wd[2]!) + 1;
    const today = isoWeekday(meetingDate);
    const monday = base - (today - 1);
    const which = (wd[1] ?? '').replace(/\s/g, '');
    if (which === '다음주' || which === '담주') return fromDayNumber(monday + 7 + target - 1);
    if (which === '다다음주') return fromDayNumber(monday + 14 + target - 1);
    if (which === '이번주') return fromDayNumber(monday + target - 1);
    // A bare weekday is the next one after the meeting's day ('금요일까지' said on a Friday is a week later).
    const ahead = (target - today + 7) % 7 || 7;
    return fromDayNumber(base + ahead);
  }
  if (/오늘\s*(?:중|안)?\s*까지|오늘\s*중으로/.test(text)) return meetingDate;
  if (/내일\s*(?:오전|오후|중)?\s*까지/.test(text)) return fromDayNumber(base + 1);
  if (/모레\s*(?:오전|오후|중)?\s*까지/.test(text)) return fromDayNumber(base + 2);
  if (/이번\s*주\s*(?:중|안|내)?\s*(?:으로|에)?\s*까지|이번\s*주\s*(?:중|안|내)(?:으로|에)?/.test(text) && /까지|중으로|안에|내에/.test(text)) {
    return fromDayNumber(base + Math.max(0, 5 - isoWeekday(meetingDate)));
  }
  return null;
}

const localPart = (email: string) => email.split('@')[0]!.toLowerCase();

/** The person a line assigns: an attendee by @mention, full name, name without the family name (2+ letters) or e-mail name. */
export function ownerOf(text: string, people: TPerson[]): { userId: string | null; name: string } | null {
  const mentions = [...text.matchAll(MENTION)].map((m) => m[1]!);
  for (const mention of mentions) {
    const lower = mention.toLowerCase();
    const p = people.find((x) => (x.name && (x.name === mention || mention.startsWith(x.name))) || localPart(x.email) === lower);
    if (p) return { userId: p.userId, name: p.name ?? p.email };
  }
  let best: { person: TPerson; at: number } | null = null;
  for (const p of people) {
    const names = [p.name, p.name && p.name.length >= 3 ? p.name.slice(1) : null, localPart(p.email)].filter((n): n is string => Boolean(n && n.length >= 2));
    for (const n of names) {
      const at = text.toLowerCase().indexOf(n.toLowerCase());
      if (at >= 0 && (!best || at < best.at)) best = { person: p, at };
    }
  }
  if (best) return { userId: best.person.userId, name: best.person.name ?? best.person.email };
  if (mentions[0]) return { userId: null, name: mentions[0] };
  const labelled = /담당(?:자)?\s*[:：]\s*([\p{L}]{2,10})/u.exec(text);
  if (labelled) return { userId: null, name: labelled[1]! };
  return null;
}

const clean = (line: string) =>
  line
    .replace(BULLET, '')
    .replace(/^#+\s*/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_TEXT);

/** A heading line: '## 결정 사항', '[할 일]', '■ 결정', '할 일:' (nothing after the colon). */
function headingOf(line: string): 'decision' | 'action' | 'other' | null {
  const h = line
    .replace(BULLET, '')
    .replace(/^#+\s*/, '')
    .replace(/^[■□▶►●○◆◇\s]+/, '')
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/^<(.*)>$/, '$1')
    .trim();
  if (DECISION_HEAD.test(h)) return 'decision';
  if (ACTION_HEAD.test(h)) return 'action';
  if (OTHER_HEAD.test(h)) return 'other';
  return null;
}

/** '결정: 3월 출시' / '할 일 - 김철수 자료 정리' on one line: the label and the rest. */
function inlineLabel(line: string): { kind: 'decision' | 'action'; rest: string } | null {
  const m = /^(결정\s*사항|결정|합의|할\s*일|TODO|액션|Action)\s*[:：\-–]\s*(.+)$/i.exec(line.replace(BULLET, '').trim());
  if (!m) return null;
  return { kind: /^(결정|합의)/.test(m[1]!) ? 'decision' : 'action', rest: m[2]! };
}

/** The items as plain text ('결정 사항' / '할 일' lists, owner and due date on each action), for notices and mail. */
export function minutesItemsText(items: { decisions: string[]; actions: TExtractedAction[] }): string {
  const t = koRoomsDoor.minutes;
  const actions = items.actions.map((a) => [a.text, a.ownerName ? t.owner(a.ownerName) : '', a.due ? t.due(a.due) : ''].filter(Boolean).join(' · '));
  const list = (xs: string[]) => (xs.length ? xs.map((x) => `- ${x}`) : [`- ${t.none}`]);
  return [t.decisions, ...list(items.decisions), '', t.actions, ...list(actions)].join('\n');
}

export function extractMinutes(minutes: string, meetingDate: string, people: TPerson[]): TExtracted {
  const decisions: string[] = [];
  const actions: TExtractedAction[] = [];
  let section: 'decision' | 'action' | 'other' | null = null;
  const addAction = (text: string) => {
    const owner = ownerOf(text, people);
    actions.push({ text, ownerUserId: owner?.userId ?? null, ownerName: owner?.name ?? null, due: dueDateOf(text, meetingDate) });
  };
  // A line, or the sentences of a long line ('… 하기로 했다. 김철수가 …까지 …').
  const lines = minutes
    .split(/\r?\n/)
    .flatMap((l) => (l.length > 80 ? l.split(/(?<=[.!?。])\s+|(?<=다\.)\s*/) : [l]))
    .filter((l) => l.trim());
  for (const raw of lines) {
    const head = headingOf(raw.trim());
    if (head) {
      section = head;
      continue;
    }
    const labelled = inlineLabel(raw);
    if (labelled) {
      const text = clean(labelled.rest);
      if (text && labelled.kind === 'decision') decisions.push(text);
      else if (text) addAction(text);
      continue;
    }
    const text = clean(raw);
    if (!text || text.length < 4) continue;
    if (section === 'decision') decisions.push(text);
    else if (section === 'action') addAction(text);
    else if (ACTION.test(text) && (dueDateOf(text, meetingDate) || ownerOf(text, people) || !DECISION.test(text))) addAction(text);
    else if (DECISION.test(text)) decisions.push(text);
  }
  const unique = <T>(xs: T[], key: (x: T) => string) => xs.filter((x, i) => xs.findIndex((y) => key(y) === key(x)) === i).slice(0, MAX_ITEMS);
  return { decisions: unique(decisions, (x) => x), actions: unique(actions, (x) => x.text) };
}
