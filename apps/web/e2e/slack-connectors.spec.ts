import { expect, test } from './fixtures/test';

/** The 연결 card (decision 089) in the Slack console's knowledge tab, at phone and desktop widths. */
test('the knowledge tab shows the 연결 card for Google Drive and Notion', async ({ signedInPage: page }) => {
  test.setTimeout(60_000);
  await page.goto('/slack-ai');
  await page.getByRole('button', { name: '내 워크스페이스 연결하기' }).click();
  await page.getByRole('link', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/oauth\/slack\/callback\?status=success/);
  await page.goto('/admin/services/slack-ai');
  await page.getByRole('tab', { name: '지식' }).click();
  const card = page.getByText('연결', { exact: true }).first();
  await expect(card).toBeVisible();
  await expect(page.getByLabel('Notion 내부 통합 토큰')).toBeVisible();
  // Without GOOGLE_CLIENT_ID / SECRET the Drive button says why it is unavailable.
  await expect(page.getByText('Google 연동이 아직 설정되지 않아 드라이브를 연결할 수 없습니다.')).toBeVisible();
  await page.getByLabel('Notion 내부 통합 토큰').fill(`ntn_${'x'.repeat(40)}`);
  await page.getByRole('button', { name: 'Notion 연결' }).click();
  // The API answers with a Korean reason (no Notion here): shown as a toast, never a 500 page.
  await expect(page.getByText(/Notion/).last()).toBeVisible();
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByLabel('Notion 내부 통합 토큰').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/rules-shots/connectors-${width}.png`, fullPage: false });
  }
});
