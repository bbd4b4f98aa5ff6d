/**
 * Korean-aware lexical search keys. Korean attaches particles and endings to words ('검색팀을', '검색팀에서'), so
 * whitespace tokens miss; overlapping character bigrams of each Hangul run share keys with the bare word. Latin words
 * and numbers are kept whole (lower-cased). Computed here rather than with pg_trgm, whose handling of Hangul depends
 * on the database's locale (a C-locale server drops non-ASCII characters from trigrams).
 */
const HANGUL = /[\uac00-\ud7a3]+/g;
const LATIN = /[a-z0-9][a-z0-9.+#-]*[a-z0-9+#]|[a-z0-9]/g;

/** Bigrams of question wording that carry no topic ('알려줘', '무엇인가요', '어떻게 해요'). */
const STOP = new Set(
  [
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
    '누구',
    '구야',
    '뭐야',
    '요즘',
    '우리',
    '리회',
    '회사',
    '사의',
    '되나',
    '되요',
    '돼요',
    '하면',
    '려면',
  ].values(),
);

export function searchKeys(text: string, opts: { query?: boolean } = {}): string[] {
  const s = text.normalize('NFC').toLowerCase();
  const keys = new Set<string>();
  for (const run of s.match(HANGUL) ?? []) {
    if (run.length === 1) keys.add(run);
    for (let i = 0; i + 1 < run.length; i++) keys.add(run.slice(i, i + 2));
  }
  for (const w of s.replace(HANGUL, ' ').match(LATIN) ?? []) if (w.length > 1 || /\d/.test(w)) keys.add(w);
  if (opts.query) for (const k of [...keys]) if (STOP.has(k) && keys.size > 1) keys.delete(k);
  return [...keys];
}

/**
 * Splits a document into passages of at most ~`max` characters: by blank lines and Markdown headings first, then by
 * sentence. A heading stays attached to the text under it, so a passage knows its topic.
 */
export function splitPassages(text: string, max = 600): string[] {
  // Paragraphs, each with the heading it sits under.
  const paragraphs: { heading: string; text: string }[] = [];
  let heading = '';
  let buf: string[] = [];
  const endParagraph = () => {
    const t = buf.join('\n').trim();
    if (t) paragraphs.push({ heading, text: t });
    buf = [];
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const h = /^#{1,6}\s+(.*)$/.exec(line.trim());
    if (h) {
      endParagraph();
      heading = h[1]!.trim();
    } else if (!line.trim()) endParagraph();
    else buf.push(line.trim());
  }
  endParagraph();

  const out: string[] = [];
  let current = '';
  let currentHeading: string | null = null;
  const flush = () => {
    if (current.trim()) out.push(current.trim());
    current = '';
    currentHeading = null;
  };
  for (const p of paragraphs) {
    const lead = p.heading ? `${p.heading}\n` : '';
    if (currentHeading === p.heading && (current + '\n' + p.text).length <= max) {
      current += `\n${p.text}`;
      continue;
    }
    flush();
    currentHeading = p.heading;
    if ((lead + p.text).length <= max) {
      current = lead + p.text;
      continue;
    }
    for (const sentence of p.text.split(/(?<=[.!?。])\s+/)) {
      if (current && (current + ' ' + sentence).length > max) {
        flush();
        currentHeading = p.heading;
      }
      current = current ? `${current} ${sentence}` : lead + sentence;
      while (current.length > max * 1.5) {
        out.push(current.slice(0, max));
        current = lead + current.slice(max);
      }
    }
  }
  flush();
  return out;
}

export type TScored<T> = T & { score: number };

/**
 * Ranks candidate passages for a query: keys weighted by inverse frequency among the candidates (a rare key such as
 * a team name outweighs a common one), normalised by passage length so long passages do not win by size.
 */
export function rank<T extends { grams: string[] }>(query: string[], candidates: T[], totalPassages: number): TScored<T>[] {
  const df = new Map<string, number>();
  for (const c of candidates) for (const g of new Set(c.grams)) if (query.includes(g)) df.set(g, (df.get(g) ?? 0) + 1);
  const n = Math.max(totalPassages, candidates.length, 1);
  const idf = (g: string) => Math.log(1 + n / (1 + (df.get(g) ?? 0)));
  const qWeight = query.reduce((s, g) => s + idf(g), 0) || 1;
  return candidates
    .map((c) => {
      const set = new Set(c.grams);
      let hit = 0;
      for (const g of query) if (set.has(g)) hit += idf(g);
      const lengthNorm = 1 / (1 + Math.log(1 + set.size / 80) * 0.3);
      return { ...c, score: (hit / qWeight) * lengthNorm };
    })
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score);
}

/** The constant of reciprocal rank fusion (Cormack et al. 2009: 60 works across collections). */
export const RRF_K = 60;

/**
 * Reciprocal rank fusion: each list adds 1/(RRF_K + rank) to an id, so a passage ranked well by both the lexical and
 * the vector ranking goes first, and neither ranking's score scale matters. Ties keep the order of first appearance
 * (lexical list first). Scores are scaled so that first in every list is 1.
 */
export function fuseRanks(lists: string[][]): { id: string; score: number }[] {
  const score = new Map<string, number>();
  for (const list of lists) list.forEach((id, i) => score.set(id, (score.get(id) ?? 0) + 1 / (RRF_K + i + 1)));
  const best = lists.length / (RRF_K + 1);
  return [...score].map(([id, s]) => ({ id, score: s / best })).sort((a, b) => b.score - a.score);
}
