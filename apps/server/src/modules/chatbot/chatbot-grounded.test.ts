import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { seedWithMembers } from '../meal/testing/meal-test-kit.ts';
import { FAQ } from './testing/faq-set.ts';

/**
 * A model on loopback that streams, in 3-character pieces: for a question containing '할부' the "don't know" marker
 * (as a model does when the passages lack the answer), for '다운' a 500, otherwise an answer citing passage [1].
 */
async function fakeModel() {
  const prompts: string[] = [];
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const c of req) raw += c;
    const body = JSON.parse(raw) as { messages: { content: string }[] };
    const user = body.messages.at(-1)!.content;
    prompts.push(user);
    const question = user.split('[질문]\n')[1] ?? '';
    if (question.includes('다운')) return void res.writeHead(500).end('{}');
    const answer = question.includes('할부') ? '[[모름]]' : `자료에 따르면 ${/\[1\] ([^\n]*)/.exec(user)?.[1] ?? ''}에 대한 답은 자료 [1]에 있습니다. [1]`;
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const p of answer.match(/[\s\S]{1,3}/g) ?? []) res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: p } }] })}\n\n`);
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, prompts, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe.each(dbKinds)('customer chatbot with a language model (%s)', (kind) => {
  let t: TTestContext;
  let model: Awaited<ReturnType<typeof fakeModel>>;
  let botId: string;
  beforeAll(async () => {
    model = await fakeModel();
    t = await createTestApp(kind, { jobs: false, env: { LLM_BASE_URL: model.url, LLM_MODEL: 'fake', LLM_MAX_RETRIES: '0' } });
    const { owner, base } = await seedWithMembers(t, 0);
    botId = (await api(t, owner.token)('POST', `${base}/chatbots`, { name: '상담봇', allowedOrigins: [] })).body.id;
    for (const f of FAQ.slice(0, 16)) await api(t, owner.token)('POST', `${base}/chatbots/${botId}/sources`, { type: 'faq', ...f });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  const sse = async (conv: { conversationId: string; token: string }, text: string) => {
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/chatbot/${botId}/conversations/${conv.conversationId}/messages`,
      headers: { authorization: `Bearer ${conv.token}`, accept: 'text/event-stream' },
      payload: { text },
    });
    expect(r.statusCode).toBe(200);
    const events = r.body
      .split('\n\n')
      .filter(Boolean)
      .map((e) => ({ event: /^event: (\w+)/.exec(e)?.[1], data: JSON.parse(/data: (.*)$/m.exec(e)![1]!) }));
    return { parts: events.filter((e) => e.event === 'part').map((e) => e.data.text as string), done: events.find((e) => e.event === 'done')!.data };
  };

  it('streams the model answer written from the retrieved passages only, cites them, and says it does not know when the model finds no answer', async () => {
    const conv = (await t.app.inject({ method: 'POST', url: `/api/chatbot/${botId}/conversations` })).json();
    const ok = await sse(conv, '배송비 얼마예요?');
    expect(ok.done.answered).toBe(true);
    expect(ok.parts.length).toBeGreaterThan(3);
    expect(ok.parts.join('')).toBe(ok.done.answer);
    expect(ok.done.sources[0]).toEqual({ title: '배송비는 얼마인가요?' });
    const prompt = model.prompts.at(-1)!;
    expect(prompt).toContain(FAQ[1]!.answer);
    expect(prompt).not.toContain(FAQ[8]!.answer); // the password entry was not retrieved, so the model never saw it

    const none = await sse(conv, '할부 결제 되나요?');
    expect(none.done.answered).toBe(false);
    expect(none.done.answer).toBe(ko.chatbot.server.dontKnow);
    expect(none.done.sources).toEqual([]);
    expect(none.parts.join('')).not.toContain('[[');
    expect(model.prompts.at(-1)).toContain('[질문]\n할부 결제 되나요?'); // the model was asked and declined

    const down = await sse(conv, '배송비 다운 얼마예요?');
    expect(down.done.answered).toBe(false);
    expect(down.done.answer).toBe(ko.chatbot.server.answerFailed);

    const before = model.prompts.length;
    const outside = await sse(conv, '오늘 서울 날씨 어때요?');
    expect(outside.done.answered).toBe(false);
    expect(model.prompts.length).toBe(before); // below the retrieval threshold the model is not asked at all
  });
});
