import { cleanup, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatWon, ko } from '@suite/shared';
import type { TInvoiceSummary, TRevenueResponse } from '@suite/shared/schemas/billing';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import { BillingHistoryPage } from './billing-history-page';

const h = ko.billing.ui.history;
const SEED = '6f1c1c52-7d2a-4f7e-9d59-0c8e3b1f2a10';
const state = { role: 'user', seedRole: 'owner' as 'owner' | 'admin' | 'member', narrow: false };
vi.mock('@/lib/session', () => ({ useSession: () => ({ user: { id: 'me', role: state.role } }) }));
vi.mock('@/lib/seed-context', () => ({
  useSeeds: () => ({ isLoading: false, selected: { id: SEED, seed_name: '하늘 상사', role: state.seedRole } }),
}));

const invoice = (over: Partial<TInvoiceSummary>): TInvoiceSummary => ({
  id: '00000000-0000-4000-8000-000000000001',
  number: 'CT-202611-000001',
  kind: 'period',
  periodStart: '2026-10-31T15:00:00.000Z',
  periodEnd: '2026-11-30T15:00:00.000Z',
  supply: 29_000,
  vat: 2_900,
  total: 31_900,
  status: 'paid',
  method: 'card',
  paidAt: '2026-11-01T00:10:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  taxInvoice: { state: 'sent', ntsConfirmNum: '20261201-41000012-00000001' },
  ...over,
});

const invoices: TInvoiceSummary[] = [
  invoice({
    id: '00000000-0000-4000-8000-000000000003',
    number: 'CT-202612-000003',
    periodStart: '2026-11-30T15:00:00.000Z',
    periodEnd: '2026-12-31T15:00:00.000Z',
    status: 'failed',
    method: 'card',
    paidAt: null,
    attempts: 3,
    nextAttemptAt: '2026-12-08T00:00:00.000Z',
    taxInvoice: { state: 'none' },
  }),
  invoice({
    id: '00000000-0000-4000-8000-000000000002',
    number: 'CT-202611-000002',
    kind: 'proration',
    status: 'waiting_deposit',
    method: 'transfer',
    paidAt: null,
    taxInvoice: { state: 'pending' },
  }),
  invoice({}),
];

const revenue: TRevenueResponse = {
  months: [{ month: '2026-11', invoices: 12, paid: { supply: 348_000, vat: 34_800, total: 382_800 }, outstanding: 31_900, refunded: 11_000 }],
  failed: [
    {
      invoiceId: '00000000-0000-4000-8000-000000000003',
      seedId: SEED,
      seedName: '하늘 상사',
      number: 'CT-202612-000003',
      total: 31_900,
      attempts: 3,
      lastError: '카드 한도가 초과되었습니다.',
      nextAttemptAt: null,
    },
  ],
};

let answers: Record<string, unknown> = {};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderPage() {
  return renderWithQueries(
    <MemoryRouter>
      <BillingHistoryPage />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  state.role = 'user';
  state.seedRole = 'owner';
  state.narrow = false;
  answers = { [`/api/seeds/${SEED}/billing/invoices`]: { data: invoices }, '/api/admin/billing/revenue': revenue };
  localStorage.setItem('__access_token', 'test-token');
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: state.narrow, media: query, addEventListener() {}, removeEventListener() {} }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url in answers ? json(answers[url]) : json({ error: '없음', code: 'NOT_FOUND' }, 404))),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('BillingHistoryPage', () => {
  it("lists the seed's invoices as the server orders them, with Korean status, method, 세금계산서 state and a link to each", async () => {
    renderPage();
    const table = await screen.findByRole('region', { name: h.listLabel });
    const rows = within(table).getAllByTestId('invoice-row');
    expect(rows.map((r) => r.dataset.number)).toEqual(['CT-202612-000003', 'CT-202611-000002', 'CT-202611-000001']);
    const [failed, waiting, paid] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(failed).getByText(h.status.failedAttempts(3))).toBeTruthy();
    expect(within(failed).getByText(h.status.nextAttempt('2026. 12. 08.'))).toBeTruthy();
    expect(within(failed).getByText(h.tax.none)).toBeTruthy();
    expect(within(waiting).getByText(h.status.waiting_deposit)).toBeTruthy();
    expect(within(waiting).getByText(h.methods.transfer)).toBeTruthy();
    expect(within(waiting).getByText(h.kinds.proration)).toBeTruthy();
    expect(within(waiting).getByText(h.tax.pending)).toBeTruthy();
    expect(within(paid).getByText(h.status.paid)).toBeTruthy();
    expect(within(paid).getByText(h.tax.sent)).toBeTruthy();
    expect(within(paid).getByText(h.tax.confirmNum('20261201-41000012-00000001'))).toBeTruthy();
    // The period's last day is the day before the next period starts (Seoul time).
    expect(paid.textContent).toContain('2026. 11. 01. ~ 2026. 11. 30.');
    expect(within(paid).getByTestId('invoice-total').textContent).toBe(formatWon(31_900));
    expect(within(paid).getByText(formatWon(29_000))).toBeTruthy();
    expect(within(paid).getByText(formatWon(2_900))).toBeTruthy();
    const link = within(paid).getByRole('link', { name: h.openInvoice('CT-202611-000001') });
    expect(link.getAttribute('href')).toBe('/admin/billing/history/00000000-0000-4000-8000-000000000001');
    // Not a platform admin: no revenue asked for.
    expect(screen.queryByTestId('revenue-section')).toBeNull();
    expect(vi.mocked(fetch).mock.calls.map((c) => c[0])).toEqual([`/api/seeds/${SEED}/billing/invoices`]);
  });

  it('on a phone shows one card per invoice instead of the table', async () => {
    state.narrow = true;
    renderPage();
    const list = await screen.findByRole('list', { name: h.listLabel });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByTestId('invoice-row');
    expect(cards).toHaveLength(3);
    expect(within(cards[2]!).getByText(`${h.columns.supply} ${formatWon(29_000)} · ${h.columns.vat} ${formatWon(2_900)}`)).toBeTruthy();
    expect(within(cards[0]!).getByText(h.status.failedAttempts(3))).toBeTruthy();
  });

  it('says plainly that there are no invoices yet (the free plan has none)', async () => {
    answers[`/api/seeds/${SEED}/billing/invoices`] = { data: [] };
    renderPage();
    expect(await screen.findByText(h.emptyTitle)).toBeTruthy();
    expect(screen.getByText(h.emptyBody)).toBeTruthy();
  });

  it("shows the server's message when the list cannot be read", async () => {
    answers = {};
    vi.mocked(fetch).mockImplementation(async () => json({ error: h.managersOnly, code: 'FORBIDDEN' }, 403));
    renderPage();
    expect(await screen.findByText(`${h.loadFailed} ${h.managersOnly}`)).toBeTruthy();
    expect(screen.getByRole('button', { name: h.retry })).toBeTruthy();
  });

  it('tells a member that only owners and admins see it, without asking the server', () => {
    state.seedRole = 'member';
    renderPage();
    expect(screen.getByRole('alert').textContent).toBe(h.managersOnly);
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });

  it('a platform admin also sees revenue per month and the failed payments', async () => {
    state.role = 'admin';
    renderPage();
    const section = await screen.findByTestId('revenue-section');
    const month = await within(section).findByTestId('revenue-month');
    expect(within(month).getByText('2026년 11월')).toBeTruthy();
    expect(
      within(month)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['12', formatWon(348_000), formatWon(34_800), formatWon(382_800), `−${formatWon(11_000)}`, formatWon(31_900)]);
    const failed = within(section).getByTestId('failed-payment');
    expect(failed.textContent).toContain('하늘 상사');
    expect(failed.textContent).toContain('CT-202612-000003');
    expect(failed.textContent).toContain('카드 한도가 초과되었습니다.');
    expect(failed.textContent).toContain(h.revenue.noNextAttempt);
    // Its own seed's invoices are there too.
    expect(await screen.findByRole('region', { name: h.listLabel })).toBeTruthy();
  });
});
