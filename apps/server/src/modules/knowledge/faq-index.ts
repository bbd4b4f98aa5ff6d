/**
 * FAQ matching (issue 29, decision 030): a chatbot's entries, analysed once and kept while they do not change, scored
 * against a question with the refusal rule of faq-match.ts. Exported through knowledge.service.ts.
 */
import type { TDb } from '../../db/client.ts';
import { DECISION, buildIndex, decideAnswer, scoreFaq, stableBest, type TFaqIndex, type TFaqScore } from './faq-match.ts';
import type { TLexiconGroup } from './lexicon-ko.ts';
import * as repo from './knowledge.repository.ts';

/** The analysed entries of a chatbot, rebuilt when its entries change (compared by their text, so edits count). */
const faqIndexes = new Map<string, { signature: string; index: TFaqIndex }>();
const FAQ_INDEX_CACHE = 200;

/**
 * A chatbot's own word groups (its owner's synonyms, issue 29) as lexicon groups, concept `bot:<index>`. A verb's
 * dictionary ending is dropped so its other forms match: '등록하다' → '등록', '끊다' → '끊' (only after a final
 * consonant, so a noun such as '바다' stays whole).
 */
export function ownerLexicon(groups: readonly (readonly string[])[]): TLexiconGroup[] {
  const stem = (word: string) => {
    const w = word.replace(/\s+/g, '');
    if (w.length > 2 && w.endsWith('하다')) return w.slice(0, -2);
    const before = w.charCodeAt(w.length - 2);
    if (w.length >= 2 && w.endsWith('다') && before >= 0xac00 && before <= 0xd7a3 && (before - 0xac00) % 28 !== 0) return w.slice(0, -1);
    return w;
  };
  return groups.map((g, i) => [[...new Set(g.map(stem).filter(Boolean))], [`bot:${i}`]] as const);
}

async function faqIndex(
  db: TDb,
  chatbotId: string,
  synonyms: readonly (readonly string[])[] = [],
): Promise<{ index: TFaqIndex; entries: Map<string, { question: string; answer: string; url: string | null }> }> {
  const rows = await repo.faqEntries(db, chatbotId);
  const entries = new Map(rows.map((r) => [r.id, { question: r.question ?? '', answer: r.answer ?? '', url: r.sourceUrl }]));
  // The owner's synonyms are part of the signature: a change to them rebuilds the index.
  const signature =
    JSON.stringify(synonyms) + '\u0003' + rows.map((r) => `${r.id}\u0000${r.question}\u0000${r.answer}\u0000${r.phrasings.join('\u0001')}`).join('\u0002');
  const cached = faqIndexes.get(chatbotId);
  if (cached && cached.signature === signature) return { index: cached.index, entries };
  const index = buildIndex(
    rows.map((r) => ({ id: r.id, question: r.question ?? '', answer: r.answer ?? '', phrasings: r.phrasings })),
    ownerLexicon(synonyms),
  );
  faqIndexes.delete(chatbotId);
  faqIndexes.set(chatbotId, { signature, index });
  if (faqIndexes.size > FAQ_INDEX_CACHE) faqIndexes.delete(faqIndexes.keys().next().value!);
  return { index, entries };
}

/** `url`: the entry's page, when it has one (the help centre's articles, issue 33), cited with the answer. */
export type TFaqMatch = { sourceId: string; question: string; answer: string; url: string | null; score: number };

/**
 * The FAQ entry that answers a question, or null when none does clearly enough (faq-match.ts decideAnswer), with the
 * best candidates (for the console's suggestions and the language model's passages).
 */
export async function matchFaq(
  db: TDb,
  chatbotId: string,
  question: string,
  synonyms: readonly (readonly string[])[] = [],
): Promise<{ answer: TFaqMatch | null; candidates: TFaqMatch[]; minScore: number }> {
  const { index, entries } = await faqIndex(db, chatbotId, synonyms);
  const scores = scoreFaq(index, question);
  const toMatch = (sc: TFaqScore): TFaqMatch => ({
    sourceId: sc.id,
    question: entries.get(sc.id)!.question,
    answer: entries.get(sc.id)!.answer,
    url: entries.get(sc.id)!.url,
    score: sc.score,
  });
  const best = decideAnswer(scores, DECISION, () => stableBest(index, question, scores[0]!.id));
  const candidates = scores
    .slice(0, 3)
    .filter((sc) => sc.score > 0)
    .map(toMatch);
  return { answer: best ? toMatch(best) : null, candidates, minScore: DECISION.minScore };
}
