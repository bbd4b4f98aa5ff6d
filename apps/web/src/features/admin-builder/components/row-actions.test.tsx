import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '@/lib/token-storage';
import { RowActions } from './row-actions';

const action = (over: Record<string, unknown> = {}) => ({
  id: 'act-1',
  table: 'staff',
  label: '환불 요청',
  kind: 'webhook',
  target: '',
  scope: 'selection',
  confirmText: '선택한 주문을 환불 요청할까요?',
  roles: [],
  canRun: true,
  ...over,
});

let runAnswer: () => Response;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  tokenStorage.set({ access_token: 'test-access-token' });
  runAnswer = () => Response.json({ success: true, message: '2행에 동작을 실행했습니다.', status: 'ok', httpStatus: 200 });
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') return runAnswer();
    return Response.json({
      data: [action(), action({ id: 'act-2', label: '한 행 전용', scope: 'row' }), action({ id: 'act-3', label: '못 씀', canRun: false })],
    });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = (keys: string[]) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RowActions seedId="s1" appId="a1" table="staff" keys={keys} />
    </QueryClientProvider>,
  );

describe('RowActions confirm dialog', () => {
  it('shows only runnable actions for the selection, confirms with the text and row count, and sends confirm: true', async () => {
    show(['[1]', '[2]']);
    const button = await screen.findByRole('button', { name: '환불 요청' });
    // A row action needs exactly one row; an action the caller may not run is not offered.
    expect(screen.queryByRole('button', { name: '한 행 전용' })).toBeNull();
    expect(screen.queryByRole('button', { name: '못 씀' })).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'POST')).toBe(false);
    fireEvent.click(button);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('선택한 주문을 환불 요청할까요?');
    expect(dialog.textContent).toContain('2개 행에 실행합니다.');
    fireEvent.click(screen.getByRole('button', { name: '실행' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('2행에 동작을 실행했습니다.'));
    const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'POST')!;
    expect(post[0]).toBe('/api/seeds/s1/admin-builder/apps/a1/tables/staff/actions/act-1/run');
    expect(JSON.parse(String((post[1] as RequestInit).body))).toEqual({ keys: ['[1]', '[2]'], confirm: true });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("keeps the dialog open with the server's Korean refusal when the webhook fails, and cancel sends nothing", async () => {
    runAnswer = () => Response.json({ success: false, error: '웹훅이 실패했습니다. (HTTP 500) 받는 쪽 서버를 확인해 주세요.' }, { status: 502 });
    show(['[1]']);
    fireEvent.click(await screen.findByRole('button', { name: '한 행 전용' }));
    fireEvent.click(await screen.findByRole('button', { name: '실행' }));
    expect((await screen.findByRole('alert')).textContent).toContain('웹훅이 실패했습니다');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')).toHaveLength(1);
  });
});
