import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko, type TSlackWorkspace } from '@suite/shared';
import type { TDigestChannel } from '@suite/shared/schemas/slack-digest';
import { tokenStorage } from '@/lib/token-storage';
import '@/lib/testing/resize-observer';
import { DigestTab } from './digest-tab';

const t = ko.slackDigest.ui;
const ws: TSlackWorkspace = {
  id: '00000000-0000-4000-8000-0000000000d1',
  seed_id: '00000000-0000-4000-8000-000000000001',
  seed_name: '시드',
  team_id: 'T1',
  team_name: '다이제스트 팀',
  bot_user_id: 'U1',
  scopes: [],
  status: 'active',
  can_manage: true,
  llm_enabled: false,
  settings: { channels: [], excluded_channels: [], language: 'ko', tone: 'polite', retention_days: 90, monthly_token_budget: 0 } as TSlackWorkspace['settings'],
  tokens_this_month: 0,
  created_at: '2031-01-01T00:00:00Z',
};
const channel: TDigestChannel = {
  channel: 'C0BETA',
  channel_name: 'beta-launch',
  frequency: 'daily',
  weekday: 5,
  time: '18:00',
  post_to_channel: true,
  configured: true,
  subscribers: [{ slack_user_id: 'UBOB', name: '김밥' }],
  subscribed: false,
  next_at: '2031-01-02T09:00:00Z',
  last_run: { period_key: 'd:2031-01-01', status: 'sent', mode: 'basic', message_count: 12, at: '2031-01-01T09:00:30Z' },
};
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const base = `/api/slack/workspaces/${ws.id}/digests`;

let calls: { url: string; method: string; body: unknown }[];

beforeEach(() => {
  tokenStorage.set({ access_token: 'test-access-token' });
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === base && method === 'GET')
        return json(200, {
          data: [channel, { ...channel, channel: 'C0OTHER', channel_name: '', configured: false, subscribers: [], last_run: null }],
          can_manage: true,
        });
      if (url === `${base}/C0BETA` && method === 'PATCH') return json(200, { success: true, message: ko.slackDigest.server.saved, data: channel });
      if (url === `${base}/C0BETA/subscription` && method === 'POST')
        return json(200, { success: true, message: ko.slackDigest.server.subscribed, data: { ...channel, subscribed: true } });
      return json(404, { success: false, error: 'not found' });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <DigestTab ws={ws} />
    </QueryClientProvider>,
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DigestTab', () => {
  it('lists each channel with its schedule, delivery, subscribers and last digest', async () => {
    const card = await screen.findByTestId('digest-C0BETA');
    expect(within(card).getByText('#beta-launch')).toBeTruthy();
    expect(within(card).getByText('매일 18:00')).toBeTruthy();
    expect(within(card).getByText(`${t.subscribers(1)} · 김밥`)).toBeTruthy();
    expect(within(card).getByText(new RegExp(`${t.lastRunStatus.sent} · 메시지 12개`))).toBeTruthy();
    expect(within(card).getByRole('checkbox', { name: t.postToChannel }).getAttribute('data-state')).toBe('checked');
    expect(within(await screen.findByTestId('digest-C0OTHER')).getByText(t.noSubscribers)).toBeTruthy();
    expect(screen.getByText(t.basicMode)).toBeTruthy();
  });

  it('refuses a bad time in Korean without calling the server, then saves a weekly schedule', async () => {
    const card = await screen.findByTestId('digest-C0BETA');
    fireEvent.change(within(card).getByLabelText(t.time), { target: { value: '25:00' } });
    fireEvent.click(within(card).getByRole('button', { name: t.save }));
    expect(await within(card).findByText(ko.slackDigest.validation.time)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);

    fireEvent.change(within(card).getByLabelText(t.frequency), { target: { value: 'weekly' } });
    fireEvent.change(within(card).getByLabelText(t.weekday), { target: { value: '1' } });
    fireEvent.change(within(card).getByLabelText(t.time), { target: { value: '09:30' } });
    fireEvent.click(within(card).getByRole('button', { name: t.save }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ frequency: 'weekly', weekday: 1, time: '09:30', post_to_channel: true });
  });

  it('subscribes the signed-in member', async () => {
    const card = await screen.findByTestId('digest-C0BETA');
    fireEvent.click(within(card).getByRole('button', { name: t.subscribe }));
    await waitFor(() => expect(calls.some((c) => c.url === `${base}/C0BETA/subscription` && c.method === 'POST')).toBe(true));
  });
});
