import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import type { TKnowledgeUsage } from '@suite/shared/schemas/chatbot';
import { tokenStorage } from '@/lib/token-storage';
import { useKnowledgeUsage, useSetKnowledgeAttachment } from '@/lib/knowledge-usage';
import { KnowledgeUsage } from './knowledge-usage';
import '@/lib/testing/resize-observer';

const u = ko.chatbot.usage;
const SEED = '00000000-0000-4000-8000-000000000001';
const SRC = '00000000-0000-4000-8000-0000000000a1';
const BOT = '00000000-0000-4000-8000-0000000000b1';
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let server: TKnowledgeUsage;
let refuse: string | null;
let patches: unknown[];

function Harness({ service, canManage = true }: { service: 'chatbot' | 'slack'; canManage?: boolean }) {
  const usage = useKnowledgeUsage(SEED);
  const attach = useSetKnowledgeAttachment(SEED);
  if (!usage.data) return null;
  return (
    <>
      <KnowledgeUsage
        usage={usage.data}
        sourceId={SRC}
        service={service}
        canManage={canManage}
        busy={attach.isPending}
        onChange={(input) => attach.mutate({ sourceId: SRC, input })}
      />
      {attach.error ? <p role="alert">{attach.error.message}</p> : null}
    </>
  );
}

function renderWith(service: 'chatbot' | 'slack', canManage = true) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <Harness service={service} canManage={canManage} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  tokenStorage.set({ access_token: 'test-access-token' });
  server = {
    chatbots: [{ id: BOT, name: '상담봇' }],
    slack: { workspaceId: 'w1', teamName: '지식 팀' },
    sources: [{ id: SRC, chatbotId: BOT, slack: false }],
  };
  refuse = null;
  patches = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === `/api/seeds/${SEED}/knowledge/usage`) return json(200, { data: server });
      if (url === `/api/seeds/${SEED}/knowledge/sources/${SRC}` && init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as { slack?: boolean; chatbotId?: string | null };
        patches.push(body);
        if (refuse) return json(400, { success: false, code: 'bad_request', error: refuse });
        const s = server.sources[0]!;
        server = {
          ...server,
          sources: [
            { ...s, ...(body.slack !== undefined ? { slack: body.slack } : {}), ...(body.chatbotId !== undefined ? { chatbotId: body.chatbotId } : {}) },
          ],
        };
        return json(200, { message: ko.chatbot.server.attachmentsSaved, data: server.sources[0] });
      }
      return json(404, { success: false, error: 'not found' });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokenStorage.clear();
});

describe('KnowledgeUsage', () => {
  it('chatbot screen: shows where a source is used and turns on "Slack 어시스턴트에도 사용" as the server answers', async () => {
    renderWith('chatbot');
    const box = await screen.findByRole('checkbox', { name: u.alsoSlack });
    expect(screen.getByText(`${u.label}: ${u.chatbot}(상담봇)`)).toBeTruthy();
    expect(box.getAttribute('aria-checked')).toBe('false');
    await act(async () => fireEvent.click(box));
    expect(patches).toEqual([{ slack: true }]);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: u.alsoSlack }).getAttribute('aria-checked')).toBe('true'));
    expect(screen.getByText(`${u.label}: ${u.chatbot}(상담봇) · ${u.slack}`)).toBeTruthy();
  });

  it('keeps showing the server’s state when the change is refused, with its Korean message', async () => {
    refuse = ko.chatbot.server.noSlackWorkspace;
    renderWith('chatbot');
    const box = await screen.findByRole('checkbox', { name: u.alsoSlack });
    await act(async () => fireEvent.click(box));
    expect((await screen.findByRole('alert')).textContent).toBe(ko.chatbot.server.noSlackWorkspace);
    expect(screen.getByRole('checkbox', { name: u.alsoSlack }).getAttribute('aria-checked')).toBe('false');
  });

  it('Slack tab: "챗봇에도 사용" picks a chatbot or none', async () => {
    server.sources = [{ id: SRC, chatbotId: null, slack: true }];
    renderWith('slack');
    const select = (await screen.findByLabelText(u.alsoChatbot)) as HTMLSelectElement;
    expect(select.value).toBe('');
    await act(async () => fireEvent.change(select, { target: { value: BOT } }));
    expect(patches).toEqual([{ chatbotId: BOT }]);
    await waitFor(() => expect((screen.getByLabelText(u.alsoChatbot) as HTMLSelectElement).value).toBe(BOT));
    await act(async () => fireEvent.change(screen.getByLabelText(u.alsoChatbot), { target: { value: '' } }));
    expect(patches).toEqual([{ chatbotId: BOT }, { chatbotId: null }]);
  });

  it('shows plain members where a source is used, without a control; no Slack workspace disables the checkbox', async () => {
    renderWith('chatbot', false);
    await screen.findByText(`${u.label}: ${u.chatbot}(상담봇)`);
    expect(screen.queryByRole('checkbox')).toBeNull();
    cleanup();
    server.slack = null;
    renderWith('chatbot');
    const box = await screen.findByRole('checkbox', { name: u.alsoSlack });
    expect(box.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(`(${u.noSlack})`)).toBeTruthy();
  });
});
