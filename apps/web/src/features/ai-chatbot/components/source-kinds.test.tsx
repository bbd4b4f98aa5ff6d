import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import { koChatbotSources } from '@suite/shared/messages/ko-chatbot-sources';
import { tokenStorage } from '@/lib/token-storage';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import { Sources } from './sources';

const c = ko.chatbot.console;
const u = koChatbotSources.ui;
const seedId = '00000000-0000-4000-8000-000000000001';
const botId = '00000000-0000-4000-8000-0000000000b1';
const base = `/api/seeds/${seedId}/chatbots/${botId}`;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const source = {
  id: 's1',
  type: 'sitemap',
  title: 'shop.example',
  url: 'https://shop.example/sitemap.xml',
  question: null,
  answer: null,
  phrasings: [],
  passages: 12,
  createdAt: '2031-01-01T00:00:00Z',
};

let posts: { url: string; type: string | undefined; body: unknown }[];

beforeEach(() => {
  tokenStorage.set({ access_token: 'test-access-token' });
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const type = (init.headers as Record<string, string>)['content-type'];
        posts.push({ url, type, body: init.body instanceof File ? init.body : JSON.parse(String(init.body)) });
        if (url.includes('/sources/file') && (init.body as File).name.endsWith('.hwp'))
          return json(400, { success: false, error: koChatbotSources.server.hwpBinary });
        return json(201, { success: true, message: ko.chatbot.server.sourceAdded, data: source });
      }
      if (url.endsWith('/sources')) return json(200, { data: [source] });
      if (url.endsWith('/knowledge/usage')) return json(200, { data: { chatbots: [], slack: null, sources: [] } });
      return json(404, { success: false, error: 'not found' });
    }),
  );
  renderWithQueries(<Sources seedId={seedId} botId={botId} canManage />);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokenStorage.clear();
});

const pick = (label: string) => act(async () => fireEvent.click(screen.getByRole('button', { name: label })));

describe('chatbot sources: sitemap and file kinds', () => {
  it('lists a sitemap source by its Korean kind', async () => {
    await waitFor(() => expect(screen.getByText(/사이트맵 · /)).toBeTruthy());
  });

  it('a sitemap: the address goes to the server as { type: "sitemap", url }', async () => {
    await pick(u.sitemap);
    expect(screen.getByText(u.sitemapHint(200))).toBeTruthy();
    fireEvent.change(screen.getByLabelText(u.sitemapUrl), { target: { value: 'https://shop.example/sitemap.xml' } });
    await pick(c.add);
    await waitFor(() =>
      expect(posts).toEqual([{ url: `${base}/sources`, type: 'application/json', body: { type: 'sitemap', url: 'https://shop.example/sitemap.xml' } }]),
    );
  });

  it('a file: required; a .docx goes to /sources/file and a PDF to /sources/pdf, titled by the file name; the .hwp refusal of the server is shown', async () => {
    await pick(u.file);
    expect(screen.getByLabelText(u.fileLabel).getAttribute('accept')).toContain('.hwpx');
    await pick(u.upload);
    expect(screen.getByText(u.fileMissing)).toBeTruthy();
    const docx = new File(['PK'], '배송 안내.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    fireEvent.change(screen.getByLabelText(u.fileLabel), { target: { files: [docx] } });
    await pick(u.upload);
    await waitFor(() => expect(posts.length).toBe(1));
    expect(posts[0]).toEqual({ url: `${base}/sources/file?title=${encodeURIComponent('배송 안내')}`, type: 'application/octet-stream', body: docx });
    const pdf = new File(['%PDF-1.4'], 'guide.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText(u.fileTitle), { target: { value: '이용 안내' } });
    fireEvent.change(screen.getByLabelText(u.fileLabel), { target: { files: [pdf] } });
    await pick(u.upload);
    await waitFor(() => expect(posts.length).toBe(2));
    expect(posts[1]).toEqual({ url: `${base}/sources/pdf?title=${encodeURIComponent('이용 안내')}`, type: 'application/pdf', body: pdf });
    const hwp = new File(['x'], '옛 문서.hwp', { type: '' });
    fireEvent.change(screen.getByLabelText(u.fileLabel), { target: { files: [hwp] } });
    await pick(u.upload);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(koChatbotSources.server.hwpBinary));
  });
});
