import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { koChatbotHandoff } from '@suite/shared/messages/ko-chatbot-handoff';
import type { TInboxChat } from '@suite/shared/schemas/chatbot-handoff';
import { tokenStorage } from '@/lib/token-storage';
import { Inbox } from './inbox';

const SEED = '00000000-0000-4000-8000-000000000001';
const BOT = '00000000-0000-4000-8000-0000000000b1';
const ME = '00000000-0000-4000-8000-0000000000a1';
const CONV = '00000000-0000-4000-8000-0000000000c1';
const c = koChatbotHandoff.console;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const line = (id: string, role: string, text: string) => ({ id, role, text, sources: [], createdAt: '2031-01-01T01:00:00Z' });
let chat: TInboxChat;
let calls: { method: string; url: string; body: unknown }[];

beforeEach(() => {
  tokenStorage.set({ access_token: 'test-access-token' });
  calls = [];
  chat = {
    conversationId: CONV,
    status: 'waiting',
    agentId: null,
    agentName: null,
    requestedAt: '2031-01-01T01:00:00Z',
    transcript: [line('m1', 'visitor', '배송비 얼마예요?'), line('m2', 'visitor', '사람이랑 얘기하고 싶어요'), line('m3', 'bot', '상담원을 연결하고 있어요…')],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (method !== 'GET') calls.push({ method, url, body });
      if (url === '/api/me') return json(200, { user: { id: ME, email: 'me@example.com', full_name: '이상담' } });
      if (url.endsWith('/chatbots-presence'))
        return json(200, {
          data: { online: method === 'PUT' ? body.online : false, onlineUntil: null, agentsOnline: method === 'PUT' && body.online ? 1 : 0 },
        });
      if (url.endsWith(`/chatbots/${BOT}/inbox`)) return json(200, { data: [chat] });
      if (url.endsWith('/take')) {
        chat = { ...chat, status: 'live', agentId: ME, agentName: '이상담' };
        return json(200, { message: '이 대화를 맡았어요.', data: chat });
      }
      if (url.endsWith('/messages')) {
        chat = { ...chat, transcript: [...chat.transcript, line('m4', 'agent', body.text)] };
        return json(201, { data: line('m4', 'agent', body.text) });
      }
      return json(404, { error: '없음' });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokenStorage.clear();
});

const renderInbox = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Inbox seedId={SEED} botId={BOT} />
    </QueryClientProvider>,
  );

describe('상담함', () => {
  it("switches '상담 가능' on, shows a waiting chat's transcript, takes it and replies as the agent", async () => {
    renderInbox();
    const toggle = await screen.findByRole('checkbox', { name: c.presence });
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(calls[0]).toMatchObject({ method: 'PUT', url: `/api/seeds/${SEED}/chatbots-presence`, body: { online: true } });

    fireEvent.click(await screen.findByRole('button', { name: /배송비 얼마예요\?/ }));
    expect(screen.getByText('사람이랑 얘기하고 싶어요', { exact: false })).toBeTruthy();
    // Not taken yet: no reply box.
    expect(screen.queryByRole('textbox', { name: c.reply })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: c.take }));
    const reply = await screen.findByRole('textbox', { name: c.reply });
    fireEvent.change(reply, { target: { value: '무엇을 도와드릴까요?' } });
    fireEvent.click(screen.getByRole('button', { name: c.send }));
    await screen.findByText('무엇을 도와드릴까요?', { exact: false });
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      url: `/api/seeds/${SEED}/chatbots/${BOT}/inbox/${CONV}/messages`,
      body: { text: '무엇을 도와드릴까요?' },
    });
    expect(screen.getByRole('button', { name: c.end })).toBeTruthy();
  });
});
