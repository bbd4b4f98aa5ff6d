/**
 * The suite's own chatbot widget on the help page, installed exactly as a customer installs it:
 * `<script src="/widget.js" data-bot="{botId}" async>` appended once. The widget (apps/web/src/widget/widget.ts)
 * mounts a host element with an open shadow root holding its launcher button; 문의하기 clicks that launcher.
 */
const HOST = '[data-company-tools-chatbot]';
const MARK = 'data-help-widget';

/** Appends the widget's script once per page (a second call, even with another bot, changes nothing). */
export function ensureWidgetScript(botId: string): HTMLScriptElement {
  const existing = document.querySelector<HTMLScriptElement>(`script[${MARK}]`);
  if (existing) return existing;
  const s = document.createElement('script');
  s.src = '/widget.js';
  s.async = true;
  s.dataset.bot = botId;
  s.setAttribute(MARK, '');
  document.body.appendChild(s);
  return s;
}

function host(): HTMLElement | null {
  return document.querySelector<HTMLElement>(HOST);
}

/** The widget's launcher once it has mounted, else null. */
export function findLauncher(): HTMLButtonElement | null {
  return host()?.shadowRoot?.querySelector<HTMLButtonElement>('button.launcher') ?? null;
}

/** Waits for the widget to mount (it first asks the server whether this origin may show the bot). */
export function waitForLauncher(timeoutMs: number): Promise<HTMLButtonElement | null> {
  const found = findLauncher();
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const launcher = findLauncher();
      if (!launcher) return;
      finish(launcher);
    });
    const timer = setTimeout(() => finish(null), timeoutMs);
    const finish = (value: HTMLButtonElement | null) => {
      observer.disconnect();
      clearTimeout(timer);
      resolve(value);
    };
    observer.observe(document.body, { childList: true });
  });
}

/** Opens the widget's chat panel (a click on its launcher, so it behaves as for any visitor). */
export function openWidget(launcher: HTMLButtonElement): void {
  if (launcher.getAttribute('aria-expanded') !== 'true') launcher.click();
}

/** Shows or hides the whole widget (it stays mounted; hidden while the console is on other pages). */
export function setWidgetShown(shown: boolean): void {
  const h = host();
  if (h) h.hidden = !shown;
}
