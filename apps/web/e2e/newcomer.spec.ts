import { CONSOLE_ROUTES } from '../../../packages/shared/src/app-routes';
import { E2E_COMPANY } from './fixtures/company';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, gotoApp, watchErrors } from './fixtures/site';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';

/** What a new user tripped on (issue 17): each test walks one of the defects as a user would. */

// Pattern routes with a parameter (a meal round) are pages of a record, walked by their own specs.
const consolePaths = CONSOLE_ROUTES.filter((r) => !r.includes('/:')).map((r) => r.replace(/\/\*$/, ''));

/** Opens a console page as a platform admin of its own with no seed selected, and waits for its loaded h1. */
async function openConsolePage(page: Page, path: string) {
  await page.goto(path);
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toBeVisible();
  await expect(page.getByText('로딩 중...')).toHaveCount(0);
  return (await h1.textContent())!.trim();
}

// The walk is cut into slices of five pages, each a test of its own, so that the two workers share it (one test of
// 25 pages with 50 axe runs ran last and alone for minutes). A platform admin of its own with no seed selected, as
// the walk has always run (the chatbot page's own title is an h2 under the console's h1, so a selected seed would not
// add a second h1 either).
const SLICE = 5;
for (let from = 0; from < consolePaths.length; from += SLICE) {
  const paths = consolePaths.slice(from, from + SLICE);
  test(`console pages ${from + 1}–${from + paths.length}: own header, one active menu entry, no sideways scroll at 360 px, no serious axe violation`, async ({
    adminPage: page,
  }) => {
    // Five pages, two axe runs each: about a minute on a quiet machine, up to two on a busy one.
    test.setTimeout(240_000);
    for (const path of paths) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.emulateMedia({ colorScheme: 'light' });
      const title = await openConsolePage(page, path);
      expect(title, path).not.toBe('');
      if (path !== '/admin') expect(title, `${path} shows the dashboard's header`).not.toBe('관리자 콘솔 대시보드');
      // At most one highlighted entry (pages outside the menu, such as /admin/seeds, have none).
      expect(await page.locator('aside [aria-current="page"]').count(), path).toBeLessThanOrEqual(1);
      await expectNoSeriousA11yViolations(page, `${path} light 1440`);

      await page.setViewportSize({ width: 360, height: 780 });
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect(page.locator('html')).toHaveClass(/dark/);
      await expectNoHorizontalScroll(page, `${path} at 360`);
      await expectNoSeriousA11yViolations(page, `${path} dark 360`);
    }
  });
}

test('every console page has a title of its own; the billing history highlights only itself', async ({ adminPage: page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const titles = new Map<string, string>();
  for (const path of consolePaths) titles.set(path, await openConsolePage(page, path));
  const all = [...titles.values()];
  expect(new Set(all).size, JSON.stringify(Object.fromEntries(titles))).toBe(all.length);

  // The billing history: its own title, and only '결제 내역' highlighted (not '구독' too).
  await page.goto('/admin/billing/history');
  await expect(page.getByRole('heading', { level: 1, name: '결제 내역' })).toBeVisible();
  await expect(page.locator('aside [aria-current="page"]')).toHaveCount(1);
  await expect(page.locator('aside [aria-current="page"]')).toHaveText(/결제 내역/);
});

test('empty search results say what was searched and clear back to the list', async ({ adminPage: page }) => {
  await page.goto('/admin/users');
  await expect(page.getByTestId('user-row').first()).toBeVisible();
  // '#' never occurs in the fixtures' addresses (random base-36 parts can contain 'zzz': one run in ~80 found a user).
  await page.getByRole('searchbox', { name: '사용자 검색' }).fill('zzz#');
  await expect(page.getByText('"zzz#"에 대한 검색 결과가 없습니다.')).toBeVisible();
  await expect(page.getByText('등록된 사용자가 없습니다')).toHaveCount(0);
  await page.getByRole('button', { name: '검색 지우기' }).click();
  await expect(page.getByTestId('user-row').first()).toBeVisible();

  // The audit log shows actions in Korean, not codes, and its search says the same.
  await page.getByRole('tab', { name: '감사 로그' }).click();
  await expect(page.getByRole('tabpanel').getByText('로그인', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('tabpanel').getByText(/^auth\.login$/)).toHaveCount(0);
  await page.getByRole('searchbox', { name: '작업자 또는 대상 검색' }).fill('zzz-nobody');
  await expect(page.getByText('"zzz-nobody"에 대한 검색 결과가 없습니다.')).toBeVisible();
});

test('a new member: the console says what to do next, the dashboard lists what works now', async ({ signedInPage: page }) => {
  await page.goto('/admin');
  const guide = page.getByTestId('no-seeds');
  await expect(guide).toContainText('아직 속한 시드가 없습니다');
  await expect(guide).toContainText('초대를 요청하세요');
  await guide.getByRole('button', { name: '새 시드 만들기' }).click();
  const dialog = page.getByRole('dialog', { name: '새 시드 만들기' });
  await dialog.locator('input[name="seed_name"]').fill('신입 팀');
  await dialog.getByRole('button', { name: '만들기' }).click();
  await expect(dialog).toBeHidden();
  await expect(guide).toBeHidden();

  await page.goto('/dashboard');
  await expect(page.getByText('서비스 준비 중')).toHaveCount(0);
  const services = page.getByTestId('dashboard-services');
  await services.getByRole('link', { name: 'Slack AI 비서 열기' }).click();
  await expect(page).toHaveURL('/admin/services/slack-ai');
  await page.goto('/dashboard');
  await page.getByTestId('dashboard-services').getByRole('link', { name: '회의실 예약 열기' }).click();
  await expect(page).toHaveURL('/admin/services/schedule');
});

test('Slack without credentials: plain Korean and the beta form for members, the setup guide for admins only', async ({
  signedInPage: page,
  user: member,
  request,
}) => {
  // This server has Slack credentials; the public configuration is answered as a server without them would.
  await page.route('**/api/auth/config', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), slackAvailable: false } });
  });
  await gotoApp(page, '/slack-ai');
  const preparing = page.getByTestId('slack-preparing');
  await expect(preparing).toContainText('Slack 연결을 준비하고 있습니다');
  await expect(page.getByRole('button', { name: '내 워크스페이스 연결하기' })).toHaveCount(0);
  await preparing.getByRole('button', { name: '베타 신청하기' }).click();
  await expect(page.getByRole('dialog', { name: '베타 테스트 신청' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await page.locator('body').innerText()).not.toMatch(/SLACK_|CLIENT_ID|CLIENT_SECRET/);

  await gotoApp(page, '/');
  await expect(page.getByText('Slack 연결은 준비 중입니다.')).toBeVisible();

  // The member cannot see the setup guide (the server refuses it too).
  expect((await request.get('/api/admin/integrations', { headers: member.headers })).status()).toBe(403);
  await page.goto('/admin/settings/integrations');
  await expect(page.getByText('관리자만 볼 수 있는 페이지입니다.')).toBeVisible();
  await expect(page.getByText('SLACK_CLIENT_ID')).toHaveCount(0);
});

test('the platform admin sees each integration as configured or not, with what to set', async ({ adminPage: page }) => {
  await page.goto('/admin/settings/integrations');
  await expect(page.getByRole('heading', { level: 1, name: '연동 상태' })).toBeVisible();
  await expect(page.getByTestId('integration-slack')).toContainText('설정됨');
  await expect(page.getByTestId('integration-slack')).toContainText('SLACK_CLIENT_ID');
  await expect(page.getByTestId('integration-google')).toContainText('설정 필요');
  await expect(page.getByTestId('integration-google')).toContainText('GOOGLE_CLIENT_ID');
  await expect(page.getByTestId('integration-mail')).toContainText('SMTP_URL');
  await expect(page.getByTestId('integration-llm')).toContainText('설정됨');
});

test('the company details come from configuration: footer, terms and privacy policy, nothing invented', async ({ page }) => {
  const c = E2E_COMPANY;
  await gotoApp(page, '/');
  const footer = page.getByTestId('company-details');
  for (const v of [
    c.COMPANY_NAME,
    c.COMPANY_REPRESENTATIVE,
    c.COMPANY_BUSINESS_NUMBER,
    c.COMPANY_MAIL_ORDER_NUMBER,
    c.COMPANY_ADDRESS,
    c.COMPANY_EMAIL,
    c.COMPANY_PHONE,
  ]) {
    await expect(footer).toContainText(v);
  }
  await expect(footer).toContainText(`통신판매업 신고번호 ${c.COMPANY_MAIL_ORDER_NUMBER}`);
  const body = await page.locator('body').innerText();
  expect(body).not.toMatch(/홍길동|000-00-00000|등록 예정|support@example\.com/);
  for (const path of ['/terms', '/privacy']) {
    await gotoApp(page, path);
    const details = page.getByTestId('legal-company-details');
    await expect(details).toContainText(`사업자등록번호: ${c.COMPANY_BUSINESS_NUMBER}`);
    await expect(details).toContainText(`대표: ${c.COMPANY_REPRESENTATIVE}`);
    await expect(page.locator('main')).toContainText(`${c.COMPANY_NAME}(이하 "회사")`);
  }
});

test('unknown addresses answer 404 with the not-found page; /favicon.ico exists; direct loads warn about nothing', async ({ page, request }) => {
  const res = await request.get('/no-such-page', { headers: { accept: 'text/html' } });
  expect(res.status()).toBe(404);
  expect(res.headers()['content-type']).toContain('text/html');
  expect((await request.get('/admin/no-such-page', { headers: { accept: 'text/html' } })).status()).toBe(404);
  expect((await request.get('/about', { headers: { accept: 'text/html' } })).status()).toBe(200);
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/icon/);

  const warnings: string[] = [];
  page.on('console', (m) => warnings.push(m.text()));
  const errors = watchErrors(page);
  const nav = await page.goto('/no-such-page');
  expect(nav?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '페이지를 찾을 수 없습니다' })).toBeVisible();
  for (const path of ['/about', '/login', '/terms']) {
    await gotoApp(page, path);
  }
  expect(warnings.filter((w) => /HydrateFallback/.test(w))).toEqual([]);
  expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
});
