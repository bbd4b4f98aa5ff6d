/**
 * The customer chatbot widget (issue 14): `<script src="{APP_URL}/widget.js" data-bot="{botId}" async></script>`.
 * A launcher button and a chat panel inside a shadow root (no style leaks either way), Korean UI, the bot's greeting
 * and suggested questions, answers streamed as server-sent events with their sources, thumbs, and '상담원 연결'.
 * Plain DOM, no dependencies, no fonts; built on its own by apps/web/build.mjs (esbuild) into dist/widget.js.
 */
import { koChatbot } from '@suite/shared/messages/ko-chatbot';
import { koChatbotHandoff } from '@suite/shared/messages/ko-chatbot-handoff';

const t = koChatbot.widget;
const tl = koChatbotHandoff.widget;

type TSource = { title: string; url?: string };
/** `suggestions`: on a refusal, the FAQ entries the question may mean (decision 096), offered as buttons. */
type TDone = {
  messageId: string;
  answer: string;
  answered: boolean;
  sources: TSource[];
  handoff?: { live: boolean };
  suggestions?: { id: string; question: string }[];
};
type TChoice = { faqId: string; messageId: string };

const script = (document.currentScript as HTMLScriptElement | null) ?? document.querySelector<HTMLScriptElement>('script[data-bot][src*="widget.js"]');
const botId = script?.dataset.bot ?? '';
const apiBase = script ? new URL(script.src).origin : '';

const CSS = `
:host { all: initial;
  --bg: #fff; --fg: #111827; --log: #f9fafb; --line: #e5e7eb; --field: #d1d5db; --muted: #4b5563; --soft: #6b7280; --link: #1d4ed8;
  --pressed: #e0e7ff; --pressed-line: #6366f1; --agent: #ecfdf5; --agent-line: #a7f3d0; --agent-who: #047857; color-scheme: light; }
/* Dark (data-theme, set from the host page: its .dark class or color-scheme, else the visitor's prefers-color-scheme). */
:host([data-theme="dark"]) {
  --bg: #1c1f26; --fg: #f3f4f6; --log: #15171c; --line: #2e323b; --field: #4b5563; --muted: #c1c6d0; --soft: #a3a9b5; --link: #93c5fd;
  --pressed: #312e81; --pressed-line: #818cf8; --agent: #06302a; --agent-line: #0f766e; --agent-who: #6ee7b7; color-scheme: dark; }
* { box-sizing: border-box; font-family: system-ui, -apple-system, 'Apple SD Gothic Neo', 'Malgun Gothic', 'Noto Sans KR', sans-serif; }
.launcher { position: fixed; right: 16px; bottom: 16px; width: 56px; height: 56px; border-radius: 50%; border: 0; cursor: pointer;
  background: var(--brand); color: #fff; box-shadow: 0 4px 14px rgba(0,0,0,.25); font-size: 24px; z-index: 2147483000; }
.launcher:focus-visible, button:focus-visible, input:focus-visible, textarea:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
.panel { position: fixed; right: 16px; bottom: 84px; width: 370px; max-width: calc(100vw - 16px); height: 600px; max-height: calc(100vh - 100px);
  background: var(--bg); color: var(--fg); border-radius: 14px; box-shadow: 0 10px 40px rgba(0,0,0,.3); display: flex; flex-direction: column;
  overflow: hidden; z-index: 2147483000; font-size: 14px; line-height: 1.5; }
:host([data-theme="dark"]) .panel { border: 1px solid var(--line); box-shadow: 0 10px 40px rgba(0,0,0,.6); }
.panel[hidden] { display: none; }
/* Narrow screens (phones): the panel takes the whole screen, and the launcher steps aside while it is open. */
@media (max-width: 480px) {
  .panel { inset: 0; width: 100%; max-width: none; height: 100%; max-height: none; border-radius: 0; }
  :host([data-theme="dark"]) .panel { border: 0; }
  .launcher[aria-expanded="true"] { display: none; }
}
header { background: var(--brand); color: #fff; padding: 12px 14px; display: flex; align-items: center; justify-content: space-between; }
header h2 { margin: 0; font-size: 15px; font-weight: 600; }
header button { background: transparent; border: 0; color: #fff; font-size: 20px; cursor: pointer; width: 32px; height: 32px; border-radius: 6px; }
.log { flex: 1; overflow-y: auto; padding: 12px; display: flex; flex-direction: column; gap: 8px; background: var(--log); }
/* Korean breaks between words (keep-all), as the app's pages do; a long unbroken string still wraps. */
.msg { max-width: 85%; padding: 8px 11px; border-radius: 12px; white-space: pre-wrap; word-break: keep-all; overflow-wrap: anywhere; }
.bot { background: var(--bg); border: 1px solid var(--line); align-self: flex-start; }
.me { background: var(--brand); color: #fff; align-self: flex-end; }
.agent { background: var(--agent); border: 1px solid var(--agent-line); align-self: flex-start; }
.agent .who { display: block; font-size: 11px; font-weight: 600; color: var(--agent-who); }
.sources { margin-top: 6px; font-size: 12px; color: var(--muted); }
.sources a { color: var(--link); }
.row { display: flex; gap: 6px; margin-top: 6px; flex-wrap: wrap; }
.chip { border: 1px solid var(--field); background: var(--bg); color: var(--fg); border-radius: 999px; padding: 5px 10px; font-size: 13px; cursor: pointer; word-break: keep-all; }
.chip[aria-pressed="true"] { background: var(--pressed); border-color: var(--pressed-line); }
.suggest { display: flex; flex-direction: column; gap: 6px; align-items: flex-start; }
.suggest p { margin: 0; font-size: 12px; color: var(--soft); }
/* "혹시 이런 질문인가요?": the entries as buttons under the bot's message, wrapping on narrow screens. */
.choices { display: flex; flex-direction: column; gap: 6px; align-items: stretch; margin-top: 8px; white-space: normal; }
.choices p { margin: 0; font-size: 12px; color: var(--muted); }
.choices .chip { text-align: left; max-width: 100%; white-space: normal; word-break: keep-all; overflow-wrap: anywhere; border-radius: 10px; min-height: 36px; }
.choices .chip:disabled { cursor: default; opacity: .6; }
.choices .chip[aria-pressed="true"] { opacity: 1; }
form.ask { display: flex; gap: 6px; padding: 10px; border-top: 1px solid var(--line); background: var(--bg); }
/* 16px: iOS Safari zooms the page into any field whose text is smaller. */
input, textarea { flex: 1; border: 1px solid var(--field); border-radius: 8px; padding: 8px 10px; font-size: 16px; color: var(--fg); background: var(--bg); min-width: 0; }
input::placeholder, textarea::placeholder { color: var(--soft); }
.send { background: var(--brand); color: #fff; border: 0; border-radius: 8px; padding: 8px 14px; cursor: pointer; font-size: 16px; word-break: keep-all; }
.launcher svg, .chip svg { display: block; margin: auto; }
.log { min-height: 140px; }
.handoff { display: flex; flex-direction: column; gap: 6px; padding: 8px 10px; border-top: 1px solid var(--line); background: var(--bg); max-height: 60%; overflow-y: auto; flex-shrink: 0; }
.handoff label { font-size: 12px; color: var(--muted); display: flex; flex-direction: column; gap: 3px; }
.handoff .notice { margin: 0; font-size: 12px; line-height: 1.45; color: var(--muted); word-break: keep-all; }
.bar { display: flex; justify-content: flex-end; padding: 6px 10px 0; background: var(--bg); }
/* While the hand-off form is open it is the way to a person: the bar's own 상담원 연결 steps aside for the log's room. */
.panel.handing-off .bar { display: none; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
`;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

const THUMB_UP = 'M2 10h4v11H2zM8 21h9.5a2 2 0 0 0 2-1.6l1.4-7A2 2 0 0 0 19 10h-5.5l.8-4.2A2 2 0 0 0 12.4 3L8 9z';
const THUMB_DOWN = 'M2 3h4v11H2zM8 3h9.5a2 2 0 0 1 2 1.6l1.4 7A2 2 0 0 1 19 14h-5.5l.8 4.2a2 2 0 0 1-1.9 2.8L8 15z';

/** A small filled SVG icon (no icon font, no emoji: the host page may have neither). */
function icon(d: string, size = 26): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('width', String(size));
  svg.setAttribute('height', String(size));
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('fill', 'currentColor');
  const p = document.createElementNS(ns, 'path');
  p.setAttribute('d', d);
  svg.append(p);
  return svg;
}

/**
 * The widget's light or dark look, as the page around it is: our own app marks dark mode with `.dark` on <html> and
 * an explicit choice with its color-scheme (lib/theme.ts); another site may declare `color-scheme` too. A page that
 * declares neither gets the visitor's system setting (prefers-color-scheme). Kept up to date while the page changes it.
 */
function pageTheme(doc: Document = document): 'light' | 'dark' {
  const root = doc.documentElement;
  if (root.classList.contains('dark')) return 'dark';
  const scheme = (root.style.colorScheme || getComputedStyle(root).colorScheme || '').trim();
  if (scheme === 'dark' || scheme === 'only dark') return 'dark';
  if (scheme === 'light' || scheme === 'only light') return 'light';
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function followTheme(host: HTMLElement) {
  const apply = () => host.setAttribute('data-theme', pageTheme());
  apply();
  new MutationObserver(apply).observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style'] });
  if (typeof matchMedia === 'function') matchMedia('(prefers-color-scheme: dark)').addEventListener?.('change', apply);
}

async function api(path: string, init: RequestInit & { token?: string } = {}) {
  const headers: Record<string, string> = { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.headers as Record<string, string>) };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  return fetch(`${apiBase}/api/chatbot/${botId}${path}`, { ...init, headers });
}

async function mount() {
  if (!botId || !apiBase) return;
  const info = await api('/widget', { method: 'GET', headers: {} })
    .then((r) => (r.ok ? r.json() : null))
    .catch(() => null);
  if (!info) return; // origin not allowed or bot gone: no widget at all
  const host = el('div', { 'data-company-tools-chatbot': '' });
  document.body.appendChild(host);
  const root = host.attachShadow({ mode: 'open' });
  const style = el('style', {}, CSS);
  root.appendChild(style);
  host.style.setProperty('--brand', /^#[0-9a-f]{6}$/i.test(info.brandColor) ? info.brandColor : '#2563eb');
  followTheme(host);

  const launcher = el('button', { class: 'launcher', type: 'button', 'aria-label': t.open, 'aria-expanded': 'false', 'aria-controls': 'ct-panel' });
  launcher.append(icon('M4 5h16v11H8l-4 4z'));
  const panel = el('div', { class: 'panel', id: 'ct-panel', role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'ct-title', hidden: '' });
  const header = el('header');
  header.append(el('h2', { id: 'ct-title' }, info.name || t.title));
  const close = el('button', { type: 'button', 'aria-label': t.close }, '×');
  header.append(close);
  const log = el('div', { class: 'log', role: 'log', 'aria-live': 'polite', 'aria-label': t.title });
  const bar = el('div', { class: 'bar' });
  const handoffBtn = el('button', { type: 'button', class: 'chip' }, t.handoff);
  bar.append(handoffBtn);
  const form = el('form', { class: 'ask' });
  const input = el('input', { type: 'text', 'aria-label': t.placeholder, placeholder: t.placeholder, maxlength: '1000', autocomplete: 'off' });
  const send = el('button', { type: 'submit', class: 'send' }, t.send);
  form.append(input, send);
  panel.append(header, log, bar, form);
  root.append(launcher, panel);

  let conv: { conversationId: string; token: string } | null = null;
  const bubble = (cls: 'bot' | 'me' | 'agent', text: string) => {
    const b = el('div', { class: `msg ${cls}` }, text);
    if (cls === 'agent') b.prepend(el('span', { class: 'who' }, tl.agent));
    log.append(b);
    log.scrollTop = log.scrollHeight;
    return b;
  };
  bubble('bot', info.greeting);
  if (info.suggested?.length) {
    const box = el('div', { class: 'suggest' });
    box.append(el('p', {}, t.suggested));
    for (const q of info.suggested as string[]) {
      const c = el('button', { type: 'button', class: 'chip' }, q);
      c.addEventListener('click', () => void ask(q));
      box.append(c);
    }
    log.append(box);
  }

  const setOpen = (open: boolean) => {
    panel.hidden = !open;
    launcher.setAttribute('aria-expanded', String(open));
    launcher.setAttribute('aria-label', open ? t.close : t.open);
    if (open) input.focus();
    else launcher.focus();
  };
  launcher.addEventListener('click', () => setOpen(Boolean(panel.hidden)));
  close.addEventListener('click', () => setOpen(false));
  panel.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') setOpen(false);
  });

  async function ensureConversation() {
    if (conv) return conv;
    const r = await api('/conversations', { method: 'POST', body: '{}' });
    if (!r.ok) throw new Error(String(r.status));
    conv = await r.json();
    return conv!;
  }

  function finish(b: HTMLElement, done: TDone) {
    b.textContent = done.answer;
    if (done.sources.length) {
      const s = el('div', { class: 'sources' });
      s.append(`${t.sources}: `);
      done.sources.forEach((src, i) => {
        if (i) s.append(', ');
        if (src.url && /^https?:/.test(src.url)) s.append(el('a', { href: src.url, target: '_blank', rel: 'noopener noreferrer' }, src.title));
        else s.append(el('span', {}, src.title));
      });
      b.append(s);
    }
    if (!done.answered && done.suggestions?.length) {
      const box = el('div', { class: 'choices', role: 'group', 'aria-label': t.didYouMean });
      box.append(el('p', {}, t.didYouMean));
      for (const sug of done.suggestions) {
        const c = el('button', { type: 'button', class: 'chip', 'aria-pressed': 'false' }, sug.question);
        c.addEventListener('click', () => {
          // One choice per refusal: the buttons stay as a record of what was picked.
          box.querySelectorAll('button').forEach((x) => (x.disabled = true));
          c.setAttribute('aria-pressed', 'true');
          void ask(sug.question, { faqId: sug.id, messageId: done.messageId });
        });
        box.append(c);
      }
      b.append(box);
    }
    const row = el('div', { class: 'row' });
    if (done.answered) {
      for (const [label, helpful, path] of [
        [t.helpful, true, THUMB_UP],
        [t.notHelpful, false, THUMB_DOWN],
      ] as const) {
        const btn = el('button', { type: 'button', class: 'chip', 'aria-label': label, 'aria-pressed': 'false', title: label });
        btn.append(icon(path, 16));
        btn.addEventListener('click', async () => {
          row.querySelectorAll('button[aria-pressed]').forEach((x) => x.setAttribute('aria-pressed', 'false'));
          btn.setAttribute('aria-pressed', 'true');
          await api(`/conversations/${conv!.conversationId}/feedback`, {
            method: 'POST',
            token: conv!.token,
            body: JSON.stringify({ messageId: done.messageId, helpful }),
          });
        });
        row.append(btn);
      }
    } else if (!done.handoff) {
      const h = el('button', { type: 'button', class: 'chip' }, t.handoff);
      h.addEventListener('click', () => void askForPerson());
      row.append(h);
    }
    b.append(row);
    log.scrollTop = log.scrollHeight;
  }

  // ── Live hand-off (issue 29): a person answers while the chat is live; their replies arrive on the conversation's stream. ──
  let live = false;
  let liveStream: AbortController | null = null;
  async function askForPerson() {
    try {
      const c = await ensureConversation();
      const r = await api(`/conversations/${c.conversationId}/live`, { method: 'POST', token: c.token });
      const data = await r.json().catch(() => null);
      if (!r.ok) return void bubble('bot', data?.error ?? t.failed);
      bubble('bot', data.message);
      afterPersonAsked(Boolean(data.live));
    } catch {
      bubble('bot', t.failed);
    }
  }
  function afterPersonAsked(isLive: boolean) {
    if (isLive) return void follow();
    showHandoff();
  }
  /** Reads the conversation's stream while the chat is live: `agent` replies and `status` (taken, ended); reconnects if cut. */
  function follow() {
    live = true;
    if (liveStream) return;
    const ac = new AbortController();
    liveStream = ac;
    const stop = () => {
      live = false;
      liveStream = null;
      ac.abort();
    };
    void (async () => {
      while (!ac.signal.aborted) {
        try {
          const r = await api(`/conversations/${conv!.conversationId}/stream`, { method: 'GET', token: conv!.token, signal: ac.signal });
          if (!r.ok || !r.body) {
            if (r.status === 401 || r.status === 404 || r.status === 403) return stop();
            throw new Error(String(r.status));
          }
          const reader = r.body.pipeThrough(new TextDecoderStream()).getReader();
          let buf = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buf += value;
            let i;
            while ((i = buf.indexOf('\n\n')) >= 0) {
              const chunk = buf.slice(0, i);
              buf = buf.slice(i + 2);
              const event = /^event: (\w+)/m.exec(chunk)?.[1];
              const data = JSON.parse(/^data: (.*)$/m.exec(chunk)?.[1] ?? 'null');
              if (event === 'agent') bubble('agent', data.text);
              else if (event === 'status') {
                bubble('bot', data.message);
                if (data.status === 'ended') return stop();
              } else if (event === 'ready' && (data.status === 'ended' || data.status === 'none')) return stop();
            }
          }
        } catch {
          if (ac.signal.aborted) return;
        }
        await new Promise((res) => setTimeout(res, 3000));
      }
    })();
  }

  async function ask(text: string, choice?: TChoice) {
    if (!text.trim()) return;
    bubble('me', text);
    if (live) {
      // To the person: no bot bubble, their reply comes on the stream.
      try {
        const c = await ensureConversation();
        const r = await api(`/conversations/${c.conversationId}/messages`, { method: 'POST', token: c.token, body: JSON.stringify({ text }) });
        const data = await r.json().catch(() => null);
        if (!r.ok) bubble('bot', data?.error ?? t.failed);
        else if (!data?.live) {
          // The chat ended meanwhile (the agent closed it, or nobody is left to take it): the bot answered.
          live = false;
          liveStream?.abort();
          liveStream = null;
          finish(bubble('bot', ''), data as TDone);
          if ((data as TDone).handoff) afterPersonAsked(false);
        }
      } catch {
        bubble('bot', t.failed);
      }
      return;
    }
    const b = bubble('bot', t.thinking);
    b.setAttribute('aria-busy', 'true');
    send.disabled = true;
    try {
      const c = await ensureConversation();
      const r = await api(`/conversations/${c.conversationId}/messages`, {
        method: 'POST',
        token: c.token,
        headers: { accept: 'text/event-stream' },
        body: JSON.stringify(choice ? { text, choice } : { text }),
      });
      if (!r.ok || !r.body) {
        const err = await r.json().catch(() => null);
        b.textContent = err?.error ?? t.failed;
        return;
      }
      const reader = r.body.pipeThrough(new TextDecoderStream()).getReader();
      let buf = '';
      let shown = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += value;
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const chunk = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const event = /^event: (\w+)/m.exec(chunk)?.[1];
          const data = JSON.parse(/^data: (.*)$/m.exec(chunk)?.[1] ?? 'null');
          if (event === 'part') {
            shown += data.text;
            b.textContent = shown;
            log.scrollTop = log.scrollHeight;
          } else if (event === 'done') {
            finish(b, data as TDone);
            if ((data as TDone).handoff) afterPersonAsked((data as TDone).handoff!.live);
          } else if (event === 'error') b.textContent = data?.message ?? t.failed;
        }
      }
    } catch {
      b.textContent = t.failed;
    } finally {
      b.removeAttribute('aria-busy');
      send.disabled = false;
    }
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const text = input.value;
    input.value = '';
    void ask(text);
  });

  let handoffForm: HTMLFormElement | null = null;
  function showHandoff() {
    if (handoffForm) {
      handoffForm.querySelector('input')?.focus();
      return;
    }
    const f = el('form', { class: 'handoff', 'aria-label': t.handoff, 'aria-describedby': 'ct-privacy' });
    const email = el('input', { type: 'email', required: '', autocomplete: 'email' });
    const name = el('input', { type: 'text', autocomplete: 'name' });
    const message = el('textarea', { rows: '1' });
    const l1 = el('label', {}, t.handoffEmail);
    l1.append(email);
    const l2 = el('label', {}, t.handoffName);
    l2.append(name);
    const l3 = el('label', {}, t.handoffMessage);
    l3.append(message);
    const submit = el('button', { type: 'submit', class: 'send' }, t.handoffSubmit);
    // What is collected, why and for how long (개인정보 보호법 제15조), shown before the visitor sends anything.
    const notice = el('p', { class: 'notice', id: 'ct-privacy' }, t.privacyNotice);
    f.append(notice, l1, l2, l3, submit);
    f.addEventListener('submit', async (e) => {
      e.preventDefault();
      submit.disabled = true;
      try {
        const c = await ensureConversation();
        const body = { email: email.value, ...(name.value.trim() ? { name: name.value } : {}), ...(message.value.trim() ? { message: message.value } : {}) };
        const r = await api(`/conversations/${c.conversationId}/handoff`, { method: 'POST', token: c.token, body: JSON.stringify(body) });
        const data = await r.json().catch(() => null);
        bubble('bot', r.ok ? data.message : (data?.error ?? t.failed));
        if (r.ok) {
          f.remove();
          handoffForm = null;
          panel.classList.remove('handing-off');
          input.focus();
        }
      } finally {
        submit.disabled = false;
      }
    });
    panel.insertBefore(f, form);
    panel.classList.add('handing-off');
    handoffForm = f;
    email.focus();
  }
  handoffBtn.addEventListener('click', () => void askForPerson());
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => void mount());
else void mount();
