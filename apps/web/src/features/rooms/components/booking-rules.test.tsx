import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { koRoomsRules } from '@suite/shared/messages/ko-rooms-rules';
import { tokenStorage } from '@/lib/token-storage';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import { ko } from '@suite/shared';
import { aRoom } from '../testing/fixtures';
import { BookingDialog } from './booking-dialog';
import { BookingRulesCard } from './booking-rules';
import '@/lib/testing/resize-observer';

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

// The first render pays for importing the dialog and forms; on a loaded machine that alone can pass 5 s.
describe('booking rules form', { timeout: 20_000 }, () => {
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

describe('the admin override in the booking dialog', { timeout: 20_000 }, () => {
  const roomId = '5f0c3b8e-1d2a-4c3b-9e4f-a1b2c3d4e5f6';
  const refusal = { success: false, error: t.server.maxLength(120), code: 'ROOM_RULE' };
  const posts = () => calls('POST').map(([, i]) => JSON.parse(String((i as RequestInit).body)) as Record<string, unknown>);

  function open(canManage: boolean) {
    fetchMock = vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return respond(refusal, 409);
      if (String(url).endsWith('/room-settings')) return respond({ data: { reminderMinutes: 10, autoRelease: true }, canManage });
      return respond({ data: [], invitations: [] });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithQueries(
      <BookingDialog
        seedId="seed-1"
        rooms={[aRoom(roomId, '대회의실')]}
        target={{ kind: 'new', roomId, date: '2031-03-03', start: 540, end: 720 }}
        onClose={() => {}}
      />,
    );
    fireEvent.change(screen.getByLabelText(ko.rooms.ui.meetingTitle), { target: { value: '전사 워크숍' } });
    fireEvent.click(screen.getByRole('button', { name: ko.rooms.ui.book }));
  }

  it('after a rule refusal an admin ticks the override, gives a reason (checked first) and books with it', async () => {
    open(true);
    expect((await screen.findByRole('alert')).textContent).toBe(t.server.maxLength(120));
    fireEvent.click(await screen.findByRole('checkbox', { name: t.ui.override }));
    fireEvent.change(screen.getByLabelText(t.ui.overrideReason), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: ko.rooms.ui.book }));
    expect(await screen.findByText(t.validation.overrideReason)).toBeTruthy();
    expect(posts()).toHaveLength(1);
    fireEvent.change(screen.getByLabelText(t.ui.overrideReason), { target: { value: '분기 전사 워크숍' } });
    fireEvent.click(screen.getByRole('button', { name: ko.rooms.ui.book }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[0]!.override).toBeUndefined();
    expect(posts()[1]).toMatchObject({ title: '전사 워크숍', override: { reason: '분기 전사 워크숍' } });
  });

  it('a member sees the rule’s message and no override', async () => {
    open(false);
    expect((await screen.findByRole('alert')).textContent).toBe(t.server.maxLength(120));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/room-settings'))).toBe(true));
    expect(screen.queryByTestId('rule-override')).toBeNull();
  });
});
