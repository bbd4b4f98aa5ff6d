import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { koHelpUi } from '@suite/shared/messages/ko-help-ui';
import { api, ApiError } from '@/lib/api';
import { ErrorAlert } from './error-alert';

const t = koHelpUi;
const refusal = (body: Record<string, unknown>) =>
  vi.fn(async () => new Response(JSON.stringify({ success: false, error: '메일 발송 한도를 넘었습니다.', code: 'MAIL_QUOTA', ...body }), { status: 429 }));
const failure = async () => {
  try {
    await api('/api/anything', { auth: false });
  } catch (e) {
    return e;
  }
  throw new Error('expected a refusal');
};

describe('ErrorAlert and helpUrl', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("carries the server's helpUrl on ApiError and shows '도움말 보기' to it, in a new tab", async () => {
    vi.stubGlobal('fetch', refusal({ helpUrl: '/help/trouble-mail-quota' }));
    const err = await failure();
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).helpUrl).toBe('/help/trouble-mail-quota');
    render(<ErrorAlert error={err} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('메일 발송 한도를 넘었습니다.');
    const link = screen.getByRole('link', { name: new RegExp(t.errorLink) });
    expect(link.getAttribute('href')).toBe('/help/trouble-mail-quota');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it("keeps a caller's own message and still links the article of the error", async () => {
    vi.stubGlobal('fetch', refusal({ helpUrl: '/help/trouble-mail-quota' }));
    render(<ErrorAlert message={`불러오지 못했습니다. ${((await failure()) as Error).message}`} error={await failure()} />);
    expect(screen.getByRole('alert').textContent).toContain('불러오지 못했습니다. 메일 발송 한도를 넘었습니다.');
    expect(screen.getByRole('link', { name: new RegExp(t.errorLink) })).toBeTruthy();
  });

  it('shows no link without helpUrl, and never takes one that is not a help page', async () => {
    vi.stubGlobal('fetch', refusal({}));
    render(<ErrorAlert error={await failure()} />);
    expect(screen.getByRole('alert').textContent).toBe('메일 발송 한도를 넘었습니다.');
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    for (const bad of ['https://evil.example/help/x', '//evil.example/help/x', '/admin/users', '/help/../admin']) {
      vi.stubGlobal('fetch', refusal({ helpUrl: bad }));
      expect(((await failure()) as ApiError).helpUrl).toBeUndefined();
    }
  });

  it('renders nothing without a message or an error, and plain messages as before', () => {
    const { container } = render(<ErrorAlert message={null} />);
    expect(container.innerHTML).toBe('');
    render(<ErrorAlert message="입력값을 확인해주세요." />);
    expect(screen.getByRole('alert').textContent).toBe('입력값을 확인해주세요.');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
