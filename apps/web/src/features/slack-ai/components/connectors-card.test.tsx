import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import type { TConnector } from '@suite/shared/schemas/connectors';
import { tokenStorage } from '@/lib/token-storage';
import '@/lib/testing/resize-observer';
import { ConnectorsCard } from './connectors-card';

const t = ko.connectors;
const id = '00000000-0000-4000-8000-0000000000c1';
const base = `/api/slack/workspaces/${id}/connectors`;
const notion: TConnector = {
  id: '00000000-0000-4000-8000-0000000000a1',
  kind: 'notion',
  account: '한빛 Notion',
  status: 'error',
  last_sync_at: '2031-01-01T00:00:00Z',
  last_error: t.server.notionBadToken,
  folder_ids: [],
  public_page_ids: [],
  items: [{ id: '1111111111111111111111111111aaaa', title: '온보딩 체크리스트', public: false }],
};
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let calls: { url: string; method: string; body: unknown }[];

beforeEach(() => {
  tokenStorage.set({ access_token: 'test-access-token' });
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === base && method === 'GET') return json(200, { data: { drive_available: false, connections: [notion] } });
      if (url === `${base}/notion` && method === 'POST') return json(400, { success: false, code: 'bad_request', error: t.server.notionBadToken });
      if (url === `${base}/${notion.id}` && method === 'PATCH') return json(200, { message: t.server.saved, data: notion });
      return json(404, { success: false, error: 'not found' });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <ConnectorsCard id={id} canManage />
    </QueryClientProvider>,
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ConnectorsCard', () => {
  it('shows a connection’s status with the Korean reason of a failed sync, and Drive as unavailable without Google', async () => {
    const row = await screen.findByRole('region', { name: t.notion });
    expect(within(row).getByText(t.status.error!)).toBeTruthy();
    expect(within(row).getByRole('alert').textContent).toBe(t.server.notionBadToken);
    expect(within(row).getByText(/가져온 문서 1개/)).toBeTruthy();
    expect(screen.getByText(t.driveUnavailable)).toBeTruthy();
    expect((screen.getByRole('button', { name: t.connectDrive }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends the Notion token and the pages marked 전체 공개', async () => {
    fireEvent.change(await screen.findByLabelText(t.notionTokenLabel), { target: { value: 'ntn_bad_token_0000000000000' } });
    fireEvent.click(screen.getByRole('button', { name: t.connectNotion }));
    await waitFor(() => expect(calls.some((c) => c.url === `${base}/notion` && c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.url === `${base}/notion`)!.body).toEqual({ token: 'ntn_bad_token_0000000000000' });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: t.savePages }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ public_page_ids: ['1111111111111111111111111111aaaa'] }));
  });
});
