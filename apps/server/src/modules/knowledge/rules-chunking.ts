/**
 * Company rules (취업규칙, 사내 규정; issue 35, decision 089): a document with several "제N조" headings is split by
 * article (조) and by paragraph (항: ①②③…, or "1." "2." where an article has no circled numbers and the numbers are
 * not a "다음 각 호" list), each passage carrying its chapter (장), article number, article title and paragraph number,
 * so an answer cites "제12조 ②항 (연차 유급휴가)" from the passage's metadata. A paragraph longer than the limit is
 * split between sentences, never inside one; 부칙 (addenda) become their own articles ("부칙 제1조", or "부칙").
 * Any other document keeps the ordinary splitter (lib/text-search.ts).
 * No imports besides modules without imports: it also runs inside the document worker threads (knowledge.prepare.ts).
 */
import { splitPassages } from '../../lib/text-search.ts';

/** Where a passage sits in a rules document. `paragraph`: "②" or "3" (a "3." paragraph), null for a whole article. */
export type TArticleMeta = {
  chapter: string | null;
  article: string;
  articleTitle: string | null;
  paragraph: string | null;
};

export type TRulesPassage = { content: string; article: TArticleMeta | null };

const CIRCLED = '①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳';
const ARTICLE = /^제\s*(\d+)\s*조(?:\s*의\s*(\d+))?(?=\s|[(（【[]|$)\s*(?:[(（【[]\s*([^)）】\]]{1,40}?)\s*[)）】\]])?\s*(.*)$/;
const CHAPTER = /^제\s*(\d+)\s*장(?:\s+|$)(.*)$/;
const SECTION = /^제\s*(\d+)\s*절(?:\s+|$)(.*)$/;
const ADDENDUM = /^[<〈[(（]?\s*부\s*칙\s*(?:[>〉\])）]|\s|$)\s*(.*)$/;
/** "제15조 제1항에 따라 …" at a line's start is a reference, not a heading. */
const REFERENCE = /^(제\s*\d+\s*항|및|또는|부터|까지)/;

/** Strips Markdown heading marks and bullets that office/PDF extraction leaves before a heading. */
const bare = (line: string) =>
  line
    .replace(/^#{1,6}\s+/, '')
    .replace(/^\*\*(.*)\*\*$/, '$1')
    .trim();

/** A document looks like company rules when at least three lines open with "제N조" (distinct numbers). */
export function looksLikeRules(text: string): boolean {
  const seen = new Set<string>();
  for (const line of text.split('\n')) {
    const m = ARTICLE.exec(bare(line));
    if (m) seen.add(`${m[1]}-${m[2] ?? ''}`);
    if (seen.size >= 3) return true;
  }
  return false;
}

/** The citation of a passage: "제12조 ②항 (연차 유급휴가)", "제3조 제2항", "부칙 제1조 (시행일)". */
export function citationOf(meta: TArticleMeta): string {
  const p = meta.paragraph ? (CIRCLED.includes(meta.paragraph) ? ` ${meta.paragraph}항` : ` 제${meta.paragraph}항`) : '';
  return `${meta.article}${p}${meta.articleTitle ? ` (${meta.articleTitle})` : ''}`;
}

type TArticle = { chapter: string | null; article: string; title: string | null; lines: string[] };

/** Splits an article's body into paragraphs: circled numbers first, else top-level "N." lines that are not 호. */
function paragraphsOf(lines: string[]): { no: string | null; text: string }[] {
  const body = lines.join('\n').trim();
  if (!body) return [];
  // Circled numbers at a line start or after a sentence's end (PDF text often runs paragraphs together).
  const circled = new RegExp(`(?:^|\\n|(?<=[.다]\\s))\\s*([${CIRCLED}])\\s*`, 'g');
  const marks = [...body.matchAll(circled)];
  if (marks.length >= 1) {
    const out: { no: string | null; text: string }[] = [];
    const lead = body.slice(0, marks[0]!.index).trim();
    if (lead) out.push({ no: null, text: lead });
    marks.forEach((m, i) => {
      const end = i + 1 < marks.length ? marks[i + 1]!.index : body.length;
      const text = body.slice(m.index + m[0].length, end).trim();
      out.push({ no: m[1]!, text: `${m[1]} ${text}` });
    });
    return out;
  }
  const numbered = lines.map((l, i) => ({ i, m: /^(\d{1,2})\.\s+/.exec(l) })).filter((x) => x.m);
  const first = numbered[0];
  // "다음 각 호" (or a colon) before the list: the numbers are 호 of one paragraph, kept together.
  const intro = first ? lines.slice(0, first.i).join(' ') : '';
  if (numbered.length < 2 || /각\s*호|다음|:\s*$/.test(intro) || first!.m![1] !== '1') return [{ no: null, text: body }];
  const out: { no: string | null; text: string }[] = [];
  if (intro.trim()) out.push({ no: null, text: intro.trim() });
  numbered.forEach((n, k) => {
    const end = k + 1 < numbered.length ? numbered[k + 1]!.i : lines.length;
    out.push({ no: n.m![1]!, text: lines.slice(n.i, end).join('\n').trim() });
  });
  return out;
}

/** Sentences of a paragraph, a "1." 호 line counting as one; never cut inside a sentence. */
function pieces(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const units = text.split(/\n/).flatMap((line) => line.split(/(?<=[.!?。])\s+/));
  const out: string[] = [];
  let cur = '';
  for (const u of units) {
    if (cur && (cur + ' ' + u).length > max) {
      out.push(cur);
      cur = u;
    } else cur = cur ? `${cur}${/^\d{1,2}\.\s|^[가-하]\.\s/.test(u) ? '\n' : ' '}${u}` : u;
  }
  if (cur) out.push(cur);
  return out;
}

/**
 * A rules document's passages. Text before the first article (title, 목적) and anything that is not an article are
 * split the ordinary way with no article; an article with two or more paragraphs gives one passage per paragraph,
 * each opening with "제N조(제목)" so it reads (and is found) on its own.
 */
export function splitRules(text: string, max = 600): TRulesPassage[] {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.trim());
  const preamble: string[] = [];
  const articles: TArticle[] = [];
  let chapter: string | null = null;
  let addendum: string | null = null;
  let current: TArticle | null = null;
  for (const raw of lines) {
    const line = bare(raw);
    if (!line) {
      current?.lines.push('');
      continue;
    }
    const ch = CHAPTER.exec(line);
    const sec = SECTION.exec(line);
    const add = ADDENDUM.exec(line);
    const found = ARTICLE.exec(line);
    const art = found && !(found[3] === undefined && REFERENCE.test(found[4] ?? '')) ? found : null;
    if (ch) {
      chapter = `제${ch[1]}장${ch[2] ? ` ${ch[2].trim()}` : ''}`;
      addendum = null;
      current = null;
    } else if (sec && chapter) {
      current = null;
    } else if (add && (line.length <= 40 || /^[<〈[(（]/.test(line))) {
      addendum = `부칙${add[1] && add[1].length <= 30 ? ` ${add[1].trim()}` : ''}`;
      chapter = addendum;
      // 부칙 without articles: its text is one article of its own, "부칙".
      current = { chapter, article: '부칙', title: null, lines: [] };
      articles.push(current);
    } else if (art) {
      const no = `제${art[1]}조${art[2] ? `의${art[2]}` : ''}`;
      if (current && current.article === '부칙' && !current.lines.some(Boolean)) articles.pop();
      current = { chapter, article: addendum ? `부칙 ${no}` : no, title: art[3]?.trim() || null, lines: [] };
      if (art[4]?.trim()) current.lines.push(art[4].trim());
      articles.push(current);
    } else if (current) current.lines.push(line);
    else preamble.push(raw);
  }

  const out: TRulesPassage[] = splitPassages(preamble.join('\n'), max).map((content) => ({ content, article: null }));
  for (const a of articles) {
    const head = `${a.article}${a.title ? `(${a.title})` : ''}`;
    const meta = { chapter: a.chapter, article: a.article, articleTitle: a.title };
    const paras = paragraphsOf(a.lines);
    const numberedCount = paras.filter((p) => p.no).length;
    if (!paras.length) {
      out.push({ content: head, article: { ...meta, paragraph: null } });
      continue;
    }
    const whole = paras.map((p) => p.text).join('\n');
    if (numberedCount < 2) {
      for (const piece of pieces(whole, max))
        out.push({ content: `${head} ${piece}`, article: { ...meta, paragraph: paras.length === 1 ? paras[0]!.no : null } });
      continue;
    }
    for (const p of paras) {
      for (const piece of pieces(p.text, max)) out.push({ content: `${head} ${piece}`, article: { ...meta, paragraph: p.no } });
    }
  }
  return out;
}

/** Passages of any document: rules split by article and paragraph, anything else by the ordinary splitter. */
export function chunkDocument(text: string, max = 600): TRulesPassage[] {
  if (looksLikeRules(text)) {
    const rules = splitRules(text, max);
    if (rules.some((r) => r.article)) return rules;
  }
  return splitPassages(text, max).map((content) => ({ content, article: null }));
}

/** The title an answer cites: the document's, then the passage's place in the rules when it has one. */
export function citedTitle(title: string, r: { article?: string | null; articleTitle?: string | null; paragraph?: string | null }): string {
  if (!r.article) return title;
  return `${title} · ${citationOf({ chapter: null, article: r.article, articleTitle: r.articleTitle ?? null, paragraph: r.paragraph ?? null })}`;
}
