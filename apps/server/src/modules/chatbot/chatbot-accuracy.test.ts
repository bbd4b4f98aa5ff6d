import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { seedWithMembers } from '../meal/testing/meal-test-kit.ts';
import { addFigures, emptyFigures, evalSlugs, evaluate, FIGURES_HEADER, figuresRow, loadEvalSet, type TEvalSet } from './eval/evaluate.ts';

const SHOP = 'https://shop.example';

/**
 * Answer quality through the product's HTTP API in basic mode on both databases, on the TEST part of the evaluation
 * set (never tuned on). Issue 29's bar is ≥ 90 % right entry, ≥ 90 % out-of-scope refused, ≤ 5 % near misses
 * answered; this release reaches 49.7 % / 91.7 % / 16.7 % (bench/RESULTS.md, decision 030), so the test holds that
 * level against regressions and prints the figures — it does not claim the bar.
 */
describe.each(dbKinds)('customer chatbot answer quality on the held-out test split (%s)', (kind) => {
  let t: TTestContext;
  let base: string;
  let token: string;
  const sets = evalSlugs()
    .map((slug) => loadEvalSet(slug, 'test'))
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

  it('holds the measured level on the test split: right entry ≥ 47 %, out of scope refused ≥ 90 %, near misses answered ≤ 20 %', async () => {
    expect(sets.length).toBeGreaterThanOrEqual(3);
    let total = emptyFigures();
    const rows: string[] = [];
    for (const set of sets) {
      const ask = await botFor(set);
      const f = await evaluate(set, ask);
      rows.push(figuresRow(`${set.slug} (test, ${kind})`, f));
      total = addFigures(total, f);
    }
    rows.push(figuresRow(`all (test, ${kind})`, total));
    console.log(`${FIGURES_HEADER}\n${rows.join('\n')}`);
    expect(total.inScope).toBeGreaterThanOrEqual(250);
    expect(total.rightEntry / total.inScope).toBeGreaterThanOrEqual(0.47);
    expect(total.refused / total.outOfScope).toBeGreaterThanOrEqual(0.9);
    expect(total.nearMissWrong / total.nearMisses).toBeLessThanOrEqual(0.2);
  }, 600_000);
});
