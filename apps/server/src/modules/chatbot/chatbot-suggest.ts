/**
 * "혹시 이런 질문인가요?" (issue 29, decision 096): when the refusal rule (faq-match.ts DECISION) declines every FAQ entry
 * but the best one still scores above a lower bar, the refusal offers the closest entries' questions to choose from.
 * A suggestion is not an answer (`answered` stays false); choosing one answers from that entry.
 *
 * Calibrated on the development split only (`node bench/chatbot-accuracy.mjs --calibrate-suggest`): the most refused
 * in-scope questions with their right entry among the suggestions, while at most 15 % of the out-of-scope questions
 * that are not near misses get any, each button shown costing 0.02 of a hit. Dev: the right entry is among the
 * suggestions for 175 of the 274 refused in-scope questions, 12/81 far out-of-scope questions get suggestions.
 */

/**
 * `minBest`: the best entry's score below which nothing is offered (far from every entry); `ratio`: another entry is
 * offered only when it scores at least this share of the best one; `max`: at most this many.
 */
export const SUGGEST = { minBest: 0.25, ratio: 0.6, max: 3 };

/** The entries to offer, best first, from the matcher's candidates sorted by score (distinct ids). */
export function pickSuggestions<T extends { id: string; score: number }>(
  ranked: readonly T[],
  rule: { minBest: number; ratio: number; max: number } = SUGGEST,
): T[] {
  const best = ranked[0];
  if (!best || best.score < rule.minBest) return [];
  const seen = new Set<string>();
  const out: T[] = [];
  for (const c of ranked) {
    if (out.length >= rule.max) break;
    if (c.score < best.score * rule.ratio || seen.has(c.id)) continue;
    seen.add(c.id);
    out.push(c);
  }
  return out;
}
