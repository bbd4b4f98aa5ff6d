import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { koChatbot } from '@suite/shared/messages/ko-chatbot';

const t = koChatbot.widget;
const BOT = '00000000-0000-4000-8000-0000000000b1';

/** The widget mounted as a customer's page loads it: a script tag with data-bot, the bot's settings from the server. */
let root: ShadowRoot;
beforeAll(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ name: '하루마켓 상담봇', greeting: '안녕하세요', brandColor: '#2563eb', suggested: [] }), { status: 200 })),
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

/** The widget's stylesheet, parsed (jsdom parses a style element in the document, not in a shadow root). */
const rules = () => {
  const copy = document.createElement('style');
  copy.textContent = root.querySelector('style')!.textContent;
  document.head.append(copy);
  const list = [...(copy.sheet as CSSStyleSheet).cssRules];
  copy.remove();
  return list;
};
const styleOf = (selector: string, list = rules()) => list.find((r): r is CSSStyleRule => r instanceof CSSStyleRule && r.selectorText === selector)?.style;

describe('chatbot widget', () => {
  it('fields use at least 16px text (iOS zooms into smaller ones)', () => {
    expect(Number.parseFloat(styleOf('input, textarea')!.fontSize)).toBeGreaterThanOrEqual(16);
  });

  it('on narrow screens the panel is full-screen and the launcher steps aside while it is open', () => {
    const narrow = rules().find((r): r is CSSMediaRule => r instanceof CSSMediaRule && /max-width:\s*480px/.test(r.conditionText));
    expect(narrow).toBeTruthy();
    const panel = styleOf('.panel', [...narrow!.cssRules])!;
    expect(Number.parseFloat(panel.getPropertyValue('inset'))).toBe(0);
    expect(panel.width).toBe('100%');
    expect(panel.height).toBe('100%');
    expect(styleOf('.launcher[aria-expanded="true"]', [...narrow!.cssRules])!.display).toBe('none');
  });

  it('the hand-off form says what is collected, why and for how long before anything is sent', async () => {
    (root.querySelector('button.launcher') as HTMLButtonElement).click();
    const handoff = [...root.querySelectorAll('button')].find((b) => b.textContent === t.handoff)!;
    handoff.click();
    // No person to connect (this server answers no `live`): the ticket form follows.
    await vi.waitFor(() => expect(root.querySelector('form.handoff')).toBeTruthy());
    const form = root.querySelector('form.handoff')!;
    const notice = root.getElementById(form.getAttribute('aria-describedby')!)!;
    expect(notice.textContent).toBe(t.privacyNotice);
    expect(t.privacyNotice).toMatch(/이메일.*1년/);
    expect(form.firstElementChild).toBe(notice);
    // The form is the way to a person now: the bar's own 상담원 연결 steps aside (CSS on the panel's class).
    expect(root.querySelector('.panel')!.classList.contains('handing-off')).toBe(true);
    expect(styleOf('.panel.handing-off .bar')!.display).toBe('none');
  });

  it("takes the page's light or dark mode (our app's .dark class, an explicit color-scheme) and follows its changes", async () => {
    const host = document.querySelector<HTMLElement>('[data-company-tools-chatbot]')!;
    const html = document.documentElement;
    // This page declares nothing and jsdom has no prefers-color-scheme: light.
    expect(host.dataset.theme).toBe('light');
    html.classList.add('dark');
    await vi.waitFor(() => expect(host.dataset.theme).toBe('dark'));
    html.classList.remove('dark');
    await vi.waitFor(() => expect(host.dataset.theme).toBe('light'));
    html.style.colorScheme = 'dark';
    await vi.waitFor(() => expect(host.dataset.theme).toBe('dark'));
    html.style.colorScheme = '';
    await vi.waitFor(() => expect(host.dataset.theme).toBe('light'));
    // The dark look is a set of colours for the same rules, so every part changes with it.
    const dark = rules().find(
      (r): r is CSSStyleRule => r instanceof CSSStyleRule && r.selectorText.includes('data-theme="dark"') && r.style.getPropertyValue('--bg') !== '',
    );
    expect(dark?.style.getPropertyValue('--bg').trim()).toBe('#1c1f26');
  });
});
