import { expect, test } from './fixtures/test';
import { catalogueEntry, isAvailable } from '../../../packages/shared/src/catalogue';
import { gotoApp, signInAs, waitForApp, watchErrors } from './fixtures/site';

test.describe('site header on desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('company tools and customer tools dropdowns: columns, live links, disabled items with badge and tooltip', async ({ page }) => {
    const errors = watchErrors(page);
    await gotoApp(page, '/');
    const nav = page.getByRole('navigation', { name: '주 메뉴' });
    const company = nav.getByRole('button', { name: '기업용 도구' });
    await company.hover();
    await expect(page.getByText('제품 개발 도구')).toBeVisible();
    await expect(page.getByText('팀 도구', { exact: true })).toBeVisible();
    // Live tools link to their pages.
    await expect(nav.getByRole('link', { name: /^Slack AI 비서 멘션하면/ })).toHaveAttribute('href', '/slack-ai');
    await expect(nav.getByRole('link', { name: /^회의실 예약 빈 회의실/ })).toHaveAttribute('href', '/meeting-room');
    await expect(nav.getByRole('link', { name: /^식사 관리 메뉴는/ })).toHaveAttribute('href', '/food-manager');
    // Services of the catalogue follow it: usable → a link (public page, else console page); else disabled 개발 중.
    for (const [id, title] of [
      ['api-builder', 'API 빌더'],
      ['admin-builder', '어드민 페이지 빌더'],
    ] as const) {
      const entry = catalogueEntry(id);
      if (isAvailable(entry.status)) {
        await expect(nav.getByRole('link', { name: new RegExp(`^${title} `) })).toHaveAttribute('href', entry.sitePath ?? entry.consolePath ?? '');
      } else {
        const item = page.locator('[aria-disabled="true"]', { hasText: title });
        await expect(item).toContainText('개발 중');
        await expect(item).toHaveAttribute('data-status', 'development');
        await item.focus();
        await expect(page.getByRole('tooltip', { name: '현재 개발 중입니다. 곧 만나보실 수 있어요.' })).toBeVisible();
      }
    }
    // 'waiting' (grey) items: disabled, badge, tooltip.
    const metrics = page.locator('[aria-disabled="true"]', { hasText: '지표 대시보드' });
    await expect(metrics).toContainText('개발 예정');
    await metrics.hover();
    await expect(page.getByRole('tooltip', { name: '출시 예정입니다. 조금만 기다려주세요.' })).toBeVisible();
    await metrics.click({ force: true });
    await expect(page).toHaveURL(/\/$/);

    // Customer tools: 'AI tools' and 'service tools'.
    await page.mouse.move(0, 500);
    await nav.getByRole('button', { name: '고객 도구' }).hover();
    await expect(page.getByText('AI 도구', { exact: true })).toBeVisible();
    await expect(page.getByText('서비스 도구', { exact: true })).toBeVisible();
    const chatbot = catalogueEntry('ai-chatbot');
    if (isAvailable(chatbot.status)) {
      await expect(nav.getByRole('link', { name: /^AI 고객 상담 챗봇 / })).toHaveAttribute('href', chatbot.sitePath ?? chatbot.consolePath ?? '');
    } else {
      await expect(page.locator('[aria-disabled="true"]', { hasText: 'AI 고객 상담 챗봇' })).toBeVisible();
    }

    // Keyboard: open with Enter, close with Escape.
    await page.mouse.move(0, 500);
    // The hover menus close after a delay: start the keyboard check from a closed menu (Enter toggles it).
    await expect(company).toHaveAttribute('aria-expanded', 'false');
    // Under load (parallel workers on two cores) Radix can still be settling the hover close when Enter arrives and
    // drop the key: press again until it opens (Enter must still be what opens it).
    await expect(async () => {
      await company.focus();
      await page.keyboard.press('Enter');
      await expect(company).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    await expect(company).toHaveAttribute('aria-expanded', 'false');

    await nav.getByRole('link', { name: '소개' }).click();
    await expect(page).toHaveURL(/\/about$/);
    // The header's API link goes to the API builder (its public page, else its console page), never to '/'.
    const apiBuilder = catalogueEntry('api-builder');
    await expect(nav.getByRole('link', { name: 'API 빌더', exact: true })).toHaveAttribute('href', apiBuilder.sitePath ?? apiBuilder.consolePath ?? '');
    await company.hover();
    await nav.getByRole('link', { name: /^Slack AI 비서 멘션하면/ }).click();
    await expect(page).toHaveURL(/\/slack-ai$/);
    expect(errors).toEqual([]);
  });

  test('theme toggle switches dark and light, persists across a reload, and applies before the app runs', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await gotoApp(page, '/');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: '다크 모드 전환' }).click();
    await expect(html).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    // No flash: with the app's script held back, theme-init.js (a classic script in <head>) has already set the class.
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const reload = page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.className).catch(() => '')).toContain('dark');
    // What shows meanwhile is the build's prerendered first paint of '/', already in the dark theme.
    await expect(page.locator('#root h1')).toContainText('비즈니스에만 집중하세요');
    release();
    await reload;
    await waitForApp(page);
    await page.unroute(/\/assets\/index-[^/]+\.js$/);
    await expect(html).toHaveClass(/dark/);
    await page.getByRole('button', { name: '다크 모드 전환' }).click();
    await expect(html).not.toHaveClass(/dark/);
    await page.reload();
    await waitForApp(page);
    await expect(html).not.toHaveClass(/dark/);
  });

  test('layout toggle: Korean tooltips, wide and compact widths, persisted under layout-mode', async ({ page }) => {
    await page.goto('/about');
    const toWide = page.getByRole('button', { name: '와이드 레이아웃으로 전환' });
    await toWide.hover();
    const tip = page.getByTestId('layout-tooltip');
    await expect(tip).toHaveText('와이드 레이아웃으로 전환');
    await expect(tip).toHaveCSS('opacity', '1');
    const content = page.locator('main [data-layout-mode]').first();
    await expect(content).toHaveAttribute('data-layout-mode', 'compact');
    const compactWidth = (await content.boundingBox())!.width;
    expect(compactWidth).toBeLessThanOrEqual(1280);
    await toWide.click();
    await expect(content).toHaveAttribute('data-layout-mode', 'wide');
    expect((await content.boundingBox())!.width).toBeGreaterThan(1400);
    expect(await page.evaluate(() => localStorage.getItem('layout-mode'))).toBe('wide');
    await page.reload();
    await expect(page.getByRole('button', { name: '컴팩트 레이아웃으로 전환' })).toBeVisible();
    await expect(page.locator('main [data-layout-mode]').first()).toHaveAttribute('data-layout-mode', 'wide');
    await page.getByRole('button', { name: '컴팩트 레이아웃으로 전환' }).click();
    await expect(page.locator('main [data-layout-mode]').first()).toHaveAttribute('data-layout-mode', 'compact');
  });

  test('every path change scrolls back to the top', async ({ page }) => {
    await gotoApp(page, '/');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole('contentinfo').getByRole('link', { name: '이용약관' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('signed in: avatar, profile menu (정보 수정, theme, layout), console link and logout', async ({ signedInPage: page, user }) => {
    await gotoApp(page, '/');
    await expect(page.getByRole('link', { name: '콘솔' })).toHaveAttribute('href', '/admin');
    await page.getByRole('button', { name: '프로필 메뉴' }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText(user.email);
    await expect(menu.getByRole('menuitem', { name: '정보 수정' })).toBeVisible();
    await menu.getByRole('menuitemradio', { name: '다크' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.getByRole('button', { name: '프로필 메뉴' }).click();
    await page.getByRole('menuitemradio', { name: '와이드' }).click();
    expect(await page.evaluate(() => localStorage.getItem('layout-mode'))).toBe('wide');
    await page.getByRole('button', { name: '프로필 메뉴' }).click();
    await expect(page.getByRole('menuitemradio', { name: '시스템' })).toHaveAttribute('aria-checked', 'false');
    await page.getByRole('menuitem', { name: '정보 수정' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await page.getByRole('banner').getByRole('button', { name: '로그아웃' }).click();
    await expect(page.getByText('로그아웃되었습니다')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: '로그인' })).toBeVisible();
  });

  test('footer: company line from the server configuration (COMPANY_*), legal pages', async ({ page }) => {
    await gotoApp(page, '/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('사업자등록번호');
    await expect(footer).toContainText('대표');
    // Every usable service is listed, the customer tools (the AI chatbot) included.
    const chatbot = catalogueEntry('ai-chatbot');
    if (isAvailable(chatbot.status))
      await expect(footer.getByRole('link', { name: 'AI 고객 상담 챗봇' })).toHaveAttribute('href', chatbot.sitePath ?? chatbot.consolePath ?? '');
    await footer.getByRole('link', { name: '개인정보 처리방침' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '개인정보 처리방침' })).toBeVisible();
    // The version in force (the newest; policy-versions.ts): its date in the heading and in the closing sentence.
    const since = (await page.getByText(/^시행일: \d{4}년 \d{1,2}월 \d{1,2}일$/).textContent())!.replace('시행일: ', '');
    expect(since >= '2026년 11월 27일').toBe(true);
    await expect(page.getByText(`이 개인정보 처리방침은 ${since}부터 적용됩니다.`)).toBeVisible();
    await footer.getByRole('link', { name: '이용약관' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '이용약관' })).toBeVisible();
    await expect(page.getByText('제1조 (시행일) 이 약관은 2025년 9월 1일부터 시행합니다.')).toBeVisible();
  });
});

test.describe('site header on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('open menu: sheet titled 메뉴 with the collapsible groups, links and account block; keyboard closes it', async ({ page }) => {
    await gotoApp(page, '/');
    await expect(page.getByRole('button', { name: '와이드 레이아웃으로 전환' })).toBeHidden();
    const open = page.getByRole('button', { name: '메뉴 열기' });
    await open.click();
    const sheet = page.getByRole('dialog', { name: '메뉴' });
    await expect(sheet).toBeVisible();
    const productivity = sheet.getByRole('button', { name: '생산성 도구' });
    await expect(productivity).toHaveAttribute('aria-expanded', 'false');
    await productivity.click();
    for (const t of ['API 빌더', '어드민 페이지 빌더', '지표 대시보드', 'Slack AI 비서', '회의실 예약', '식사 관리']) {
      // 'API 빌더' is also the sheet's own link (below): the group's entry is the first.
      await expect(sheet.getByText(t, { exact: true }).first()).toBeVisible();
    }
    await sheet.getByRole('button', { name: '고객 서비스' }).click();
    await expect(sheet.getByText('AI 고객 상담 챗봇', { exact: true })).toBeVisible();
    await expect(sheet.getByText('세금계산서 자동 신고')).toHaveCount(0);
    const apiBuilder = catalogueEntry('api-builder');
    await expect(sheet.getByRole('link', { name: 'API 빌더', exact: true })).toHaveAttribute('href', apiBuilder.sitePath ?? apiBuilder.consolePath ?? '');
    await expect(sheet.getByRole('link', { name: '로그인' })).toHaveAttribute('href', '/login');
    await expect(sheet.getByRole('link', { name: '회원가입' })).toHaveAttribute('href', '/signup');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(open).toBeFocused();
    // A live tool closes the sheet and navigates.
    await open.click();
    const again = page.getByRole('dialog', { name: '메뉴' });
    await again.getByRole('button', { name: '생산성 도구' }).click();
    await expect(again.getByRole('button', { name: '생산성 도구' })).toHaveAttribute('aria-expanded', 'true');
    const meal = again.getByRole('link', { name: /식사 관리/ });
    await expect(meal).toBeInViewport();
    // On a loaded machine a click can land while the group is still unfolding; it is the navigation that counts.
    await expect(async () => {
      if (!page.url().endsWith('/food-manager')) await meal.click({ timeout: 2_000 });
      await expect(page).toHaveURL(/\/food-manager$/, { timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole('dialog', { name: '메뉴' })).toBeHidden();
  });

  test('signed in: the sheet shows avatar, name, email, console and logout', async ({ page, request }) => {
    const user = await signInAs(page, request, 'Jane Doe');
    await gotoApp(page, '/');
    await page.getByRole('button', { name: '메뉴 열기' }).click();
    const sheet = page.getByRole('dialog', { name: '메뉴' });
    await expect(sheet).toContainText('Jane Doe');
    await expect(sheet).toContainText(user.email);
    await expect(sheet.getByText('JD', { exact: true })).toBeVisible();
    await expect(sheet.getByRole('link', { name: '콘솔' })).toHaveAttribute('href', '/admin');
    await sheet.getByRole('button', { name: '로그아웃' }).click();
    await expect(page.getByText('로그아웃되었습니다')).toBeVisible();
  });
});
