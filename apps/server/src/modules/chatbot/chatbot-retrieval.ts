/**
 * What a chatbot answers from (issue 29): its FAQ entries through the FAQ matcher (knowledge/faq-match.ts: concepts,
 * phrasings, coverage both ways, the calibrated refusal rule), then its documents (text, Markdown, pages, PDFs)
 * through the passage retrieval with the CONFIDENCE floor. In basic mode the first of these is the answer; with a
 * language model they are its passages, best first.
 */
import type { TDb } from '../../db/client.ts';
import * as knowledge from '../knowledge/knowledge.service.ts';
import { pickSuggestions } from './chatbot-suggest.ts';

/**
 * Retrieval confidence of a document passage (korean-search.ts scoreCandidates, 0..1) below which it is not used.
 * FAQ entries have their own rule (faq-match.ts DECISION).
 */
export const CONFIDENCE = 0.175;

/** FAQ candidates a language model also sees when no entry is sure: those within this share of the sure rule's floor. */
const LLM_FAQ_FLOOR = 0.6;

const asHit = (m: knowledge.TFaqMatch): knowledge.THit => ({
  passageId: m.sourceId,
  sourceId: m.sourceId,
  kind: 'faq',
  title: m.question,
  url: m.url,
  content: `${m.question}\n${m.answer}`,
  answer: m.answer,
  score: m.score,
});

/**
 * The passages to answer from, best first: `sure` says the first one answers the question on its own (an FAQ entry
 * the refusal rule accepted, or a document passage above CONFIDENCE); `forModel` adds the near candidates a language
 * model may still use or decline. `suggest`: when no FAQ entry was accepted, the entries to offer instead
 * (chatbot-suggest.ts; their questions only, never their answers).
 */
export async function retrieve(
  db: TDb,
  chatbotId: string,
  question: string,
  synonyms: readonly (readonly string[])[] = [],
): Promise<{ sure: knowledge.THit[]; forModel: knowledge.THit[]; suggest: { id: string; question: string }[] }> {
  const [faq, hits] = await Promise.all([knowledge.matchFaq(db, chatbotId, question, synonyms), knowledge.search(db, chatbotId, question, 4)]);
  const documents = hits.filter((h) => h.kind !== 'faq' && h.score >= CONFIDENCE).slice(0, 3);
  const sure = faq.answer ? [asHit(faq.answer), ...documents] : documents;
  const floor = faq.minScore * LLM_FAQ_FLOOR;
  const near = faq.candidates.filter((c) => c.sourceId !== faq.answer?.sourceId && c.score >= floor).map(asHit);
  const suggest = faq.answer
    ? []
    : pickSuggestions(faq.candidates.filter((c) => c.question.trim()).map((c) => ({ id: c.sourceId, score: c.score, question: c.question }))).map(
        ({ id, question: q }) => ({ id, question: q }),
      );
  return { sure, forModel: [...sure, ...near].slice(0, 4), suggest };
}
