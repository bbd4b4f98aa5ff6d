import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import type { TChatbot } from '@suite/shared/schemas/chatbot';
import { tokenStorage } from '@/lib/token-storage';
import { ChatbotPage } from './chatbot-page';

const SEED = '00000000-0000-4000-8000-000000000001';
vi.mock('@/lib/seed-context', () => ({ useSeeds: () => ({ selected: { id: SEED, role: 'owner' } }) }));

const c = ko.chatbot.console;
const bot: TChatbot = {
  id: '00000000-0000-4000-8000-0000000000b1',
  name: '상담봇',
  greeting: '',
  allowedOrigins: [],
  brandColor: '#000000',
  slackChannelId: null,
  sources: 0,
  createdAt: '2031-01-01T00:00:00Z',
};
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let posts: { url: string; body: unknown }[];
let bots: TChatbot[];

beforeEach(() => {
  tokenStorage.set({ access_token: 'test-access-token' });
  posts = [];
  bots = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push({ url, body: JSON.parse(String(init.body)) });
        return json(201, { id: bot.id });
      }
      if (url === `/api/seeds/${SEED}/chatbots`) return json(200, { data: bots });
      return json(200, { data: [] });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokenStorage.clear();
});

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <ChatbotPage />
    </QueryClientProvider>,
  );
}
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('ChatbotPage forms', () => {
  it('a new bot: a name and origins that are only origins; the origins are sent as a list', async () => {
    renderPage();
    type(c.origins, 'https://shop.example, shop.example/path');
    await click(c.create);
    expect(alerts()).toEqual(['챗봇 이름을 입력해 주세요.', '허용 출처는 https://shop.example 처럼 주소의 출처만 적어 주세요.']);
    expect(posts).toEqual([]);
    type(c.name, '하루마켓 상담봇');
    type(c.origins, 'https://Shop.example/  http://127.0.0.1:8080');
    await click(c.create);
    expect(posts).toEqual([
      { url: `/api/seeds/${SEED}/chatbots`, body: { name: '하루마켓 상담봇', allowedOrigins: ['https://shop.example', 'http://127.0.0.1:8080'] } },
    ]);
    await waitFor(() => expect((screen.getByLabelText(c.name) as HTMLInputElement).value).toBe(''));
  });

  it('a source: each input gets its own Korean error, and the server gets the typed source', async () => {
    bots = [bot];
    renderPage();
    const tab = await screen.findByRole('tab', { name: c.tabs.sources });
    await act(async () => fireEvent.click(tab));
    type(c.question, '배송비는 얼마인가요?');
    await click(c.add);
    expect(alerts()).toEqual(['답변을 입력해 주세요.']);
    expect(screen.getByLabelText(c.answer).getAttribute('aria-invalid')).toBe('true');
    await click(c.url);
    type(c.url, '배송 안내');
    await click(c.add);
    expect(alerts()).toEqual(['올바른 주소가 아닙니다.']);
    expect(posts).toEqual([]);
    await click(c.text);
    type(c.titleLabel, '배송 안내');
    type(c.content, '3만 원 이상 무료');
    await click(c.add);
    expect(posts).toEqual([
      { url: `/api/seeds/${SEED}/chatbots/${bot.id}/sources`, body: { type: 'markdown', title: '배송 안내', content: '3만 원 이상 무료' } },
    ]);
  });
});
