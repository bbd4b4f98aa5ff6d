import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatWon, ko } from '@suite/shared';
import type { TInvoice } from '@suite/shared/schemas/billing';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import { InvoicePage } from './invoice-page';

const h = ko.billing.ui.history;
const v = h.invoice;
const SEED = '6f1c1c52-7d2a-4f7e-9d59-0c8e3b1f2a10';
const ID = '00000000-0000-4000-8000-000000000001';
const state = { seedRole: 'owner' as 'owner' | 'admin' | 'member' };
vi.mock('@/lib/session', () => ({ useSession: () => ({ user: { id: 'me', role: 'user' } }) }));
vi.mock('@/lib/seed-context', () => ({
  useSeeds: () => ({ isLoading: false, selected: { id: SEED, seed_name: '하늘 상사', role: state.seedRole } }),
}));

const paid: TInvoice = {
  id: ID,
  number: 'CT-202611-000001',
  kind: 'proration',
  periodStart: '2026-11-15T03:00:00.000Z',
  periodEnd: '2026-11-30T15:00:00.000Z',
  supply: 14_500,
  vat: 1_450,
  total: 15_950,
  status: 'paid',
  method: 'card',
  paidAt: '2026-11-15T03:00:05.000Z',
  createdAt: '2026-11-15T03:00:00.000Z',
  taxInvoice: { state: 'sent', ntsConfirmNum: '20261201-41000012-00000001' },
  lines: [{ kind: 'proration', meter: null, description: '스타터 (월간) 남은 기간', quantity: 1, unitPrice: 14_500, amount: 14_500 }],
  receiptUrl: 'http://127.0.0.1:3421/receipt/pay_1',
  virtualAccount: null,
  cashReceipt: null,
  refundedAmount: 0,
  attempts: 1,
  nextAttemptAt: null,
  seller: { name: '(주)스위트', businessNumber: '1208147521' },
  buyer: {
    businessNumber: '2208162517',
    name: '하늘 상사',
    ceo: '김하늘',
    businessType: '서비스',
    businessItem: '소프트웨어',
    address: '서울특별시 중구 세종대로 110',
    email: 'tax@haneul.example',
    taxType: 'general',
  },
};

const waiting: TInvoice = {
  ...paid,
  status: 'waiting_deposit',
  method: 'transfer',
  paidAt: null,
  receiptUrl: null,
  taxInvoice: { state: 'none' },
  buyer: null,
  attempts: 0,
  virtualAccount: { bank: '신한', accountNumber: 'X6516094021477', customerName: '하늘 상사', dueDate: '2026-11-22T14:59:59.000Z' },
  cashReceipt: { type: '소득공제', receiptUrl: 'http://127.0.0.1:3421/cash/1' },
};

let answer: { status: number; body: unknown };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/admin/billing/history/:invoiceId', element: <InvoicePage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [`/admin/billing/history/${ID}`] },
  );
  return renderWithQueries(<RouterProvider router={router} />);
}

beforeEach(() => {
  state.seedRole = 'owner';
  answer = { status: 200, body: paid };
  localStorage.setItem('__access_token', 'test-token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === `/api/seeds/${SEED}/billing/invoices/${ID}` ? json(answer.body, answer.status) : json({}, 404))),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('InvoicePage', () => {
  it('shows a paid invoice as a 청구서: parties, lines, 공급가액 / 부가세 / 합계, the card receipt and the 세금계산서 with its 승인번호; 인쇄 prints', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderPage();
    expect(await screen.findByRole('heading', { name: v.title })).toBeTruthy();
    expect(screen.getByTestId('invoice-number').textContent).toBe('CT-202611-000001');
    const seller = screen.getByRole('region', { name: v.seller });
    expect(within(seller).getByText('(주)스위트')).toBeTruthy();
    expect(within(seller).getByText('120-81-47521')).toBeTruthy();
    const buyer = screen.getByRole('region', { name: v.buyer });
    expect(within(buyer).getByText('220-81-62517')).toBeTruthy();
    expect(within(buyer).getByText('김하늘')).toBeTruthy();
    expect(within(buyer).getByText('tax@haneul.example')).toBeTruthy();
    const line = screen.getByTestId('invoice-line');
    expect(line.textContent).toContain('스타터 (월간) 남은 기간');
    const totals = screen.getByTestId('invoice-totals');
    expect(within(totals).getByText(formatWon(14_500))).toBeTruthy();
    expect(within(totals).getByText(formatWon(1_450))).toBeTruthy();
    expect(screen.getByTestId('invoice-document-total').textContent).toBe(formatWon(15_950));
    expect(screen.getByText(h.status.paid)).toBeTruthy();
    expect(screen.getByText(h.kinds.proration)).toBeTruthy();
    const receipt = screen.getByRole('link', { name: v.receipt });
    expect(receipt.getAttribute('href')).toBe('http://127.0.0.1:3421/receipt/pay_1');
    expect(receipt.getAttribute('target')).toBe('_blank');
    expect(within(screen.getByTestId('invoice-tax')).getByText(h.tax.sent)).toBeTruthy();
    expect(screen.getAllByText(/20261201-41000012-00000001/).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('virtual-account')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: v.print }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: v.back }).getAttribute('href')).toBe('/admin/billing/history');
  });

  it('while a transfer is awaited shows the virtual account with a copy button, and the cash receipt; the buyer is the seed', async () => {
    answer = { status: 200, body: waiting };
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPage();
    const va = await screen.findByTestId('virtual-account');
    expect(within(va).getByText('신한')).toBeTruthy();
    expect(within(va).getByTestId('account-number').textContent).toBe('X6516094021477');
    expect(within(va).getByText(formatWon(15_950))).toBeTruthy();
    expect(within(va).getByText(/2026\. 11\. 22\./)).toBeTruthy();
    fireEvent.click(within(va).getByRole('button', { name: v.copy }));
    expect(await within(va).findByText(v.copied)).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('X6516094021477');
    expect(screen.getByText(h.status.waiting_deposit)).toBeTruthy();
    const buyer = screen.getByRole('region', { name: v.buyer });
    expect(within(buyer).getByText('하늘 상사')).toBeTruthy();
    expect(within(buyer).getByText(v.buyerNoBusiness)).toBeTruthy();
    expect(screen.getByRole('link', { name: v.cashReceiptOpen }).getAttribute('href')).toBe('http://127.0.0.1:3421/cash/1');
    expect(screen.queryByRole('link', { name: v.receipt })).toBeNull();
  });

  it('says when the clipboard refuses the copy; a due date it cannot read is shown as -, not a crash', async () => {
    answer = { status: 200, body: { ...waiting, virtualAccount: { ...waiting.virtualAccount!, dueDate: '' } } };
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: v.copy }));
    expect(await screen.findByText(v.copyFailed)).toBeTruthy();
    expect(within(screen.getByTestId('virtual-account')).getByText('-')).toBeTruthy();
  });

  it("an invoice that is not this seed's is not found, with the way back", async () => {
    answer = { status: 404, body: { error: ko.billing.server.invoiceNotFound, code: 'NOT_FOUND' } };
    renderPage();
    expect(await screen.findByText(v.notFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: v.back })).toBeTruthy();
  });

  it('a member is refused without asking the server', () => {
    state.seedRole = 'member';
    renderPage();
    expect(screen.getByRole('alert').textContent).toBe(h.managersOnly);
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });
});
