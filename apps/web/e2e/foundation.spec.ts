import { expect, test } from '@playwright/test';

test('home page is Korean and set in Pretendard', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('컴퍼니 툴즈');
  const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(family).toContain('Pretendard');
  // The Korean glyphs really come from the self-hosted Pretendard files.
  await page.evaluate(() => document.fonts.ready);
  const loaded = await page.evaluate(() => document.fonts.check('16px "Pretendard Variable"', '컴퍼니'));
  expect(loaded).toBe(true);
  expect(errors).toEqual([]);
});

test('unknown API paths answer in Korean JSON', async ({ request }) => {
  const res = await request.post('/api/anything', { data: '{bad', headers: { 'content-type': 'application/json' } });
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
});
