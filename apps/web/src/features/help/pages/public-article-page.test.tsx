import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { koHelpUi } from '@suite/shared/messages/ko-help-ui';
import type { THelpArticle, THelpArticleSummary } from '@suite/shared/schemas/help';
import { renderRoutes } from '@/lib/testing/render-routes';
import { PublicArticlePage } from './public-article-page';

const t = koHelpUi;
const article: THelpArticle = {
  slug: 'trouble-mail-quota',
  title: 'MAIL_QUOTA: 메일 발송 한도를 넘었을 때',
  service: 'trouble',
  html: '<h2>원인</h2><p>하루 발송 한도를 넘었습니다. <a href="/admin/billing">요금제</a>를 확인하세요.</p><pre><code>curl -i /api/health</code></pre>',
  codes: ['MAIL_QUOTA'],
  updated: '2026-11-20',
};
const list: THelpArticleSummary[] = [
  { slug: 'trouble-mail-quota', title: article.title, service: 'trouble', excerpt: '' },
  { slug: 'trouble-too-many-streams', title: 'TOO_MANY_STREAMS: 연결이 너무 많을 때', service: 'trouble', excerpt: '' },
  { slug: 'rooms-first-room', title: '첫 회의실 만들기', service: 'rooms', excerpt: '' },
];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('PublicArticlePage', () => {
  const asked: string[] = [];
  beforeEach(() => {
    asked.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        if (url === '/api/help/articles') return json(list);
        if (url === '/api/help/articles/trouble-mail-quota') return json(article);
        return json({ success: false, error: '요청한 리소스를 찾을 수 없습니다.', code: 'NOT_FOUND' }, 404);
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const routes = [{ path: '/help/:slug', element: <PublicArticlePage /> }];

  it("renders the server's html in the article container with its date, codes, title and related articles", async () => {
    renderRoutes(routes, '/help/trouble-mail-quota');
    expect(await screen.findByRole('heading', { level: 1, name: article.title })).toBeTruthy();
    const body = screen.getByTestId('help-article-body');
    expect(body.className).toContain('help-prose');
    expect(body.querySelector('h2')?.textContent).toBe('원인');
    expect(screen.getByRole('link', { name: '요금제' }).getAttribute('href')).toBe('/admin/billing');
    // A code block that may scroll sideways can be reached with the keyboard.
    expect(body.querySelector('pre')?.tabIndex).toBe(0);
    expect(screen.getByText(t.article.updated('2026년 11월 20일'))).toBeTruthy();
    expect(screen.getByText('MAIL_QUOTA')).toBeTruthy();
    const related = await screen.findByRole('navigation', { name: t.article.related });
    const links = [...related.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/help/trouble-too-many-streams']);
    await waitFor(() => expect(document.title).toContain(article.title));
  });

  it('shows not found (and keeps it out of search engines) for an unknown slug', async () => {
    renderRoutes(routes, '/help/no-such-article');
    expect(await screen.findByRole('heading', { level: 1, name: t.article.notFoundTitle })).toBeTruthy();
    expect(screen.getByRole('link', { name: t.article.back }).getAttribute('href')).toBe('/help');
    await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toContain('noindex'));
  });

  it('does not ask the server for a slug it could never have', async () => {
    renderRoutes(routes, '/help/Bad.Slug');
    expect(await screen.findByTestId('help-article-missing')).toBeTruthy();
    expect(asked).toEqual([]);
  });
});
