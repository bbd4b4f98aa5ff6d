import { StrictMode } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import { BillingCardPage } from './billing-card-page';

const r = ko.billing.ui.page.cardReturn;
const SEED = '11111111-0000-4000-8000-000000000001';

vi.mock('@/lib/seed-context', () => ({
  useSeeds: () => ({
    isLoading: false,
    selected: { id: '11111111-0000-4000-8000-000000000001', seed_name: '우리 회사', seed_address: null, created_at: '', role: 'owner', member_count: 1 },
  }),
}));

const calls: { method: string; url: string; body: unknown }[] = [];
let status = 200;
const json = (b: unknown, s = 200) => new Response(JSON.stringify(b), { status: s, headers: { 'content-type': 'application/json' } });

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/admin/billing/card', element: <BillingCardPage /> },
      { path: '/admin/billing', element: <p>구독 화면</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return router;
}

beforeEach(() => {
  calls.length = 0;
  status = 200;
  localStorage.setItem('__access_token', 'test-token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return status === 200
        ? json({ kind: 'card', cardCompany: '신한', cardNumber: '4330****1234***', cardExpiresOn: null })
        : json({ error: '카드 인증이 만료되었습니다.', code: 'CONFLICT' }, status);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/admin/billing/card (the card window comes back here)', () => {
  it('registers the card once (even under StrictMode) and goes back to 구독', async () => {
    const router = renderAt('/admin/billing/card?result=success&customerKey=seed_abc-123&authKey=auth_xyz');
    expect(await screen.findByText('구독 화면')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/billing');
    expect(calls).toEqual([
      { method: 'POST', url: `/api/seeds/${SEED}/billing/payment-methods/card`, body: { authKey: 'auth_xyz', customerKey: 'seed_abc-123' } },
    ]);
  });

  it("shows the server's refusal and a way back", async () => {
    status = 409;
    renderAt('/admin/billing/card?result=success&customerKey=seed_abc-123&authKey=auth_xyz');
    expect((await screen.findByRole('alert')).textContent).toBe(`${r.failed} 카드 인증이 만료되었습니다.`);
    expect(screen.getByRole('link', { name: r.back }).getAttribute('href')).toBe('/admin/billing');
    await waitFor(() => expect(calls).toHaveLength(1));
  });

  it("a failed window: Toss's reason and code, nothing sent", async () => {
    renderAt(`/admin/billing/card?result=fail&code=PAY_PROCESS_CANCELED&message=${encodeURIComponent('사용자에 의해 결제가 취소되었습니다')}`);
    expect((await screen.findByRole('alert')).textContent).toBe(`${r.cancelled} 사용자에 의해 결제가 취소되었습니다 ${r.code('PAY_PROCESS_CANCELED')}`);
    expect(screen.getByRole('link', { name: r.back })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('a malformed return (no authKey) sends nothing', async () => {
    renderAt('/admin/billing/card?result=success&customerKey=seed_abc-123');
    expect((await screen.findByRole('alert')).textContent).toBe(r.missing);
    expect(calls).toHaveLength(0);
  });
});
