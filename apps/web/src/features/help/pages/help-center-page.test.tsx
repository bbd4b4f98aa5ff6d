import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { koHelpUi } from '@suite/shared/messages/ko-help-ui';
import type { THelpArticle, THelpArticleSummary } from '@suite/shared/schemas/help';
import { SeedProvider } from '@/lib/seed-context';
import { renderRoutes } from '@/lib/testing/render-routes';
import { HelpCenterPage } from './help-center-page';

const t = koHelpUi;
const article: THelpArticle = {
  slug: 'rooms-first-room',
  title: '첫 회의실 만들기',
  service: 'rooms',
  html: '<p>예약이 겹치면 <a href="/help/trouble-room-clash">겹치는 예약 해결하기</a>를 보세요. <a href="/admin/services/schedule">예약 화면</a></p>',
  codes: [],
  updated: '2026-11-27',
};
const list: THelpArticleSummary[] = [{ slug: 'rooms-first-room', title: article.title, service: 'rooms', excerpt: '회의실을 만듭니다.' }];
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

describe('HelpCenterPage (/admin/help)', () => {
  const asked: string[] = [];
  beforeEach(() => {
    asked.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        if (url === '/api/help/articles') return json(list);
        if (url === '/api/help/contact') return json({ botId: null });
        return json(article);
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  const routes = [
    {
      path: '/admin/help',
      element: (
        <SeedProvider>
          <HelpCenterPage />
        </SeedProvider>
      ),
    },
  ];

  it('shows the search, the articles by service and 문의하기; no checklist without a selected seed', async () => {
    renderRoutes(routes, '/admin/help');
    expect(await screen.findByRole('link', { name: /첫 회의실 만들기/ })).toHaveProperty(
      'href',
      expect.stringContaining('/admin/help?article=rooms-first-room'),
    );
    expect(screen.getByRole('searchbox', { name: t.search.label })).toBeTruthy();
    expect(screen.getByRole('button', { name: t.contact.open })).toBeTruthy();
    expect(await screen.findByText(t.contact.notReady)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: t.checklist.heading })).toBeNull();
    expect(asked.some((u) => u.includes('/help/checklist'))).toBe(false);
  });

  it('opens an article inside the console, and its links to other articles stay in the console', async () => {
    const router = renderRoutes(routes, '/admin/help?article=rooms-first-room');
    expect(await screen.findByRole('heading', { level: 2, name: article.title })).toBeTruthy();
    expect(asked).toContain('/api/help/articles/rooms-first-room');
    fireEvent.click(screen.getByRole('link', { name: '겹치는 예약 해결하기' }));
    await waitFor(() => expect(router.state.location.search).toBe('?article=trouble-room-clash'));
    expect(router.state.location.pathname).toBe('/admin/help');
    fireEvent.click(await screen.findByRole('link', { name: '예약 화면' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/services/schedule'));
  });

  it('says an invalid article address is not found, without asking the server', async () => {
    renderRoutes(routes, '/admin/help?article=..%2Fadmin');
    expect(await screen.findByTestId('help-article-missing')).toBeTruthy();
    expect(asked.some((u) => u.startsWith('/api/help/articles/'))).toBe(false);
  });
});
