import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import type { TAdvisorsResponse, TAlertRule, TAlertsResponse } from '@suite/shared/schemas/alerts';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import '@/lib/testing/resize-observer';
import { AdvisorsSection } from './advisors-section';
import { AlertsSection } from './alerts-section';

const a = ko.alerts;

const advisors: TAdvisorsResponse = {
  checkedAt: '2026-11-27T03:00:00.000Z',
  findings: [
    { id: 'admin-no-second-factor', severity: 'critical', ...pick('admin-no-second-factor'), detail: 'ops@example.com' },
    { id: 'backup-missing', severity: 'warning', ...pick('backup-missing'), detail: a.advisors.detail.noBackupYet },
  ],
};
function pick(id: keyof typeof a.advisors.items) {
  const { title, why, fix } = a.advisors.items[id];
  return { title, why, fix };
}

const rule: TAlertRule = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  name: 'API 5xx 급증',
  kind: '5xx-rate',
  threshold: 5,
  windowMinutes: 5,
  channels: { mail: ['ops@example.com'], slack: null, webhook: null },
  enabled: true,
  firing: true,
  createdAt: '2026-11-27T02:00:00.000Z',
  updatedAt: '2026-11-27T02:00:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('monitoring advisors and alerts', () => {
  const calls: { method: string; url: string; body: unknown }[] = [];
  let state: TAlertsResponse;
  beforeEach(() => {
    calls.length = 0;
    localStorage.setItem('__access_token', 'test-token');
    state = {
      rules: [rule],
      incidents: [
        {
          id: 'bbbbbbbb-0000-4000-8000-000000000002',
          ruleId: rule.id,
          ruleName: rule.name,
          kind: '5xx-rate',
          openedAt: '2026-11-27T02:30:00.000Z',
          resolvedAt: null,
          value: 12.5,
          threshold: 5,
          detail: a.details.serverErrors(5, 40),
        },
      ],
      slackSeeds: [],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        const body = init.body ? JSON.parse(String(init.body)) : undefined;
        calls.push({ method, url, body });
        const json = (b: unknown, status = 200) => new Response(JSON.stringify(b), { status, headers: { 'content-type': 'application/json' } });
        if (url === '/api/admin/monitoring/advisors') return json(advisors);
        if (url === '/api/admin/alerts' && method === 'GET') return json(state);
        if (url === '/api/admin/alerts' && method === 'POST') {
          const created = {
            ...rule,
            ...body,
            id: 'cccccccc-0000-4000-8000-000000000003',
            firing: false,
            channels: { mail: [], slack: null, ...body.channels },
          };
          state = { ...state, rules: [...state.rules, created] };
          return json({ rule: created, webhookSecret: 'sekret-shown-once' }, 201);
        }
        return json({ error: 'not found', code: 'NOT_FOUND' }, 404);
      }),
    );
  });

  it('lists each finding with its severity, why it matters and how to fix it', async () => {
    renderWithQueries(<AdvisorsSection />);
    const item = await screen.findByTestId('advisor-admin-no-second-factor');
    expect(within(item).getByText(a.advisors.severity.critical)).toBeTruthy();
    expect(within(item).getByText(a.advisors.items['admin-no-second-factor'].why)).toBeTruthy();
    expect(within(item).getByText(a.advisors.items['admin-no-second-factor'].fix)).toBeTruthy();
    expect(within(item).getByText('ops@example.com')).toBeTruthy();
    expect(within(screen.getByTestId('advisor-backup-missing')).getByText(a.advisors.severity.warning)).toBeTruthy();
  });

  it('shows rules and open incidents; the dialog checks with the shared schema, then creates and shows the secret once', async () => {
    renderWithQueries(<AlertsSection />);
    const row = await screen.findByTestId('alert-rule');
    expect(within(row).getByText(rule.name)).toBeTruthy();
    expect(within(row).getByText(a.ui.open)).toBeTruthy();
    const incident = screen.getByTestId('alert-incident');
    expect(within(incident).getByText(a.ui.open)).toBeTruthy();
    expect(incident.textContent).toContain(a.values['5xx-rate'](12.5));

    fireEvent.click(screen.getByRole('button', { name: a.ui.add }));
    fireEvent.click(await screen.findByRole('button', { name: a.ui.save }));
    expect(await screen.findByText(a.validation.name)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(a.ui.name), { target: { value: '느린 응답' } });
    fireEvent.change(screen.getByLabelText(a.ui.kind), { target: { value: 'p95-latency' } });
    fireEvent.change(screen.getByLabelText(a.ui.threshold), { target: { value: '800' } });
    fireEvent.change(screen.getByLabelText(a.ui.webhook), { target: { value: 'https://hooks.example.com/alerts' } });
    fireEvent.click(screen.getByRole('button', { name: a.ui.save }));
    await waitFor(() => expect(screen.getByTestId('alert-webhook-secret').textContent).toBe('sekret-shown-once'));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      name: '느린 응답',
      kind: 'p95-latency',
      threshold: 800,
      windowMinutes: 5,
      channels: { mail: [], slack: null, webhook: 'https://hooks.example.com/alerts' },
      enabled: true,
    });
    await waitFor(() => expect(screen.getAllByTestId('alert-rule')).toHaveLength(2));
  });
});
