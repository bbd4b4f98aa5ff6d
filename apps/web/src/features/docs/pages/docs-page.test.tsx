import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import { SAMPLE_DOC } from '../testing/sample-openapi';
import { DocsPage } from './docs-page';

const t = ko.docs;
const answers: Record<string, unknown> = {
  '/api/openapi.json': SAMPLE_DOC,
  '/api/docs/guides': [
    { slug: 'data-api', title: '데이터 API', summary: 'PostgREST 문법으로 읽고 써요.' },
    { slug: 'chatbot', title: '챗봇 위젯', summary: '사이트에 챗봇을 붙여요.' },
  ],
  '/api/docs/guides/data-api': {
    slug: 'data-api',
    title: '데이터 API',
    summary: 'PostgREST 문법으로 읽고 써요.',
    html: '<h2>읽기</h2><pre><code>curl</code></pre>',
  },
  '/api/docs/guides/chatbot': { slug: 'chatbot', title: '챗봇 위젯', summary: '사이트에 챗봇을 붙여요.', html: '<h2>위젯 설치</h2>' },
  '/api/docs/changelog': [
    { version: '0.4.0', date: '2026-11-27', title: '문서', html: '<ul><li>문서가 생겼어요.</li></ul>' },
    { version: '0.3.0', date: '2026-11-26', title: '챗봇', html: '<ul><li>챗봇을 다듬었어요.</li></ul>' },
  ],
};
const calls: string[] = [];
vi.mock('@/lib/api', () => ({
  api: (path: string) => {
    calls.push(path);
    return path in answers ? Promise.resolve(answers[path]) : Promise.reject(new Error('없음'));
  },
}));

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/admin/docs', element: <DocsPage /> }], { initialEntries: [url] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  cleanup();
  calls.length = 0;
});

describe('DocsPage', () => {
  it('opens on the API reference and switches tabs through the URL', async () => {
    const router = renderAt('/admin/docs');
    expect(screen.getByRole('tab', { name: t.tabs.reference }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText(t.reference.count(4, 4))).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: t.tabs.guides }));
    expect(router.state.location.search).toBe('?tab=guides');
    expect(await screen.findByRole('heading', { name: '읽기' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /챗봇 위젯/ }));
    expect(router.state.location.search).toBe('?tab=guides&guide=chatbot');
    expect(await screen.findByRole('heading', { name: '위젯 설치' })).toBeTruthy();

    fireEvent.keyDown(screen.getByRole('tab', { name: t.tabs.guides }), { key: 'ArrowRight' });
    expect(router.state.location.search).toBe('?tab=changelog');
    expect(await screen.findByText('v0.4.0')).toBeTruthy();
    expect(screen.getByText('문서가 생겼어요.')).toBeTruthy();
    expect(screen.getByText(t.changelog.released('2026-11-26'))).toBeTruthy();
  });

  it('a guide that cannot be loaded says so', async () => {
    renderAt('/admin/docs?tab=guides&guide=missing');
    expect((await screen.findByRole('alert')).textContent).toBe('없음');
    expect(calls).toContain('/api/docs/guides/missing');
  });
});
