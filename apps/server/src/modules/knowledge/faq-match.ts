/**
 * Matching a customer's question to an FAQ entry in basic mode (issue 29), without a language model.
 *
 * A text is read as units: concepts found by the lexicon (lexicon-ko.ts, matched in the spaceless text so '주문취소'
 * and '주문 취소' read alike) and the remaining words with their endings and particles stripped; words that only shape
 * a question ('어떻게', '되나요', '알려주세요') are dropped. An entry is read from its question, its alternative
 * phrasings and (with less weight) its answer.
 *
 * Score of an entry for a question = α·(how much of the question the entry covers) + (1−α)·(how much of the entry's
 * question — its best phrasing — the question covers), each weighted by inverse entry frequency, so a rare word counts
 * more than one every entry shares and a word no entry has (a question about something else) pulls coverage down.
 * The reverse coverage separates near misses: '배송비는 얼마예요?' covers all of '배송비는 얼마인가요?' but only part
 * of '반품할 때 배송비는 누가 부담하나요?'. Typos are forgiven by a one-jamo edit distance between words.
 *
 * Whether to answer is decided by the best score and its margin over the runner-up (decideAnswer), with constants
 * calibrated on the development split of the evaluation set (chatbot/eval), never on its test split.
 * No imports besides the lexicon: it is pure and cheap (a few hundred entries score in well under a millisecond each).
 */
import { FILLERS, LEXICON, type TLexiconGroup } from './lexicon-ko.ts';
import { FILLERS_MORE, LEXICON_MORE } from './lexicon-ko-more.ts';
import { knowledgeKeys, PARTICLES, scoreCandidates, stripEnding } from './korean-search.ts';

export type TFaqEntry = { id: string; question: string; answer: string; phrasings?: readonly string[] };
/** `parts`: for a compound lexicon surface ('온라인수업'), the lexicon surfaces inside it with where they sit. */
type TUnit = { surface: string; concepts: readonly string[] | null; parts?: readonly { at: number; len: number; concepts: readonly string[] }[] };
type TField = { units: TUnit[]; concepts: Set<string>; words: Set<string>; compact: string };
export type TAnalysedEntry = { id: string; titles: TField[]; title: TField; answer: TField };
/** `grams`: each entry's character keys (korean-search.ts) for the fused second opinion. */
/** `titleWords`: the words (not concepts) of every entry's question and phrasings. */
export type TFaqIndex = {
  entries: TAnalysedEntry[];
  df: Map<string, number>;
  lexicon: TLexicon;
  grams: { id: string; titleKeys: string[]; keys: string[] }[];
  titleWords: Set<string>;
};
/** `topical`: whether a unit that names a topic (not only what is asked about it) is matched in full. */
/**
 * `missConcepts`: the question's topic concepts (lexicon) the entry has nowhere, neither in its question, phrasings nor
 * answer; `missWords`: the same for its other topic words (not conjugated verbs). Both mark a question about something
 * else that shares the entry's words (a near miss).
 */
/**
 * `titleCover`: `cover` counting the entry's question and phrasings only; `base`: the character-key score;
 * `intentMiss`: what the question asks (price, time, place, person, reason, count — QUESTION_INTENTS) that the entry's
 * question does not ask and its answer does not mention.
 */
export type TFaqScore = {
  id: string;
  score: number;
  cover: number;
  reverse: number;
  topical: boolean;
  missConcepts: number;
  missWords: number;
  titleCover: number;
  base: number;
  intentMiss: number;
};

/** What a question asks about its topic, read in the spaceless normalised text (the same words in any domain). */
const QUESTION_INTENTS: readonly RegExp[] = [
  /얼마(?!나)|가격|비용|요금|금액|값/,
  /며칠|언제|몇시|몇일|기간|얼마나걸|걸리|오래|몇분|몇주|몇달|몇년|몇개월|시간/,
  /어디|위치/,
  /누가|누구/,
  /왜|이유/,
  /몇번|몇회|횟수|몇개/,
];

/** `wordStart`: surfaces written with a leading '^' match only at the start of a word ('해지' not inside '정해지다'). */
type TLexicon = { byFirst: Map<string, string[]>; concepts: Map<string, readonly string[]>; wordStart: Set<string> };

/** Pieces of grammar and degree words that say nothing about the topic ('바꾸는법', '3만원짜리', '시킨 거랑', '금방'). */
const FILLERS_GRAMMAR = ['는법', '짜리', '거랑', '건데', '는건데', '뭐로', '금방', '자꾸', '많이', '제일', '가장', '약간'];
const FILLER_SET = new Set([...FILLERS, ...FILLERS_MORE, ...FILLERS_GRAMMAR]);
/** The shipped lexicon: the customer-service core (lexicon-ko.ts) and the wider domains (lexicon-ko-more.ts). */
const SHIPPED: readonly TLexiconGroup[] = [...LEXICON, ...LEXICON_MORE];
/** Nouns that end in a syllable that is also a particle. */
const PROTECTED = new Set([
  '요가',
  '나이',
  '사이',
  '차이',
  '종이',
  '길이',
  '높이',
  '넓이',
  '깊이',
  '놀이',
  '아이디',
  '모서리',
  '다리',
  '거리',
  '아이',
  '오이',
  '거북이',
  '고기',
  '자기',
  '누나',
  '언니',
  '하나',
  '바나나',
  '소파',
  '카페',
]);
/** Concepts that say what is asked about a topic (price, duration, moment) rather than the topic: they count less. */
const INTENT = new Set(['가격', '기간', '신청', '발급', '작성', '변경', '상품']);
const INTENT_WEIGHT = 0.6;

/** Multi-syllable endings (stripped while one syllable stays), then one-syllable particles (while two stay). */
const LONG_ENDINGS = [
  '돼요',
  '됐어요',
  '됐는데',
  '되면',
  '되고',
  '돼',
  '됐',
  '하시려면',
  '으시려면',
  '하려고요',
  '하려는데',
  '하려면',
  '으려면',
  '려면',
  '했는데요',
  '했는데',
  '하는데요',
  '하는데',
  '했어요',
  '했어',
  '할까요',
  '을까요',
  '습니까',
  '습니다',
  '입니다',
  '합니다',
  '됩니다',
  '하나요',
  '되나요',
  '있나요',
  '없나요',
  '인가요',
  '한가요',
  '건가요',
  '나요',
  '까요',
  '어요',
  '아요',
  '에요',
  '예요',
  '이에요',
  '해요',
  '세요',
  '셔요',
  '시나요',
  '는데요',
  '은데요',
  '인데요',
  '는데',
  '은데',
  '인데',
  '으면',
  '하면',
  '거든요',
  '거든',
  '잖아요',
  '네요',
  '군요',
  '던데',
  '더라고요',
  '어서',
  '아서',
  '해서',
  '으로',
  '에서',
  '에게',
  '한테',
  '께서',
  '이랑',
  '하고',
  '부터',
  '까지',
  '마다',
  '처럼',
  '보다',
  '이나',
  '이요',
  '라고',
  '이라',
  '냐고',
  '는지',
  '인지',
  '을지',
  '할지',
  '겠죠',
  '겠어요',
  'ㄴ가요',
  '던가요',
  '나여',
  '죠',
  '지요',
  '고요',
  '어도',
  '아도',
  '해도',
  '이면',
  '라면',
  '이라면',
];
const SHORT_ENDINGS = ['뿐', ...PARTICLES, '죠', '고', '면', '서', '지', '다', '네', '니', '냐', '야', '여', '게'];

function compileLexicon(groups: readonly TLexiconGroup[]): TLexicon {
  const concepts = new Map<string, readonly string[]>();
  const wordStart = new Set<string>();
  for (const [surfaces, cs] of groups) {
    for (const raw of surfaces) {
      const s = normalise(raw).replace(/\s+/g, '');
      if (!s) continue;
      if (raw.startsWith('^')) wordStart.add(s);
      concepts.set(s, [...new Set([...(concepts.get(s) ?? []), ...cs])]);
    }
  }
  const byFirst = new Map<string, string[]>();
  for (const s of concepts.keys()) {
    const list = byFirst.get(s[0]!) ?? [];
    list.push(s);
    byFirst.set(s[0]!, list);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.length - a.length);
  return { byFirst, concepts, wordStart };
}

const DEFAULT_LEXICON = compileLexicon(SHIPPED);

/** Lower case, NFC, colloquial spellings evened out, everything but Hangul, Latin letters, digits and ':' spaced. */
export function normalise(text: string): string {
  return (
    text
      .normalize('NFC')
      .toLowerCase()
      .replace(/[ㅋㅎㅠㅜ]+/g, ' ')
      .replace(/몇일/g, '며칠')
      .replace(/되요/g, '돼요')
      .replace(/([0-9])\s*:\s*([0-9])/g, '$1:$2')
      // Counts of people and sums of money read as what they are about ('3명' → 인원, '5만 원' → 가격).
      .replace(/[0-9]+\s*명/g, ' 인원수 ')
      .replace(/[0-9][0-9,]*\s*(만\s*원|천\s*원|원)/g, ' 가격 ')
      .replace(/[^\uac00-\ud7a3a-z0-9:]+/g, ' ')
      .trim()
  );
}

function strip(word: string): string {
  let w = word;
  if (PROTECTED.has(w)) return w;
  for (let changed = true; changed;) {
    changed = false;
    const shorter = stripEnding(w, LONG_ENDINGS, 1);
    if (shorter !== undefined) {
      w = shorter;
      changed = true;
    }
    if (!changed && w.length >= 3 && !PROTECTED.has(w)) {
      const last = w.slice(-1);
      if (SHORT_ENDINGS.includes(last)) {
        w = w.slice(0, -1);
        changed = true;
      }
    }
  }
  // Two syllables ending in '요' ('써요', '돼요'): a conjugated one-syllable stem.
  if (w.length === 2 && w[1] === '요') w = w[0]!;
  // One syllable left: a particle after a one-syllable noun ('컵이' → '컵').
  if (w.length === 2 && ['이', '가', '을', '를', '은', '는', '도', '만', '에'].includes(w[1]!) && !PROTECTED.has(w)) w = w[0]!;
  return w;
}

/** Every ending stripped, down to nothing if the text is only endings ('는', '나요', '려요'). */
function stripAll(word: string): string {
  let w = word;
  for (let changed = true; changed && w;) {
    changed = false;
    for (const e of [...LONG_ENDINGS, ...SHORT_ENDINGS, ...VERB_TAILS]) {
      if (w.endsWith(e)) {
        w = w.slice(0, -e.length);
        changed = true;
        break;
      }
    }
  }
  return w;
}

/** Tails of conjugated verbs seen after a stem ('걸려요' → '걸' + '려요'). */
const VERB_TAILS = ['려요', '러요', '워요', '와요', '쳐요', '져요', '혀요', '겨요', '대요', '래요', '내요', '세', '셔', '려', '져', '와', '워'];
/** Light verbs and auxiliaries that follow a noun ('반품하고', '교환돼요', '취소시켜'). */
const LIGHT_VERB = new Set([
  '하',
  '해',
  '했',
  '할',
  '한',
  '함',
  '되',
  '돼',
  '됐',
  '될',
  '된',
  '됨',
  '시',
  '셨',
  '드',
  '주',
  '줘',
  '받',
  '싶',
  '가',
  '갈',
  '와',
  '올',
  '있',
  '없',
]);

/** One-syllable nouns a customer may ask about. */
const NOUN1 = new Set([
  '컵',
  '돈',
  '차',
  '빵',
  '책',
  '집',
  '방',
  '물',
  '술',
  '약',
  '밥',
  '표',
  '짐',
  '침',
  '몸',
  '손',
  '발',
  '눈',
  '목',
  '팔',
  '병',
  '펜',
  '끈',
  '칼',
  '솥',
  '팬',
  '잔',
  '캔',
  '문',
  '창',
  '벽',
  '턱',
  '땀',
  '빗',
  '솔',
  '실',
  '천',
  '털',
  '쌀',
  '꽃',
  '개',
  '새',
  '소',
  '말',
  '곰',
  '금',
  '은',
  '철',
  '망',
  '줄',
  '판',
  '반',
  '옷',
  '폰',
  '앱',
  '층',
  '팀',
  '맛',
  '색',
  '값',
  '떡',
  '국',
  '죽',
  '역',
  '길',
  '뼈',
  '피',
  '코',
  '귀',
  '혀',
]);
const LIGHT_START = new Set([
  '쓰',
  '써',
  '쓸',
  '쓴',
  '해',
  '했',
  '하',
  '되',
  '돼',
  '됐',
  '될',
  '된',
  '좋',
  '싫',
  '가',
  '갈',
  '와',
  '올',
  '받',
  '줘',
  '주',
  '드',
  '봐',
  '볼',
  '보',
]);

/** A one-syllable stem whose final consonant is ㅆ ('왔', '됐', '샀') is a verb, not a topic. */
function isVerbStub(w: string): boolean {
  if (w.length !== 1) return false;
  const c = w.charCodeAt(0) - 0xac00;
  return c >= 0 && c <= 11171 && c % 28 === 20;
}

export function analyse(text: string, lexicon: TLexicon = DEFAULT_LEXICON): TField {
  const words = normalise(text).split(' ').filter(Boolean);
  let compact = '';
  const owner: number[] = [];
  words.forEach((w, i) => {
    compact += w;
    for (let k = 0; k < w.length; k++) owner.push(i);
  });
  const consumed = new Array<boolean>(compact.length).fill(false);
  const units: TUnit[] = [];
  for (let i = 0; i < compact.length;) {
    const list = lexicon.byFirst.get(compact[i]!);
    const atWordStart = i === 0 || owner[i - 1] !== owner[i];
    // A surface that runs over a space must start a word: '같이 주문' holds '이주' and '종이 빼' holds '이빼' only by accident.
    // A surface that starts with a digit ('2인', '1:1') starts a number: not the '2' of '중2인데'.
    const afterLetter = i > 0 && owner[i - 1] === owner[i] && /[\uac00-\ud7a3a-z]/.test(compact[i - 1]!);
    const hit = list?.find(
      (s) =>
        compact.startsWith(s, i) &&
        (atWordStart || (!lexicon.wordStart.has(s) && owner[i + s.length - 1] === owner[i])) &&
        !(afterLetter && /[0-9]/.test(s[0]!)),
    );
    if (!hit) {
      i++;
      continue;
    }
    units.push({ surface: hit, concepts: lexicon.concepts.get(hit)!, ...(hit.length >= 3 ? { parts: innerParts(hit, lexicon) } : {}) });
    for (let k = i; k < i + hit.length; k++) consumed[k] = true;
    i += hit.length;
  }
  // The rest of each word, in runs of unconsumed characters; a run that follows a concept inside the same word
  // ('반품' + '하고싶은데', '배송비' + '는') is its ending or a light verb, not a topic of its own.
  const found = new Set<string>();
  for (let k = 0; k < compact.length;) {
    if (consumed[k]) {
      k++;
      continue;
    }
    let end = k;
    while (end < compact.length && !consumed[end] && owner[end] === owner[k]) end++;
    const r = compact.slice(k, end);
    const suffix = k > 0 && consumed[k - 1] && owner[k - 1] === owner[k];
    k = end;
    const w = suffix ? stripAll(r) : strip(r);
    if (!w || FILLER_SET.has(w) || FILLER_SET.has(r) || isVerbStub(w)) continue;
    if (suffix && (w.length < 2 || LIGHT_VERB.has(w[0]!))) continue;
    // A lone syllable is a verb or adjective stem ('살', '큰', '써') unless it is one of the common one-syllable nouns;
    // a short word that starts with a light verb ('해주시', '되면') is a conjugation.
    if (w.length === 1 && !NOUN1.has(w)) continue;
    if (w.length <= 3 && LIGHT_START.has(w[0]!)) continue;
    if (/^[0-9:]+$/.test(w) && w.length < 2) continue;
    if (found.has(w)) continue;
    found.add(w);
    units.push({ surface: w, concepts: null });
  }
  const concepts = new Set<string>();
  const wordSet = new Set<string>();
  for (const u of units) {
    if (u.concepts) for (const c of u.concepts) concepts.add(c);
    else wordSet.add(u.surface);
    // A compound surface also says what its parts say ('수업시간' is about 시간 too), for matching the other side.
    if (u.concepts && u.surface.length >= 3) for (const c of innerConcepts(u.surface, lexicon)) concepts.add(c);
  }
  return { units: dedupe(units), concepts, words: wordSet, compact };
}

function innerParts(surface: string, lexicon: TLexicon): { at: number; len: number; concepts: readonly string[] }[] {
  const out: { at: number; len: number; concepts: readonly string[] }[] = [];
  for (let j = 0; j < surface.length - 1; j++)
    for (const s of lexicon.byFirst.get(surface[j]!) ?? [])
      if (s.length >= 2 && s.length < surface.length && surface.startsWith(s, j)) out.push({ at: j, len: s.length, concepts: lexicon.concepts.get(s)! });
  return out;
}

/**
 * Whether a compound surface is said in a field in its parts ('온라인수업' in '온라인으로도 수업을'): every syllable
 * covered by an inner surface whose concept the field has, or by a run of two or more syllables the field contains.
 */
function partsMatch(u: TUnit, field: TField): boolean {
  if (!u.parts?.length) return false;
  const covered = new Array<boolean>(u.surface.length).fill(false);
  for (const p of u.parts) if (p.concepts.some((c) => field.concepts.has(c))) for (let k = p.at; k < p.at + p.len; k++) covered[k] = true;
  if (!covered.some(Boolean)) return false;
  for (let k = 0; k < u.surface.length;) {
    if (covered[k]) {
      k++;
      continue;
    }
    let end = k;
    while (end < u.surface.length && !covered[end]) end++;
    if (end - k < 2 || !field.compact.includes(u.surface.slice(k, end))) return false;
    k = end;
  }
  return true;
}

function innerConcepts(surface: string, lexicon: TLexicon): string[] {
  const out: string[] = [];
  for (let j = 0; j < surface.length - 1; j++)
    for (const s of lexicon.byFirst.get(surface[j]!) ?? [])
      if (s.length >= 2 && s.length < surface.length && surface.startsWith(s, j)) out.push(...lexicon.concepts.get(s)!);
  return out;
}

function dedupe(units: TUnit[]): TUnit[] {
  const seen = new Set<string>();
  return units.filter((u) => {
    const k = u.concepts ? `c:${[...u.concepts].sort().join('|')}` : `w:${u.surface}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function merge(fields: TField[]): TField {
  const concepts = new Set<string>();
  const words = new Set<string>();
  for (const f of fields) {
    for (const c of f.concepts) concepts.add(c);
    for (const w of f.words) words.add(w);
  }
  return { units: dedupe(fields.flatMap((f) => f.units)), concepts, words, compact: fields.map((f) => f.compact).join('|') };
}

// ── Word similarity: one jamo edit forgives a typo ──

function jamo(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.charCodeAt(0) - 0xac00;
    if (c < 0 || c > 11171) {
      out += ch;
      continue;
    }
    out += String.fromCharCode(0x1100 + Math.floor(c / 588), 0x1161 + Math.floor((c % 588) / 28));
    if (c % 28) out += String.fromCharCode(0x11a7 + (c % 28));
  }
  return out;
}

function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/** How well a word of one text is found in a field of another: 1 exact, less for containment or a typo. */
function wordMatch(w: string, field: TField): number {
  if (field.words.has(w)) return 1;
  if (w.length >= 2 && field.compact.includes(w)) return 0.9;
  let best = 0;
  const jw = w.length >= 2 ? jamo(w) : '';
  for (const x of field.words) {
    if (x.length >= 2 && w.includes(x)) best = Math.max(best, 0.8 * (x.length / w.length) + 0.2);
    if (jw && x.length >= 2 && Math.abs(x.length - w.length) <= 1 && withinOneEdit(jw, jamo(x))) best = Math.max(best, 0.8);
    if (w.length >= 2 && x.length >= 2 && w.slice(0, 2) === x.slice(0, 2)) best = Math.max(best, 0.7);
  }
  return best;
}

function unitMatch(u: TUnit, field: TField): number {
  if (u.concepts) {
    for (const c of u.concepts) if (field.concepts.has(c)) return 1;
    if (field.compact.includes(u.surface)) return 1;
    return partsMatch(u, field) ? 0.9 : 0;
  }
  return wordMatch(u.surface, field);
}

const ANSWER_WEIGHT = 0.7;
/** How an entry covers a unit: its question and phrasings fully, its answer at 0.7. */
function entryMatch(u: TUnit, e: TAnalysedEntry): number {
  const inTitle = unitMatch(u, e.title);
  return inTitle >= 1 ? 1 : Math.max(inTitle, ANSWER_WEIGHT * unitMatch(u, e.answer));
}

const unitKey = (u: TUnit) => (u.concepts ? `c:${[...u.concepts].sort().join('|')}` : `w:${u.surface}`);

/**
 * How much a unit says about the topic: concepts of what is asked (price, duration) count INTENT_WEIGHT, a word the
 * lexicon does not know that reads as a conjugated verb or adjective ('싸져', '눌렀', '찍혀') PREDICATE_WEIGHT — a
 * question's topic is carried by its nouns — and everything else fully.
 */
function unitWeight(u: TUnit, titleWords?: ReadonlySet<string>): number {
  if (u.concepts) return u.concepts.every((c) => INTENT.has(c)) ? INTENT_WEIGHT : 1;
  // A word the owner's own questions use as a word is a term of the business ('틀니', '레깅스'), whatever its last syllable.
  if (titleWords?.has(u.surface)) return 1;
  return looksPredicate(u.surface) ? PREDICATE_WEIGHT : 1;
}

const PREDICATE_WEIGHT = 0.5;
const PREDICATE_TAIL = /(어|아|여|워|와|져|쳐|혀|겨|려|러|해|돼|줘|봐|셔|게|고|면|니|네|는데|은데|던|더|을|할|될|된|한|는|운|울|기|지)$/;

function looksPredicate(w: string): boolean {
  if (!/^[\uac00-\ud7a3]+$/.test(w)) return false;
  const last = w.charCodeAt(w.length - 1) - 0xac00;
  if (last % 28 === 20) return true; // a past tense ('눌렀', '왔')
  return w.length >= 2 && PREDICATE_TAIL.test(w);
}

export function buildIndex(entries: readonly TFaqEntry[], extra: readonly TLexiconGroup[] = []): TFaqIndex {
  const lexicon = extra.length ? compileLexicon([...SHIPPED, ...extra]) : DEFAULT_LEXICON;
  const analysed = entries.map((e) => {
    const titles = [e.question, ...(e.phrasings ?? [])].filter((t) => t.trim()).map((t) => analyse(t, lexicon));
    return { id: e.id, titles, title: merge(titles), answer: analyse(e.answer, lexicon) };
  });
  // Entry frequency of every title unit (the reverse coverage's weights).
  const df = new Map<string, number>();
  for (const e of analysed) {
    const keys = new Set(e.title.units.map(unitKey));
    for (const k of keys) df.set(k, (df.get(k) ?? 0) + 1);
  }
  const grams = entries.map((e) => {
    const titles = [e.question, ...(e.phrasings ?? [])].join('\n');
    return { id: e.id, titleKeys: knowledgeKeys(titles), keys: knowledgeKeys(`${titles}\n${e.question}\n${e.answer}`) };
  });
  const titleWords = new Set(analysed.flatMap((e) => [...e.title.words]));
  return { entries: analysed, df, lexicon, grams, titleWords };
}

/** How much a score keeps when the question covers none of the entry's own wording (1 − α is the reverse coverage's share). */
export const ALPHA = 0.7;

/** Every entry scored for a question, best first. */
/**
 * Share of the score taken from the character-key retrieval (korean-search.ts: spaceless bigrams, stems, jamo
 * trigrams), which forgives spellings and conjugations the units miss; calibrated on the development split.
 */
export const BETA = 0.3;

export function scoreFaq(index: TFaqIndex, question: string, alpha = ALPHA, beta = BETA): TFaqScore[] {
  const base = new Map(beta > 0 ? scoreCandidates(knowledgeKeys(question, { query: true }), index.grams, index.grams.length).map((c) => [c.id, c.score]) : []);
  const q = analyse(question, index.lexicon);
  const n = index.entries.length;
  if (!n || !q.units.length) return [];
  const matches = q.units.map((u) => index.entries.map((e) => entryMatch(u, e)));
  const weights = q.units.map((u, i) => {
    const df = matches[i]!.filter((m) => m >= 0.5).length;
    const idf = Math.log(1 + n / (1 + df));
    return idf * unitWeight(u, index.titleWords);
  });
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  const qIntents = QUESTION_INTENTS.flatMap((re, k) => (re.test(q.compact) ? [k] : []));
  return index.entries
    .map((e, j) => {
      let covered = 0;
      let titleCovered = 0;
      let topical = false;
      let missConcepts = 0;
      let missWords = 0;
      for (let i = 0; i < q.units.length; i++) {
        const m = matches[i]![j]!;
        covered += weights[i]! * m;
        titleCovered += weights[i]! * unitMatch(q.units[i]!, e.title);
        const full = unitWeight(q.units[i]!, index.titleWords) === 1;
        if (m >= 1 && full) topical = true;
        if (full && m < 0.5) {
          if (q.units[i]!.concepts) missConcepts++;
          else missWords++;
        }
      }
      const cover = covered / total;
      let reverse = 0;
      for (const t of e.titles) {
        let tw = 0;
        let tc = 0;
        for (const v of t.units) {
          const w = Math.log(1 + n / (index.df.get(unitKey(v)) ?? 1)) * unitWeight(v);
          tw += w;
          tc += w * unitMatch(v, q);
        }
        if (tw > 0) reverse = Math.max(reverse, tc / tw);
      }

      const b = base.get(e.id) ?? 0;
      const score = (1 - beta) * cover * (alpha + (1 - alpha) * reverse) + beta * b;
      let intentMiss = 0;
      for (const k of qIntents) if (!QUESTION_INTENTS[k]!.test(e.title.compact) && !QUESTION_INTENTS[k]!.test(e.answer.compact)) intentMiss++;
      const r3 = (x: number) => Math.round(x * 1000) / 1000;
      return {
        id: e.id,
        score: r3(score),
        cover: r3(cover),
        reverse: r3(reverse),
        topical,
        missConcepts,
        missWords,
        titleCover: r3(titleCovered / total),
        base: r3(b),
        intentMiss,
      };
    })
    .sort((a, b) => b.score - a.score);
}

/**
 * The refusal rule: a best score high enough, and clear enough of the runner-up (calibrated on the development split).
 * `stableBand`: a best score up to that much under `minScore` is answered when the best entry is stable (stableBest):
 * it stays the best-scored entry whichever one word of the question is left out (decision 098).
 */
export const DECISION = { minScore: 0.49, minCover: 0.3, margin: 0, sure: 0.5, stableBand: 0.04 };

/**
 * `stable`: whether the best entry is stable (stableBest), asked only for a best score in the band
 * [`minScore` − `stableBand`, `minScore`); without it the band is refused.
 */
export function decideAnswer(
  scores: readonly TFaqScore[],
  rule: { minScore: number; minCover: number; margin: number; sure: number; stableBand?: number } = DECISION,
  stable?: () => boolean,
): TFaqScore | null {
  const [best, second] = scores;
  if (!best || !best.topical || best.cover < rule.minCover) return null;
  if (best.score < rule.minScore) {
    // Rounded as the scores are, so 0.49 − 0.04 admits a score of 0.45.
    const band = stable !== undefined && !!rule.stableBand && best.score >= Math.round((rule.minScore - rule.stableBand) * 1000) / 1000;
    return band && stable() ? best : null;
  }
  if (best.score >= rule.sure) return best;
  return !second || best.score - second.score >= rule.margin ? best : null;
}

/**
 * Whether entry `id` stays the best-scored entry when each word of the question is left out in turn: a question about
 * the entry keeps pointing at it without any one of its words, while one that reaches it through a single shared word
 * (a near miss) or by a narrow lead tends to fall to another entry. A one-word question is stable. Costs one scoring
 * per word (stops at the first word whose absence changes the best entry).
 */
export function stableBest(index: TFaqIndex, question: string, id: string): boolean {
  const words = normalise(question).split(' ').filter(Boolean);
  if (words.length < 2) return true;
  for (let k = 0; k < words.length; k++) if (scoreFaq(index, words.filter((_, i) => i !== k).join(' '))[0]?.id !== id) return false;
  return true;
}
