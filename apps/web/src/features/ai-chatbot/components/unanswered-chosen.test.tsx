import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import type { TChatbotUnanswered } from '@suite/shared/schemas/chatbot';
import { tokenStorage } from '@/lib/token-storage';
import { Unanswered } from './unanswered';

const SEED = '00000000-0000-4000-8000-000000000001';
const BOT = '00000000-0000-4000-8000-0000000000b1';
const BASE = `/api/seeds/${SEED}/chatbots/${BOT}`;
const FAQ = '00000000-0000-4000-8000-0000000000f2';
const c = ko.chatbot.console;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const calls: { method: string; url: string; body: unknown }[] = [];

/** A refusal after which the visitor chose an entry among the bot's suggestions (decision 096). */
const chosen: TChatbotUnanswered = {
  id: '00000000-0000-4000-8000-0000000000a3',
  question: '인덕션에서 이 팬 써도 돼요?',
  createdAt: '2031-01-03T00:00:00Z',
  kind: 'unanswered',
  answeredWith: null,
  suggestion: { sourceId: FAQ, question: '프라이팬을 인덕션에서 사용할 수 있나요?', chosen: true },
};

beforeEach(() => {
  tokenStorage.set({ access_token: 'test-access-token' });
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET') return url === `${BASE}/unanswered` ? json(200, { data: [chosen] }) : json(404, { error: '없음' });
      calls.push({ method, url, body: JSON.parse(String(init!.body)) });
      return json(200, {
        message: ko.chatbot.server.phrasingTaught(chosen.suggestion!.question),
        data: {
          id: FAQ,
          type: 'faq',
          title: chosen.suggestion!.question,
          url: null,
          question: chosen.suggestion!.question,
          answer: '네',
          phrasings: [chosen.question],
          passages: 1,
          createdAt: '2031-01-01T00:00:00Z',
        },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokenStorage.clear();
});

describe('teach list, an entry the visitor chose', () => {
  it('names the entry the visitor chose and teaches the refused words to it in one click', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
        <Unanswered seedId={SEED} botId={BOT} canManage onDone={() => {}} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(c.chosenByVisitor('프라이팬을 인덕션에서 사용할 수 있나요?'))).toBeTruthy();
    expect(screen.queryByText(c.suggested('프라이팬을 인덕션에서 사용할 수 있나요?'))).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: c.teach('프라이팬을 인덕션에서 사용할 수 있나요?') })));
    await waitFor(() =>
      expect(calls).toEqual([{ method: 'PATCH', url: `${BASE}/sources/${FAQ}`, body: { addPhrasing: chosen.question, messageId: chosen.id } }]),
    );
  });
});
