import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { koHelpUi } from '@suite/shared/messages/ko-help-ui';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import { ContactCard } from './contact-card';

const t = koHelpUi.contact;
const BOT = '11111111-1111-4111-8111-111111111111';

/** What widget.js does once it has loaded and the server allowed this origin: a host with a launcher in its shadow. */
function mountFakeWidget(onOpen: () => void) {
  const host = document.createElement('div');
  host.setAttribute('data-company-tools-chatbot', '');
  document.body.appendChild(host);
  const launcher = document.createElement('button');
  launcher.className = 'launcher';
  launcher.setAttribute('aria-expanded', 'false');
  launcher.addEventListener('click', () => {
    launcher.setAttribute('aria-expanded', 'true');
    onOpen();
  });
  host.attachShadow({ mode: 'open' }).append(launcher);
  return host;
}

describe('ContactCard (문의하기)', () => {
  let botId: string | null;
  beforeEach(() => {
    localStorage.setItem('__access_token', 'test-token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ botId }), { headers: { 'content-type': 'application/json' } })),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
    document.body.innerHTML = '';
  });

  it('adds the widget script once, as a customer installs it, and opens the widget from 문의하기', async () => {
    botId = BOT;
    const opened = vi.fn();
    const first = renderWithQueries(<ContactCard />);
    const button = await screen.findByRole('button', { name: t.open });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    first.unmount();
    renderWithQueries(<ContactCard />);
    await waitFor(() => expect(screen.getByRole('button', { name: t.open })).toHaveProperty('disabled', false));
    const scripts = document.querySelectorAll<HTMLScriptElement>('script[src$="/widget.js"]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.dataset.bot).toBe(BOT);
    expect(scripts[0]!.async).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: t.open }));
    const host = mountFakeWidget(opened);
    await waitFor(() => expect(opened).toHaveBeenCalledTimes(1));
    expect(host.hidden).toBe(false);
    // A second click leaves an open panel open.
    fireEvent.click(screen.getByRole('button', { name: t.open }));
    await waitFor(() => expect(screen.getByRole('button', { name: t.open })).toHaveProperty('disabled', false));
    expect(opened).toHaveBeenCalledTimes(1);
    // Leaving the help page hides the widget.
    cleanup();
    expect(host.hidden).toBe(true);
  });

  it('says the chatbot is not ready when the server has none, and adds no script', async () => {
    botId = null;
    renderWithQueries(<ContactCard />);
    expect(await screen.findByText(t.notReady)).toBeTruthy();
    expect(screen.getByRole('button', { name: t.open })).toHaveProperty('disabled', true);
    expect(document.querySelector('script[src$="/widget.js"]')).toBeNull();
  });
});
