import { afterEach, describe, expect, it, vi } from 'vitest';
import { koHelpUi } from '@suite/shared/messages/ko-help-ui';
import { ApiError } from '@/lib/api';

const sonnerError = vi.fn();
vi.mock('sonner', () => ({ toast: { error: (...a: unknown[]) => sonnerError(...a) } }));
const { toastError, toasterMounted } = await import('./toast');
toasterMounted();

type TAction = { label: string; onClick: () => void };

describe('toastError', () => {
  afterEach(() => {
    sonnerError.mockReset();
    vi.unstubAllGlobals();
  });

  it("shows the error's message with a '도움말 보기' action that opens its article in a new tab", async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    toastError(new ApiError(429, 'MAIL_QUOTA', '메일 발송 한도를 넘었습니다.', undefined, undefined, '/help/trouble-mail-quota'), '실패', { duration: 5000 });
    await vi.waitFor(() => expect(sonnerError).toHaveBeenCalledTimes(1));
    const [message, options] = sonnerError.mock.calls[0] as [string, { action: TAction; duration: number }];
    expect(message).toBe('메일 발송 한도를 넘었습니다.');
    expect(options.duration).toBe(5000);
    expect(options.action.label).toBe(koHelpUi.errorLink);
    options.action.onClick();
    expect(open).toHaveBeenCalledWith('/help/trouble-mail-quota', '_blank', 'noopener');
  });

  it('has no action without helpUrl, and uses the fallback for an error without a message', async () => {
    toastError(new ApiError(500, 'INTERNAL', '서버 오류가 발생했습니다.'));
    toastError('not an error', '요청을 처리하지 못했습니다.');
    await vi.waitFor(() => expect(sonnerError).toHaveBeenCalledTimes(2));
    const [[m1, o1], [m2, o2]] = sonnerError.mock.calls as [[string, { action?: TAction }], [string, { action?: TAction }]];
    expect(m1).toBe('서버 오류가 발생했습니다.');
    expect(o1.action).toBeUndefined();
    expect(m2).toBe('요청을 처리하지 못했습니다.');
    expect(o2.action).toBeUndefined();
  });
});
