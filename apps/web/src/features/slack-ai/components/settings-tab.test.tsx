import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko, type TSlackWorkspace } from '@suite/shared';
import { tokenStorage } from '@/lib/token-storage';
import { SettingsTab } from './settings-tab';

const t = ko.slack.ui.settings;
const ws: TSlackWorkspace = {
  id: '00000000-0000-4000-8000-0000000000c1',
  seed_id: '00000000-0000-4000-8000-000000000001',
  seed_name: '시드',
  team_id: 'T1',
  team_name: '지식 팀',
  bot_user_id: 'U1',
  scopes: [],
  status: 'active',
  can_manage: true,
  llm_enabled: true,
  settings: { channels: ['C0AAA'], excluded_channels: [], language: 'ko', tone: 'polite', retention_days: 90, monthly_token_budget: 0 },
  tokens_this_month: 0,
  created_at: '2031-01-01T00:00:00Z',
};
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let patches: unknown[];
let refuse: string | null;

beforeEach(() => {
  tokenStorage.set({ access_token: 'test-access-token' });
  patches = [];
  refuse = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === `/api/slack/workspaces/${ws.id}/settings` && init?.method === 'PATCH') {
        patches.push(JSON.parse(String(init.body)));
        if (refuse) return json(400, { success: false, code: 'VALIDATION_FAILED', error: refuse });
        return json(200, { success: true, message: ko.slack.server.settingsSaved, data: ws });
      }
      return json(404, { success: false, error: 'not found' });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <SettingsTab ws={ws} />
    </QueryClientProvider>,
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokenStorage.clear();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: t.save })));

describe('Slack SettingsTab', () => {
  it('refuses a bad channel ID and a bad retention in Korean, under their fields, without calling the server', async () => {
    type(t.channels, 'C0AAA, general');
    type(t.retention, '0');
    await save();
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual([ko.slack.validation.channelId, ko.slack.validation.retention]);
    expect(patches).toEqual([]);
  });

  it('saves the channels as a list and the numbers as numbers; shows the server’s refusal', async () => {
    type(t.channels, 'C0AAA,\nG0BBB  C0CCC');
    type(t.retention, '30');
    await save();
    expect(patches).toEqual([
      { channels: ['C0AAA', 'G0BBB', 'C0CCC'], excluded_channels: [], language: 'ko', tone: 'polite', retention_days: 30, monthly_token_budget: 0 },
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
    refuse = ko.errors.validation;
    await save();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(ko.errors.validation));
  });

  it('saves the channels excluded from conversation search as a list; a bad ID is refused under that field (decision 085)', async () => {
    type(t.excludedChannels, 'C0AAA, #random');
    await save();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([ko.slack.validation.channelId]);
    expect(patches).toEqual([]);
    type(t.excludedChannels, 'C0SECRET1\nG0HR2');
    await save();
    expect(patches.at(-1)).toMatchObject({ excluded_channels: ['C0SECRET1', 'G0HR2'], channels: ['C0AAA'] });
  });
});
