import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import type { TRoom } from '@suite/shared/schemas/rooms';
import { tokenStorage } from '@/lib/token-storage';
import { RoomFormDialog } from './room-form';
import { aRoom } from '../testing/fixtures';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import '@/lib/testing/resize-observer';

const t = ko.rooms.ui;
const v = ko.rooms.validation;
const equipmentLabel = `${t.equipment} (${t.equipmentHint})`;

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  tokenStorage.set({ access_token: 'test-access-token' });
  fetchMock = vi.fn(() =>
    Promise.resolve(
      new Response(JSON.stringify({ success: true, message: '저장했습니다.' }), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function setup(room: TRoom | null = null) {
  const onClose = vi.fn();
  renderWithQueries(<RoomFormDialog seedId="seed-1" room={room} open onClose={onClose} />);
  return { onClose };
}

/** Every write sent so far: method, path and JSON body (the room's booking rules are read beside the form). */
const sent = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method !== 'GET')
    .map(([url, init]) => {
      const i = init as RequestInit;
      return { method: i.method, path: String(url), body: JSON.parse(String(i.body)) as unknown };
    });

describe('RoomFormDialog', () => {
  it("shows the shared schema's Korean messages under the fields and sends nothing", async () => {
    setup();
    fireEvent.change(screen.getByLabelText(t.capacity), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText(t.closeTime), { target: { value: '480' } });
    for (const day of t.weekdayNames.slice(0, 5)) fireEvent.click(screen.getByRole('checkbox', { name: day }));
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(v.roomName)).toBeTruthy();
    expect(screen.getByText(v.capacity)).toBeTruthy();
    expect(screen.getByText(v.weekdays)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    // The opening hours are checked across fields once the fields themselves pass.
    fireEvent.change(screen.getByLabelText(t.name), { target: { value: '대회의실' } });
    fireEvent.change(screen.getByLabelText(t.capacity), { target: { value: '8' } });
    fireEvent.click(screen.getByRole('checkbox', { name: t.weekdayNames[0]! }));
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(v.hours)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('adds a room with the parsed values: numbers, the equipment line as a list', async () => {
    const { onClose } = setup();
    fireEvent.change(screen.getByLabelText(t.name), { target: { value: ' 대회의실 ' } });
    fireEvent.change(screen.getByLabelText(t.capacity), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText(equipmentLabel), { target: { value: '모니터, 화이트보드,' } });
    fireEvent.change(screen.getByLabelText(t.openTime), { target: { value: '540' } });
    fireEvent.click(screen.getByRole('checkbox', { name: t.weekdayNames[5]! }));
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent()).toEqual([
      {
        method: 'POST',
        path: '/api/seeds/seed-1/rooms',
        body: {
          name: '대회의실',
          location: '',
          capacity: 10,
          equipment: ['모니터', '화이트보드'],
          openMinute: 540,
          closeMinute: 1320,
          weekdays: [1, 2, 3, 4, 5, 6],
          active: true,
          openOnHolidays: false,
        },
      },
    ]);
  });

  it('edits a room starting from its values, the equipment shown as one line', async () => {
    const room = aRoom('room-1', '소회의실', { capacity: 4, equipment: ['TV', '화상회의'], openMinute: 600, weekdays: [1, 3, 5] });
    const { onClose } = setup(room);
    expect((screen.getByLabelText(equipmentLabel) as HTMLInputElement).value).toBe('TV, 화상회의');
    fireEvent.click(screen.getByRole('checkbox', { name: t.active }));
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent()).toEqual([
      {
        method: 'PATCH',
        path: '/api/seeds/seed-1/rooms/room-1',
        body: {
          name: '소회의실',
          location: '3층',
          capacity: 4,
          equipment: ['TV', '화상회의'],
          openMinute: 600,
          closeMinute: 1080,
          weekdays: [1, 3, 5],
          active: false,
          openOnHolidays: false,
        },
      },
    ]);
  });
});
