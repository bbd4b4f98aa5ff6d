import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { koHelpUi } from '@suite/shared/messages/ko-help-ui';
import type { THelpArticleSummary } from '@suite/shared/schemas/help';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import { consoleArticleHref } from '../lib/help-href';
import { ArticleSearch } from './article-search';

const t = koHelpUi;
const a = (slug: string, service: THelpArticleSummary['service'], title: string): THelpArticleSummary => ({ slug, service, title, excerpt: `${title} 요약` });
const all = [
  a('trouble-mail-quota', 'trouble', 'MAIL_QUOTA: 메일 한도 초과'),
  a('rooms-first-room', 'rooms', '첫 회의실 만들기'),
  a('start-slack', 'start', 'Slack 연결하기'),
  a('rooms-booking', 'rooms', '회의실 예약하기'),
];
// The server's ranking for '회의실': a troubleshooting article first, then two of rooms.
const ranked = [
  a('trouble-room-clash', 'trouble', '예약 시간이 겹칠 때'),
  a('rooms-first-room', 'rooms', '첫 회의실 만들기'),
  a('rooms-booking', 'rooms', '회의실 예약하기'),
];

describe('ArticleSearch', () => {
  const asked: string[] = [];
  beforeEach(() => {
    asked.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        const q = new URL(url, 'http://x').searchParams.get('q');
        return new Response(JSON.stringify(q ? ranked : all), { headers: { 'content-type': 'application/json' } });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const render = () =>
    renderWithQueries(
      <MemoryRouter>
        <ArticleSearch hrefOf={consoleArticleHref} />
      </MemoryRouter>,
    );
  const groupNames = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.firstChild?.textContent);

  it('lists every article grouped by service in catalogue order when nothing is searched', async () => {
    render();
    await screen.findByRole('heading', { level: 2, name: t.list.heading });
    expect(asked).toEqual(['/api/help/articles']);
    expect(groupNames()).toEqual([t.services.start, t.services.rooms, t.services.trouble]);
    const rooms = screen.getByRole('region', { name: new RegExp(t.services.rooms) });
    expect(
      within(rooms)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/admin/help?article=rooms-first-room', '/admin/help?article=rooms-booking']);
  });

  it('searches the server (debounced) and groups the matches by service, best group first', async () => {
    render();
    await screen.findByRole('heading', { level: 2, name: t.list.heading });
    fireEvent.change(screen.getByRole('searchbox', { name: t.search.label }), { target: { value: '  회의실 ' } });
    await screen.findByRole('heading', { level: 2, name: t.search.results(3) });
    expect(asked.at(-1)).toBe(`/api/help/articles?q=${encodeURIComponent('회의실')}`);
    expect(groupNames()).toEqual([t.services.trouble, t.services.rooms]);
    expect(screen.getByRole('link', { name: /예약 시간이 겹칠 때/ }).getAttribute('href')).toBe('/admin/help?article=trouble-room-clash');
    fireEvent.click(screen.getByRole('button', { name: t.search.clear }));
    await waitFor(() => expect(groupNames()).toEqual([t.services.start, t.services.rooms, t.services.trouble]));
  });

  it('says so when nothing matches', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('[]', { headers: { 'content-type': 'application/json' } })),
    );
    render();
    fireEvent.change(screen.getByRole('searchbox', { name: t.search.label }), { target: { value: '없는말' } });
    expect(await screen.findByText(t.search.none('없는말'))).toBeTruthy();
  });
});
