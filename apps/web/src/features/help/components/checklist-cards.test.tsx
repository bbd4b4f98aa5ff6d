import { cleanup, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { koHelpUi } from '@suite/shared/messages/ko-help-ui';
import type { THelpChecklist } from '@suite/shared/schemas/help';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import { consoleArticleHref } from '../lib/help-href';
import { ChecklistCards } from './checklist-cards';

const t = koHelpUi.checklist;
const SEED = '00000000-0000-4000-8000-000000000001';
const checklist: THelpChecklist = {
  services: [
    {
      service: 'rooms',
      title: '회의실 예약',
      items: [
        { id: 'room', title: '회의실 만들기', done: true, href: '/admin/services/schedule/settings', articleSlug: 'rooms-first-room' },
        { id: 'booking', title: '첫 예약 받기', done: false, href: '/admin/services/schedule' },
      ],
    },
    {
      service: 'api-builder',
      title: 'API 빌더',
      items: [{ id: 'key', title: 'API 키로 첫 호출', done: false, href: '/admin/services/api-builder', articleSlug: 'api-first-call' }],
    },
  ],
};

describe('ChecklistCards', () => {
  const asked: string[] = [];
  beforeEach(() => {
    localStorage.setItem('__access_token', 'test-token');
    asked.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        return new Response(JSON.stringify(checklist), { headers: { 'content-type': 'application/json' } });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('ticks the items the server reports done, counts them per service and links to the task and the article', async () => {
    renderWithQueries(
      <MemoryRouter>
        <ChecklistCards seedId={SEED} seedName="우리 회사" hrefOf={consoleArticleHref} />
      </MemoryRouter>,
    );
    const rooms = await screen.findByTestId('checklist-rooms');
    expect(asked).toEqual([`/api/seeds/${SEED}/help/checklist`]);
    expect(within(rooms).getByText(t.progress(1, 2))).toBeTruthy();
    const [room, booking] = within(rooms).getAllByRole('listitem');
    expect(room!.dataset.done).toBe('true');
    expect(room!.textContent).toContain(`${t.done}: 회의실 만들기`);
    // A done item offers no 'do it' link, only its article.
    expect(within(room!).queryByRole('link', { name: new RegExp(t.go) })).toBeNull();
    expect(
      within(room!)
        .getByRole('link', { name: `${t.read}: 회의실 만들기` })
        .getAttribute('href'),
    ).toBe('/admin/help?article=rooms-first-room');
    expect(booking!.dataset.done).toBe('false');
    expect(booking!.textContent).toContain(`${t.todo}: 첫 예약 받기`);
    expect(
      within(booking!)
        .getByRole('link', { name: `${t.go}: 첫 예약 받기` })
        .getAttribute('href'),
    ).toBe('/admin/services/schedule');
    expect(within(screen.getByTestId('checklist-api-builder')).getByText(t.progress(0, 1))).toBeTruthy();
  });
});
