import { statSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ko } from '@suite/shared';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from './fixtures/site';
import { expect, test } from './fixtures/test';

const t = ko.privacy.settingsUi;
/** The export is made by the e2e server's job runner (JOBS_INTERVAL_MS, 5 s by default): a few ticks at most. */
const EXPORT_WAIT = 45_000;

const section = (page: Page, title: string) => page.locator('[aria-labelledby]').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function checkLayout(page: Page, label: string) {
  // A toast (the house toaster, top-center; the caller waited for it to show) is let go first: this checks the page.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoHorizontalScroll(page, label);
  await expectNoSeriousA11yViolations(page, label);
}

for (const width of [1440, 360] as const) {
  test(`개인정보 관리 @${width}: download my data, withdraw marketing, delete the account, sign in again and cancel`, async ({
    signedInPage: page,
    user,
    request,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/settings/privacy');
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();

    // 내 데이터 다운로드: requested, made by the job, downloaded as a ZIP that is not empty.
    const exp = section(page, t.export.title);
    await exp.getByRole('button', { name: t.export.request }).click();
    // The job runner may build the file before the pending state is seen: either state shows at once.
    const link = exp.getByRole('link', { name: /ZIP 다운로드/ });
    await expect(exp.getByText(t.export.pending).or(link)).toBeVisible();
    await expect(page.getByText(t.export.requested)).toBeVisible();
    await checkLayout(page, `privacy pending @${width}`);
    await expect(link).toBeVisible({ timeout: EXPORT_WAIT });
    await expect(exp.getByText(/까지 받을 수 있습니다\./)).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    expect(statSync(await download.path()).size).toBeGreaterThan(0);

    // 동의 관리: marketing granted then withdrawn; each state survives a reload; the night consent follows marketing.
    const consents = () => section(page, t.consents.title);
    const marketing = () => consents().getByRole('checkbox', { name: t.consents.kinds.marketing });
    const night = () => consents().getByRole('checkbox', { name: t.consents.kinds.marketingNight });
    await expect(marketing()).toHaveAttribute('aria-checked', 'false');
    await expect(night()).toBeDisabled();
    await marketing().click();
    await expect(page.getByText(t.consents.saved(true))).toBeVisible();
    await expect(night()).toBeEnabled();
    await page.reload();
    await expect(marketing()).toHaveAttribute('aria-checked', 'true');
    await expect(
      consents()
        .getByText(/마지막 변경 \d{4}년/)
        .first(),
    ).toBeVisible();
    await marketing().click();
    await expect(page.getByText(t.consents.saved(false))).toBeVisible();
    await page.reload();
    await expect(marketing()).toHaveAttribute('aria-checked', 'false');
    await expect(night()).toBeDisabled();

    // 내 정보를 받은 외부 서비스: every listed service says whether it is set up and whether it got this person's data.
    const recipients = section(page, t.recipients.title);
    await expect(recipients.locator('li').first()).toBeVisible();
    await checkLayout(page, `privacy @${width}`);

    // 계정 삭제: the password, then every session ends and the app signs out to /login with the date.
    await section(page, t.deletion.title).getByRole('button', { name: t.deletion.start }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByText(t.deletion.byPassword)).toBeVisible();
    await checkLayout(page, `privacy delete dialog @${width}`);
    await dialog.getByLabel(t.deletion.password, { exact: true }).fill(user.password);
    await dialog.getByRole('button', { name: t.deletion.confirm }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText(/계정이 \d{4}년 \d{1,2}월 \d{1,2}일에 삭제됩니다/)).toBeVisible();
    expect((await request.get('/api/me', { headers: user.headers })).status()).toBe(401);

    // Signed in again (the deletion mail links to /settings/privacy, which asks for the sign-in first): the pending
    // deletion is announced at the top, and on /dashboard too.
    await page.goto('/settings/privacy');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings%2Fprivacy/);
    await page.locator('input[name="email"]').fill(user.email);
    await page.locator('input[name="password"]').fill(user.password);
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await expect(page).toHaveURL(/\/settings\/privacy$/);
    const banner = page.getByTestId('deletion-banner');
    await expect(banner.getByText(/\d{4}년 \d{1,2}월 \d{1,2}일에 삭제될 예정입니다/)).toBeVisible();
    await page.goto('/dashboard');
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: t.banner.manage })).toHaveAttribute('href', '/settings/privacy');
    await expectNoHorizontalScroll(page, `dashboard banner @${width}`);
    await page.goto('/settings/privacy');
    await expect(banner).toBeVisible();
    await checkLayout(page, `privacy pending deletion @${width}`);
    // The site takes the colour scheme when a page loads.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(banner).toBeVisible();
    await checkLayout(page, `privacy pending deletion dark @${width}`);
    await banner.getByRole('button', { name: t.banner.cancel }).click();
    await expect(page.getByText(t.banner.cancelled)).toBeVisible();
    await expect(banner).toBeHidden();

    // The account works: its data is there and a deletion can be asked for again.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await expect(section(page, t.deletion.title).getByRole('button', { name: t.deletion.start })).toBeVisible();
    await expect(section(page, t.export.title).getByRole('link', { name: /ZIP 다운로드/ })).toBeVisible();
    await page.goto('/settings');
    await expect(page.locator('#email-readonly')).toHaveValue(user.email);
  });
}
