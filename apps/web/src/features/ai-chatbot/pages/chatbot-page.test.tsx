import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import type { TChatbot, TChatbotTicket } from '@suite/shared/schemas/chatbot';
import { tokenStorage } from '@/lib/token-storage';
import { ChatbotPage } from './chatbot-page';

const SEED = '00000000-0000-4000-8000-000000000001';
const OTHER_SEED = '00000000-0000-4000-8000-000000000002';
const role = vi.hoisted(() => ({ current: 'owner', seed: '00000000-0000-4000-8000-000000000001', select: vi.fn() }));
vi.mock('@/lib/seed-context', () => ({
  useSeeds: () => ({
    selected: { id: role.seed, role: role.current },
    seeds: [
      { id: '00000000-0000-4000-8000-000000000001', role: role.current },
      { id: '00000000-0000-4000-8000-000000000002', role: 'owner' },
    ],
    select: role.select,
  }),
}));

const c = ko.chatbot.console;
const bot: TChatbot = {
  id: '00000000-0000-4000-8000-0000000000b1',
  name: '상담봇',
  greeting: '',
  allowedOrigins: ['https://shop.exmaple'],
  brandColor: '#000000',
  slackChannelId: null,
  sources: 0,
  createdAt: '2031-01-01T00:00:00Z',
  refusedOrigins: [],
  cappedAt: null,
};
const other: TChatbot = { ...bot, id: '00000000-0000-4000-8000-0000000000b2', name: '두 번째 봇' };
const ticket: TChatbotTicket = {
  id: '00000000-0000-4000-8000-0000000000c1',
  conversationId: '00000000-0000-4000-8000-0000000000d1',
  email: 'customer@example.com',
  name: '손님',
  message: '전화 주세요',
  transcript: '고객: 전화 주세요',
  status: 'open',
  answer: null,
  createdAt: '2031-01-02T00:00:00Z',
  answeredAt: null,
};
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type TCall = { method: string; url: string; body: unknown };
let calls: TCall[];
let bots: TChatbot[];
/** Answers for writes, by `METHOD url` (default: 201 { id }). */
let answers: Record<string, Response>;

beforeEach(() => {
  tokenStorage.set({ access_token: 'test-access-token' });
  role.current = 'owner';
  role.seed = SEED;
  role.select = vi.fn();
  calls = [];
  bots = [];
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method !== 'GET') {
        calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        return answers[`${method} ${url}`] ?? json(201, { id: bot.id });
      }
      if (url === `/api/seeds/${SEED}/chatbots`) return json(200, { data: bots });
      if (url.endsWith('/tickets')) return json(200, { data: [ticket] });
      if (url.endsWith('/synonyms')) return json(200, { data: { groups: [] } });
      if (url.endsWith('/office-hours'))
        return json(200, {
          data: {
            weekdays: [1, 2, 3, 4, 5],
            opensAt: '09:00',
            closesAt: '18:00',
            openOnHolidays: false,
            openNow: true,
            nextOpening: null,
            nextOpeningText: null,
          },
        });
      if (url.endsWith('/knowledge/usage')) return json(200, { data: { chatbots: [{ id: bot.id, name: bot.name }], slack: null, sources: [] } });
      if (url.endsWith('/sources'))
        return json(200, {
          data: [{ id: 's1', type: 'markdown', title: '배송 안내', url: null, question: null, answer: null, passages: 2, createdAt: '2031-01-01T00:00:00Z' }],
        });
      return json(200, { data: [] });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokenStorage.clear();
});

function renderPage(path = '/admin/services/ai-chatbot') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
        <ChatbotPage />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));
const openTab = async (name: string) => act(async () => fireEvent.click(await screen.findByRole('tab', { name })));
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('ChatbotPage forms', () => {
  it('a new bot: labelled fields with help; a name and origins that are only origins; the origins are sent as a list', async () => {
    renderPage();
    const name = screen.getByLabelText(c.name);
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe(c.nameHelp);
    const origins = screen.getByLabelText(c.origins);
    expect(document.getElementById(origins.getAttribute('aria-describedby')!)?.textContent).toBe(c.originsHelp);
    type(c.origins, 'https://shop.example, shop.example/path');
    await click(c.create);
    expect(alerts()).toEqual(['챗봇 이름을 입력해 주세요.', '허용 출처는 https://shop.example 처럼 주소의 출처만 적어 주세요.']);
    expect(calls).toEqual([]);
    type(c.name, '하루마켓 상담봇');
    type(c.origins, 'https://Shop.example/  http://127.0.0.1:8080');
    await click(c.create);
    expect(calls).toEqual([
      {
        method: 'POST',
        url: `/api/seeds/${SEED}/chatbots`,
        body: { name: '하루마켓 상담봇', allowedOrigins: ['https://shop.example', 'http://127.0.0.1:8080'] },
      },
    ]);
    await waitFor(() => expect((screen.getByLabelText(c.name) as HTMLInputElement).value).toBe(''));
  });

  it('a source: each input gets its own Korean error, the server gets the typed source, kinds are named in Korean', async () => {
    bots = [bot];
    renderPage();
    await openTab(c.tabs.sources);
    expect(await screen.findByText(/문서 · 문단 2개/)).toBeTruthy();
    expect(screen.queryByText(/MARKDOWN/)).toBeNull();
    type(c.question, '배송비는 얼마인가요?');
    await click(c.add);
    expect(alerts()).toEqual(['답변을 입력해 주세요.']);
    expect(screen.getByLabelText(c.answer).getAttribute('aria-invalid')).toBe('true');
    await click(c.url);
    type(c.url, '배송 안내');
    await click(c.add);
    expect(alerts()).toEqual(['올바른 주소가 아닙니다.']);
    expect(calls).toEqual([]);
    await click(c.text);
    type(c.titleLabel, '배송 안내');
    type(c.content, '3만 원 이상 무료');
    await click(c.add);
    expect(calls).toEqual([
      { method: 'POST', url: `/api/seeds/${SEED}/chatbots/${bot.id}/sources`, body: { type: 'markdown', title: '배송 안내', content: '3만 원 이상 무료' } },
    ]);
  });

  it("a web page the server could not use shows the server's Korean reason", async () => {
    bots = [bot];
    answers[`POST /api/seeds/${SEED}/chatbots/${bot.id}/sources`] = json(400, { error: ko.chatbot.server.urlHttpStatus(404), code: 'BAD_REQUEST' });
    renderPage();
    await openTab(c.tabs.sources);
    await click(c.url);
    type(c.url, 'https://shop.example/gone');
    await click(c.add);
    await waitFor(() => expect(alerts()).toEqual([ko.chatbot.server.urlHttpStatus(404)]));
  });
});

describe('ChatbotPage bot settings', () => {
  it('edits name, greeting, colour and origins with PATCH, and deletes after a confirmation dialog', async () => {
    bots = [bot, other];
    answers[`PATCH /api/seeds/${SEED}/chatbots/${bot.id}`] = json(200, { message: ko.chatbot.server.updated, data: bot });
    answers[`DELETE /api/seeds/${SEED}/chatbots/${bot.id}`] = json(200, { message: ko.chatbot.server.deleted });
    renderPage();
    await openTab(c.tabs.settings);
    const form = screen.getByRole('form', { name: c.settingsTitle });
    fireEvent.change(within(form).getByLabelText(c.name), { target: { value: '하루마켓 도우미' } });
    fireEvent.change(within(form).getByLabelText(c.greeting), { target: { value: '안녕하세요' } });
    fireEvent.change(within(form).getByLabelText(c.brandColor), { target: { value: '#10b981' } });
    fireEvent.change(within(form).getByLabelText(c.origins), { target: { value: 'https://shop.example' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: c.save })));
    await waitFor(() =>
      expect(calls).toEqual([
        {
          method: 'PATCH',
          url: `/api/seeds/${SEED}/chatbots/${bot.id}`,
          body: { name: '하루마켓 도우미', greeting: '안녕하세요', brandColor: '#10b981', allowedOrigins: ['https://shop.example'] },
        },
      ]),
    );
    expect(await screen.findByText(ko.chatbot.server.updated)).toBeTruthy();

    await click(c.deleteBot);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(c.deleteBotTitle(bot.name))).toBeTruthy();
    expect(calls).toHaveLength(1);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: c.delete })));
    await waitFor(() => expect(calls[1]).toEqual({ method: 'DELETE', url: `/api/seeds/${SEED}/chatbots/${bot.id}`, body: undefined }));
  });

  it('the install tab says where the widget was refused and adds that origin; the cap is shown', async () => {
    bots = [{ ...bot, refusedOrigins: [{ origin: 'https://shop.example', lastSeenAt: '2031-01-03T01:00:00Z' }], cappedAt: '2031-01-03T02:00:00Z' }];
    answers[`PATCH /api/seeds/${SEED}/chatbots/${bot.id}`] = json(200, { message: ko.chatbot.server.updated, data: bot });
    renderPage();
    expect(await screen.findByText(c.refusedTitle)).toBeTruthy();
    expect(screen.getByText('https://shop.example')).toBeTruthy();
    expect(screen.getByText(/챗봇 전체 질문 한도/)).toBeTruthy();
    await click(c.addOrigin);
    await waitFor(() =>
      expect(calls).toEqual([
        { method: 'PATCH', url: `/api/seeds/${SEED}/chatbots/${bot.id}`, body: { allowedOrigins: ['https://shop.exmaple', 'https://shop.example'] } },
      ]),
    );
  });

  it('an origin refused before and allowed since is no longer listed', async () => {
    bots = [{ ...bot, allowedOrigins: ['https://shop.example'], refusedOrigins: [{ origin: 'https://shop.example', lastSeenAt: '2031-01-03T01:00:00Z' }] }];
    renderPage();
    expect(await screen.findByTestId('chatbot-snippet')).toBeTruthy();
    expect(screen.queryByText(c.refusedTitle)).toBeNull();
  });

  it('a member sees no controls that would end in 403', async () => {
    role.current = 'member';
    bots = [{ ...bot, refusedOrigins: [{ origin: 'https://shop.example', lastSeenAt: '2031-01-03T01:00:00Z' }] }];
    renderPage();
    expect(await screen.findByText(c.refusedTitle)).toBeTruthy();
    expect(screen.queryByRole('button', { name: c.create })).toBeNull();
    expect(screen.queryByRole('button', { name: c.addOrigin })).toBeNull();
    expect((screen.getByLabelText(c.slackChannel) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: c.save })).toBeNull();
    await openTab(c.tabs.settings);
    expect(screen.getByLabelText(c.name).matches(':disabled')).toBe(true); // inside a disabled fieldset
    expect(screen.queryByRole('button', { name: c.deleteBot })).toBeNull();
    await openTab(c.tabs.sources);
    await screen.findByText('배송 안내');
    expect(screen.queryByRole('button', { name: c.add })).toBeNull();
    expect(screen.queryByRole('button', { name: `${c.delete}: 배송 안내` })).toBeNull();
  });

  it("a mail's link to a bot of another of the user's seeds switches to that seed", async () => {
    bots = [bot];
    renderPage(`/admin/services/ai-chatbot?seed=${OTHER_SEED}&bot=${bot.id}&tab=tickets&ticket=${ticket.id}`);
    await waitFor(() => expect(role.select).toHaveBeenCalledWith(expect.objectContaining({ id: OTHER_SEED })));
  });

  it("the hand-off mail's link opens that bot's tickets with the ticket marked and the customer's e-mail shown", async () => {
    bots = [other, bot];
    renderPage(`/admin/services/ai-chatbot?seed=${SEED}&bot=${bot.id}&tab=tickets&ticket=${ticket.id}`);
    expect((await screen.findByRole('tab', { name: bot.name })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: c.tabs.tickets }).getAttribute('aria-selected')).toBe('true');
    const item = await screen.findByText(c.ticketEmail(ticket.email), { exact: false });
    expect(item.closest('li')?.getAttribute('aria-current')).toBe('true');
  });
});
