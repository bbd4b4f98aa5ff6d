import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { koChatbot } from '@suite/shared/messages/ko-chatbot';

const t = koChatbot.widget;
const BOT = '00000000-0000-4000-8000-0000000000b3';
const CONV = '00000000-0000-4000-8000-0000000000c3';
const FAQ = '00000000-0000-4000-8000-0000000000f1';
const REFUSAL = '00000000-0000-4000-8000-0000000000d1';

const sse = (done: object) => new Response(`event: part\ndata: {"text":"…"}\n\nevent: done\ndata: ${JSON.stringify(done)}\n\n`, { status: 200 });

/** A server whose first answer is a refusal with two suggestions (decision 096) and which answers a choice from its entry. */
const calls: { url: string; body?: string }[] = [];
let root: ShadowRoot;
beforeAll(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, ...(typeof init.body === 'string' ? { body: init.body } : {}) });
      const json = (v: unknown, status = 200) => new Response(JSON.stringify(v), { status, headers: { 'content-type': 'application/json' } });
      if (url.endsWith('/widget')) return json({ name: '하루마켓 상담봇', greeting: '안녕하세요', brandColor: '#2563eb', suggested: [] });
      if (url.endsWith('/conversations')) return json({ conversationId: CONV, token: 'tok' }, 201);
      if (url.endsWith('/messages')) {
        const body = JSON.parse(String(init.body)) as { text: string; choice?: { faqId: string } };
        if (!body.choice)
          return sse({
            messageId: REFUSAL,
            answer: koChatbot.server.suggestHeading,
            answered: false,
            sources: [],
            suggestions: [
              { id: '00000000-0000-4000-8000-0000000000f0', question: '식기세척기나 전자레인지, 오븐에 써도 되나요?' },
              { id: FAQ, question: '프라이팬을 인덕션에서 사용할 수 있나요?' },
            ],
          });
        return sse({
          messageId: 'm2',
          answer: '네, 인덕션을 포함한 모든 열원에서 쓰실 수 있습니다.',
          answered: true,
          sources: [{ title: '프라이팬을 인덕션에서 사용할 수 있나요?' }],
        });
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

describe('chatbot widget, suggestions on a refusal', () => {
  it('shows the suggested questions as buttons under the bot’s message, and a click sends the choice and shows the answer', async () => {
    (root.querySelector('button.launcher') as HTMLButtonElement).click();
    const input = root.querySelector('form.ask input') as HTMLInputElement;
    input.value = '인덕션에서 이 팬 써도 돼요?';
    root.querySelector('form.ask')!.dispatchEvent(new Event('submit', { cancelable: true }));

    await vi.waitFor(() => expect(root.querySelector('.choices')).toBeTruthy());
    const group = root.querySelector('.choices')!;
    expect(group.getAttribute('role')).toBe('group');
    expect(group.getAttribute('aria-label')).toBe(t.didYouMean);
    // Under the bot's refusal, which keeps the hand-off offer.
    const refusal = group.closest('.msg.bot')!;
    expect(refusal.textContent).toContain(koChatbot.server.suggestHeading);
    expect([...refusal.querySelectorAll('button')].some((b) => b.textContent === t.handoff)).toBe(true);
    const buttons = [...group.querySelectorAll('button')];
    expect(buttons.map((b) => b.textContent)).toEqual(['식기세척기나 전자레인지, 오븐에 써도 되나요?', '프라이팬을 인덕션에서 사용할 수 있나요?']);
    for (const b of buttons) expect(b.type).toBe('button');

    buttons[1]!.focus();
    expect(root.activeElement).toBe(buttons[1]);
    buttons[1]!.click();
    await vi.waitFor(() => expect(root.textContent).toContain('네, 인덕션을 포함한 모든 열원에서 쓰실 수 있습니다.'));
    const sent = JSON.parse(calls.filter((c) => c.url.endsWith('/messages')).at(-1)!.body!);
    expect(sent).toEqual({ text: '프라이팬을 인덕션에서 사용할 수 있나요?', choice: { faqId: FAQ, messageId: REFUSAL } });
    // The visitor's choice appears as their message; the choice is made once.
    expect([...root.querySelectorAll('.msg.me')].map((m) => m.textContent)).toEqual(['인덕션에서 이 팬 써도 돼요?', '프라이팬을 인덕션에서 사용할 수 있나요?']);
    expect(buttons.every((b) => b.disabled)).toBe(true);
    expect(buttons[1]!.getAttribute('aria-pressed')).toBe('true');
    const answer = [...root.querySelectorAll('.msg.bot')].at(-1)!;
    expect(answer.querySelector('.sources')!.textContent).toBe(`${t.sources}: 프라이팬을 인덕션에서 사용할 수 있나요?`);
    expect(answer.querySelector('.choices')).toBeNull();
  });

  it('lets a long suggested question wrap inside the panel on a 360 px screen', () => {
    // jsdom parses a style element in the document, not in a shadow root.
    const copy = document.createElement('style');
    copy.textContent = root.querySelector('style')!.textContent;
    document.head.append(copy);
    const rule = [...(copy.sheet as CSSStyleSheet).cssRules].find((r): r is CSSStyleRule => r instanceof CSSStyleRule && r.selectorText === '.choices .chip');
    copy.remove();
    expect(rule?.style.whiteSpace).toBe('normal');
    expect(rule?.style.maxWidth).toBe('100%');
    expect(rule?.style.textAlign).toBe('left');
  });
});
