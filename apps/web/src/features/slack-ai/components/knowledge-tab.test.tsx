import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko, type TSlackWorkspace } from '@suite/shared';
import { tokenStorage } from '@/lib/token-storage';
import { KnowledgeTab } from './knowledge-tab';
import { renderWithQueries } from '@/lib/testing/render-with-queries';

const t = ko.slack.ui.knowledge;
const v = ko.slack.validation;
const ws = {
  id: '00000000-0000-4000-8000-0000000000c1',
  seed_id: '00000000-0000-4000-8000-000000000001',
  can_manage: true,
} as TSlackWorkspace;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const doc = { id: 'd1', kind: 'qa', title: '제목', source_url: null, passages: 1, embedded_passages: null, chars: 1, created_at: '2031-01-01T00:00:00Z' };

let posts: { url: string; body: unknown }[];

beforeEach(() => {
  tokenStorage.set({ access_token: 'test-access-token' });
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push({ url, body: init.body instanceof File ? init.body : JSON.parse(String(init.body)) });
        return json(201, { success: true, message: ko.slack.server.documentAdded, data: doc });
      }
      if (url.endsWith('/documents')) return json(200, { data: [] });
      if (url.endsWith('/knowledge/usage')) return json(200, { data: { chatbots: [], slack: null, sources: [] } });
      return json(404, { success: false, error: 'not found' });
    }),
  );
  renderWithQueries(<KnowledgeTab ws={ws} />);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokenStorage.clear();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const add = () => act(async () => fireEvent.click(screen.getByRole('button', { name: t.add })));
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('Slack KnowledgeTab: add form', () => {
  it('a Q&A: the question and answer inputs get their own Korean errors; the server gets question and answer', async () => {
    type(ko.slack.ui.logs.kind, 'qa');
    await add();
    expect(alerts()).toEqual([v.questionRequired, v.answerRequired]);
    expect(screen.getByLabelText(t.answerLabel).getAttribute('aria-invalid')).toBe('true');
    expect(posts).toEqual([]);
    type(t.questionLabel, '연차는 며칠인가요?');
    type(t.answerLabel, '15일입니다.');
    await add();
    expect(posts).toEqual([{ url: `/api/slack/workspaces/${ws.id}/documents`, body: { kind: 'qa', question: '연차는 며칠인가요?', answer: '15일입니다.' } }]);
    await waitFor(() => expect((screen.getByLabelText(t.questionLabel) as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText(ko.slack.ui.logs.kind) as HTMLSelectElement).value).toBe('qa');
  });

  it('a web page must be an http(s) address', async () => {
    type(ko.slack.ui.logs.kind, 'url');
    type(t.urlLabel, 'ftp://example.com/a');
    await add();
    expect(alerts()).toEqual([v.urlInvalid]);
    expect(posts).toEqual([]);
  });

  it('a PDF: a file is required; without a title it takes the file name', async () => {
    type(ko.slack.ui.logs.kind, 'pdf');
    await add();
    expect(alerts()).toEqual([t.fileRequired]);
    const file = new File(['%PDF-1.4'], '취업규칙.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText(t.fileLabel), { target: { files: [file] } });
    await add();
    expect(posts).toEqual([{ url: `/api/slack/workspaces/${ws.id}/documents/pdf?title=${encodeURIComponent('취업규칙')}`, body: file }]);
  });
});
