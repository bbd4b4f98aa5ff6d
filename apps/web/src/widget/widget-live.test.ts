import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { koChatbot } from '@suite/shared/messages/ko-chatbot';
import { koChatbotHandoff } from '@suite/shared/messages/ko-chatbot-handoff';

const t = koChatbot.widget;
const BOT = '00000000-0000-4000-8000-0000000000b2';
const CONV = '00000000-0000-4000-8000-0000000000c1';

/** A server that connects a person: `/live` answers live, the stream sends an agent's reply, then the end. */
const calls: { url: string; method: string; body?: string }[] = [];
let root: ShadowRoot;
beforeAll(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, method: init.method ?? 'GET', ...(typeof init.body === 'string' ? { body: init.body } : {}) });
      const json = (v: unknown, status = 200) => new Response(JSON.stringify(v), { status, headers: { 'content-type': 'application/json' } });
      if (url.endsWith('/widget')) return json({ name: '하루마켓 상담봇', greeting: '안녕하세요', brandColor: '#2563eb', suggested: [] });
      if (url.endsWith('/conversations')) return json({ conversationId: CONV, token: 'tok' }, 201);
      if (url.endsWith('/live')) return json({ live: true, message: koChatbotHandoff.server.connecting, messageId: 'm1', nextOpening: null });
      if (url.endsWith('/messages')) return json({ messageId: 'm2', answer: '', answered: false, sources: [], live: true });
      if (url.endsWith('/stream')) {
        const body = [
          'event: ready\ndata: {"status":"waiting"}\n\n',
          'event: status\ndata: {"status":"live","message":"이상담 상담원이 연결되었어요."}\n\n',
          'event: agent\ndata: {"id":"a1","role":"agent","text":"무엇을 도와드릴까요?","sources":[],"createdAt":"2026-01-01T00:00:00.000Z"}\n\n',
        ].join('');
        return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      }
      return json({ error: 'unexpected' }, 500);
    }),
  );
  const script = document.createElement('script');
  script.src = 'https://suite.example/widget.js';
  script.dataset.bot = BOT;
  document.body.append(script);
  await import('./widget');
  await vi.waitFor(() => expect(document.querySelector('[data-company-tools-chatbot]')?.shadowRoot).toBeTruthy());
  root = document.querySelector('[data-company-tools-chatbot]')!.shadowRoot!;
});
afterAll(() => vi.unstubAllGlobals());

describe('chatbot widget: live hand-off', () => {
  it("'상담원 연결' connects a person: their replies appear as the agent's, and the customer's words go to them, not the bot", async () => {
    (root.querySelector('button.launcher') as HTMLButtonElement).click();
    [...root.querySelectorAll('button')].find((b) => b.textContent === t.handoff)!.click();
    await vi.waitFor(() => expect(root.querySelector('.msg.agent')?.textContent).toContain('무엇을 도와드릴까요?'));
    expect(root.querySelector('.msg.agent .who')?.textContent).toBe(koChatbotHandoff.widget.agent);
    expect([...root.querySelectorAll('.msg.bot')].map((b) => b.textContent)).toEqual(
      expect.arrayContaining([koChatbotHandoff.server.connecting, '이상담 상담원이 연결되었어요.']),
    );
    expect(root.querySelector('form.handoff')).toBeNull();
    const stream = calls.find((c) => c.url.endsWith('/stream'))!;
    expect(stream.url).toBe(`https://suite.example/api/chatbot/${BOT}/conversations/${CONV}/stream`);

    const input = root.querySelector('form.ask input') as HTMLInputElement;
    input.value = '주소를 바꾸고 싶어요';
    root.querySelector('form.ask')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect(calls.some((c) => c.url.endsWith('/messages'))).toBe(true));
    const bots = root.querySelectorAll('.msg.bot').length;
    await new Promise((r) => setTimeout(r, 20));
    expect(root.querySelectorAll('.msg.bot').length).toBe(bots); // no bot bubble for a message to the person
  });
});
