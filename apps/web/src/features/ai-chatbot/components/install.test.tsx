import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import type { TChatbot } from '@suite/shared/schemas/chatbot';
import { Install } from './install';

const SEED = '00000000-0000-4000-8000-000000000001';
const bot = { id: '00000000-0000-4000-8000-0000000000b1', refusedOrigins: [], allowedOrigins: [], cappedAt: null } as unknown as TChatbot;

afterEach(() => {
  cleanup();
  document.documentElement.classList.remove('dark');
});

describe('chatbot install tab preview', () => {
  it('follows a theme switch in place: the preview page is restyled, not rebuilt (a rebuilt page would start a new conversation)', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Install seedId={SEED} bot={bot} canManage={false} />
      </QueryClientProvider>,
    );
    const frame = screen.getByTitle(ko.chatbot.console.preview) as HTMLIFrameElement;
    const built = frame.getAttribute('srcdoc');
    expect(built).toContain('color-scheme:light');
    expect(built).toContain(`data-bot="${bot.id}"`);
    await act(async () => {
      document.documentElement.classList.add('dark');
      await new Promise((r) => setTimeout(r, 0));
    });
    // The same document: no reload.
    expect(frame.getAttribute('srcdoc')).toBe(built);
    // Restyled in place (the frame's page and its body take the dark look).
    expect(frame.contentDocument?.documentElement.getAttribute('style')).toBe('color-scheme:dark');
    expect(frame.contentDocument?.body.getAttribute('style')).toContain('#15171c');
    await act(async () => {
      document.documentElement.classList.remove('dark');
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(frame.getAttribute('srcdoc')).toBe(built);
    expect(frame.contentDocument?.documentElement.getAttribute('style')).toBe('color-scheme:light');
  });
});
