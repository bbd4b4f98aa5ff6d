import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import type { TChatbotFigures, TChatbotSource, TChatbotUnanswered } from '@suite/shared/schemas/chatbot';
import { tokenStorage } from '@/lib/token-storage';
import { Figures } from './figures';
import { Sources } from './sources';
import { SynonymsEditor } from './synonyms-editor';
import { Unanswered } from './unanswered';

const SEED = '00000000-0000-4000-8000-000000000001';
const BOT = '00000000-0000-4000-8000-0000000000b1';
const BASE = `/api/seeds/${SEED}/chatbots/${BOT}`;
const c = ko.chatbot.console;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const faq: TChatbotSource = {
  id: '00000000-0000-4000-8000-0000000000f1',
  type: 'faq',
  title: '배송은 보통 며칠 걸리나요?',
  url: null,
  question: '배송은 보통 며칠 걸리나요?',
  answer: '평일 기준 1~3일입니다.',
  phrasings: ['택배 언제 와요'],
  passages: 1,
  createdAt: '2031-01-01T00:00:00Z',
};

type TCall = { method: string; url: string; body: unknown };
let calls: TCall[];
/** GET answers by path (they may change between requests, like the server's). */
let gets: Record<string, unknown>;
let writeAnswer: (call: TCall) => Response;

beforeEach(() => {
  tokenStorage.set({ access_token: 'test-access-token' });
  calls = [];
  gets = { [`/api/seeds/${SEED}/knowledge/usage`]: { chatbots: [], slack: null, sources: [] } };
  writeAnswer = () => json(200, { message: ko.chatbot.server.faqSaved, data: faq });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method !== 'GET') {
        const call = { method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
        calls.push(call);
        return writeAnswer(call);
      }
      return url in gets ? json(200, { data: gets[url] }) : json(404, { error: '없음' });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokenStorage.clear();
});

const wrap = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>{ui}</QueryClientProvider>,
  );

describe('FAQ entries in the knowledge tab', () => {
  it('edits question and answer, removes and adds a 다른 표현 with PATCH', async () => {
    gets[`${BASE}/sources`] = [faq];
    wrap(<Sources seedId={SEED} botId={BOT} canManage />);
    const chips = await screen.findByRole('list', { name: `${c.phrasings}: ${faq.title}` });
    expect(within(chips).getByText('택배 언제 와요')).toBeTruthy();
    expect(screen.getAllByText(c.phrasingsHelp).length).toBeGreaterThan(0);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: c.removePhrasing('택배 언제 와요') })));
    await waitFor(() => expect(calls).toEqual([{ method: 'PATCH', url: `${BASE}/sources/${faq.id}`, body: { phrasings: [] } }]));

    fireEvent.change(screen.getByLabelText(`${c.addPhrasing}: ${faq.title}`), { target: { value: '  배송 얼마나 걸려요 ' } });
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: c.add }).at(-1)!));
    await waitFor(() => expect(calls[1]).toEqual({ method: 'PATCH', url: `${BASE}/sources/${faq.id}`, body: { addPhrasing: '배송 얼마나 걸려요' } }));

    await act(async () => fireEvent.click(screen.getByRole('button', { name: `${c.editFaq}: ${faq.title}` })));
    const form = screen.getByRole('form', { name: `${c.editFaq}: ${faq.title}` });
    fireEvent.change(within(form).getByLabelText(c.answer), { target: { value: '평일 기준 2일입니다.' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: c.save })));
    await waitFor(() =>
      expect(calls[2]).toEqual({
        method: 'PATCH',
        url: `${BASE}/sources/${faq.id}`,
        body: { question: faq.question, answer: '평일 기준 2일입니다.' },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('form', { name: `${c.editFaq}: ${faq.title}` })).toBeNull());
  });

  it('adds an FAQ entry with its phrasings, one a line', async () => {
    gets[`${BASE}/sources`] = [];
    writeAnswer = () => json(201, { message: ko.chatbot.server.sourceAdded, data: faq });
    wrap(<Sources seedId={SEED} botId={BOT} canManage />);
    fireEvent.change(await screen.findByLabelText(c.question), { target: { value: '배송비는 얼마인가요?' } });
    fireEvent.change(screen.getByLabelText(c.answer), { target: { value: '3,000원입니다.' } });
    fireEvent.change(screen.getByLabelText(c.phrasingsNew), { target: { value: '택배비 얼마\n\n 배송료 있어요? \n택배비 얼마' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: c.add })));
    await waitFor(() =>
      expect(calls).toEqual([
        {
          method: 'POST',
          url: `${BASE}/sources`,
          body: { type: 'faq', question: '배송비는 얼마인가요?', answer: '3,000원입니다.', phrasings: ['택배비 얼마', '배송료 있어요?'] },
        },
      ]),
    );
  });

  it('a member sees the phrasings without the controls', async () => {
    gets[`${BASE}/sources`] = [faq];
    wrap(<Sources seedId={SEED} botId={BOT} canManage={false} />);
    expect(await screen.findByText('택배 언제 와요')).toBeTruthy();
    expect(screen.queryByRole('button', { name: c.removePhrasing('택배 언제 와요') })).toBeNull();
    expect(screen.queryByLabelText(`${c.addPhrasing}: ${faq.title}`)).toBeNull();
    expect(screen.queryByRole('button', { name: `${c.editFaq}: ${faq.title}` })).toBeNull();
  });
});

describe('답하지 못한 질문', () => {
  const miss: TChatbotUnanswered = {
    id: '00000000-0000-4000-8000-0000000000a1',
    question: '택배 보통 며칠이면 와요?',
    createdAt: '2031-01-02T00:00:00Z',
    kind: 'unanswered',
    answeredWith: null,
    suggestion: { sourceId: faq.id, question: faq.question! },
  };
  const down: TChatbotUnanswered = {
    id: '00000000-0000-4000-8000-0000000000a2',
    question: '배송비 얼마예요',
    createdAt: '2031-01-02T00:00:00Z',
    kind: 'thumbsDown',
    answeredWith: '반품할 때 배송비는 누가 내나요?',
    suggestion: null,
  };

  it('teaches a question to the suggested entry in one click, and the item leaves the list', async () => {
    gets[`${BASE}/unanswered`] = [miss, down];
    writeAnswer = () => {
      gets[`${BASE}/unanswered`] = [down];
      return json(200, { message: ko.chatbot.server.phrasingTaught(faq.question!), data: faq });
    };
    wrap(<Unanswered seedId={SEED} botId={BOT} canManage onDone={() => {}} />);
    expect(await screen.findByText(c.suggested(faq.question!))).toBeTruthy();
    expect(screen.getByText(c.thumbsDownBadge, { exact: false })).toBeTruthy();
    expect(screen.getByText(c.answeredWith(down.answeredWith!), { exact: false })).toBeTruthy();
    expect(screen.getByText(c.noSuggestion)).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: c.teach(faq.question!) })));
    await waitFor(() =>
      expect(calls).toEqual([{ method: 'PATCH', url: `${BASE}/sources/${faq.id}`, body: { addPhrasing: '택배 보통 며칠이면 와요?', messageId: miss.id } }]),
    );
    expect(await screen.findByText(ko.chatbot.server.phrasingTaught(faq.question!))).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('택배 보통 며칠이면 와요?')).toBeNull());
    expect(screen.getByText('배송비 얼마예요')).toBeTruthy();
  });

  it('a new FAQ entry written from a question takes it off the list too', async () => {
    gets[`${BASE}/unanswered`] = [down];
    const created = { ...faq, id: '00000000-0000-4000-8000-0000000000f2', title: down.question, question: down.question, phrasings: [] };
    writeAnswer = (call) =>
      call.method === 'POST'
        ? json(201, { message: ko.chatbot.server.sourceAdded, data: created })
        : json(200, { message: ko.chatbot.server.phrasingTaught(down.question), data: created });
    const onDone = vi.fn();
    wrap(<Unanswered seedId={SEED} botId={BOT} canManage onDone={onDone} />);
    fireEvent.change(await screen.findByLabelText(`${c.answer}: ${down.question}`), { target: { value: '3,000원입니다.' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: c.toFaq })));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls).toEqual([
      { method: 'POST', url: `${BASE}/sources`, body: { type: 'faq', question: down.question, answer: '3,000원입니다.' } },
      { method: 'PATCH', url: `${BASE}/sources/${created.id}`, body: { addPhrasing: down.question, messageId: down.id } },
    ]);
  });

  it("shows the server's Korean reason when teaching fails, and a member gets no button", async () => {
    gets[`${BASE}/unanswered`] = [miss];
    writeAnswer = () => json(404, { error: ko.chatbot.server.messageNotTeachable });
    wrap(<Unanswered seedId={SEED} botId={BOT} canManage onDone={() => {}} />);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: c.teach(faq.question!) })));
    expect(await screen.findByText(ko.chatbot.server.messageNotTeachable)).toBeTruthy();
    cleanup();
    wrap(<Unanswered seedId={SEED} botId={BOT} canManage={false} onDone={() => {}} />);
    expect(await screen.findByText(c.suggested(faq.question!))).toBeTruthy();
    expect(screen.queryByRole('button', { name: c.teach(faq.question!) })).toBeNull();
  });
});

describe('지표: answer rate per week', () => {
  it('lists the 8 weeks with questions, answers and the rate', async () => {
    const weekly = Array.from({ length: 8 }, (_, i) => ({ weekStart: `2031-01-${String(i + 1).padStart(2, '0')}`, questions: 0, answered: 0 }));
    weekly[6] = { ...weekly[6]!, questions: 8, answered: 6 };
    weekly[7] = { ...weekly[7]!, questions: 3, answered: 3 };
    const figures: TChatbotFigures = {
      conversationsPerDay: [],
      conversations: 0,
      handedOff: 0,
      resolutionRate: null,
      thumbsUp: 0,
      thumbsDown: 0,
      topQuestions: [],
      weekly,
    };
    gets[`${BASE}/figures`] = figures;
    wrap(<Figures seedId={SEED} botId={BOT} />);
    const table = await screen.findByRole('table', { name: c.weeklyTitle });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(9);
    expect(rows[7]!.textContent).toBe(`${c.weekOf('2031-01-07')}8675%`);
    expect(rows[8]!.textContent).toBe(`${c.weekOf('2031-01-08')}33100%`);
    expect(rows[1]!.textContent).toBe(`${c.weekOf('2031-01-01')}00—`);
  });
});

describe('같은 뜻 낱말 (settings)', () => {
  it('loads the groups, checks them with the shared schema and saves them with PUT', async () => {
    gets[`${BASE}/synonyms`] = { groups: [['끊다', '등록하다']] };
    writeAnswer = (call) => json(200, { message: ko.chatbot.server.synonymsSaved, data: call.body });
    wrap(<SynonymsEditor seedId={SEED} botId={BOT} canManage />);
    const box = (await screen.findByLabelText(c.synonymsLabel)) as HTMLTextAreaElement;
    expect(box.value).toBe('끊다, 등록하다');

    fireEvent.change(box, { target: { value: '끊다, 등록하다, 결제하다\n맛보기' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: c.save })));
    expect(await screen.findByText(`${c.synonymsLine(2)} 같은 뜻의 낱말은 한 묶음에 2개 이상 넣어 주세요.`)).toBeTruthy();
    expect(calls).toEqual([]);

    fireEvent.change(box, { target: { value: '끊다, 등록하다, 결제하다\n\n맛보기, 체험 수업' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: c.save })));
    await waitFor(() =>
      expect(calls).toEqual([
        {
          method: 'PUT',
          url: `${BASE}/synonyms`,
          body: {
            groups: [
              ['끊다', '등록하다', '결제하다'],
              ['맛보기', '체험 수업'],
            ],
          },
        },
      ]),
    );
    expect(await screen.findByText(ko.chatbot.server.synonymsSaved)).toBeTruthy();
  });

  it('a member reads them without a save button', async () => {
    gets[`${BASE}/synonyms`] = { groups: [['끊다', '등록하다']] };
    wrap(<SynonymsEditor seedId={SEED} botId={BOT} canManage={false} />);
    expect(((await screen.findByLabelText(c.synonymsLabel)) as HTMLTextAreaElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: c.save })).toBeNull();
  });
});
