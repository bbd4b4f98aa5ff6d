// Customer chatbot, answer quality in basic mode (issue 29): the evaluation set of apps/server/src/modules/chatbot/eval
// (FAQ entries of several businesses, questions in customers' own words split into a development and a test part)
// run through the product's FAQ matcher and refusal rule, in process. Prints, per business and in total, how often the
// right entry is cited, how many out-of-scope questions are refused and how many near misses are answered.
//   node bench/chatbot-accuracy.mjs              development and test figures (Markdown)
//   node bench/chatbot-accuracy.mjs --calibrate  searches the refusal rule's constants on the development part only
//                                                (alpha, beta and the score bars; without the stable band of decision 098)
//   node bench/chatbot-accuracy.mjs --misses     also lists the development part's misses (never the test part's)
//   node bench/chatbot-accuracy.mjs --profile    development part only: what is lost by ranking (best-scored entry
//                                                wrong) and what by refusal (right entry refused), and how the scores of
//                                                right matches, wrong matches, near misses and out-of-scope questions spread
//   node bench/chatbot-accuracy.mjs --lobo       development part only: the refusal rule calibrated on all businesses
//                                                but one and measured on the one left out, in turn (what calibration on
//                                                dev may be expected to give on questions and businesses it never saw)
//   node bench/chatbot-accuracy.mjs --calibrate-suggest
//                                                development part only: searches the bar above which a refusal offers
//                                                the likely entries ("혹시 이런 질문인가요?", chatbot-suggest.ts)
// Besides the answers, every run prints the suggestions a refusal offers (decision 096): of the refused in-scope
// questions, how many had the right entry among them, and how many out-of-scope questions and near misses got any.
// The development figures through HTTP (PGlite): apps/server/src/modules/chatbot/chatbot-accuracy.test.ts.
import { ALPHA, BETA, DECISION, buildIndex, decideAnswer, scoreFaq, stableBest } from '../apps/server/src/modules/knowledge/faq-match.ts';
import { SUGGEST, pickSuggestions } from '../apps/server/src/modules/chatbot/chatbot-suggest.ts';
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
    const f = await evaluate(
      set,
      (q) => {
        const s = scoreFaq(index, q, alpha);
        return decideAnswer(s, rule, () => stableBest(index, q, s[0].id))?.id ?? null;
      },
      misses,
    );
    rows.push(figuresRow(`${set.slug} (${split})`, f));
    total = addFigures(total, f);
  }
  return { rows, total };
}

/** Keeps a rule's dev figures within the bar with a margin: ≥ 92 % refused, ≤ `nearMax` near misses answered. */
function ruleObjective(f, nearMax = 0.05) {
  const refused = f.refused / f.outOfScope;
  const near = f.nearMisses ? f.nearMissWrong / f.nearMisses : 0;
  return (refused >= 0.92 && near <= nearMax ? 1 : 0) + f.rightEntry / f.inScope + 0.1 * refused;
}

/** Counts a rule's figures on questions scored once (the best two entries of each, and whether the best is stable). */
function ruleFigures(scored, rule) {
  const f = emptyFigures();
  for (const { s, entry, stable } of scored.inScope) {
    f.inScope++;
    const got = decideAnswer(s, rule, () => stable)?.id ?? null;
    if (got === entry) f.rightEntry++;
    else if (got === null) f.refusedInScope++;
    else f.wrongEntry++;
  }
  for (const { s, nearMiss, stable } of scored.out) {
    f.outOfScope++;
    const got = decideAnswer(s, rule, () => stable);
    if (!got) f.refused++;
    if (nearMiss) {
      f.nearMisses++;
      if (got) f.nearMissWrong++;
    }
  }
  return f;
}

const pctOf = (a, b) => (b ? `${((100 * a) / b).toFixed(1)} %` : '–');

/** What the service offers on a refusal: the matcher's best three with a score, through the suggestion rule. */
const offered = (s, stable, rule = SUGGEST) =>
  decideAnswer(s, DECISION, stable)
    ? null
    : pickSuggestions(
        s.slice(0, 3).filter((x) => x.score > 0),
        rule,
      );

/** Suggestion figures of one business's questions scored once: `scored` = { inScope: [{ s, entry }], out: [{ s, nearMiss }] }. */
function suggestFigures(scored, rule = SUGGEST) {
  const f = { refusedIn: 0, offeredIn: 0, rightIn: 0, buttons: 0, far: 0, farRefused: 0, farOffered: 0, near: 0, nearRefused: 0, nearOffered: 0 };
  for (const { s, entry, stable } of scored.inScope) {
    const o = offered(s, stable, rule);
    if (!o) continue;
    f.refusedIn++;
    if (o.length) f.offeredIn++;
    if (o.some((x) => x.id === entry)) f.rightIn++;
    f.buttons += o.length;
  }
  for (const { s, nearMiss, stable } of scored.out) {
    const o = offered(s, stable, rule);
    const k = nearMiss ? 'near' : 'far';
    f[k]++;
    if (!o) continue;
    f[`${k}Refused`]++;
    if (o.length) f[`${k}Offered`]++;
    f.buttons += o.length;
  }
  return f;
}
const addSuggest = (a, b) => Object.fromEntries(Object.keys(b).map((k) => [k, (a?.[k] ?? 0) + b[k]]));
/** A question scored once: every entry's score, and whether its best entry is stable (asked lazily, as the service does). */
const scoreOne = (index, q) => {
  const s = scoreFaq(index, q);
  return { s, stable: () => stableBest(index, q, s[0].id) };
};
const scoreSet = ({ set, index }) => ({
  slug: set.slug,
  inScope: set.questions.inScope.map(({ q, entry }) => ({ ...scoreOne(index, q), entry })),
  out: set.questions.outOfScope.map(({ q, nearMiss }) => ({ ...scoreOne(index, q), nearMiss })),
});
const SUGGEST_HEADER =
  '| set | refused in scope | right entry among the suggestions | refused in scope with suggestions | buttons per offer | out of scope (not near misses) given suggestions | near misses given suggestions |\n|---|---|---|---|---|---|---|';
const suggestRow = (label, f) => {
  const offers = f.offeredIn + f.farOffered + f.nearOffered;
  return `| ${label} | ${f.refusedIn} | ${f.rightIn}/${f.refusedIn} (${pctOf(f.rightIn, f.refusedIn)}) | ${f.offeredIn}/${f.refusedIn} | ${offers ? (f.buttons / offers).toFixed(2) : '–'} | ${f.farOffered}/${f.far} (${pctOf(f.farOffered, f.far)}) | ${f.nearOffered}/${f.near} (${pctOf(f.nearOffered, f.near)}) |`;
};

/** The suggestion table of a split, per business and in total. */
function suggestTable(split) {
  const rows = [];
  let total;
  for (const d of sets(split).map(scoreSet)) {
    const f = suggestFigures(d);
    rows.push(suggestRow(`${d.slug} (${split})`, f));
    total = addSuggest(total, f);
  }
  if (total) rows.push(suggestRow(`all (${split})`, total));
  return rows;
}

if (args.has('--profile')) {
  console.log('\nLoss on the development part: ranking (best-scored entry wrong) against refusal (right entry refused)\n');
  console.log(
    '| set | in scope | best-scored entry right | right in the best 3 | right entry cited | lost by ranking | lost by refusal |\n|---|---|---|---|---|---|---|',
  );
  const spread = { 'in scope, best right': [], 'in scope, best wrong': [], 'near miss': [], 'out of scope': [] };
  let tot = [0, 0, 0, 0, 0, 0];
  for (const { set, index } of sets('dev')) {
    const row = [0, 0, 0, 0, 0, 0];
    for (const { q, entry } of set.questions.inScope) {
      const s = scoreFaq(index, q);
      const got = decideAnswer(s, DECISION, () => stableBest(index, q, s[0].id))?.id ?? null;
      row[0]++;
      if (s[0]?.id === entry) row[1]++;
      if (s.slice(0, 3).some((x) => x.id === entry)) row[2]++;
      if (got === entry) row[3]++;
      if (s[0]?.id !== entry) row[4]++;
      else if (got !== entry) row[5]++;
      if (s[0]) spread[s[0].id === entry ? 'in scope, best right' : 'in scope, best wrong'].push({ best: s[0], second: s[1] });
    }
    for (const { q, nearMiss } of set.questions.outOfScope) {
      const s = scoreFaq(index, q);
      if (s[0]) spread[nearMiss ? 'near miss' : 'out of scope'].push({ best: s[0], second: s[1] });
    }
    console.log(`| ${set.slug} | ${row[0]} | ${pctOf(row[1], row[0])} | ${pctOf(row[2], row[0])} | ${pctOf(row[3], row[0])} | ${row[4]} | ${row[5]} |`);
    tot = tot.map((x, i) => x + row[i]);
  }
  console.log(`| all | ${tot[0]} | ${pctOf(tot[1], tot[0])} | ${pctOf(tot[2], tot[0])} | ${pctOf(tot[3], tot[0])} | ${tot[4]} | ${tot[5]} |`);
  const features = {
    score: (x) => x.best.score,
    'margin over the runner-up': (x) => x.best.score - (x.second?.score ?? 0),
    cover: (x) => x.best.cover,
    'reverse cover': (x) => x.best.reverse,
    'topic units the entry lacks': (x) => x.best.missConcepts + x.best.missWords,
  };
  console.log('\nSpread of the best-scored entry (10th / 25th / 50th / 75th / 90th percentile)\n');
  console.log(
    `| feature | ${Object.keys(spread).join(' | ')} |\n|---|${Object.keys(spread)
      .map(() => '---|')
      .join('')}`,
  );
  for (const [name, f] of Object.entries(features)) {
    const cells = Object.values(spread).map((xs) => {
      const v = xs.map(f).sort((a, b) => a - b);
      return v.length ? [0.1, 0.25, 0.5, 0.75, 0.9].map((p) => v[Math.floor(p * (v.length - 1))].toFixed(2)).join(' / ') : '–';
    });
    console.log(`| ${name} | ${cells.join(' | ')} |`);
  }
} else if (args.has('--lobo')) {
  // The rule's constants searched on all development businesses but one, then measured on the one left out.
  const rules = [];
  for (let minScore = 0.2; minScore <= 0.7; minScore += 0.01)
    for (const minCover of [0, 0.3, 0.4, 0.5])
      for (const margin of [0, 0.02, 0.05, 0.1])
        for (const sure of [0.5, 0.6, 0.7, 1.1])
          // stableBand 0: no band (the rule before decision 098); 0.04: a stable best entry is answered from 0.04 under
          // minScore. The width is fixed (one constant fewer to fit); with a free width the folds pick 0.41 to 0.47 and
          // generalise worse (bench/RESULTS.md, 2026-11-28 11:25 section).
          for (const stableBand of [0, 0.04]) rules.push({ minScore, minCover, margin, sure, stableBand });
  // Whether the best entry is stable is worked out once per question, where a rule's band can reach.
  const once = (index, q) => {
    const s = scoreFaq(index, q);
    return { s: s.slice(0, 2), stable: s[0] && s[0].score >= 0.15 && s[0].score < 0.7 ? stableBest(index, q, s[0].id) : false };
  };
  const dev = sets('dev').map(({ set, index }) => ({
    slug: set.slug,
    inScope: set.questions.inScope.map(({ q, entry }) => ({ ...once(index, q), entry })),
    out: set.questions.outOfScope.map(({ q, nearMiss }) => ({ ...once(index, q), nearMiss })),
  }));
  for (const nearMax of [0.05, 0.02]) {
    console.log(
      `\nLeave one business out (alpha ${ALPHA}, beta ${BETA}; the rule keeps ≥ 92 % refused and ≤ ${100 * nearMax} % near misses on the businesses it is fitted on)\n`,
    );
    console.log(FIGURES_HEADER);
    let total = emptyFigures();
    for (const held of dev) {
      let best = null;
      for (const rule of rules) {
        const f = dev.filter((d) => d !== held).reduce((t, d) => addFigures(t, ruleFigures(d, rule)), emptyFigures());
        const o = ruleObjective(f, nearMax);
        if (!best || o > best.o) best = { o, rule };
      }
      const f = ruleFigures(held, best.rule);
      const band = best.rule.stableBand ? `, stable from ${(best.rule.minScore - best.rule.stableBand).toFixed(2)}` : '';
      console.log(figuresRow(`${held.slug} left out (minScore ${best.rule.minScore.toFixed(2)}${band})`, f));
      total = addFigures(total, f);
    }
    console.log(figuresRow('all, each left out in turn', total));
  }
} else if (args.has('--calibrate-suggest')) {
  // Development part only. The most refused in-scope questions with their right entry among the suggestions, while at
  // most 15 % of the out-of-scope questions that are not near misses get any (a question far from every entry gets
  // none); each button shown costs 0.02 of a hit (fewer, closer choices). Near misses are reported, not constrained:
  // a suggestion is not an answer, and the customer passes over entries that are not what they asked.
  const dev = sets('dev').map(scoreSet);
  let best = null;
  for (let minBest = 0.1; minBest <= 0.6; minBest += 0.01)
    for (const ratio of [0, 0.5, 0.6, 0.7, 0.8, 0.9]) {
      const rule = { minBest: Math.round(minBest * 100) / 100, ratio, max: 3 };
      const f = dev.reduce((t, d) => addSuggest(t, suggestFigures(d, rule)), undefined);
      if (f.farOffered > 0.15 * f.far) continue;
      const objective = f.rightIn - 0.02 * f.buttons;
      if (!best || objective > best.objective) best = { objective, rule, f };
    }
  console.log(JSON.stringify({ rule: best.rule, objective: Math.round(best.objective * 100) / 100 }));
  console.log(SUGGEST_HEADER);
  console.log(suggestRow('all (dev)', best.f));
} else if (args.has('--calibrate')) {
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
  console.log(`\nSuggestions on a refusal (decision 096), rule ${JSON.stringify(SUGGEST)}\n`);
  console.log(SUGGEST_HEADER);
  for (const r of [...suggestTable('dev'), ...(args.has('--dev') ? [] : suggestTable('test'))]) console.log(r);
  if (misses) console.log(`\nmisses (development part):\n${misses.join('\n')}`);
}
