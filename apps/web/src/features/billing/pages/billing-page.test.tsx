import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatWon, ko, PLANS, type TSeed } from '@suite/shared';
import type { TBillingOverview, TPlansResponse } from '@suite/shared/schemas/billing';
import { BillingPage } from './billing-page';

const t = ko.billing.ui.page;
const SEED = '11111111-0000-4000-8000-000000000001';

const viewer = vi.hoisted(() => ({ seedRole: 'owner' as TSeed['role'] | null }));
vi.mock('@/lib/seed-context', () => ({
  useSeeds: () => ({
    isLoading: false,
    selected: viewer.seedRole
      ? { id: '11111111-0000-4000-8000-000000000001', seed_name: '우리 회사', seed_address: null, created_at: '', role: viewer.seedRole, member_count: 2 }
      : null,
  }),
}));

/** The catalogue as the server answers it (from the shared PLANS, names from the messages). */
const catalogue: TPlansResponse = {
  vatPercent: 10,
  configured: true,
  data: PLANS.map((p) => ({
    id: p.id,
    name: ko.billing.plans[p.id].name,
    description: ko.billing.plans[p.id].description,
    monthlyPrice: p.monthlyPrice,
    yearlyPrice: p.yearlyPrice,
    meters: p.meters,
  })),
};

function overview(over: Partial<TBillingOverview> = {}): TBillingOverview {
  return {
    configured: true,
    plan: { id: 'starter', name: '스타터', interval: 'month', price: 29_000 },
    status: 'active',
    graceEndsAt: null,
    next: null,
    period: { start: '2026-10-31T15:00:00.000Z', end: '2026-11-30T15:00:00.000Z' },
    usage: [
      { meter: 'api.calls', used: 320_000, included: 300_000, projected: 400_000, overage: 2_000 },
      { meter: 'knowledge.bytes', used: 12_500_000, included: 1_000_000_000, projected: 12_500_000, overage: 0 },
    ],
    projection: { supply: 31_000, vat: 3_100, total: 34_100 },
    paymentMethod: { kind: 'card', cardCompany: '신한', cardNumber: '4330-****-****-1234', cardExpiresOn: '2028-12' },
    business: null,
    canManage: true,
    ...over,
  };
}

type TCall = { method: string; url: string; body: unknown };
const calls: TCall[] = [];
let state: TBillingOverview;
let answer: (c: TCall) => Response | null;

const json = (b: unknown, status = 200) => new Response(JSON.stringify(b), { status, headers: { 'content-type': 'application/json' } });

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin/billing']}>
        <BillingPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  calls.length = 0;
  viewer.seedRole = 'owner';
  state = overview();
  answer = () => null;
  localStorage.setItem('__access_token', 'test-token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = { method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const special = answer(call);
      if (special) return special;
      if (url === '/api/billing/plans') return json(catalogue);
      if (url === `/api/seeds/${SEED}/billing` && call.method === 'GET') return json(state);
      if (url === `/api/seeds/${SEED}/billing/plan`) {
        const { planId, interval } = call.body as { planId: 'free' | 'starter' | 'business'; interval: 'month' | 'year' };
        const price = catalogue.data.find((p) => p.id === planId)!.monthlyPrice;
        state = { ...state, plan: { id: planId, name: ko.billing.plans[planId].name, interval, price }, next: null };
        return json(state);
      }
      if (url === `/api/seeds/${SEED}/billing/business` && call.method === 'PUT') return json({ ...call.body, taxType: null, note: null });
      return json({ error: '없음', code: 'NOT_FOUND' }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const puts = () => calls.filter((c) => c.method !== 'GET');

describe('/admin/billing', () => {
  it('asks for a seed when none is selected, and tells a member who may see billing (no request sent)', async () => {
    viewer.seedRole = null;
    renderPage();
    expect(screen.getByTestId('billing-no-seed').textContent).toContain(t.noSeed);
    cleanup();
    viewer.seedRole = 'member';
    renderPage();
    expect(screen.getByRole('alert').textContent).toBe(t.managersOnly);
    expect(calls).toHaveLength(0);
  });

  it('unconfigured: says so, still shows usage and the projection, and offers no change or payment buttons', async () => {
    state = overview({
      configured: false,
      plan: { id: 'starter', name: '스타터', interval: 'month', price: 29_000 },
      next: { planId: 'free', interval: 'month', at: '2026-11-30T15:00:00.000Z' },
      paymentMethod: null,
    });
    renderPage();
    expect((await screen.findByTestId('billing-not-configured')).textContent).toContain(t.notConfiguredTitle);
    expect(screen.getByTestId('meter-api.calls').textContent).toContain('320,000회 / 300,000회');
    expect(screen.getByTestId('billing-projection-total').textContent).toBe(formatWon(34_100));
    expect(screen.queryByTestId('billing-plans')).toBeNull();
    expect(screen.queryByTestId('billing-payment')).toBeNull();
    expect(screen.queryByRole('button', { name: t.change.choose })).toBeNull();
    expect(screen.getByTestId('billing-next').textContent).toContain(t.current.next('12월 1일', '무료(월간)'));
    expect(screen.queryByRole('button', { name: t.current.cancelNext })).toBeNull();
    expect(calls.map((c) => c.url)).not.toContain('/api/billing/plans');
  });

  it('owner: plan, usage with projection and overage, projected invoice; an upgrade is confirmed and sent as planId + interval', async () => {
    renderPage();
    const current = await screen.findByTestId('billing-current');
    expect(current.textContent).toContain('스타터');
    expect(current.textContent).toContain(formatWon(29_000));
    expect(current.textContent).toContain(t.current.vatExcluded);
    expect(current.textContent).toContain(t.current.period('2026년 11월 1일', '2026년 11월 30일'));
    const api = screen.getByTestId('meter-api.calls');
    expect(api.textContent).toContain(t.usage.projected('400,000회'));
    expect(api.textContent).toContain(t.usage.overage(formatWon(2_000)));
    expect(screen.getByTestId('meter-knowledge.bytes').textContent).toContain('12.5 MB / 1 GB');
    expect(screen.getByTestId('billing-usage').textContent).toMatch(/(\d{1,2})월 1일 ~ \1월 (28|29|30|31)일/);
    const projection = screen.getByTestId('billing-projection');
    for (const v of [31_000, 3_100, 34_100]) expect(projection.textContent).toContain(formatWon(v));
    expect(screen.getByTestId('billing-payment').textContent).toContain('4330-****-****-1234');
    expect(screen.getByTestId('billing-payment').textContent).toContain(t.payment.expires('2028년 12월'));

    const plans = await screen.findByTestId('billing-plans');
    expect(within(screen.getByTestId('plan-starter')).getByText(t.change.current)).toBeTruthy();
    expect(within(screen.getByTestId('plan-business')).getByText(t.change.upgradeNote)).toBeTruthy();
    expect(within(screen.getByTestId('plan-free')).getByText(t.change.downgradeNote)).toBeTruthy();
    // Yearly: the saving against twelve months.
    fireEvent.click(within(plans).getByRole('button', { name: t.change.year }));
    expect(screen.getByTestId('plan-business').textContent).toContain(t.change.yearlySaving(formatWon(99_000 * 12 - 990_000)));
    expect(within(screen.getByTestId('plan-starter')).queryByText(t.change.current)).toBeNull();
    fireEvent.click(within(plans).getByRole('button', { name: t.change.month }));

    fireEvent.click(within(screen.getByTestId('plan-business')).getByRole('button', { name: t.change.choose }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(t.change.confirmTitle('비즈니스'))).toBeTruthy();
    expect(within(dialog).getByText(t.change.upgradeNote)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: t.change.confirm }));
    await waitFor(() => expect(puts()).toEqual([{ method: 'PUT', url: `/api/seeds/${SEED}/billing/plan`, body: { planId: 'business', interval: 'month' } }]));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // The answer is the seed's billing as it now is.
    await waitFor(() => expect(within(screen.getByTestId('plan-business')).getByText(t.change.current)).toBeTruthy());
    expect(screen.getByTestId('billing-current').textContent).toContain('비즈니스');
  });

  it("shows the server's refusal (402 declined) in the confirm dialog", async () => {
    answer = (c) => (c.method === 'PUT' ? json({ error: '카드 결제가 거절되었습니다. 다른 카드를 등록해주세요.', code: 'PAYMENT_DECLINED' }, 402) : null);
    renderPage();
    fireEvent.click(within(await screen.findByTestId('plan-business')).getByRole('button', { name: t.change.choose }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: t.change.confirm }));
    expect(await within(dialog).findByText('카드 결제가 거절되었습니다. 다른 카드를 등록해주세요.')).toBeTruthy();
  });

  it('without a payment method a paid plan cannot be chosen: the page asks to register one first', async () => {
    state = overview({ plan: { id: 'free', name: '무료', interval: 'month', price: 0 }, paymentMethod: null });
    renderPage();
    expect((await screen.findByTestId('billing-needs-payment')).textContent).toContain(t.change.needsPaymentMethod);
    const choose = within(screen.getByTestId('plan-starter')).getByRole('button', { name: t.change.choose });
    expect((choose as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('billing-payment').textContent).toContain(t.payment.none);
  });

  it('past due: the grace end and a link to 결제 내역; a waiting downgrade can be cancelled (PUT of the current plan)', async () => {
    state = overview({
      status: 'past_due',
      graceEndsAt: '2026-11-20T03:00:00.000Z',
      next: { planId: 'free', interval: 'month', at: '2026-11-30T15:00:00.000Z' },
    });
    renderPage();
    const pastDue = await screen.findByTestId('billing-past-due');
    expect(pastDue.textContent).toContain(t.current.pastDueBody('2026년 11월 20일'));
    expect(within(pastDue).getByRole('link', { name: t.current.history }).getAttribute('href')).toBe('/admin/billing/history');
    const free = await screen.findByTestId('plan-free');
    expect(within(free).getByText(t.change.waiting('12월 1일'))).toBeTruthy();
    expect(within(free).queryByRole('button', { name: t.change.choose })).toBeNull();
    const next = screen.getByTestId('billing-next');
    expect(next.textContent).toContain(t.current.next('12월 1일', '무료(월간)'));
    fireEvent.click(within(next).getByRole('button', { name: t.current.cancelNext }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: t.current.cancelNextConfirm }));
    await waitFor(() => expect(puts()).toEqual([{ method: 'PUT', url: `/api/seeds/${SEED}/billing/plan`, body: { planId: 'starter', interval: 'month' } }]));
    await waitFor(() => expect(screen.queryByTestId('billing-next')).toBeNull());
  });

  it("card: asks for card/auth, loads the SDK from the server's sdkUrl once, and opens requestBillingAuth('카드')", async () => {
    const auth = {
      clientKey: 'test_ck_123',
      customerKey: 'seed_abc-123',
      sdkUrl: 'http://127.0.0.1:3410/v1/payment',
      successUrl: 'http://127.0.0.1:3400/admin/billing/card?result=success',
      failUrl: 'http://127.0.0.1:3400/admin/billing/card?result=fail',
    };
    answer = (c) => (c.url === `/api/seeds/${SEED}/billing/payment-methods/card/auth` ? json(auth) : null);
    const requestBillingAuth = vi.fn(async () => undefined);
    const factory = vi.fn(() => ({ requestBillingAuth }));
    renderPage();
    fireEvent.click(within(await screen.findByTestId('billing-payment')).getByRole('button', { name: t.payment.changeCard }));
    await waitFor(() => expect(document.head.querySelectorAll(`script[src="${auth.sdkUrl}"]`)).toHaveLength(1));
    (window as unknown as { TossPayments: typeof factory }).TossPayments = factory;
    document.head.querySelector<HTMLScriptElement>(`script[src="${auth.sdkUrl}"]`)!.dispatchEvent(new Event('load'));
    await waitFor(() => expect(requestBillingAuth).toHaveBeenCalledTimes(1));
    expect(factory).toHaveBeenCalledWith('test_ck_123');
    expect(requestBillingAuth).toHaveBeenCalledWith('카드', { customerKey: auth.customerKey, successUrl: auth.successUrl, failUrl: auth.failUrl });
    // A second time: the script is not injected again.
    fireEvent.click(screen.getByRole('button', { name: t.payment.changeCard }));
    await waitFor(() => expect(requestBillingAuth).toHaveBeenCalledTimes(2));
    expect(document.head.querySelectorAll(`script[src="${auth.sdkUrl}"]`)).toHaveLength(1);
  });

  it('계좌이체로 결제 and 개인으로 전환: confirmed, sent, and the page shows what the server then answers', async () => {
    state = overview({
      business: {
        businessNumber: '1234567891',
        name: '주식회사 씨앗',
        ceo: '김민수',
        businessType: '서비스',
        businessItem: '소프트웨어',
        address: '서울시 중구 세종대로 110',
        email: 'tax@example.com',
        taxType: null,
      },
    });
    answer = (c) => {
      if (c.method === 'POST' && c.url === `/api/seeds/${SEED}/billing/payment-methods/transfer`) {
        state = { ...state, paymentMethod: { kind: 'transfer', cardCompany: null, cardNumber: null, cardExpiresOn: null } };
        return json(state.paymentMethod);
      }
      if (c.method === 'DELETE' && c.url === `/api/seeds/${SEED}/billing/business`) {
        state = { ...state, business: null };
        return new Response(null, { status: 204 });
      }
      return null;
    };
    renderPage();
    const payment = await screen.findByTestId('billing-payment');
    fireEvent.click(within(payment).getByRole('button', { name: t.payment.useTransfer }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: t.payment.transferConfirm }));
    expect(await within(payment).findByText(t.payment.transferBody)).toBeTruthy();
    expect(within(payment).queryByRole('button', { name: t.payment.useTransfer })).toBeNull();
    expect(within(payment).getByRole('button', { name: t.payment.registerCard })).toBeTruthy();

    const business = screen.getByTestId('billing-business');
    expect((within(business).getByLabelText(t.business.businessNumber) as HTMLInputElement).value).toBe('123-45-67891');
    fireEvent.click(within(business).getByRole('button', { name: t.business.toIndividual }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: t.business.toIndividualConfirm }));
    expect(await within(business).findByText(t.business.individual)).toBeTruthy();
    expect((within(business).getByLabelText(t.business.businessNumber) as HTMLInputElement).value).toBe('');
    expect(puts().map((c) => `${c.method} ${c.url}`)).toEqual([
      `POST /api/seeds/${SEED}/billing/payment-methods/transfer`,
      `DELETE /api/seeds/${SEED}/billing/business`,
    ]);
  });

  it('admin: reads everything with a note why there are no buttons', async () => {
    viewer.seedRole = 'admin';
    state = overview({
      canManage: false,
      plan: { id: 'starter', name: '스타터', interval: 'year', price: 290_000 },
      business: {
        businessNumber: '1234567891',
        name: '주식회사 씨앗',
        ceo: '김민수',
        businessType: '서비스',
        businessItem: '소프트웨어',
        address: '서울시 중구 세종대로 110',
        email: 'tax@example.com',
        taxType: 'simple',
      },
    });
    renderPage();
    expect((await screen.findByTestId('billing-read-only')).textContent).toBe(t.adminReadOnly);
    expect(screen.getByTestId('billing-current').textContent).toContain(`${formatWon(290_000)} ${t.current.perYear}`);
    await screen.findByTestId('billing-plans');
    expect(screen.queryByRole('button', { name: t.change.choose })).toBeNull();
    expect(screen.queryByRole('button', { name: t.payment.changeCard })).toBeNull();
    expect(screen.queryByRole('button', { name: t.payment.useTransfer })).toBeNull();
    expect(screen.queryByTestId('business-form')).toBeNull();
    const business = screen.getByTestId('billing-business');
    expect(business.textContent).toContain('123-45-67891');
    expect(within(business).getByTestId('business-tax-type').textContent).toBe(t.business.simple);
    expect(within(business).queryByRole('button', { name: t.business.toIndividual })).toBeNull();
  });

  it('business form: the shared schema refuses a wrong check digit under its field; a good one is sent; server field errors land under their field', async () => {
    renderPage();
    const form = await screen.findByTestId('business-form');
    const fill = (label: string, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    fill(t.business.businessNumber, '123-45-67890');
    fill(t.business.name, '주식회사 씨앗');
    fill(t.business.ceo, '김민수');
    fill(t.business.businessType, '서비스');
    fill(t.business.businessItem, '소프트웨어');
    fill(t.business.address, '서울시 중구 세종대로 110');
    fill(t.business.email, 'tax@example.com');
    fireEvent.click(within(form).getByRole('button', { name: t.business.save }));
    expect(await within(form).findByText(ko.billing.validation.businessNumber)).toBeTruthy();
    expect(within(form).getByLabelText(t.business.businessNumber).getAttribute('aria-invalid')).toBe('true');
    expect(puts()).toHaveLength(0);

    answer = (c) =>
      c.method === 'PUT' && puts().length === 1
        ? json({ error: '입력값을 확인해주세요.', code: 'VALIDATION', details: [{ path: 'businessNumber', message: '폐업한 사업자입니다.' }] }, 400)
        : null;
    fill(t.business.businessNumber, '123-45-67891');
    fireEvent.click(within(form).getByRole('button', { name: t.business.save }));
    expect(await within(form).findByText('폐업한 사업자입니다.')).toBeTruthy();
    const sent = puts()[0]!;
    expect(sent.url).toBe(`/api/seeds/${SEED}/billing/business`);
    expect(sent.body).toEqual({
      businessNumber: '1234567891',
      name: '주식회사 씨앗',
      ceo: '김민수',
      businessType: '서비스',
      businessItem: '소프트웨어',
      address: '서울시 중구 세종대로 110',
      email: 'tax@example.com',
    });
    fireEvent.click(within(form).getByRole('button', { name: t.business.save }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    await waitFor(() => expect(within(form).queryByText('폐업한 사업자입니다.')).toBeNull());
  });
});
