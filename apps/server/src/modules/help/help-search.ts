/**
 * Searching the help articles in Korean (issue 33), with the suite's own matching rather than a second one:
 *  - the knowledge module's FAQ matcher (faq-match.ts via knowledge.service.ts): particles and endings stripped,
 *    spacing ignored, the lexicon's synonyms, a one-jamo typo forgiven, fused with its character-key retrieval. Each
 *    article is one entry: its title is the question, its `questions`, summary and headings the phrasings (full
 *    weight), its body the answer (less weight);
 *  - 초성: a query of consonant jamo only ('ㅂㅁㅂㅎ') matches the articles whose title (or one of its questions)
 *    spells those initials, as the users list does with `name_initials` in the database.
 * Results are best first, at most 20, with a floor (and a share of the best score) so an unrelated query lists
 * nothing rather than everything. The excerpt is the summary, or the body sentence that matches when the summary
 * does not.
 */
import { isInitialsQuery } from '@suite/shared/schemas/admin';
import { ZHelpService, type THelpArticleSummary, type THelpService } from '@suite/shared/schemas/help';
import { ALPHA, BETA, buildIndex, knowledgeKeys, scoreCandidates, scoreFaq, type TFaqIndex } from '../knowledge/knowledge.service.ts';
import type { THelpArticleDoc } from './articles.ts';
import { HELP_LEXICON } from './help-lexicon.ts';
import { headingsOf, plainTextOf } from './help-render.ts';

export const MAX_RESULTS = 20;
/** A result must score at least this, and at least RELATIVE × the best result's score. */
export const MIN_SCORE = 0.2;
export const RELATIVE = 0.4;
const EXCERPT_MAX = 160;

type TSentence = { id: string; titleKeys: string[]; keys: string[]; text: string };
type TIndexed = { doc: THelpArticleDoc; initials: string[]; sentences: TSentence[]; summaryKeys: Set<string> };
/** `keys`: each article's character keys (title, and all) as sets, for the fused retrieval score (see fusedScores). */
type TKeySets = { id: string; title: Set<string>; all: Set<string> };
export type THelpSearchIndex = { articles: Map<string, TIndexed>; faq: TFaqIndex; keys: TKeySets[]; order: TIndexed[] };

const HANGUL_INITIALS = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';

/** The initial consonants of a text's Hangul syllables (and any jamo written as such); everything else dropped. */
export function initialsOf(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const c = ch.charCodeAt(0);
    if (c >= 0xac00 && c <= 0xd7a3) out += HANGUL_INITIALS[Math.floor((c - 0xac00) / 588)];
    else if (c >= 0x3131 && c <= 0x314e) out += ch;
  }
  return out;
}

function sentencesOf(slug: string, body: string): TSentence[] {
  return plainTextOf(body)
    .split('\n')
    .flatMap((line) => line.split(/(?<=[.!?])\s+/))
    .map((t) => t.trim())
    .filter((t) => t.length >= 8)
    .map((text, i) => {
      const keys = knowledgeKeys(text);
      return { id: `${slug}#${i}`, titleKeys: keys, keys, text };
    });
}

const serviceRank = new Map(ZHelpService.options.map((s, i) => [s, i]));
const byServiceThenTitle = (a: TIndexed, b: TIndexed) =>
  (serviceRank.get(a.doc.service) ?? 0) - (serviceRank.get(b.doc.service) ?? 0) || a.doc.title.localeCompare(b.doc.title, 'ko');

export function buildHelpIndex(docs: readonly THelpArticleDoc[]): THelpSearchIndex {
  const faq = buildIndex(
    docs.map((d) => ({
      id: d.slug,
      question: d.title,
      phrasings: [...d.questions, d.summary, ...headingsOf(d.body)],
      answer: plainTextOf(d.body),
    })),
    HELP_LEXICON,
  );
  const indexed = docs.map((doc) => ({
    doc,
    initials: [doc.title, ...doc.questions].map(initialsOf),
    sentences: sentencesOf(doc.slug, doc.body),
    summaryKeys: new Set(knowledgeKeys(doc.summary)),
  }));
  const keys = faq.grams.map((g) => ({ id: g.id, title: new Set(g.titleKeys), all: new Set(g.keys) }));
  return { articles: new Map(indexed.map((a) => [a.doc.slug, a])), faq, keys, order: [...indexed].sort(byServiceThenTitle) };
}

/**
 * scoreFaq's score, with its character-key share computed here: scoreFaq hands scoreCandidates every key of every
 * article and builds sets of them on each query (≈ 90 % of the time for long articles). Only the query's keys matter
 * to scoreCandidates, so each article is given just the query's keys it has, looked up in sets built once: the same
 * figures, several times faster.
 */
function fusedScores(index: THelpSearchIndex, query: string): { id: string; score: number }[] {
  const qk = knowledgeKeys(query, { query: true });
  const candidates = index.keys.map((k) => ({ id: k.id, titleKeys: qk.filter((x) => k.title.has(x)), keys: qk.filter((x) => k.all.has(x)) }));
  const base = new Map(scoreCandidates(qk, candidates, candidates.length).map((c) => [c.id, c.score]));
  return scoreFaq(index.faq, query, ALPHA, 0)
    .map((s) => ({ id: s.id, score: (1 - BETA) * s.score + BETA * (base.get(s.id) ?? 0) }))
    .sort((a, b) => b.score - a.score);
}

function clip(text: string): string {
  return text.length <= EXCERPT_MAX ? text : `${text.slice(0, EXCERPT_MAX - 1).trimEnd()}…`;
}

/** The summary, unless the query's topic words are not in it and a sentence of the body has them. */
function excerptOf(a: TIndexed, q: string | undefined): string {
  if (!q) return a.doc.summary;
  // Whole stems and Latin words only: a bigram across two words ('5번까지' for '비번 까먹었어요') is no match.
  const qk = knowledgeKeys(q, { query: true }).filter((k) => k.startsWith('w:') || k.startsWith('l:'));
  if (!qk.length || qk.some((k) => a.summaryKeys.has(k))) return a.doc.summary;
  const best = scoreCandidates(qk, a.sentences, a.sentences.length)[0];
  return best ? clip(best.text) : a.doc.summary;
}

const summary = (a: TIndexed, q?: string): THelpArticleSummary => ({ slug: a.doc.slug, title: a.doc.title, service: a.doc.service, excerpt: excerptOf(a, q) });

/** Initials queries: the title first, then a question, whose initials contain the query's (earlier start first). */
function byInitials(index: THelpSearchIndex, q: string): TIndexed[] {
  const want = q.replace(/\s+/g, '');
  const hits: { a: TIndexed; rank: number }[] = [];
  for (const a of index.order) {
    const ranks = a.initials.map((s, i) => (s.includes(want) ? i * 1000 + s.indexOf(want) : Infinity));
    const rank = Math.min(...ranks);
    if (rank < Infinity) hits.push({ a, rank });
  }
  return hits.sort((x, y) => x.rank - y.rank).map((h) => h.a);
}

/** GET /api/help/articles: matching articles best first (or every article by service and title without a query). */
export function searchArticles(index: THelpSearchIndex, q: string | undefined, service?: THelpService): THelpArticleSummary[] {
  const query = q?.trim() || undefined;
  const inService = (a: TIndexed) => !service || a.doc.service === service;
  if (!query) return index.order.filter(inService).map((a) => summary(a));
  if (isInitialsQuery(query))
    return byInitials(index, query)
      .filter(inService)
      .slice(0, MAX_RESULTS)
      .map((a) => summary(a));
  // '받고싶어요' written without its space leaves '고싶' as a topic word; spaced, the matcher drops it as grammar.
  const scores = fusedScores(index, query.replace(/([가-힣])(싶)/g, '$1 $2'));
  const top = scores[0]?.score ?? 0;
  const floor = Math.max(MIN_SCORE, RELATIVE * top);
  return scores
    .filter((s) => s.score >= floor)
    .map((s) => index.articles.get(s.id)!)
    .filter(inService)
    .slice(0, MAX_RESULTS)
    .map((a) => summary(a, query));
}

/** The slugs a query finds, best first (the evaluation's view of searchArticles). */
export const rankSlugs = (index: THelpSearchIndex, q: string) => searchArticles(index, q).map((r) => r.slug);
