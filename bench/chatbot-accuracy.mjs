// Customer chatbot, answer quality in basic mode (issue 29): the evaluation set of apps/server/src/modules/chatbot/eval
// (FAQ entries of several businesses, questions in customers' own words split into a development and a test part)
// run through the product's FAQ matcher and refusal rule, in process. Prints, per business and in total, how often the
// right entry is cited, how many out-of-scope questions are refused and how many near misses are answered.
//   node bench/chatbot-accuracy.mjs              development and test figures (Markdown)
//   node bench/chatbot-accuracy.mjs --calibrate  searches the refusal rule's constants on the development part only
//   node bench/chatbot-accuracy.mjs --misses     also lists the development part's misses (never the test part's)
// The development figures through HTTP (PGlite): apps/server/src/modules/chatbot/chatbot-accuracy.test.ts.
import { ALPHA, BETA, DECISION, buildIndex, decideAnswer, scoreFaq } from '../apps/server/src/modules/knowledge/faq-match.ts';
import { knowledgeKeys, scoreCandidates } from '../apps/server/src/modules/knowledge/korean-search.ts';
import { FIGURES_HEADER, addFigures, emptyFigures, evalSlugs, evaluate, figuresRow, loadEvalSet } from '../apps/server/src/modules/chatbot/eval/evaluate.ts';

const args = new Set(process.argv.slice(2));

function sets(split) {
  return evalSlugs()
    .map((slug) => loadEvalSet(slug, split))
    .filter(Boolean)
    .map((set) => ({ set, index: buildIndex(set.faq.entries) }));
}

async function run(split, alpha, rule, misses) {
  const rows = [];
  let total = emptyFigures();
  for (const { set, index } of sets(split)) {
    const f = await evaluate(set, (q) => decideAnswer(scoreFaq(index, q, alpha), rule)?.id ?? null, misses);
    rows.push(figuresRow(`${set.slug} (${split})`, f));
    total = addFigures(total, f);
  }
  return { rows, total };
}

if (args.has('--calibrate')) {
  // Score once per alpha, then try every rule on the cached scores: maximise right answers + refusals, with near misses
  // answered counting three times against.
  const dev = sets('dev');
  let best = null;
  for (const [alpha, beta] of [0.3, 0.5, 0.7, 0.9].flatMap((a) => [0, 0.2, 0.3, 0.4, 0.5, 0.6].map((b) => [a, b]))) {
    const scored = dev.map(({ set, index }) => ({
      inScope: set.questions.inScope.map(({ q, entry }) => ({ s: scoreFaq(index, q, alpha, beta), entry })),
      out: set.questions.outOfScope.map(({ q, nearMiss }) => ({ s: scoreFaq(index, q, alpha, beta), nearMiss })),
    }));
    for (let minScore = 0.15; minScore <= 0.8; minScore += 0.01)
      for (const minCover of [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6])
        for (const margin of [0, 0.01, 0.02, 0.03, 0.05, 0.08])
          for (const sure of [0.5, 0.6, 0.7, 0.8, 1.1]) {
            const rule = { minScore, minCover, margin, sure };
            let right = 0,
              n = 0,
              refused = 0,
              m = 0,
              nearWrong = 0,
              near = 0;
            for (const d of scored) {
              for (const { s, entry } of d.inScope) {
                n++;
                if (decideAnswer(s, rule)?.id === entry) right++;
              }
              for (const { s, nearMiss } of d.out) {
                m++;
                const got = decideAnswer(s, rule);
                if (!got) refused++;
                if (nearMiss) {
                  near++;
                  if (got) nearWrong++;
                }
              }
            }
            // The bar is ≥ 90 % refused and ≤ 5 % near misses answered on unseen questions: on the development part
            // the rule must keep a margin (≥ 92 %, ≤ 5 %), and within it cite the right entry as often as possible.
            const ok = refused / m >= 0.92 && (near ? nearWrong / near : 0) <= 0.05;
            const objective = (ok ? 1 : 0) + right / n + 0.1 * (refused / m);
            if (!best || objective > best.objective)
              best = { objective, alpha, beta, rule, right: right / n, refused: refused / m, nearWrong: near ? nearWrong / near : 0 };
          }
  }
  best.rule.minScore = Math.round(best.rule.minScore * 100) / 100;
  console.log(JSON.stringify(best, null, 1));
} else {
  const misses = args.has('--misses') ? [] : undefined;
  const dev = await run('dev', ALPHA, DECISION, misses);
  // --dev: the development part only (while tuning, the test part's figures are not looked at).
  const test = args.has('--dev') ? { rows: [], total: emptyFigures() } : await run('test', ALPHA, DECISION);
  // Baseline in the same run: the previous release's answer rule (passage retrieval, korean-search.ts, with the
  // fixed 0.175 confidence floor), over the same entries and questions.
  const baseline = async (split) => {
    let total = emptyFigures();
    for (const { set } of sets(split)) {
      const candidates = set.faq.entries.map((e) => ({
        id: e.id,
        titleKeys: knowledgeKeys(e.question),
        keys: knowledgeKeys(`${e.question}\n${e.question}\n${e.answer}`),
      }));
      const f = await evaluate(set, (q) => {
        const [top] = scoreCandidates(knowledgeKeys(q, { query: true }), candidates, candidates.length);
        return top && top.score >= 0.175 ? top.id : null;
      });
      total = addFigures(total, f);
    }
    return total;
  };
  const baseDev = await baseline('dev');
  const baseTest = args.has('--dev') ? null : await baseline('test');
  console.log(`\nFAQ matcher (basic mode, in process), alpha ${ALPHA}, beta ${BETA}, rule ${JSON.stringify(DECISION)}\n`);
  console.log(FIGURES_HEADER);
  for (const r of [...dev.rows, figuresRow('all (dev)', dev.total), ...test.rows, ...(test.rows.length ? [figuresRow('all (test)', test.total)] : [])])
    console.log(r);
  console.log(figuresRow('baseline: previous rule (dev)', baseDev));
  if (baseTest) console.log(figuresRow('baseline: previous rule (test)', baseTest));
  if (misses) console.log(`\nmisses (development part):\n${misses.join('\n')}`);
}
