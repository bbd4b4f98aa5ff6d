import type { APIRequestContext } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect, freshUser, resetMailThrottle, selectSeed, test } from './fixtures/test';
import { latestMail } from './fixtures/outbox';
import { expectNoHorizontalScroll, signInWithTokens } from './fixtures/site';

const phone = { viewport: { width: 360, height: 780 }, hasTouch: true };
test.use(phone);

/** Invites a fresh user to the seed and accepts (the mail limit of the address reset first, as in meal-ladder.spec.ts). */
async function joinSeed(request: APIRequestContext, ownerHeaders: Record<string, string>, seedId: string, name: string) {
  const user = await freshUser(request, name, 'meal-outing');
  await resetMailThrottle(request, user.email);
  const invited = await request.post(`/api/seeds/${seedId}/invitations`, { headers: ownerHeaders, data: { email: user.email, role: 'member' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const mail = await latestMail(request, user.email, /초대/);
  const token = new URL(mail.links.find((l) => l.includes('/invite/seed?token='))!).searchParams.get('token');
  expect((await request.post('/api/seed-invitations/accept', { headers: user.headers, data: { token } })).ok()).toBe(true);
  return user;
}

/** A small receipt photo "taken on a phone" (120×160 JPEG, 664 bytes): EXIF with a camera name and a GPS position (the server drops both). */
const receiptPhoto = () => readFileSync(new URL('./fixtures/receipt-gps.jpg', import.meta.url));

test('a 1차/2차 outing on a phone: 2차 added, a receipt photo and its bill, both parts closed, the per-person summary, then 송금 and 받았어요', async ({
  browser,
  request,
  user: owner,
  seed,
  signedInPage: page,
}) => {
  const member = await joinSeed(request, owner.headers, seed.id, '이하나');
  // The host's account for the 송금 link the member will open.
  const profile = await request.put('/api/meal-profile', {
    headers: owner.headers,
    data: { bankName: '카카오뱅크', accountNumber: '3333-01-1234567', accountHolder: owner.name },
  });
  expect(profile.ok(), await profile.text()).toBe(true);

  // 1차: the host opens it in the form (15,000 each, split evenly) and joins; the member joins through the API.
  await page.goto('/admin/services/meal');
  await page.getByRole('button', { name: '새 라운드 열기' }).click();
  const form = page.getByRole('form', { name: '새 라운드 열기' });
  await form.getByLabel('제목', { exact: true }).fill('송년회');
  await form.getByLabel('메뉴 이름 1', { exact: true }).fill('삼겹살');
  await form.getByLabel('가격(원) 1', { exact: true }).fill('15000');
  await form.getByLabel('결제 방식', { exact: true }).selectOption({ label: '똑같이 나누기' });
  await form.getByRole('button', { name: '라운드 열기' }).click();
  await expect(page).toHaveURL(/\/admin\/services\/meal\/[0-9a-f-]{36}$/);
  const first = page.url().split('/').pop()!;
  await page.getByRole('radio', { name: /삼겹살/ }).check();
  await page.getByRole('button', { name: '참여하기' }).click();
  const options = (
    (await (await request.get(`/api/seeds/${seed.id}/meals/${first}`, { headers: member.headers })).json()) as { data: { options: { id: string }[] } }
  ).data.options;
  expect((await request.post(`/api/seeds/${seed.id}/meals/${first}/join`, { headers: member.headers, data: { choice: options[0]!.id } })).ok()).toBe(true);
  await expect(page.getByTestId('participants').locator('li')).toHaveCount(2);

  // 2차: prefilled as "송년회 2차"; a pub with free menus, each paying their own items.
  await page.getByTestId('outing-add-part').click();
  const second = page.getByRole('form', { name: '송년회 2차' });
  await expect(second.getByLabel('제목', { exact: true })).toHaveValue('송년회 2차');
  await second.getByLabel('메뉴 방식', { exact: true }).selectOption({ label: '식당 + 자유 입력' });
  await second.getByLabel('식당', { exact: true }).fill('호프집');
  await second.getByLabel('결제 방식', { exact: true }).selectOption({ label: '각자 메뉴만큼' });
  await second.getByRole('button', { name: '라운드 열기' }).click();
  await expect(page).not.toHaveURL(new RegExp(`${first}$`));
  await expect(page.getByRole('heading', { name: /송년회 2차/ })).toBeVisible();
  const part2 = page.url().split('/').pop()!;
  await expect(page.getByTestId('outing-part-1')).toBeVisible();
  await expect(page.getByTestId('outing-part-2')).toHaveAttribute('aria-current', 'page');
  for (const [who, choice, price] of [
    [owner, '소주', 8000],
    [member, '생맥주', 12_000],
  ] as const) {
    const joined = await request.post(`/api/seeds/${seed.id}/meals/${part2}/join`, { headers: who.headers, data: { choice, price } });
    expect(joined.ok(), await joined.text()).toBe(true);
  }
  await expect(page.getByTestId('participants').locator('li')).toHaveCount(2);

  // The receipt photo; then the host (who pays) is offered the bill from it: 21,000 instead of the items' 20,000.
  await page.getByTestId('receipt-file').setInputFiles({ name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: receiptPhoto() });
  await expect(page.getByTestId('receipt-thumb').locator('img')).toBeVisible();
  await expect(page.getByText('영수증에 찍힌 금액을 청구 금액으로 입력할까요?', { exact: false })).toBeVisible();
  await page.getByLabel('영수증 금액으로 청구 금액 입력').fill('21000');
  await page.getByRole('button', { name: '청구 금액 저장' }).click();
  await expect(page.getByText('청구 금액을 저장했습니다.')).toBeVisible();
  await expectNoHorizontalScroll(page, 'round page with receipts');

  // Close 2차, then 1차 (through its chip).
  await page.getByRole('button', { name: '주문 마감' }).click();
  await expect(page.getByTestId('outing-part-2')).toContainText('마감');
  await page.getByTestId('outing-part-1').click();
  await expect(page).toHaveURL(new RegExp(`${first}$`));
  await page.getByRole('button', { name: '주문 마감' }).click();
  await expect(page.getByTestId('outing-part-1')).toContainText('마감');

  // The outing per person: 1차 15,000 each; 2차's 21,000 spread over the items (12,000 : 8,000 → 12,600 / 8,400).
  const summary = page.getByTestId('outing-summary');
  await expect(summary.getByTestId(`outing-person-${member.id}`)).toHaveText(`${member.name}15,000원12,600원27,600원`);
  await expect(summary.getByTestId(`outing-person-${owner.id}`)).toHaveText(`${owner.name}15,000원8,400원23,400원`);
  await expect(page.getByTestId('outing-total')).toHaveText('51,000원');
  await expect(summary.getByText('예정')).toHaveCount(0);
  await expectNoHorizontalScroll(page, 'outing summary');

  // The member settles up from the ledger: 송금하기 → the Toss link to the host's account → 보냈어요.
  const context = await browser.newContext({ ...phone, baseURL: test.info().project.use.baseURL, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const memberPage = await context.newPage();
  await signInWithTokens(memberPage, member.tokens);
  await selectSeed(memberPage, seed);
  await memberPage.goto('/admin/services/meal/ledger');
  await memberPage.getByTestId(`transfer-send-${owner.id}`).click();
  await expect(memberPage.getByRole('dialog')).toContainText('27,600원');
  await expect(memberPage.getByTestId('transfer-link-toss')).toHaveAttribute('href', /^supertoss:\/\/send\?/);
  await memberPage.getByTestId('transfer-mark-sent').click();
  await expect(memberPage.getByRole('dialog')).toHaveCount(0);
  // The ledger links 2차 to its receipt.
  await expect(memberPage.getByTestId('receipt-rounds').getByRole('link', { name: /송년회 2차/ })).toBeVisible();

  // The host confirms receipt: nobody owes anything any more.
  await page.goto('/admin/services/meal/ledger');
  await page.locator('[data-testid^="transfer-confirm-"]').click();
  await expect(page.getByText('모두 정산되었습니다.')).toBeVisible();
  await expectNoHorizontalScroll(page, 'ledger');
  await context.close();
});
