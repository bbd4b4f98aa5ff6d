/**
 * The chatbot's evaluation set (issue 29) and its figures. Each business has an FAQ (`faq-<slug>.json`) and questions
 * asked in customers' own words, split once into a development part (`questions-<slug>.dev.json`, the only one the
 * matching and the refusal rule are tuned on) and a test part (`questions-<slug>.test.json`, reported, never tuned on).
 * An out-of-scope question may be a near miss of an entry (shares its words, asks something else).
 *
 * The dental clinic (`clinic`, added after the matcher and its lexicon were written, so a domain they never saw) was
 * split by a rule fixed before any result was looked at: a question goes to the test part when the FNV-1a 32-bit hash
 * of its UTF-8 (NFC) text is odd, to the development part when it is even.
 *
 * The academy (`academy`) and the guesthouse (`pension`), added later, are development only: new domains to measure how
 * the matcher does on businesses its lexicon never saw, and more varied data to calibrate on.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type TEvalFaq = { business: string; entries: { id: string; question: string; answer: string; phrasings?: string[] }[] };
export type TEvalQuestions = { inScope: { q: string; entry: string }[]; outOfScope: { q: string; nearMiss: string | null }[] };
export type TEvalSet = { slug: string; faq: TEvalFaq; questions: TEvalQuestions };
export type TSplit = 'dev' | 'test';

const DIR = fileURLToPath(new URL('.', import.meta.url));

export function evalSlugs(): string[] {
  return readdirSync(DIR)
    .map((f) => /^faq-(.+)\.json$/.exec(f)?.[1])
    .filter((s): s is string => Boolean(s))
    .sort();
}

export function loadEvalSet(slug: string, split: TSplit): TEvalSet | null {
  let questions: TEvalQuestions;
  try {
    questions = JSON.parse(readFileSync(`${DIR}questions-${slug}.${split}.json`, 'utf8')) as TEvalQuestions;
  } catch {
    return null;
  }
  const faq = JSON.parse(readFileSync(`${DIR}faq-${slug}.json`, 'utf8')) as TEvalFaq;
  return { slug, faq, questions };
}

export type TFigures = {
  inScope: number;
  rightEntry: number;
  wrongEntry: number;
  refusedInScope: number;
  outOfScope: number;
  refused: number;
  nearMisses: number;
  nearMissWrong: number;
};

export const emptyFigures = (): TFigures => ({
  inScope: 0,
  rightEntry: 0,
  wrongEntry: 0,
  refusedInScope: 0,
  outOfScope: 0,
  refused: 0,
  nearMisses: 0,
  nearMissWrong: 0,
});

/** Runs every question of a set through `answer` (the cited entry id, or null for a refusal) and counts. */
export async function evaluate(set: TEvalSet, answer: (question: string) => Promise<string | null> | string | null, misses?: string[]): Promise<TFigures> {
  const f = emptyFigures();
  for (const { q, entry } of set.questions.inScope) {
    const got = await answer(q);
    f.inScope++;
    if (got === entry) f.rightEntry++;
    else if (got === null) {
      f.refusedInScope++;
      misses?.push(`[${set.slug}] 거절: ${q} (→ ${entry})`);
    } else {
      f.wrongEntry++;
      misses?.push(`[${set.slug}] 오답: ${q} (→ ${entry}, 받은 답 ${got})`);
    }
  }
  for (const { q, nearMiss } of set.questions.outOfScope) {
    const got = await answer(q);
    f.outOfScope++;
    if (got === null) f.refused++;
    else misses?.push(`[${set.slug}] 범위 밖에 답함: ${q} (→ ${got}${nearMiss ? `, 비슷한 항목 ${nearMiss}` : ''})`);
    if (nearMiss) {
      f.nearMisses++;
      if (got !== null) f.nearMissWrong++;
    }
  }
  return f;
}

export function addFigures(a: TFigures, b: TFigures): TFigures {
  const out = emptyFigures();
  for (const k of Object.keys(out) as (keyof TFigures)[]) out[k] = a[k] + b[k];
  return out;
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : '–');

/** One Markdown table row: right entry, refusals of out-of-scope questions, near misses answered. */
export function figuresRow(label: string, f: TFigures): string {
  return `| ${label} | ${f.rightEntry}/${f.inScope} (${pct(f.rightEntry, f.inScope)}) | ${f.wrongEntry} | ${f.refusedInScope} | ${f.refused}/${f.outOfScope} (${pct(f.refused, f.outOfScope)}) | ${f.nearMissWrong}/${f.nearMisses} (${pct(f.nearMissWrong, f.nearMisses)}) |`;
}

export const FIGURES_HEADER =
  '| set | right entry cited (in scope) | wrong entry | refused (in scope) | out of scope refused | near misses answered |\n|---|---|---|---|---|---|';
