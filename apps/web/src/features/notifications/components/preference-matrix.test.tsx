import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko, NOTIFICATION_EVENT_NAMES } from '@suite/shared';
import { koNotificationsUi } from '@suite/shared/messages/ko-notifications-ui';
import { NOTIFICATION_EVENTS, type TNotificationPreferences } from '@suite/shared/schemas/notifications';
import '@/lib/testing/resize-observer';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import { PreferenceMatrix } from './preference-matrix';
import { PreferencesSection } from './preferences-section';

const m = koNotificationsUi.matrix;
const box = (event: keyof typeof ko.notifications.events, channel: keyof typeof ko.notifications.channels) =>
  screen.getByRole('checkbox', { name: m.toggle(ko.notifications.events[event], ko.notifications.channels[channel]) });

const defaults = (): TNotificationPreferences => ({
  events: Object.fromEntries(NOTIFICATION_EVENT_NAMES.map((e) => [e, { ...NOTIFICATION_EVENTS[e].defaults }])) as TNotificationPreferences['events'],
  quietHours: { start: '22:00', end: '08:00' },
  digest: false,
});

/** jsdom has no matchMedia: `narrow` says whether the phone layout's query matches. */
let narrow = false;
beforeEach(() => {
  narrow = false;
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: narrow, media: query, addEventListener() {}, removeEventListener() {} }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PreferenceMatrix', () => {
  it('has one named checkbox per event and channel; security console and mail are on and locked, the rest can change', () => {
    const onChange = vi.fn();
    render(<PreferenceMatrix events={defaults().events} onChange={onChange} />);
    expect(screen.getAllByRole('checkbox')).toHaveLength(NOTIFICATION_EVENT_NAMES.length * 4);
    for (const event of ['security.new-sign-in', 'security.password-changed', 'security.second-factor-changed'] as const) {
      for (const channel of ['inApp', 'mail'] as const) {
        expect(box(event, channel).getAttribute('aria-checked')).toBe('true');
        expect(box(event, channel).hasAttribute('disabled')).toBe(true);
      }
      expect(box(event, 'webhook').hasAttribute('disabled')).toBe(false);
    }
    expect(box('rooms.reminder', 'mail').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(box('rooms.reminder', 'mail'));
    expect(onChange).toHaveBeenCalledWith('rooms.reminder', 'mail', false);
    fireEvent.click(box('meal.round-opened', 'webhook'));
    expect(onChange).toHaveBeenLastCalledWith('meal.round-opened', 'webhook', true);
    // A locked switch does nothing when clicked.
    onChange.mockClear();
    fireEvent.click(box('security.new-sign-in', 'mail'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('on a phone each event is a card with the same four named switches', () => {
    narrow = true;
    const onChange = vi.fn();
    render(<PreferenceMatrix events={defaults().events} onChange={onChange} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByRole('checkbox')).toHaveLength(NOTIFICATION_EVENT_NAMES.length * 4);
    expect(box('security.password-changed', 'inApp').hasAttribute('disabled')).toBe(true);
    fireEvent.click(box('rooms.reminder', 'mail'));
    expect(onChange).toHaveBeenCalledWith('rooms.reminder', 'mail', false);
  });
});

describe('PreferencesSection', () => {
  const calls: { method: string; url: string; body: unknown }[] = [];
  beforeEach(() => {
    calls.length = 0;
    localStorage.setItem('__access_token', 'test-token');
    let current = defaults();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const body = init.body ? JSON.parse(String(init.body)) : undefined;
        calls.push({ method: init.method ?? 'GET', url, body });
        if (init.method === 'PUT') current = { ...current, ...body, events: { ...current.events, ...body.events } };
        return new Response(JSON.stringify(current), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
  });

  it("saves the seed's matrix with the mail of booking reminders off, in one PUT with ?seedId=", async () => {
    renderWithQueries(<PreferencesSection seedId="11111111-1111-4111-8111-111111111111" seedName="우리 회사" />);
    await waitFor(() => expect(box('rooms.reminder', 'mail').getAttribute('aria-checked')).toBe('true'));
    expect(screen.getByText(koNotificationsUi.page.scopeSeed('우리 회사'))).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/me/notification-preferences?seedId=11111111-1111-4111-8111-111111111111' });
    fireEvent.click(box('rooms.reminder', 'mail'));
    fireEvent.click(screen.getByRole('button', { name: koNotificationsUi.save }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(koNotificationsUi.saved));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/me/notification-preferences?seedId=11111111-1111-4111-8111-111111111111');
    const sent = put.body as { events: TNotificationPreferences['events']; quietHours: unknown; digest: boolean };
    expect(sent.events['rooms.reminder']).toEqual({ inApp: true, mail: false, slack: false, webhook: false });
    expect(sent.events['security.new-sign-in']).toEqual({ inApp: true, mail: true, slack: false, webhook: false });
    expect(sent.quietHours).toEqual({ start: '22:00', end: '08:00' });
    expect(box('rooms.reminder', 'mail').getAttribute('aria-checked')).toBe('false');
  });

  it('quiet hours off sends null; equal start and end are refused in Korean before anything is sent', async () => {
    renderWithQueries(<PreferencesSection seedId={null} seedName={null} />);
    const end = await screen.findByLabelText(koNotificationsUi.quiet.end);
    expect(screen.getByText(koNotificationsUi.page.scopePersonal)).toBeTruthy();
    fireEvent.change(end, { target: { value: '22:00' } });
    fireEvent.click(screen.getByRole('button', { name: koNotificationsUi.save }));
    expect(await screen.findByText(ko.notifications.validation.sameTimes)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.click(screen.getByRole('checkbox', { name: koNotificationsUi.quiet.enabled }));
    expect((end as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: koNotificationsUi.save }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ quietHours: null, digest: false });
  });
});
