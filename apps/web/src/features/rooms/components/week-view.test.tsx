import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { aBooking } from '../testing/fixtures';
import { seoulInstant } from '../lib/seoul';
import { WeekView } from './booking-list';
import { Finder } from './finder';

const t = ko.rooms.ui;
const title = '2027년 상반기 제품 로드맵 검토 및 분기별 목표 설정 회의';
const booking = aBooking({
  roomName: '대회의실 (본관 3층 창가 쪽)',
  title,
  startsAt: seoulInstant('2031-03-05', 1200).toISOString(),
  endsAt: seoulInstant('2031-03-05', 1260).toISOString(),
});

afterEach(cleanup);

describe('schedule: titles and placeholders are not cut', () => {
  it('week: a title wraps between words only, and a phone row shows time range and room in full', () => {
    render(<WeekView monday="2031-03-03" today="2031-03-05" bookings={[booking]} onOpen={() => {}} />);
    const grid = screen.getByTestId('week-grid');
    // Seven day rows on a phone, seven columns from the small breakpoint up.
    expect(grid.className).toContain('sm:grid-cols-7');
    expect(grid.className).not.toMatch(/(^|\s)grid-cols-7/);
    const button = within(grid).getByRole('button', { name: new RegExp(`^${title}`) });
    const titleEl = within(button).getByText(title);
    expect(titleEl.className).toContain('break-keep');
    expect(titleEl.className).not.toContain('break-all');
    expect(within(button).getByText('20:00–21:00')).toBeTruthy();
    expect(within(button).getByText(booking.roomName).className).toContain('sm:hidden lg:block');
  });

  it('finder: the equipment example fits as a placeholder; the separator is said in the label', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Finder seedId="s-1" date="2031-03-05" onBook={() => {}} />
      </QueryClientProvider>,
    );
    const equipment = screen.getByLabelText(`${t.equipment} (${t.equipmentSeparated})`);
    expect(equipment.getAttribute('placeholder')).toBe(t.equipmentExample);
    expect(t.equipmentExample.length).toBeLessThanOrEqual(12);
  });
});
