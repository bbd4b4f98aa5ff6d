import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { chatbotMessages } from '../../db/schema-knowledge.ts';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { SHOP, seedWithTwoBots } from './testing/bot-pair.ts';
import { seoulWeeks } from './chatbot.service.ts';

type TItem = { id: string; question: string; kind: string; answeredWith: string | null; suggestion: { sourceId: string; question: string } | null };

/**
 * Issue 29, "the owner teaches it": the bot's own synonyms (refused before, answered after; the matcher's cache
 * follows them), unanswered and thumbs-down questions taught in one click and gone from the list, and the answer rate
 * per week.
 */
describe.each(dbKinds)('customer chatbot, the owner teaches it (%s)', (kind) => {
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
      kit: ['스타터키트에는 무엇이 들어 있나요?', '머그 2개, 앞접시 2개, 수저 받침 1개가 들어 있습니다.'],
    };
    for (const [key, [question, answer]] of Object.entries(faq)) {
      const r = await api(t, owner)('POST', `${base}/chatbots/${botId}/sources`, {
        type: 'faq',
        question,
        answer,
        phrasings: key === 'fee' ? ['택배비 얼마'] : [],
      });
      expect(r.status).toBe(201);
      ids[key] = r.body.data.id;
    }
  }, 120_000);
  afterAll(async () => t?.close());

  /** PUT through app.inject (the console kit's api() knows GET/POST/PATCH/DELETE). */
  async function put(token: string, url: string, body: unknown) {
    const r = await t.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${token}` }, payload: body as object });
    return { status: r.statusCode, body: r.json() as { message?: string; error?: string; data: { groups: string[][] } } };
  }

  async function ask(text: string, origin = SHOP, bot = botId) {
    const conv = await t.app.inject({ method: 'POST', url: `/api/chatbot/${bot}/conversations`, headers: { origin } });
    const { conversationId, token } = conv.json() as { conversationId: string; token: string };
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/chatbot/${bot}/conversations/${conversationId}/messages`,
      headers: { origin, authorization: `Bearer ${token}` },
      payload: { text },
    });
    expect(r.statusCode).toBe(200);
    return { ...(r.json() as { messageId: string; answered: boolean; sources: { title: string }[] }), conversationId, token, question: text };
  }

  it('answers with an owner’s synonym once it is saved, and refuses again when it is removed', async () => {
    expect((await api(t, owner)('GET', `${base}/chatbots/${botId}/synonyms`)).body.data).toEqual({ groups: [] });
    expect((await ask('입문세트 안에 뭐 있어요?')).answered).toBe(false);

    const groups = [['스타터키트', '하루세트', '입문세트', '입문세트']];
    expect((await put(member, `${base}/chatbots/${botId}/synonyms`, { groups })).status).toBe(403);
    const saved = await put(owner, `${base}/chatbots/${botId}/synonyms`, { groups });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('같은 뜻 낱말을 저장했습니다.');
    expect(saved.body.data.groups).toEqual([['스타터키트', '하루세트', '입문세트']]);
    expect((await api(t, member)('GET', `${base}/chatbots/${botId}/synonyms`)).body.data.groups).toEqual([['스타터키트', '하루세트', '입문세트']]);

    const after = await ask('입문세트 안에 뭐 있어요?');
    expect(after.answered).toBe(true);
    expect(after.sources[0]?.title).toBe('스타터키트에는 무엇이 들어 있나요?');
    // The console's suggestions use them too.
    const sug = await api(t, owner)('GET', `${base}/chatbots/${botId}/faq-suggestions?q=${encodeURIComponent('하루세트엔 뭐가 들었어요')}`);
    expect(sug.body.data[0].sourceId).toBe(ids.kit);

    // Another bot's matcher does not see them; removing them rebuilds this bot's index.
    await api(t, owner)('POST', `${base}/chatbots/${otherBotId}/sources`, { type: 'faq', question: '스타터키트에는 무엇이 들어 있나요?', answer: '머그 2개.' });
    expect((await ask('입문세트 안에 뭐 있어요?', SHOP, otherBotId)).answered).toBe(false);
    expect((await put(owner, `${base}/chatbots/${botId}/synonyms`, { groups: [] })).status).toBe(200);
    expect((await ask('입문세트 안에 뭐 있어요?')).answered).toBe(false);
    await put(owner, `${base}/chatbots/${botId}/synonyms`, { groups });
  });

  it('refuses synonym groups outside the limits with a Korean 400', async () => {
    const save = (groups: unknown) => put(owner, `${base}/chatbots/${botId}/synonyms`, { groups });
    const one = await save([['끊다']]);
    expect(one.status).toBe(400);
    expect(JSON.stringify(one.body.error)).toContain('2개 이상');
    expect((await save([['끊다', '끊다']])).status).toBe(400);
    expect((await save([Array.from({ length: 11 }, (_, i) => `낱말${i}`)])).status).toBe(400);
    const long = await save([['가'.repeat(21), '나']]);
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body.error)).toContain('20자');
    expect((await save([['', '나']])).status).toBe(400);
    expect((await save(Array.from({ length: 101 }, (_, i) => [`가${i}`, `나${i}`]))).status).toBe(400);
    expect((await save(Array.from({ length: 100 }, (_, i) => [`가${i}`, `나${i}`]))).status).toBe(200);
    expect((await put(owner, `${base}/chatbots/${botId}/synonyms`, { groups: [['스타터키트', '하루세트', '입문세트']] })).status).toBe(200);
  });

  it('lists unanswered and thumbs-down questions with a suggested entry; one click teaches it and it leaves the list', async () => {
    const miss = await ask('택배 보통 며칠이면 와요 주말 포함해서요?');
    const parking = await ask('매장에 주차 되나요?');
    expect(parking.answered).toBe(false);
    const wrong = await ask('배송비 얼마예요');
    expect(wrong.answered).toBe(true);
    const thumbs = await t.app.inject({
      method: 'POST',
      url: `/api/chatbot/${botId}/conversations/${wrong.conversationId}/feedback`,
      headers: { origin: SHOP, authorization: `Bearer ${wrong.token}` },
      payload: { messageId: wrong.messageId, helpful: false },
    });
    expect(thumbs.statusCode).toBe(200);

    const list = await api(t, member)('GET', `${base}/chatbots/${botId}/unanswered`);
    expect(list.status).toBe(200);
    const items = list.body.data as TItem[];
    const down = items.find((i) => i.id === wrong.messageId)!;
    expect(down.kind).toBe('thumbsDown');
    expect(down.answeredWith).toBe(wrong.sources[0]!.title);
    // A thumbs-down suggests another entry than the one it answered from.
    expect(down.suggestion?.sourceId).not.toBe(ids.fee);
    expect(items.find((i) => i.id === parking.messageId)).toMatchObject({ kind: 'unanswered', question: '매장에 주차 되나요?', answeredWith: null });
    if (!miss.answered) {
      const item = items.find((i) => i.id === miss.messageId)!;
      expect(item.kind).toBe('unanswered');
      expect(item.answeredWith).toBeNull();
      expect(item.suggestion?.sourceId).toBe(ids.delivery);
    }

    // Members read only; a message of another bot, or a message id without a phrasing, is refused.
    const teach = { addPhrasing: down.question, messageId: down.id };
    expect((await api(t, member)('PATCH', `${base}/chatbots/${botId}/sources/${ids.delivery}`, teach)).status).toBe(403);
    const other = await ask('아무 말이나', SHOP, otherBotId);
    const foreign = await api(t, owner)('PATCH', `${base}/chatbots/${botId}/sources/${ids.delivery}`, { addPhrasing: 'x', messageId: other.messageId });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('이 질문을 찾을 수 없습니다. 목록을 새로 고쳐 주세요.');
    expect((await api(t, owner)('PATCH', `${base}/chatbots/${botId}/sources/${ids.delivery}`, { messageId: down.id })).status).toBe(400);

    const done = await api(t, owner)('PATCH', `${base}/chatbots/${botId}/sources/${ids.fee}`, teach);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe("'배송비는 얼마인가요?' 항목의 다른 표현으로 추가했습니다.");
    expect(done.body.data.phrasings).toContain(down.question);
    const [row] = await t.database.db.select().from(chatbotMessages).where(eq(chatbotMessages.id, down.id));
    expect(row!.taughtSourceId).toBe(ids.fee);
    expect(row!.taughtAt).not.toBeNull();
    const again = (await api(t, owner)('GET', `${base}/chatbots/${botId}/unanswered`)).body.data as TItem[];
    expect(again.some((i) => i.id === down.id)).toBe(false);
    // A new entry written from a question: the console marks the question taught on it (its phrasing is its question).
    const made = await api(t, owner)('POST', `${base}/chatbots/${botId}/sources`, {
      type: 'faq',
      question: parking.question,
      answer: '건물 뒤 주차장을 쓰실 수 있습니다.',
    });
    const marked = await api(t, owner)('PATCH', `${base}/chatbots/${botId}/sources/${made.body.data.id}`, {
      addPhrasing: parking.question,
      messageId: parking.messageId,
    });
    expect(marked.status).toBe(200);
    expect(marked.body.data.phrasings).toEqual([]);
    const left = (await api(t, owner)('GET', `${base}/chatbots/${botId}/unanswered`)).body.data as TItem[];
    expect(left.some((i) => i.id === parking.messageId)).toBe(false);
    // The foreign attempt changed nothing.
    const sources = (await api(t, owner)('GET', `${base}/chatbots/${botId}/sources`)).body.data as { id: string; phrasings: string[] }[];
    expect(sources.find((x) => x.id === ids.delivery)!.phrasings).not.toContain('x');
  });

  it('reports questions and answers per Asia/Seoul week for the last 8 weeks, console previews left out', async () => {
    const fresh = (await api(t, owner)('POST', `${base}/chatbots`, { name: '주별', allowedOrigins: [SHOP] })).body.id as string;
    await api(t, owner)('POST', `${base}/chatbots/${fresh}/sources`, { type: 'faq', question: '배송비는 얼마인가요?', answer: '3,000원입니다.' });
    const yes = await ask('배송비는 얼마인가요?', SHOP, fresh);
    expect(yes.answered).toBe(true);
    expect((await ask('주차 되나요?', SHOP, fresh)).answered).toBe(false);
    const old = await ask('배송비는 얼마인가요?', SHOP, fresh);
    await ask('배송비는 얼마인가요?', new URL(t.config.appUrl).origin, fresh); // the console's preview
    // One answered question three weeks back, one before the 8 weeks.
    await t.database.db
      .update(chatbotMessages)
      .set({ createdAt: new Date(Date.now() - 21 * 86_400_000) })
      .where(eq(chatbotMessages.id, old.messageId));
    const gone = await ask('배송비는 얼마인가요?', SHOP, fresh);
    await t.database.db
      .update(chatbotMessages)
      .set({ createdAt: new Date(Date.now() - 70 * 86_400_000) })
      .where(eq(chatbotMessages.id, gone.messageId));

    const f = await api(t, member)('GET', `${base}/chatbots/${fresh}/figures`);
    expect(f.status).toBe(200);
    const weekly = f.body.data.weekly as { weekStart: string; questions: number; answered: number }[];
    const { starts } = seoulWeeks(new Date());
    expect(weekly.map((w) => w.weekStart)).toEqual(starts);
    expect(weekly).toHaveLength(8);
    expect(weekly[7]).toEqual({ weekStart: starts[7], questions: 2, answered: 1 });
    expect(weekly[4]).toEqual({ weekStart: starts[4], questions: 1, answered: 1 });
    expect(weekly.reduce((n, w) => n + w.questions, 0)).toBe(3);
  });

  it('computes Seoul weeks: Monday 00:00 KST starts a week', () => {
    // Sunday 2026-11-22 23:30 KST is still the week of Monday 11-16; Monday 00:10 KST is the next.
    expect(seoulWeeks(new Date('2026-11-22T14:30:00Z'), 2).starts).toEqual(['2026-11-09', '2026-11-16']);
    const next = seoulWeeks(new Date('2026-11-22T15:10:00Z'), 1);
    expect(next.starts).toEqual(['2026-11-23']);
    expect(next.since.toISOString()).toBe('2026-11-22T15:00:00.000Z');
  });
});
