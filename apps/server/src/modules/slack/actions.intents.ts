/**
 * Intent detection for actions from Slack (issue 35, decision 088): rule-based Korean, so it works in basic mode.
 * Precedence: a question *about* rooms, meals or bookings ("회의실 예약은 어떻게 해요?") is never an action →
 * "내 예약 보여줘" → a meal round ("점심 모집 12시 마감") → a room booking ("내일 3시 4명 회의실 잡아줘").
 * Anything else is null and goes on to the normal answer. Dates and times are read in Asia/Seoul (UTC+9, no DST).
 */

export type TSeoulDay = { y: number; m: number; d: number };
export type TBookIntent = {
  kind: 'book';
  /** Seoul date, YYYY-MM-DD. */
  date: string | null;
  /** Minutes after Seoul midnight; null when no time was given. */
  startMin: number | null;
  durationMin: number;
  people: number;
};
export type TMealIntent = { kind: 'meal'; meal: '점심' | '저녁' | '식사'; date: string; deadlineMin: number | null };
export type TIntent = TBookIntent | TMealIntent | { kind: 'myBookings' };

const SEOUL_MS = 9 * 3600_000;
const DAY_MS = 24 * 3600_000;
const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'];
const pad = (n: number) => String(n).padStart(2, '0');

const seoulDay = (now: Date): TSeoulDay & { dow: number } => {
  const s = new Date(now.getTime() + SEOUL_MS);
  return { y: s.getUTCFullYear(), m: s.getUTCMonth() + 1, d: s.getUTCDate(), dow: s.getUTCDay() };
};
const plusDays = (now: Date, days: number) => {
  const s = new Date(now.getTime() + SEOUL_MS + days * DAY_MS);
  return `${s.getUTCFullYear()}-${pad(s.getUTCMonth() + 1)}-${pad(s.getUTCDate())}`;
};

/** The UTC instant of a Seoul date and minutes after its midnight. */
export function seoulInstant(date: string, minutes: number): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + minutes * 60_000 - SEOUL_MS);
}

export const seoulToday = (now: Date) => plusDays(now, 0);

/** Questions about a service, not requests to act: how, rules, limits, who. */
const QUESTION =
  /(어떻게|어케|방법|규칙|규정|정책|누가|누구|왜|최대|최소|몇\s*(시간|명|개|분)까지|가능한가요|가능해\?|가능한지|되나요|되는지|돼요\?|되죠|할\s*수\s*있나요|할\s*수\s*있는지|하나요|인가요|뭔가요|뭐예요|뭐야|무엇|알려\s*주세요\s*\?|어디(서|에서|로)|기준|설명)/;
const ROOM = /(회의실|미팅룸|회의\s*방|미팅\s*방|룸|회의\s*공간)/;
const BOOK_VERB =
  /(잡아|잡아줘|잡아\s*주|잡아주세요|잡을래|잡고\s*싶|예약\s*해|예약해|예약\s*부탁|예약\s*좀|예약하고\s*싶|예약할래|예약\s*해줘|빌려|잡자|부탁해|부탁드려요|필요해|필요합니다)/;
const MINE = /(내|제|나의|저의)\s*(회의실\s*)?예약/;
const LIST_VERB = /(보여|알려|목록|리스트|확인|조회|뭐\s*있|뭐가\s*있|있어\?|있나\?)/;
const MEAL = /(점심|저녁|식사|밥)/;
const MEAL_VERB = /(모집|모아|모으|구해|열어|같이\s*먹을|먹을\s*사람|라운드)/;

/** Korean number words up to ten (한 명, 두 시, 세 시간, 열 명). */
const NUM_WORDS: Record<string, number> = { 한: 1, 두: 2, 세: 3, 네: 4, 다섯: 5, 여섯: 6, 일곱: 7, 여덟: 8, 아홉: 9, 열: 10, 열한: 11, 열두: 12 };
const num = (s: string | undefined) => (s === undefined ? NaN : /^\d+$/.test(s) ? Number(s) : (NUM_WORDS[s] ?? NaN));
const NUM = '(\\d{1,2}|열한|열두|한|두|세|네|다섯|여섯|일곱|여덟|아홉|열)';

export function parseDate(text: string, now: Date): string | null {
  const t = text.replace(/\s+/g, ' ');
  if (/글피/.test(t)) return plusDays(now, 3);
  if (/모레/.test(t)) return plusDays(now, 2);
  if (/내일/.test(t)) return plusDays(now, 1);
  if (/오늘|지금|이따/.test(t)) return plusDays(now, 0);
  const md = /(\d{1,2})\s*월\s*(\d{1,2})\s*일/.exec(t) ?? /(?:^|\s)(\d{1,2})\/(\d{1,2})(?:\s|$)/.exec(t);
  if (md) {
    const today = seoulDay(now);
    const m = Number(md[1]);
    const d = Number(md[2]);
    if (m >= 1 && m <= 12 && d >= 1 && d <= 31) {
      const y = m < today.m || (m === today.m && d < today.d) ? today.y + 1 : today.y;
      return `${y}-${pad(m)}-${pad(d)}`;
    }
  }
  const wd = /(이번\s*주|금주|다음\s*주|담주|다다음\s*주)?\s*(월|화|수|목|금|토|일)요일/.exec(t);
  if (wd) {
    const target = WEEKDAYS.indexOf(wd[2]!);
    const { dow } = seoulDay(now);
    // Weeks run Monday to Sunday (Korean usage): Monday = 0 … Sunday = 6.
    const mon = (x: number) => (x + 6) % 7;
    const week = wd[1] ? (/다다음/.test(wd[1]) ? 2 : /다음|담/.test(wd[1]) ? 1 : 0) : null;
    if (week === null) {
      const ahead = (mon(target) - mon(dow) + 7) % 7;
      return plusDays(now, ahead);
    }
    return plusDays(now, week * 7 + mon(target) - mon(dow));
  }
  return null;
}

/**
 * A clock time in minutes after midnight: 오후 3시, 15:00, 3시 반, 3시 30분, 정오. Without 오전/오후 an hour of 1–6 is
 * read as the afternoon (office hours), 7–11 as the morning.
 */
export function parseTime(text: string): number | null {
  const t = text.replace(/\s+/g, ' ');
  if (/정오/.test(t)) return 12 * 60;
  const hm = /(?:^|[^\d])([01]?\d|2[0-3]):([0-5]\d)(?!\d)/.exec(t);
  if (hm) return Number(hm[1]) * 60 + Number(hm[2]);
  const re = new RegExp(`(오전|오후|아침|낮|저녁|밤|새벽)?\\s*${NUM}\\s*시(?!간)\\s*(반|(\\d{1,2})\\s*분)?`);
  const c = re.exec(t);
  if (!c) return null;
  let h = num(c[2]);
  if (!(h >= 0 && h <= 24)) return null;
  const min = c[3] === '반' ? 30 : c[4] ? Math.min(Number(c[4]), 59) : 0;
  const part = c[1];
  if (part === '오후' || part === '저녁' || part === '밤' || part === '낮') {
    if (h < 12) h += part === '낮' && h >= 11 ? 0 : 12;
  } else if (part === '오전' || part === '아침' || part === '새벽') {
    if (h === 12) h = 0;
  } else if (h >= 1 && h <= 6) h += 12;
  return (h % 24) * 60 + min;
}

/** 1시간, 2시간 반, 1시간 30분, 30분, 90분 동안; default one hour. */
export function parseDuration(text: string): number {
  const t = text.replace(/\s+/g, ' ');
  const hours = new RegExp(`${NUM}\\s*시간\\s*(반|(\\d{1,2})\\s*분)?`).exec(t);
  if (hours) {
    const h = num(hours[1]);
    const extra = hours[2] === '반' ? 30 : hours[3] ? Number(hours[3]) : 0;
    if (h >= 0) return h * 60 + extra;
  }
  // Minutes alone, but not the minutes of a clock time (3시 30분).
  for (const c of t.matchAll(/(^|[^\d])(\d{1,3})\s*분/g)) {
    if (!/시\s*$/.test(t.slice(0, c.index + c[1]!.length))) return Number(c[2]);
  }
  return 60;
}

/** N명 / N인 / 두 명; default 1. */
export function parsePeople(text: string): number {
  const c = new RegExp(`${NUM}\\s*(명|인|사람)`).exec(text);
  const n = c ? num(c[1]) : NaN;
  return Number.isFinite(n) && n > 0 ? n : 1;
}

const clean = (text: string) =>
  text
    .replace(/<@[A-Z0-9]+(\|[^>]*)?>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export function detectIntent(raw: string, now: Date): TIntent | null {
  const text = clean(raw);
  if (!text || text.length > 200) return null;
  if (QUESTION.test(text)) return null;
  if (MINE.test(text) && LIST_VERB.test(text)) return { kind: 'myBookings' };
  if (MEAL.test(text) && MEAL_VERB.test(text)) {
    const meal = /저녁/.test(text) ? '저녁' : /점심/.test(text) ? '점심' : '식사';
    return { kind: 'meal', meal, date: parseDate(text, now) ?? seoulToday(now), deadlineMin: parseTime(text) };
  }
  if (ROOM.test(text) && BOOK_VERB.test(text)) {
    return { kind: 'book', date: parseDate(text, now), startMin: parseTime(text), durationMin: parseDuration(text), people: parsePeople(text) };
  }
  return null;
}

/** "11월 29일 (일) 15:00" for a Seoul date and minutes. */
export function formatSeoulSlot(date: string, startMin: number, endMin?: number): string {
  const [, m, d] = date.split('-').map(Number) as [number, number, number];
  const dow = WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];
  const hhmm = (x: number) => `${pad(Math.floor(x / 60) % 24)}:${pad(x % 60)}`;
  return `${m}월 ${d}일 (${dow}) ${hhmm(startMin)}${endMin !== undefined ? `–${hhmm(endMin)}` : ''}`;
}
