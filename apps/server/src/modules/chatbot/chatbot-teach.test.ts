import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { SHOP, seedWithTwoBots } from './testing/bot-pair.ts';

/** Issue 29: the owner teaches the bot — phrasings on an FAQ entry, edits, and suggestions for unanswered questions. */
describe.each(dbKinds)('customer chatbot, taught by its owner (%s)', (kind) => {
  let t: TTestContext;
  let base: string;
  let owner: string;
  let member: string;
  let botId: string;
  let otherBotId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
    ({ base, owner, member, botId, otherBotId } = await seedWithTwoBots(t));
    const faq = {
      delivery: ['배송은 보통 며칠 걸리나요?', '결제 후 평일 기준 1~3일 안에 받아 보실 수 있습니다.'],
      fee: ['배송비는 얼마인가요?', '기본 배송비는 3,000원이며 5만 원 이상은 무료입니다.'],
      engraving: ['컵에 이름을 새겨 주는 서비스가 있나요?', '머그컵에 한해 각인 서비스를 5,000원에 제공합니다.'],
    };
    for (const [key, [question, answer]] of Object.entries(faq)) {
      const r = await api(t, owner)('POST', `${base}/chatbots/${botId}/sources`, { type: 'faq', question, answer });
      expect(r.status).toBe(201);
      expect(r.body.data.phrasings).toEqual([]);
      ids[key] = r.body.data.id;
    }
  }, 120_000);
  afterAll(async () => t?.close());

  async function ask(text: string) {
    const conv = await t.app.inject({ method: 'POST', url: `/api/chatbot/${botId}/conversations`, headers: { origin: SHOP } });
    const { conversationId, token } = conv.json() as { conversationId: string; token: string };
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/chatbot/${botId}/conversations/${conversationId}/messages`,
      headers: { origin: SHOP, authorization: `Bearer ${token}` },
      payload: { text },
    });
    expect(r.statusCode).toBe(200);
    return r.json() as { answered: boolean; sources: { title: string }[] };
  }

  it('answers a wording it could not match once the owner adds it as a phrasing of the entry', async () => {
    const wording = '선물용 머그에 레터링 넣어주시나요';
    const before = await ask('머그잔 바닥에 글귀 적어줄 수 있어요?');
    expect(before.answered).toBe(false);
    const suggestions = await api(t, owner)('GET', `${base}/chatbots/${botId}/faq-suggestions?q=${encodeURIComponent(wording)}`);
    expect(suggestions.status).toBe(200);
    expect(suggestions.body.data[0].sourceId).toBe(ids.engraving);

    const added = await api(t, owner)('PATCH', `${base}/chatbots/${botId}/sources/${ids.engraving}`, { addPhrasing: '머그잔 바닥에 글귀 적어줄 수 있어요?' });
    expect(added.status).toBe(200);
    expect(added.body.data.phrasings).toEqual(['머그잔 바닥에 글귀 적어줄 수 있어요?']);
    const after = await ask('머그잔 바닥에다 글귀 좀 적어 줄수 있나요');
    expect(after.answered).toBe(true);
    expect(after.sources[0]?.title).toBe('컵에 이름을 새겨 주는 서비스가 있나요?');
    // Listed with the source, and the same phrasing twice is kept once.
    await api(t, owner)('PATCH', `${base}/chatbots/${botId}/sources/${ids.engraving}`, { addPhrasing: '머그잔 바닥에 글귀 적어줄 수 있어요?' });
    const list = await api(t, owner)('GET', `${base}/chatbots/${botId}/sources`);
    expect(list.body.data.find((x: { id: string }) => x.id === ids.engraving).phrasings).toEqual(['머그잔 바닥에 글귀 적어줄 수 있어요?']);
  });

  it('edits an entry’s question and answer, and the bot answers with the new text', async () => {
    const r = await api(t, owner)('PATCH', `${base}/chatbots/${botId}/sources/${ids.fee}`, {
      question: '배송비는 얼마인가요?',
      answer: '기본 배송비는 2,500원이며 3만 원 이상은 무료입니다.',
    });
    expect(r.status).toBe(200);
    expect(r.body.data.answer).toContain('2,500원');
    const a = await ask('택배비 얼마에요');
    expect(a.answered).toBe(true);
    expect(a.sources[0]?.title).toBe('배송비는 얼마인가요?');
  });

  it('refuses bad edits with a Korean 4xx and keeps the entry as it was', async () => {
    const empty = await api(t, owner)('PATCH', `${base}/chatbots/${botId}/sources/${ids.delivery}`, {});
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toMatch(/[가-힣]/);
    const tooMany = await api(t, owner)('PATCH', `${base}/chatbots/${botId}/sources/${ids.delivery}`, {
      phrasings: Array.from({ length: 31 }, (_, i) => `표현 ${i}`),
    });
    expect(tooMany.status).toBe(400);
    const blank = await api(t, owner)('PATCH', `${base}/chatbots/${botId}/sources/${ids.delivery}`, { answer: '   ' });
    expect(blank.status).toBe(400);
    const otherBot = await api(t, owner)('PATCH', `${base}/chatbots/${otherBotId}/sources/${ids.delivery}`, { addPhrasing: '택배 언제 와요' });
    expect(otherBot.status).toBe(404);
    const asMember = await api(t, member)('PATCH', `${base}/chatbots/${botId}/sources/${ids.delivery}`, { addPhrasing: '택배 언제 와요' });
    expect(asMember.status).toBe(403);
    const list = await api(t, owner)('GET', `${base}/chatbots/${botId}/sources`);
    const delivery = list.body.data.find((x: { id: string }) => x.id === ids.delivery);
    expect(delivery).toMatchObject({ question: '배송은 보통 며칠 걸리나요?', phrasings: [] });
    expect(delivery.answer).toContain('1~3일');
  });
});
