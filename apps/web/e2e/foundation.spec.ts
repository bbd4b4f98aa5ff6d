import { expect, test } from './fixtures/test';

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
  // The Korean glyphs really come from the self-hosted Pretendard files: ask the renderer which font drew the heading.
  await page.evaluate(() => document.fonts.ready);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'h1' });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  expect(fonts.length).toBeGreaterThan(0);
  for (const f of fonts) expect(f, JSON.stringify(fonts)).toMatchObject({ familyName: 'Pretendard Variable', isCustomFont: true });
  expect(errors).toEqual([]);
});

test('unknown API paths answer in Korean JSON', async ({ request }) => {
  const res = await request.post('/api/anything', { data: '{bad', headers: { 'content-type': 'application/json' } });
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
});
