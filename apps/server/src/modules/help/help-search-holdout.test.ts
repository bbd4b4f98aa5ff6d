import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadArticles } from './articles.ts';
import { buildHelpIndex, rankSlugs } from './help-search.ts';

/**
 * The held-out questions (eval/questions-holdout.json, written by the article writer and never seen while the search
 * was built or tuned): the figure reported for the help search. Do not tune on what this prints.
 */
const HOLDOUT = fileURLToPath(new URL('./eval/questions-holdout.json', import.meta.url));

type TQuestion = { q: string; slugs: string[] };

describe.skipIf(!existsSync(HOLDOUT))('help search on the held-out questions', () => {
  it('has the right article in the top 3 for at least 80 % of them', () => {
    const questions = JSON.parse(readFileSync(HOLDOUT, 'utf8')) as TQuestion[];
    const index = buildHelpIndex(loadArticles());
    let top1 = 0;
    let top3 = 0;
    const misses: string[] = [];
    for (const { q, slugs } of questions) {
      const found = rankSlugs(index, q);
      if (slugs.includes(found[0] ?? '')) top1++;
      if (found.slice(0, 3).some((s) => slugs.includes(s))) top3++;
      else misses.push(`${q} → ${found.slice(0, 3).join(', ') || '(nothing)'} (expected ${slugs.join(' | ')})`);
    }
    const pct = (n: number) => `${((100 * n) / questions.length).toFixed(0)} %`;
    console.log(
      `help search, holdout (${questions.length}): top-1 ${pct(top1)}, top-3 ${pct(top3)}${misses.length ? `\nmisses:\n  ${misses.join('\n  ')}` : ''}`,
    );
    expect(top3 / questions.length).toBeGreaterThanOrEqual(0.8);
  });
});
