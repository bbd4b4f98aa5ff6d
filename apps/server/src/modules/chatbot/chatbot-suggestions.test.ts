import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { SHOP, seedWithTwoBots } from './testing/bot-pair.ts';
import { loadEvalSet } from './eval/evaluate.ts';

type TReply = {
  messageId: string;
  answer: string;
  answered: boolean;
  sources: { title: string; url?: string }[];
  suggestions?: { id: string; question: string }[];
  error?: string;
};
type TItem = { id: string; question: string; kind: string; suggestion: { sourceId: string; question: string; chosen?: boolean } | null };

const s = ko.chatbot.server;

/**
 * Decision 096: a refusal offers the closest FAQ entries' questions ("혹시 이런 질문인가요?") when the best one is near
 * enough; choosing one answers from it and is kept for the owner's teach list. The bot holds the shop of the
 * evaluation set (its 35 entries, development questions only).
 */
describe.each(dbKinds)('customer chatbot, suggestions when unsure (%s)', (kind) => {
  let t: TTestContext;
  let base: string;
  let owner: string;
  let botId: string;
  let otherBotId: string;
  const ids: Record<string, string> = {};
  const shop = loadEvalSet('shop', 'dev')!;
  const entry = (id: string) => shop.faq.entries.find((e) => e.id === id)!;

  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
    ({ base, owner, botId, otherBotId } = await seedWithTwoBots(t));
    for (const e of shop.faq.entries) {
      const r = await api(t, owner)('POST', `${base}/chatbots/${botId}/sources`, { type: 'faq', question: e.question, answer: e.answer });
      expect(r.status).toBe(201);
      ids[e.id] = r.body.data.id;
    }
    const foreign = await api(t, owner)('POST', `${base}/chatbots/${otherBotId}/sources`, {
      type: 'faq',
      question: '배송비는 얼마인가요?',
      answer: '다른 봇의 답입니다.',
    });
    ids.foreign = foreign.body.data.id;
  }, 180_000);
  afterAll(async () => t?.close());

  async function start() {
    const r = await t.app.inject({ method: 'POST', url: `/api/chatbot/${botId}/conversations`, headers: { origin: SHOP } });
    return r.json() as { conversationId: string; token: string };
  }

  async function send(conv: { conversationId: string; token: string }, payload: object, stream = false) {
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/chatbot/${botId}/conversations/${conv.conversationId}/messages`,
      headers: { origin: SHOP, authorization: `Bearer ${conv.token}`, ...(stream ? { accept: 'text/event-stream' } : {}) },
      payload,
    });
    if (!stream || r.statusCode !== 200) return { status: r.statusCode, body: r.json() as TReply, raw: r.body };
    const events = r.body
      .split('\n\n')
      .filter(Boolean)
      .map((e) => ({ event: /^event: (\w+)/.exec(e)?.[1], data: JSON.parse(/data: (.*)$/m.exec(e)![1]!) as TReply }));
    return { status: r.statusCode, body: events.find((e) => e.event === 'done')!.data, raw: r.body };
  }

  it('offers the likely entries, right one included, questions only, on a refusal, as JSON and as an event stream', async () => {
    const conv = await start();
    const r = await send(conv, { text: '제주도 사는데 배송비 더 내야 돼요?' });
    expect(r.status).toBe(200);
    expect(r.body.answered).toBe(false);
    expect(r.body.sources).toEqual([]);
    expect(r.body.answer).toBe(s.suggestHeading);
    const offered = r.body.suggestions!;
    expect(offered.length).toBeGreaterThanOrEqual(1);
    expect(offered.length).toBeLessThanOrEqual(3);
    expect(new Set(offered.map((x) => x.id)).size).toBe(offered.length);
    expect(offered.map((x) => x.id)).toContain(ids['shop-02']);
    expect(offered.find((x) => x.id === ids['shop-02'])!.question).toBe('배송비는 얼마인가요?');
    for (const x of offered) {
      expect(Object.keys(x).sort()).toEqual(['id', 'question']);
      const e = shop.faq.entries.find((f) => ids[f.id] === x.id)!;
      expect(x.question).toBe(e.question);
      // Never the answer text, anywhere in the reply.
      expect(r.raw).not.toContain(e.answer.slice(0, 20));
    }

    const streamed = await send(await start(), { text: '제주도 사는데 배송비 더 내야 돼요?' }, true);
    expect(streamed.body.answered).toBe(false);
    expect(streamed.body.suggestions?.map((x) => x.id)).toEqual(offered.map((x) => x.id));
    expect(streamed.raw).not.toContain(entry('shop-02').answer.slice(0, 20));
  });

  it('answers from the chosen entry as a normal answer, and the teach list offers the chosen entry', async () => {
    const conv = await start();
    // The matcher ranks the dishwasher entry first here; the customer means the induction one.
    const refusal = await send(conv, { text: '인덕션에서 이 팬 써도 돼요?' });
    expect(refusal.body.answered).toBe(false);
    expect(refusal.body.suggestions?.map((x) => x.id)).toEqual([ids['shop-24'], ids['shop-25']]);

    const chosen = await send(conv, { text: entry('shop-25').question, choice: { faqId: ids['shop-25'], messageId: refusal.body.messageId } }, true);
    expect(chosen.status).toBe(200);
    expect(chosen.body.answered).toBe(true);
    expect(chosen.body.answer).toBe(entry('shop-25').answer);
    expect(chosen.body.sources).toEqual([{ title: entry('shop-25').question }]);
    expect(chosen.body.suggestions).toBeUndefined();
    // One choice per refusal: a second (another offered entry) is refused and changes nothing.
    const twice = await send(conv, { text: entry('shop-24').question, choice: { faqId: ids['shop-24'], messageId: refusal.body.messageId } });
    expect(twice.status).toBe(400);
    expect(twice.body.error).toBe(s.choiceNotFound);

    const transcript = (await api(t, owner)('GET', `${base}/chatbots/${botId}/conversations/${conv.conversationId}`)).body.data as {
      role: string;
      text: string;
      answered: boolean | null;
    }[];
    expect(transcript.map((m) => [m.role, m.answered])).toEqual([
      ['visitor', null],
      ['bot', false],
      ['visitor', null],
      ['bot', true],
    ]);
    expect(transcript[1]!.text).toContain(`· ${entry('shop-25').question}`);
    expect(transcript[2]!.text).toBe(entry('shop-25').question);
    expect(transcript[3]!.text).toBe(entry('shop-25').answer);

    const list = (await api(t, owner)('GET', `${base}/chatbots/${botId}/unanswered`)).body.data as TItem[];
    const item = list.find((x) => x.id === refusal.body.messageId)!;
    expect(item.question).toBe('인덕션에서 이 팬 써도 돼요?');
    expect(item.suggestion).toEqual({ sourceId: ids['shop-25'], question: entry('shop-25').question, chosen: true });
    // One click teaches it: next time the same words are answered from that entry.
    const taught = await api(t, owner)('PATCH', `${base}/chatbots/${botId}/sources/${ids['shop-25']}`, {
      addPhrasing: item.question,
      messageId: item.id,
    });
    expect(taught.status).toBe(200);
    const again = await send(await start(), { text: '인덕션에서 이 팬 써도 돼요?' });
    expect(again.body.answered).toBe(true);
    expect(again.body.sources[0]?.title).toBe(entry('shop-25').question);
  });

  it('refuses a choice of another bot’s entry, a deleted entry or a message that was no refusal with 400', async () => {
    const conv = await start();
    const refusal = await send(conv, { text: '울릉도인데 추가금 있어요?' });
    expect(refusal.body.suggestions?.map((x) => x.id)).toContain(ids['shop-02']);
    const bad = async (choice: { faqId: string; messageId: string }) => {
      const r = await send(conv, { text: '배송비는 얼마인가요?', choice });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe(s.choiceNotFound);
    };
    await bad({ faqId: ids.foreign!, messageId: refusal.body.messageId });
    const answered = await send(conv, { text: '배송비는 얼마인가요?' });
    expect(answered.body.answered).toBe(true);
    await bad({ faqId: ids['shop-02']!, messageId: answered.body.messageId });
    const other = await start();
    const otherRefusal = await send(other, { text: '울릉도인데 추가금 있어요?' });
    await bad({ faqId: ids['shop-02']!, messageId: otherRefusal.body.messageId });

    expect((await api(t, owner)('DELETE', `${base}/chatbots/${botId}/sources/${ids['shop-27']}`)).status).toBe(200);
    await bad({ faqId: ids['shop-27']!, messageId: refusal.body.messageId });
    const invalid = await send(conv, { text: '배송비는 얼마인가요?', choice: { faqId: 'nope', messageId: refusal.body.messageId } });
    expect(invalid.status).toBe(400);
    // Only an entry the refusal offered (security review): not another live entry of the bot, nor a plain refusal's.
    const notOffered = Object.keys(ids).find((k) => k.startsWith('shop-') && k !== 'shop-27' && !refusal.body.suggestions!.some((x) => x.id === ids[k]))!;
    await bad({ faqId: ids[notOffered]!, messageId: refusal.body.messageId });
    const plain = await send(conv, { text: '유튜브 하는데 협찬 문의는 어디로 하면 돼요?' });
    expect(plain.body.suggestions).toBeUndefined();
    await bad({ faqId: ids['shop-02']!, messageId: plain.body.messageId });
  });

  it('gives an out-of-scope question far from every entry no suggestions', async () => {
    const r = await send(await start(), { text: '유튜브 하는데 협찬 문의는 어디로 하면 돼요?' });
    expect(r.status).toBe(200);
    expect(r.body.answered).toBe(false);
    expect(r.body.answer).toBe(s.dontKnow);
    expect(r.body.sources).toEqual([]);
    expect(r.body.suggestions).toBeUndefined();
  });
});
