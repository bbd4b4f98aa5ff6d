import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { koRoomsRules } from '@suite/shared/messages/ko-rooms-rules';
import { tokenStorage } from '@/lib/token-storage';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import { BookingRulesCard } from './booking-rules';

const t = koRoomsRules;
const rules = (canManage: boolean) => ({
  canManage,
  data: {
    seed: { maxMinutes: 120, maxDaysAhead: null, maxHoursPerWeek: null, whoMayBook: null, allowedUserIds: [], abandonAfter: 2 },
    rooms: [],
    teams: [{ id: 't-1', name: '디자인', roomId: null, maxHoursPerWeek: 10, members: [{ id: 'u-1', name: '김디자', email: 'd@example.com' }] }],
  },
});
const respond = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

let fetchMock: ReturnType<typeof vi.fn>;
const calls = (method: string) => fetchMock.mock.calls.filter(([, i]) => (i as RequestInit | undefined)?.method === method);
beforeEach(() => {
  tokenStorage.set({ access_token: 'test-access-token' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function stub(canManage: boolean) {
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') return respond({ success: true, message: t.server.rulesSaved, data: rules(canManage).data });
    if (String(url).endsWith('/rooms/rules')) return respond(rules(canManage));
    if (String(url).endsWith('/rooms')) return respond({ data: [] });
    return respond({ data: [], invitations: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
}

describe('booking rules form', () => {
  it('shows the seed’s rules and teams, refuses a bad value in Korean without sending, then saves the rules', async () => {
    stub(true);
    renderWithQueries(<BookingRulesCard seedId="seed-1" />);
    const max = (await screen.findByLabelText(t.ui.maxMinutes)) as HTMLInputElement;
    expect(max.value).toBe('120');
    expect((screen.getByLabelText(t.ui.abandonAfter) as HTMLInputElement).value).toBe('2');
    expect(screen.getByText('디자인')).toBeTruthy();
    fireEvent.change(max, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: t.ui.save }));
    expect(await screen.findByText(t.validation.maxMinutes)).toBeTruthy();
    expect(calls('PUT')).toHaveLength(0);
    fireEvent.change(max, { target: { value: '90' } });
    fireEvent.change(screen.getByLabelText(t.ui.maxHoursPerWeek), { target: { value: '8' } });
    fireEvent.change(screen.getByLabelText(t.ui.abandonAfter), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: t.ui.save }));
    await waitFor(() => expect(calls('PUT')).toHaveLength(1));
    const [url, init] = calls('PUT')[0]!;
    expect(String(url)).toBe('/api/seeds/seed-1/rooms/rules');
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({
      maxMinutes: 90,
      maxDaysAhead: null,
      maxHoursPerWeek: 8,
      whoMayBook: null,
      allowedUserIds: [],
      abandonAfter: 0,
    });
  });

  it('a member reads the rules but gets no save or team buttons', async () => {
    stub(false);
    renderWithQueries(<BookingRulesCard seedId="seed-1" />);
    const max = (await screen.findByLabelText(t.ui.maxMinutes)) as HTMLInputElement;
    expect(max.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: t.ui.save })).toBeNull();
    expect(screen.queryByRole('button', { name: t.ui.addTeam })).toBeNull();
  });
});
