import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestContext } from '../../test/helpers.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { seedWithMembers } from '../meal/testing/meal-test-kit.ts';
import { buildIndex, DECISION, decideAnswer, scoreFaq, stableBest, type TFaqScore } from '../knowledge/faq-match.ts';
import { addFigures, emptyFigures, evalSlugs, evaluate, FIGURES_HEADER, figuresRow, loadEvalSet, type TEvalSet } from './eval/evaluate.ts';

const SHOP = 'https://shop.example';

/**
 * Answer quality through the product's HTTP API in basic mode, on the DEVELOPMENT part of the evaluation set (the
 * part the matcher is tuned on; the held-out test part is measured by bench/chatbot-accuracy.mjs and reported in
 * bench/RESULTS.md, never asserted on here, so nobody tunes against it). The floors sit just under the figures the
 * release measures (54.7 % right entry, 97.2 % out of scope refused, 1.6 % near misses answered, with an academy
 * and a guesthouse added as businesses the matcher had never seen: about 30 % right each) and catch
 * regressions. Issue 29's bar (≥ 90 / ≥ 90 / ≤ 5 % on the test part) is not claimed.
 *
 * One database only: the FAQ matcher (knowledge/faq-match.ts) scores entries in memory from the rows the source API
 * stored, so PostgreSQL would give the same figures for twice the CI time; storing and reading FAQ sources runs on
 * both databases in knowledge.test.ts and chatbot.test.ts.
 */
describe('customer chatbot answer quality on the development split (pglite)', () => {
  const kind = 'pglite' as const;
  let t: TTestContext;
  let base: string;
  let token: string;
  const sets = evalSlugs()
    .map((slug) => loadEvalSet(slug, 'dev'))
    .filter((s): s is TEvalSet => s !== null);

  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
    const s = await seedWithMembers(t, 0);
    base = s.base;
    token = s.owner.token;
  }, 120_000);
  afterAll(async () => t?.close());

  /** A bot with the set's FAQ; returns a function that asks one question as a new visitor and gives the cited entry. */
  async function botFor(set: TEvalSet) {
    const created = await api(t, token)('POST', `${base}/chatbots`, { name: set.faq.business.slice(0, 40), allowedOrigins: [SHOP] });
    expect(created.status).toBe(201);
    const botId = created.body.id as string;
    const idByQuestion = new Map<string, string>();
    for (const e of set.faq.entries) {
      const r = await api(t, token)('POST', `${base}/chatbots/${botId}/sources`, { type: 'faq', question: e.question, answer: e.answer });
      expect(r.status).toBe(201);
      idByQuestion.set(e.question, e.id);
    }
    let visitor = 0;
    return async (text: string): Promise<string | null> => {
      // Each question from its own visitor and address, as customers ask: the per-visitor limits stay out of the way.
      const remoteAddress = `10.29.${Math.floor(++visitor / 250)}.${visitor % 250}`;
      const conv = await t.app.inject({ method: 'POST', url: `/api/chatbot/${botId}/conversations`, headers: { origin: SHOP }, remoteAddress });
      expect(conv.statusCode).toBe(201);
      const { conversationId, token: convToken } = conv.json() as { conversationId: string; token: string };
      const r = await t.app.inject({
        method: 'POST',
        url: `/api/chatbot/${botId}/conversations/${conversationId}/messages`,
        headers: { origin: SHOP, authorization: `Bearer ${convToken}` },
        payload: { text },
        remoteAddress,
      });
      expect(r.statusCode).toBe(200);
      const a = r.json() as { answered: boolean; sources: { title: string }[] };
      if (!a.answered) return null;
      return idByQuestion.get(a.sources[0]?.title ?? '') ?? '(다른 자료)';
    };
  }

  it('holds the measured level on the development split: right entry ≥ 54 %, out of scope refused ≥ 95 %, near misses answered ≤ 5 %', async () => {
    expect(sets.length).toBeGreaterThanOrEqual(4);
    let total = emptyFigures();
    const rows: string[] = [];
    for (const set of sets) {
      const ask = await botFor(set);
      const f = await evaluate(set, ask);
      rows.push(figuresRow(`${set.slug} (dev, ${kind})`, f));
      total = addFigures(total, f);
    }
    rows.push(figuresRow(`all (dev, ${kind})`, total));
    console.log(`${FIGURES_HEADER}\n${rows.join('\n')}`);
    expect(total.inScope).toBeGreaterThanOrEqual(630);
    expect(total.rightEntry / total.inScope).toBeGreaterThanOrEqual(0.54);
    expect(total.refused / total.outOfScope).toBeGreaterThanOrEqual(0.95);
    expect(total.nearMissWrong / total.nearMisses).toBeLessThanOrEqual(0.05);
  }, 600_000);
});

/** The stable band of the refusal rule (decision 098): just under minScore, only a best entry that is stable answers. */
describe('refusal rule: the stable band', () => {
  const index = buildIndex([
    { id: 'fee', question: '배송비는 얼마인가요?', answer: '배송비는 3,000원이며 5만 원 이상 무료입니다.' },
    { id: 'return-fee', question: '반품할 때 배송비는 누가 부담하나요?', answer: '단순 변심 반품은 왕복 배송비를 고객님이 부담합니다.' },
    { id: 'hours', question: '고객센터 운영시간이 어떻게 되나요?', answer: '평일 오전 10시부터 오후 6시까지 운영합니다.' },
  ]);

  it('a best entry is stable when no one word left out of the question moves the best score to another entry', () => {
    expect(stableBest(index, '반품 배송비 누가 내요', 'return-fee')).toBe(true);
    expect(stableBest(index, '고객센터 몇시까지 해요', 'hours')).toBe(true);
    // Without '얼마예요' the question is about the return fee, without '반품' about the fee: neither is stable.
    const mixed = scoreFaq(index, '반품 배송비 얼마예요');
    expect(mixed[0]!.id).toBe('return-fee');
    expect(stableBest(index, '반품 배송비 얼마예요', 'return-fee')).toBe(false);
    expect(stableBest(index, '반품 운영시간', 'hours')).toBe(false);
  });

  it('answers in the band only when the best entry is stable, and never under it', () => {
    const at = (score: number): TFaqScore[] => [
      { id: 'a', score, cover: 0.6, reverse: 0.5, topical: true, missConcepts: 0, missWords: 0, titleCover: 0.6, base: 0.3, intentMiss: 0 },
      { id: 'b', score: 0.1, cover: 0.2, reverse: 0.2, topical: true, missConcepts: 1, missWords: 0, titleCover: 0.2, base: 0.1, intentMiss: 0 },
    ];
    const inBand = DECISION.minScore - DECISION.stableBand / 2;
    expect(decideAnswer(at(inBand))).toBeNull();
    expect(decideAnswer(at(inBand), DECISION, () => false)).toBeNull();
    expect(decideAnswer(at(inBand), DECISION, () => true)?.id).toBe('a');
    expect(decideAnswer(at(DECISION.minScore - DECISION.stableBand - 0.01), DECISION, () => true)).toBeNull();
    // Over minScore the stability is not asked.
    expect(
      decideAnswer(at(DECISION.minScore + 0.05), DECISION, () => {
        throw new Error('asked');
      })?.id,
    ).toBe('a');
  });
});
