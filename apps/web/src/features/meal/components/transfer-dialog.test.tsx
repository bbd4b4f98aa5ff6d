import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import type { TMealTransfersView } from '@suite/shared/schemas/meal-transfers';
import { TransferDialog, type TTransferTarget } from './transfer-dialog';
import { TransferInbox, TransferSend } from './transfer-panel';

const t = ko.meal.transfers.ui;
const mutate = { send: vi.fn(), confirm: vi.fn(), cancel: vi.fn(), received: vi.fn() };
const view: { data: TMealTransfersView | undefined } = { data: undefined };
vi.mock('../api/meal-transfers', () => ({
  useMealTransfers: () => view,
  useMarkSent: () => ({ mutate: mutate.send, isPending: false }),
  useConfirmTransfer: () => ({ mutate: mutate.confirm, isPending: false }),
  useCancelTransfer: () => ({ mutate: mutate.cancel, isPending: false }),
  useRecordReceived: () => ({ mutate: mutate.received, isPending: false }),
}));
vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() }, toastError: vi.fn() }));

const TOSS = 'supertoss://send?amount=10000&bank=%ED%86%A0%EC%8A%A4%EB%B1%85%ED%81%AC&accountNo=100012345678';
const target: TTransferTarget = {
  to: { userId: 'o', name: '김주최' },
  amount: 10000,
  links: {
    toss: TOSS,
    kakaoPay: 'https://qr.kakaopay.com/Ej8CUvMtj',
    bank: { bankName: '토스뱅크', accountNumber: '1000-1234-5678', accountHolder: '김주최' },
  },
};
// Following an app link would navigate away in the test's document: stopped here, after the component's handler.
const noNavigation = (e: Event) => e.preventDefault();

afterEach(() => {
  cleanup();
  Object.values(mutate).forEach((m) => m.mockReset());
  document.removeEventListener('click', noNavigation);
});

describe('TransferDialog', () => {
  it('offers the receiver’s Toss and Kakao Pay links, the account with a copy button, and marks it sent with the method used', async () => {
    document.addEventListener('click', noNavigation);
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const onMarkSent = vi.fn();
    render(<TransferDialog open onOpenChange={() => undefined} target={target} pending={false} onMarkSent={onMarkSent} />);
    expect(screen.getByText(t.sendTitle('김주최', 10000))).toBeTruthy();
    expect(screen.getByTestId('transfer-link-toss').getAttribute('href')).toBe(TOSS);
    const kakao = screen.getByTestId('transfer-link-kakaopay');
    expect([kakao.getAttribute('href'), kakao.getAttribute('target'), kakao.getAttribute('rel')]).toEqual([
      'https://qr.kakaopay.com/Ej8CUvMtj',
      '_blank',
      'noopener noreferrer',
    ]);
    expect(screen.getByText(t.kakaoPayAmount(10000))).toBeTruthy();
    fireEvent.click(screen.getByTestId('transfer-copy-account'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('1000-1234-5678'));
    fireEvent.click(kakao);
    expect((screen.getByLabelText(t.method) as HTMLSelectElement).value).toBe('kakaopay');
    fireEvent.click(screen.getByTestId('transfer-mark-sent'));
    expect(onMarkSent).toHaveBeenCalledWith('kakaopay');
  });

  it('says the receiver has no account saved, and still lets the payer mark it sent', () => {
    const onMarkSent = vi.fn();
    render(<TransferDialog open onOpenChange={() => undefined} target={{ ...target, links: {} }} pending={false} onMarkSent={onMarkSent} />);
    expect(screen.getByText(t.noProfile)).toBeTruthy();
    expect(screen.queryByTestId('transfer-link-toss')).toBeNull();
    expect(screen.queryByTestId('transfer-link-kakaopay')).toBeNull();
    expect(screen.queryByTestId('transfer-copy-account')).toBeNull();
    fireEvent.change(screen.getByLabelText(t.method), { target: { value: 'cash' } });
    fireEvent.click(screen.getByTestId('transfer-mark-sent'));
    expect(onMarkSent).toHaveBeenCalledWith('cash');
  });
});

describe('TransferSend and TransferInbox', () => {
  const person = (userId: string, name: string) => ({ userId, name });
  const tr = { from: person('a', '이하나'), to: person('o', '김주최'), amount: 10000 };
  view.data = {
    suggested: [{ ...tr, links: target.links }],
    pending: [
      {
        id: 'p1',
        from: person('b', '박두리'),
        to: person('o', '김주최'),
        amount: 5000,
        status: 'sent',
        method: 'toss',
        sentAt: null,
        confirmedAt: null,
        createdAt: '',
      },
    ],
    recent: [],
  };

  it('opens the dialog from 송금하기 for the payer only, and sends the suggestion with the method', () => {
    const { unmount } = render(<TransferSend seedId="s1" userId="o" transfer={tr} />);
    expect(screen.queryByTestId('transfer-send-o')).toBeNull();
    unmount();
    render(<TransferSend seedId="s1" userId="a" transfer={tr} />);
    fireEvent.click(screen.getByTestId('transfer-send-o'));
    fireEvent.click(screen.getByTestId('transfer-mark-sent'));
    expect(mutate.send.mock.calls[0]![0]).toEqual({ toUserId: 'o', amount: 10000, method: 'toss' });
  });

  it('lets the receiver confirm a pending transfer; a third member only sees it waiting', () => {
    const { unmount } = render(<TransferInbox seedId="s1" userId="o" manager={false} />);
    fireEvent.click(screen.getByTestId('transfer-confirm-p1'));
    expect(mutate.confirm.mock.calls[0]![0]).toBe('p1');
    unmount();
    render(<TransferInbox seedId="s1" userId="c" manager={false} />);
    expect(screen.queryByTestId('transfer-confirm-p1')).toBeNull();
    expect(screen.getByText(t.waiting)).toBeTruthy();
  });
});
