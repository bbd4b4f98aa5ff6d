import type { APIRequestContext, Page } from '@playwright/test';
import pg from 'pg';
import { koBillingUi } from '../../../packages/shared/src/messages/ko-billing-ui';
import { koBilling } from '../../../packages/shared/src/messages/ko-billing';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, signInWithTokens } from './fixtures/site';
import { expect, test, type TTestSeed, type TTestUser } from './fixtures/test';

const ui = koBillingUi.page;
const h = koBillingUi.history;
const PG_ADMIN = 'postgres://postgres@127.0.0.1:5432/postgres';
/** Metering writes its journal to billing_usage every 5 s (billing.metering-flush): read until the calls are in. */
const FLUSHED = { timeout: 45_000, intervals: [1_000, 2_000, 3_000] };
/** The buyer of the 세금계산서: a 사업자등록번호 with a valid check digit that the fake NTS knows as 계속, 일반과세자. */
const BUSINESS = {
  businessNumber: '120-81-47521',
  name: '주식회사 하늘상사',
  ceo: '김하늘',
  businessType: '서비스업',
  businessItem: '소프트웨어 개발',
  address: '서울특별시 중구 세종대로 110',
  email: 'tax@haneul.example.com',
};

type TInvoice = {
  id: string;
  number: string;
  status: string;
  method: string | null;
  supply: number;
  vat: number;
  total: number;
  taxInvoice: { state: string };
};
type TOverview = { plan: { id: string }; usage: { meter: string; used: number }[]; paymentMethod: { kind: string } | null };

async function overview(request: APIRequestContext, user: TTestUser, seed: TTestSeed): Promise<TOverview> {
  const res = await request.get(`/api/seeds/${seed.id}/billing`, { headers: user.headers });
  expect(res.status()).toBe(200);
  return (await res.json()) as TOverview;
}

const apiCallsOf = (o: TOverview) => o.usage.find((u) => u.meter === 'api.calls')?.used ?? 0;

/** A customer's PostgreSQL database with one table, published through the API builder with a key (dropped at the end). */
async function dataApi(request: APIRequestContext, user: TTestUser, seed: TTestSeed) {
  const name = `bill_e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const c = new pg.Client({ connectionString: PG_ADMIN.replace(/\/postgres$/, `/${name}`) });
  await c.connect();
  await c.query('CREATE TABLE products (id serial PRIMARY KEY, name text NOT NULL)');
  await c.query("INSERT INTO products (name) VALUES ('키보드'), ('마우스')");
  await c.end();
  const drop = async () => {
    const a = new pg.Client({ connectionString: PG_ADMIN });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
  };
  const base = `/api/seeds/${seed.id}/api-builder`;
  const headers = user.headers;
  const conn = await request.post(`${base}/connections`, {
    headers,
    data: { name: '상품 DB', engine: 'postgres', host: '127.0.0.1', port: 5432, database: name, user: 'postgres', password: '' },
  });
  expect(conn.status(), await conn.text()).toBe(201);
  const connectionId = ((await conn.json()) as { data: { id: string } }).data.id;
  const api = await request.post(`${base}/apis`, { headers, data: { connectionId, tables: [{ name: 'products', methods: ['GET'] }] } });
  expect(api.status(), await api.text()).toBe(201);
  const apiId = ((await api.json()) as { id: string }).id;
  const key = await request.post(`${base}/keys`, { headers, data: { name: '결제 e2e', apiId } });
  expect(key.status(), await key.text()).toBe(201);
  const apiKey = ((await key.json()) as { key: string }).key;
  return {
    drop,
    /** One data-API call with the key, as a customer's program makes it. */
    call: async () => {
      const res = await request.get(`/api/v1/${apiId}/products?select=id,name`, { headers: { apikey: apiKey } });
      expect(res.status()).toBe(200);
    },
  };
}

/** The fake Toss window: a test card that is approved at charge time; it returns to /admin/billing/card and then 구독. */
async function registerCard(page: Page) {
  await page.getByTestId('billing-payment').getByRole('button', { name: ui.payment.registerCard }).click();
  await expect(page).toHaveURL(/\/_fake\/billing-auth/);
  await page.getByLabel('카드 번호').fill('4330123412341234');
  await page.getByLabel('유효기간 (MM/YY)').fill('12/30');
  await page.getByLabel('생년월일 6자리 또는 사업자번호 10자리').fill('900101');
  await page.getByLabel('카드 비밀번호 앞 2자리').fill('12');
  await page.getByRole('button', { name: '카드 등록' }).click();
  await expect(page).toHaveURL(/\/admin\/billing$/);
  await expect(page.getByText(ui.cardReturn.saved).first()).toBeVisible();
  await expect(page.getByTestId('billing-payment')).toContainText(ui.payment.card);
}

/** 결제 내역 shows the invoice (number, 결제 완료, 카드, 합계, 세금계산서 발행 예정) and its 청구서 view. */
async function expectHistory(page: Page, invoice: TInvoice, label: string, phone: boolean) {
  await page.goto('/admin/billing/history');
  const row = page.locator(`[data-testid="invoice-row"][data-number="${invoice.number}"]`);
  await expect(row).toHaveCount(1);
  // A phone gets one card per invoice, a wide screen the table.
  await expect(page.getByRole(phone ? 'list' : 'table', { name: phone ? h.listLabel : undefined }).first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(phone ? 0 : 1);
  await expect(row).toHaveAttribute('data-status', 'paid');
  await expect(row.getByText(h.status.paid)).toBeVisible();
  await expect(row.getByText(h.methods.card)).toBeVisible();
  await expect(row.getByTestId('invoice-total')).toHaveText(`${invoice.total.toLocaleString('ko-KR')}원`);
  await expect(row.getByTestId('tax-invoice-state')).toHaveText(h.tax[invoice.taxInvoice.state as keyof typeof h.tax] as string);
  await expectNoSeriousA11yViolations(page, `history ${label}`);
  await expectNoHorizontalScroll(page, `history ${label}`);

  await row.getByRole('link', { name: h.openInvoice(invoice.number) }).click();
  await expect(page).toHaveURL(`/admin/billing/history/${invoice.id}`);
  await expect(page.getByTestId('invoice-number')).toHaveText(invoice.number);
  await expect(page.getByRole('region', { name: h.invoice.buyer })).toContainText(BUSINESS.name);
  await expect(page.getByTestId('invoice-document-total')).toHaveText(`${invoice.total.toLocaleString('ko-KR')}원`);
  await expect(page.getByTestId('invoice-totals')).toContainText(`${invoice.supply.toLocaleString('ko-KR')}원`);
  await expect(page.getByTestId('invoice-totals')).toContainText(`${invoice.vat.toLocaleString('ko-KR')}원`);
  await expect(page.getByTestId('invoice-tax')).toContainText(h.tax[invoice.taxInvoice.state as keyof typeof h.tax] as string);
  await expect(page.getByRole('link', { name: h.invoice.receipt })).toHaveAttribute('href', /^http:\/\/127\.0\.0\.1:\d+\//);
  await expect(page.getByRole('button', { name: h.invoice.print })).toBeVisible();
  await expectNoSeriousA11yViolations(page, `invoice ${label}`);
  await expectNoHorizontalScroll(page, `invoice ${label}`);
}

test('an owner moves from free to a paid plan with a card in the fake Toss window, sees the usage meter move after API calls, and finds the invoice and its 세금계산서 state in /admin/billing/history, at 1440 and 360 px', async ({
  user,
  seed,
  signedInPage: page,
  admin,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // The seed's business details, so its payments are invoiced by 세금계산서 (the form is the 구독 page's own test): a
  // company the (fake) NTS knows as 계속사업자.
  const nts = await page.request.post(`${process.env.E2E_FAKE_NTS_URL}/_fake/register`, {
    data: { b_no: BUSINESS.businessNumber.replace(/-/g, ''), status: 'active', taxType: 'general' },
  });
  expect(nts.ok()).toBe(true);
  const business = await page.request.put(`/api/seeds/${seed.id}/billing/business`, { headers: user.headers, data: BUSINESS });
  expect(business.status(), await business.text()).toBe(200);
  const before = await overview(page.request, user, seed);
  expect(before.plan.id).toBe('free');

  // 1440, light: free plan, no invoices yet.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/admin/billing/history');
  await expect(page.getByTestId('invoices-empty')).toContainText(h.emptyTitle);
  await page.goto('/admin/billing');
  await expect(page.getByTestId('plan-free')).toContainText(ui.change.current);
  await expectNoSeriousA11yViolations(page, 'billing free 1440');

  // A card through Toss's (fake) window, then 스타터 at once: the rest of the month is prorated and charged.
  await registerCard(page);
  await page.getByTestId('plan-starter').getByRole('button', { name: ui.change.choose }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(ui.change.confirmTitle(koBilling.plans.starter.name));
  await dialog.getByRole('button', { name: ui.change.confirm, exact: true }).click();
  await expect(page.getByText(ui.change.changed).first()).toBeVisible();
  await expect(page.getByTestId('billing-current')).toContainText(koBilling.plans.starter.name);
  const after = await overview(page.request, user, seed);
  expect(after.plan.id).toBe('starter');
  expect(after.paymentMethod?.kind).toBe('card');

  // Data-API calls move the meter once the metering flush has written them.
  const data = await dataApi(page.request, user, seed);
  try {
    const calls = 5;
    const start = apiCallsOf(after);
    const meter = page.getByTestId('billing-usage').getByRole('meter', { name: ui.usage.meterLabel(koBilling.meters['api.calls'].name) });
    await expect(meter).toHaveAttribute('aria-valuenow', String(start));
    for (let i = 0; i < calls; i++) await data.call();
    await expect.poll(async () => apiCallsOf(await overview(page.request, user, seed)), FLUSHED).toBeGreaterThanOrEqual(start + calls);
    const used = apiCallsOf(await overview(page.request, user, seed));
    await page.reload();
    await expect(meter).toHaveAttribute('aria-valuenow', String(used));
    await expect(page.getByTestId('meter-api.calls')).toContainText(`${used.toLocaleString('ko-KR')}회`);
  } finally {
    await data.drop();
  }
  await expectNoSeriousA11yViolations(page, 'billing starter 1440');

  // The proration invoice: paid by card, 세금계산서 awaiting the month's issue.
  const list = await page.request.get(`/api/seeds/${seed.id}/billing/invoices`, { headers: user.headers });
  expect(list.status()).toBe(200);
  const invoices = ((await list.json()) as { data: TInvoice[] }).data;
  expect(invoices).toHaveLength(1);
  const invoice = invoices[0]!;
  expect(invoice).toMatchObject({ status: 'paid', method: 'card', taxInvoice: { state: 'pending' } });
  expect(invoice.total).toBe(invoice.supply + invoice.vat);
  expect(invoice.vat).toBe(Math.floor(invoice.supply / 10));
  await expectHistory(page, invoice, 'light 1440', false);

  // 360, dark: the same, as cards; nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/admin/billing');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByTestId('billing-current')).toContainText(koBilling.plans.starter.name);
  await expectNoHorizontalScroll(page, 'billing at 360');
  await expectNoSeriousA11yViolations(page, 'billing dark 360');
  await expectHistory(page, invoice, 'dark 360', true);

  // The platform admin's 결제 내역: this month's paid revenue includes the invoice (other tests may add theirs).
  const month = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Seoul', year: 'numeric', month: '2-digit' }).format(new Date());
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  try {
    const operator = await context.newPage();
    await signInWithTokens(operator, admin.tokens);
    await operator.goto('/admin/billing/history');
    const revenue = operator.getByTestId('revenue-section');
    await expect(revenue.getByRole('heading', { name: h.revenue.title })).toBeVisible();
    const row = revenue.locator(`[data-testid="revenue-month"][data-month="${month}"]`);
    await expect(row).toBeVisible();
    const cells = (await row.getByRole('cell').allTextContents()).map((t) => Number(t.replace(/[^\d]/g, '')));
    expect(cells[0]).toBeGreaterThanOrEqual(1);
    expect(cells[3]).toBeGreaterThanOrEqual(invoice.total);
    await expectNoSeriousA11yViolations(operator, 'revenue 1440');
  } finally {
    await context.close();
  }
});

test('an owner paying by bank transfer finds the virtual account (copyable) in the 청구서 while it waits, and after the deposit the invoice is paid with a 현금영수증 (360 px, dark)', async ({
  user,
  seed,
  signedInPage: page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // 계좌이체 and 스타터 through the API (the 구독 page's buttons are the first test's): one invoice, a virtual account.
  const base = `/api/seeds/${seed.id}/billing`;
  expect((await page.request.post(`${base}/payment-methods/transfer`, { headers: user.headers })).status()).toBe(200);
  const change = await page.request.put(`${base}/plan`, { headers: user.headers, data: { planId: 'starter', interval: 'month' } });
  expect(change.status(), await change.text()).toBe(200);
  const list = (await (await page.request.get(`${base}/invoices`, { headers: user.headers })).json()) as { data: TInvoice[] };
  expect(list.data).toHaveLength(1);
  const invoice = list.data[0]!;
  expect(invoice).toMatchObject({ status: 'waiting_deposit', method: 'transfer' });
  const detail = (await (await page.request.get(`${base}/invoices/${invoice.id}`, { headers: user.headers })).json()) as {
    virtualAccount: { bank: string; accountNumber: string } | null;
  };
  const account = detail.virtualAccount!;

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/admin/billing/history');
  const row = page.locator(`[data-testid="invoice-row"][data-number="${invoice.number}"]`);
  await expect(row.getByText(h.status.waiting_deposit)).toBeVisible();
  await expect(row.getByText(h.methods.transfer)).toBeVisible();
  await row.getByRole('link', { name: h.openInvoice(invoice.number) }).click();
  const va = page.getByTestId('virtual-account');
  await expect(va).toContainText(account.bank);
  await expect(va.getByTestId('account-number')).toHaveText(account.accountNumber);
  await expect(va).toContainText(`${invoice.total.toLocaleString('ko-KR')}원`);
  await va.getByRole('button', { name: h.invoice.copy }).click();
  await expect(va.getByText(h.invoice.copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(account.accountNumber);
  await expectNoHorizontalScroll(page, 'waiting invoice at 360');
  await expectNoSeriousA11yViolations(page, 'waiting invoice dark 360');

  // The deposit arrives (Toss's DEPOSIT_CALLBACK): paid, and an individual gets a 현금영수증.
  const payments = (await (await page.request.get(`${process.env.E2E_FAKE_TOSS_URL}/_fake/payments`)).json()) as {
    payments: { orderId: string; virtualAccount?: { accountNumber: string } }[];
  };
  const payment = payments.payments.find((p) => p.virtualAccount?.accountNumber === account.accountNumber)!;
  const deposit = await page.request.post(`${process.env.E2E_FAKE_TOSS_URL}/_fake/deposit`, {
    data: { orderId: payment.orderId, webhookUrl: `${baseURL}/api/billing/webhooks/toss` },
  });
  expect(deposit.ok(), await deposit.text()).toBe(true);
  await expect
    .poll(async () => ((await (await page.request.get(`${base}/invoices/${invoice.id}`, { headers: user.headers })).json()) as TInvoice).status)
    .toBe('paid');
  await page.reload();
  await expect(page.getByTestId('invoice-status')).toHaveAttribute('data-status', 'paid');
  await expect(page.getByTestId('virtual-account')).toHaveCount(0);
  await expect(page.getByTestId('invoice-tax')).toContainText(h.tax['cash-receipt']);
  await expect(page.getByText(h.invoice.cashReceipt, { exact: true })).toBeVisible();
});
