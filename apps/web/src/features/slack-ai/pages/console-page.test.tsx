import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import { tokenStorage } from '@/lib/token-storage';
import { SlackConsolePage } from './console-page';
import { renderWithQueries } from '@/lib/testing/render-with-queries';

const t = ko.slack.ui;
const config = vi.hoisted(() => ({ slackAvailable: false }));
vi.mock('@/lib/public-config', () => ({ usePublicConfig: () => ({ data: { slackAvailable: config.slackAvailable }, error: undefined, isLoading: false }) }));
vi.mock('@/lib/seed-context', () => ({
  useSeeds: () => ({ selected: { id: 's-1', seed_name: '우리 회사', seed_address: null, created_at: '', role: 'owner', member_count: 1 } }),
}));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  tokenStorage.set({ access_token: 'test-access-token' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === '/api/slack/workspaces' ? json(200, { data: [] }) : json(404, { success: false, error: 'not found' }))),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPage = () => renderWithQueries(<SlackConsolePage />);

describe('Slack console: connecting a workspace', () => {
  it('disables the connect button with a Korean reason when the server has no Slack app', async () => {
    config.slackAvailable = false;
    renderPage();
    const button = await screen.findByRole('button', { name: t.connectAnother });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('slack-unavailable');
    expect(screen.getByText(t.connectUnavailable)).toBeTruthy();
    expect(screen.queryByText(t.noWorkspacesHint)).toBeNull();
    // Members see this page too: no configuration variable names (the admins' integrations page has the guide).
    expect(document.body.textContent).not.toMatch(/SLACK_|CLIENT_ID|CLIENT_SECRET/);
  });

  it('offers the connect button when Slack is configured', async () => {
    config.slackAvailable = true;
    renderPage();
    const button = await screen.findByRole('button', { name: t.connectAnother });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(t.connectUnavailable)).toBeNull();
  });
});
