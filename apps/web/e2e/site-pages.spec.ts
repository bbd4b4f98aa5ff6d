import { expect, test } from './fixtures/test';
import { expectNoHorizontalScroll, gotoApp, expectNoSeriousA11yViolations, SITE_PAGES, watchErrors, WIDTHS } from './fixtures/site';

test('every public page: Korean heading, title, description and Open Graph tags; no sideways scroll at 360–1440', async ({ page }) => {
  const errors = watchErrors(page);
  for (const { path, heading } of SITE_PAGES) {
    // One load per page at the widest width, then the narrower ones by resizing (the layout follows the viewport).
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
    await expect(page).toHaveTitle(/[가-힣]/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /[가-힣]/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', await page.title());
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /og-image\.png$/);
    for (const width of [...WIDTHS].reverse()) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
      await expectNoHorizontalScroll(page, `${path} @${width}`);
    }
  }
  // The unknown address answers 404 (issue 17), which the browser logs; nothing else may.
  expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
});

// One test per page (the two workers share the 40 axe runs; one test of them all ran last and alone for minutes). The
// public pages take the colour scheme when they load, so each page loads once per scheme; the widths are resizes.
for (const { path } of SITE_PAGES) {
  test(`no serious or critical axe-core violations in light and dark, desktop and phone: ${path}`, async ({ page }) => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 360, height: 900 });
      await page.goto(path);
      await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /dark/ : /^(?!.*dark)/);
      for (const width of [360, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoSeriousA11yViolations(page, `${path} ${scheme} @${width}`);
      }
    }
  });
}

test('open menus, dialogs and the mobile sheet pass axe too', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await gotoApp(page, '/');
  await page.getByRole('button', { name: '기업용 도구' }).hover();
  await expect(page.getByText('제품 개발 도구')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'company tools menu');
  await page.goto('/meeting-room');
  await page.getByRole('button', { name: '베타 신청하기' }).click();
  await expect(page.getByRole('dialog', { name: '베타 테스트 신청' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'beta dialog');
  await page.setViewportSize({ width: 360, height: 780 });
  await gotoApp(page, '/');
  await page.getByRole('button', { name: '메뉴 열기' }).click();
  await page.getByRole('dialog', { name: '메뉴' }).getByRole('button', { name: '생산성 도구' }).click();
  await expectNoSeriousA11yViolations(page, 'mobile sheet');
});

test('home: sections link to their pages; quick connect asks a visitor to log in', async ({ page }) => {
  await gotoApp(page, '/');
  const links: [string, string][] = [
    ['Slack AI 비서 알아보기', '/slack-ai'],
    ['회의실 예약 알아보기', '/meeting-room'],
    ['식사 관리 알아보기', '/food-manager'],
  ];
  for (const [name, href] of links) {
    await expect(page.getByRole('link', { name })).toHaveAttribute('href', href);
  }
  // The builders and the chatbot exist (beta): said so, with a way in — never "곧 만나요".
  await expect(page.getByText('곧 만나요')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: '베타로 먼저 써 보세요' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'API 빌더 시작하기' })).toHaveAttribute('href', '/admin/services/api-builder');
  await expect(page.getByText('로그인 후 이용할 수 있어요')).toBeVisible();
  await page.getByRole('button', { name: /Slack 빠른 연결/ }).click();
  const prompt = page.getByRole('dialog', { name: '로그인 필요' });
  await expect(prompt).toContainText('로그인이 필요한 서비스입니다. 로그인 하시겠습니까?');
  await prompt.getByRole('button', { name: '아니오' }).click();
  await expect(prompt).toBeHidden();
  await page.getByRole('button', { name: /Slack 빠른 연결/ }).click();
  await page.getByRole('dialog', { name: '로그인 필요' }).getByRole('button', { name: '예' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fslack-ai$/);
});

test('chat AI page: NEW badge, three features, coming-soon cards; connect asks a visitor to log in', async ({ page }) => {
  await page.goto('/slack-ai');
  await expect(page.getByText('NEW', { exact: true })).toBeVisible();
  for (const f of ['스레드 요약', 'LLM 채팅', '스마트 답변', '이용 가이드', '요금 안내']) {
    await expect(page.getByRole('heading', { name: f })).toBeVisible();
  }
  await expect(page.getByText('준비 중', { exact: true })).toHaveCount(2);
  await page.getByRole('button', { name: '내 워크스페이스 연결하기' }).click();
  await page.getByRole('dialog', { name: '로그인 필요' }).getByRole('button', { name: '예' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fslack-ai$/);
});

test('apply for beta: validated, stored on the server, toast after its answer; a repeat says so', async ({ page }) => {
  await page.goto('/meeting-room');
  for (const f of ['예약 관리', '실시간 현황', '자동 알림', '충돌 방지']) await expect(page.getByRole('heading', { name: f })).toBeVisible();
  await page.getByRole('button', { name: '베타 신청하기' }).click();
  const dialog = page.getByRole('dialog', { name: '베타 테스트 신청' });
  await expect(dialog.getByLabel('신청할 서비스')).toHaveValue('meeting-room');
  await dialog.getByRole('button', { name: '신청하기' }).click();
  await expect(dialog.getByText('이름을 입력해주세요')).toBeVisible();
  await expect(dialog.getByText('이메일을 입력해주세요')).toBeVisible();
  const email = `beta.${Date.now()}@example.com`;
  await dialog.getByLabel('이름').fill('홍길동');
  await dialog.getByLabel('이메일').fill(email);
  await dialog.getByLabel(/회사명/).fill('주식회사 예시');
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/beta-applications') && r.status() === 200);
  await dialog.getByRole('button', { name: '신청하기' }).click();
  await answered;
  await expect(page.getByText('베타 신청이 접수되었습니다')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: '베타 신청하기' }).click();
  await dialog.getByLabel('이름').fill('홍길동');
  await dialog.getByLabel('이메일').fill(email);
  await dialog.getByRole('button', { name: '신청하기' }).click();
  await expect(page.getByText('이미 신청하셨어요')).toBeVisible();
});

test('view demo: the live page behind login (meal manager, meeting rooms)', async ({ page }) => {
  await page.goto('/food-manager');
  for (const f of ['함께 주문', '공정하게 나누기', '마감 알림과 장부']) await expect(page.getByRole('heading', { name: f })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(/투표|도착/);
  await page.getByRole('button', { name: '데모 보기' }).click();
  await page.getByRole('dialog', { name: '로그인 필요' }).getByRole('button', { name: '예' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fservices%2Fmeal$/);
  await page.goto('/meeting-room');
  await page.getByRole('button', { name: '데모 보기' }).click();
  await page.getByRole('dialog', { name: '로그인 필요' }).getByRole('button', { name: '예' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fservices%2Fschedule$/);
});

test('about: pain points, target teams, vision, founder, services from the one catalogue (no unsourced figures)', async ({ page }) => {
  await page.goto('/about');
  for (const t of ['인프라 복잡성', '들쭉날쭉한 개발 속도와 품질', '비즈니스 인사이트 부족', '스타트업', '중소기업', '비전']) {
    await expect(page.getByRole('heading', { name: t, exact: true })).toBeVisible();
  }
  await expect(page.getByText(/개발 현장에서/)).toBeVisible();
  // Issue 17: no inconsistent years, no progress percentages or savings claims without a source.
  const text = await page.locator('main').innerText();
  expect(text).not.toMatch(/1[89]년|95\s?%|90\s?%|85\s?%|70\s?%/);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  for (const name of ['Slack AI 비서', '회의실 예약', '식사 관리', 'API 빌더', '어드민 페이지 빌더', 'AI 고객 상담 챗봇']) {
    await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  }
});

const SUCCESS: [string, RegExp, string | null, boolean][] = [
  ['signup', /회원가입이 완료되었습니다/, '/login', true],
  ['payment', /결제가 완료되었습니다/, '/dashboard', true],
  ['save', /저장되었습니다/, null, false],
  ['submit', /제출되었습니다/, '/dashboard', false],
  ['verify', /인증이 완료되었습니다/, '/dashboard', true],
  ['update', /수정되었습니다/, null, false],
  ['delete', /삭제되었습니다/, '/', false],
  ['send', /전송되었습니다/, '/dashboard', false],
  ['email', /이메일을 보냈습니다/, null, false],
  ['slack_oauth', /Slack 워크스페이스가 연결되었습니다/, '/slack-ai', false],
  ['slack_already_installed', /이미 연결된 워크스페이스입니다/, '/slack-ai', false],
  ['default', /완료되었습니다/, null, false],
];

test('/success: every type, its primary action, sparkles only for signup/payment/verify, 3 s celebration', async ({ page }) => {
  for (const [type, title, action, sparkles] of SUCCESS) {
    await page.goto(`/success?type=${type}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByTestId('celebration')).toBeVisible();
    await expect(page.getByTestId('sparkle')).toHaveCount(sparkles ? 6 : 0);
    const buttons = page.getByRole('main').getByRole('link');
    if (action) await expect(buttons.nth(1)).toHaveAttribute('href', action);
    else await expect(buttons).toHaveCount(1);
  }
  await expect(page.getByTestId('celebration')).toBeHidden({ timeout: 4_000 });
  await page.goto('/success?type=slack_oauth&workspace_name=우리팀&workspace_id=T123&next=/dashboard&message=연결 완료');
  await expect(page.getByText('우리팀')).toBeVisible();
  await expect(page.getByText('T123')).toBeVisible();
  await expect(page.getByText('연결 완료')).toBeVisible();
  await expect(page.getByRole('link', { name: '계속하기' })).toHaveAttribute('href', '/dashboard');
  await page.goto('/success?type=save&next=//evil.example');
  await expect(page.getByRole('link', { name: '계속하기' })).toHaveCount(0);
});

const HTTP: [string, RegExp][] = [
  ['400', /잘못된 요청입니다/],
  ['401', /인증이 필요합니다/],
  ['403', /접근 권한이 없습니다/],
  ['404', /페이지를 찾을 수 없습니다/],
  ['500', /서버 오류가 발생했습니다/],
  ['502', /게이트웨이 오류입니다/],
  ['503', /서비스를 일시적으로 사용할 수 없습니다/],
  ['999', /서버 오류가 발생했습니다/],
];
const OAUTH = [
  'invalid_request',
  'invalid_state',
  'token_exchange_failed',
  'workspace_save_failed',
  'workspace_already_installed',
  'access_denied',
  'config_error',
  'internal_error',
];

test('/error: every HTTP code (unknown → 500) and every chat OAuth code with badge, three suggestions and retry', async ({ page }) => {
  for (const [code, title] of HTTP) {
    await page.goto(`/error?code=${code}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByTestId('error-code')).toHaveText(`오류 ${code === '999' ? '500' : code}`);
    await expect(page.getByRole('region', { name: '이렇게 해보세요' }).getByRole('listitem')).toHaveCount(3);
  }
  const titles = new Set<string>();
  for (const code of OAUTH) {
    await page.goto(`/error?error=${code}`);
    await expect(page.getByTestId('error-code')).toHaveText('OAuth');
    titles.add((await page.getByRole('heading', { level: 1 }).textContent()) ?? '');
    await expect(page.getByRole('region', { name: '이렇게 해보세요' }).getByRole('listitem')).toHaveCount(3);
  }
  expect(titles.size).toBe(OAUTH.length);
  await page.goto('/error?code=access_denied&message=사용자가 거부했습니다');
  await expect(page.getByRole('alert')).toContainText('사용자가 거부했습니다');
  await page.getByRole('button', { name: '다시 시도' }).click();
  await expect(page).toHaveURL(/\/slack-ai$/);
});

test('unknown routes show the 404 screen inside the site layout', async ({ page }) => {
  await page.goto('/definitely/not/here');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('페이지를 찾을 수 없습니다');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await page.getByRole('main').getByRole('link', { name: '홈으로' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('robots.txt and sitemap.xml list the public pages', async ({ request, baseURL }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const p of ['/', '/about', '/slack-ai', '/meeting-room', '/food-manager', '/terms', '/privacy']) {
    expect(sitemap).toContain(`<loc>${baseURL}${p}</loc>`);
  }
});
