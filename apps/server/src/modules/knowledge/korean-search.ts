/**
 * Korean retrieval keys for the knowledge module (issue 14), more forgiving than Slack's plain bigrams:
 *  - spacing-insensitive: Hangul bigrams are taken over the text with the spaces between Hangul words removed (each
 *    word stripped of its particles first), so '배송 비' and '배송비는' share every key ('b:' keys);
 *  - particle stripping: each word also gives its stem with trailing particles and endings removed ('w:' keys), so
 *    '반품은', '반품을', '반품하려면' all give 'w:반품';
 *  - typo tolerance: jamo trigrams of the spaceless text ('j:' keys), so a slip of one jamo ('배숑비') still shares
 *    most of them;
 *  - Latin words and numbers whole ('l:' keys).
 * Queries drop keys of question wording that carry no topic ('알려주세요', '어떻게 하나요').
 * No imports: it also runs inside the document worker threads.
 */
const HANGUL_RUN = /[\uac00-\ud7a3]+(?:\s+[\uac00-\ud7a3]+)*/g;
const HANGUL_WORD = /[\uac00-\ud7a3]+/g;
const LATIN = /[a-z0-9][a-z0-9.+#-]*[a-z0-9+#]|[a-z0-9]/g;

/** One-syllable particles (the short end of both this module's endings and the FAQ matcher's). */
export const PARTICLES = ['은', '는', '이', '가', '을', '를', '에', '의', '와', '과', '도', '만', '로', '요', '나', '랑'];

/** Endings and particles, longest first (stripped repeatedly while the stem keeps at least two syllables). */
const ENDINGS = [
  '하시려면',
  '으시려면',
  '하려면',
  '으려면',
  '려면',
  '할수있나요',
  '수있나요',
  '있나요',
  '없나요',
  '되나요',
  '하나요',
  '인가요',
  '건가요',
  '한가요',
  '할까요',
  '을까요',
  '인지',
  '는지',
  '했는데',
  '하는데',
  '인데',
  '는데',
  '해요',
  '해줘',
  '어요',
  '아요',
  '에요',
  '예요',
  '이에요',
  '합니까',
  '습니까',
  '입니까',
  '합니다',
  '습니다',
  '입니다',
  '하면',
  '으면',
  '해도',
  '해서',
  '하고',
  '이랑',
  '에서는',
  '에서',
  '에게',
  '한테',
  '으로는',
  '으로',
  '부터',
  '까지',
  '마다',
  '처럼',
  '보다',
  '이나',
  ...PARTICLES,
];

const ENDING_SET = new Set(ENDINGS);

/** Words (after stripping) that only shape a question. */
const STOP_WORDS = new Set([
  '어떻게',
  '어떻',
  '무엇',
  '뭐',
  '뭔가',
  '뭔지',
  '언제',
  '어디',
  '어디서',
  '얼마',
  '얼마나',
  '알려',
  '알려주세',
  '알려줘',
  '궁금',
  '궁금합',
  '궁금해',
  '혹시',
  '그럼',
  '그러면',
  '제가',
  '저는',
  '저희',
  '우리',
  '그냥',
  '좀',
  '정말',
  '진짜',
  '있',
  '없',
  '하',
  '되',
  '할',
  '수',
  '가능',
  '가능한',
  '싶어',
  '싶은',
  '싶습',
  '싶은데',
  '주세',
  '주시',
  '해주세',
  '어떤',
  '몇',
  '왜',
  '이거',
  '그거',
  '저거',
]);

/** Bigrams of question wording (spaceless), dropped from queries when other keys remain. */
const STOP_BIGRAMS = new Set([
  '알려',
  '려줘',
  '려주',
  '주세',
  '세요',
  '무엇',
  '엇인',
  '인가',
  '가요',
  '뭐예',
  '예요',
  '어떻',
  '떻게',
  '하나',
  '나요',
  '니까',
  '습니',
  '합니',
  '해요',
  '어디',
  '디에',
  '언제',
  '인지',
  '는지',
  '할까',
  '까요',
  '있나',
  '있어',
  '어요',
  '궁금',
  '금해',
  '금합',
  '뭐야',
  '되나',
  '되요',
  '돼요',
  '하면',
  '려면',
  '수있',
  '있을',
  '을까',
  '싶어',
  '싶은',
  '하고',
  '고싶',
  '어요',
  '줄수',
  '있어',
  '은데',
  '는데',
  '해주',
  '니다',
  '혹시',
  '얼마',
  '마나',
  '가능',
  '능한',
  '한가',
  '하려',
  '게하',
  '게되',
  '좀알',
]);

const JAMO_L = 0x1100;
const JAMO_V = 0x1161;
const JAMO_T = 0x11a7;

function jamo(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.charCodeAt(0) - 0xac00;
    if (c < 0 || c > 11171) continue;
    out += String.fromCharCode(JAMO_L + Math.floor(c / 588), JAMO_V + Math.floor((c % 588) / 28));
    if (c % 28) out += String.fromCharCode(JAMO_T + (c % 28));
  }
  return out;
}

/** The word without the first of `endings` it ends with, if at least `keep` characters remain; else undefined. */
export function stripEnding(word: string, endings: readonly string[], keep: number): string | undefined {
  const e = endings.find((x) => word.length - x.length >= keep && word.endsWith(x));
  return e === undefined ? undefined : word.slice(0, -e.length);
}

export function stem(word: string): string {
  let w = word;
  for (let next = stripEnding(w, ENDINGS, 2); next !== undefined; next = stripEnding(w, ENDINGS, 2)) w = next;
  return w;
}

export type TKeyOptions = { query?: boolean };

export function knowledgeKeys(text: string, opts: TKeyOptions = {}): string[] {
  const s = text.normalize('NFC').toLowerCase();
  const keys = new Set<string>();
  for (const run of s.match(HANGUL_RUN) ?? []) {
    const words = run.match(HANGUL_WORD) ?? [];
    const topical = opts.query ? words.filter((w) => !STOP_WORDS.has(stem(w)) && !STOP_WORDS.has(w) && !ENDING_SET.has(w)) : words;
    const compact = topical.map(stem).join('');
    if (compact.length === 1) keys.add(`b:${compact}`);
    for (let i = 0; i + 1 < compact.length; i++) {
      const b = compact.slice(i, i + 2);
      if (!opts.query || !STOP_BIGRAMS.has(b)) keys.add(`b:${b}`);
    }
    for (const w of topical) {
      const st = stem(w);
      if (st.length >= 2 && !STOP_WORDS.has(st)) keys.add(`w:${st}`);
    }
    const j = jamo(compact);
    for (let i = 0; i + 2 < j.length; i++) keys.add(`j:${j.slice(i, i + 3)}`);
  }
  for (const w of s.replace(HANGUL_WORD, ' ').match(LATIN) ?? []) if (w.length > 1 || /\d/.test(w)) keys.add(`l:${w}`);
  return [...keys];
}

/** How much each key family counts: whole stems and bigrams carry the topic, jamo trigrams forgive typos. */
const FAMILY_WEIGHT: Record<string, number> = { b: 0.45, w: 0.25, j: 0.2, l: 0.35 };

export type TCandidate = { id: string; titleKeys: string[]; keys: string[] };

/**
 * Scores candidates for a query: in each key family, the share of the query's inverse-frequency weight found in the
 * passage (its title counts most: a FAQ entry's question), families mixed by FAMILY_WEIGHT over the families the query
 * has. 1 = every query key found in the title and the body; unrelated text stays near 0.
 */
export function scoreCandidates<T extends TCandidate>(queryKeys: string[], candidates: T[], totalPassages: number): (T & { score: number })[] {
  const df = new Map<string, number>();
  const q = new Set(queryKeys);
  for (const c of candidates) for (const k of new Set(c.keys)) if (q.has(k)) df.set(k, (df.get(k) ?? 0) + 1);
  const n = Math.max(totalPassages, candidates.length, 1);
  const idf = (k: string) => Math.log(1 + n / (1 + (df.get(k) ?? 0)));
  const families = new Map<string, { keys: string[]; total: number }>();
  for (const k of q) {
    const f = k.slice(0, 1);
    const e = families.get(f) ?? { keys: [], total: 0 };
    e.keys.push(k);
    e.total += idf(k);
    families.set(f, e);
  }
  const weightSum = [...families.keys()].reduce((s, f) => s + (FAMILY_WEIGHT[f] ?? 0), 0) || 1;
  return candidates
    .map((c) => {
      const title = new Set(c.titleKeys);
      const all = new Set(c.keys);
      let score = 0;
      for (const [f, e] of families) {
        let inTitle = 0;
        let inAll = 0;
        for (const k of e.keys) {
          if (title.has(k)) inTitle += idf(k);
          if (all.has(k)) inAll += idf(k);
        }
        const cover = 0.6 * (inTitle / e.total) + 0.4 * (inAll / e.total);
        score += ((FAMILY_WEIGHT[f] ?? 0) / weightSum) * cover;
      }
      return { ...c, score: Math.round(score * 1000) / 1000 };
    })
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score);
}
